// Runs a task's job in this process, as a worker would on delivery `retryCount` (0 is the first),
// so a test decides when a job runs and how often it has been tried.
import { randomUUID } from "node:crypto";
import { allJobs } from "../../src/app/modules";
import type { JobContext, JobDefinition } from "../../src/platform/jobs/queue";
import type { Platform } from "../../src/platform/context";
import type { Harness } from "./harness";

/** The job of a queue, as the manifest mounts it (with what its module needs of the others). */
export function jobNamed(queue: string): JobDefinition {
  const job = allJobs.find((candidate) => candidate.name === queue);
  if (!job) throw new Error(`no job of the service runs the queue ${queue}`);
  return job;
}

export async function runJob(
  h: Harness,
  job: JobDefinition | string,
  taskId: string,
  options: { retryCount?: number; platform?: Platform } = {},
): Promise<void> {
  const platform = options.platform ?? h.canopy.platform;
  if (typeof job === "string") job = jobNamed(job);
  const delivered = {
    id: randomUUID(),
    name: job.name,
    data: { taskId },
    retryCount: options.retryCount ?? 0,
  } as unknown as JobContext["job"];
  await job.handler({ platform, db: platform.database.db, log: platform.log, job: delivered, retryLimit: job.retryLimit }, { taskId });
}
