// The work on a brand that its deletion waits for: a research generation of the brand, or its
// latest brand clustering, each reconciled with its job first (a dead job does not block). It
// stands above brands, research and clustering; the brands module needs it, and the manifest
// (src/app/modules.ts) hands it over, so brands imports none of the modules whose rows it deletes.
import type { RequestContext } from "../../platform/context";
import { OPEN_STATUSES, openTask, type TaskStatus } from "../../platform/tasks/tasks";
import { latestBrandReport, currentTask } from "../clustering";
import { RESEARCH_TASK_TYPE } from "../research";

export async function brandWorkRunning(tx: RequestContext, brandId: string): Promise<boolean> {
  if (await openTask(tx, RESEARCH_TASK_TYPE, brandId)) return true;
  const latest = await latestBrandReport(tx, brandId);
  const task = latest ? await currentTask(tx, latest) : null;
  return task !== null && OPEN_STATUSES.includes(task.status as TaskStatus);
}
