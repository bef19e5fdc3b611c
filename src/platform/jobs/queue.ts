// The durable job queue: pg-boss on the system-of-record database (embedded or server). A job
// survives a restart, and a job whose worker died is retried (docs/conventions.md §10). Jobs are sent inside
// the caller's transaction, so a job exists exactly when the row and credits it belongs to do.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { fromDrizzle, fromPglite, PgBoss, type Job } from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import type { EnqueueOptions, JobSender, Platform } from "../context";
import type { HasDb } from "../db/transaction";
import type { Db } from "../db/client";
import { safeErrorMessage } from "../log/error-serializer";
import { JOB_DRAIN_SECONDS } from "./drain";
import { queueChanges, type WantedQueue } from "./queue-setup";
import { wasLogged } from "./job-log";

// A running job refreshes its heartbeat every HEARTBEAT_SECONDS / 2. One whose process died
// (SIGKILL, OOM, power loss) stops refreshing, and the queue's monitor, every MONITOR_SECONDS in
// every process with the queue started, fails it for a retry: a dead job runs again within about
// HEARTBEAT_SECONDS + MONITOR_SECONDS + its retry delay of a worker being there, not when its
// expiry (a bound on a live job's run time) passes.
const HEARTBEAT_SECONDS = 20;
const MONITOR_SECONDS = 15;

export interface JobContext extends HasDb {
  platform: Platform;
  log: FastifyBaseLogger;
  job: Job<unknown>;
  /** The queue's retry limit: a handler on `job.retryCount === retryLimit` is the last try. */
  retryLimit?: number;
}

export interface JobDefinition<T extends object = object> {
  name: string;
  /** Retries after a failure or a worker's death (expiry). */
  retryLimit?: number;
  /** First retry delay; later ones back off exponentially. */
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  /** Cron expression (UTC) for recurring jobs. */
  cron?: string;
  /** Jobs of this queue one process runs at once (default 2). */
  concurrency?: number;
  /**
   * Jobs of this queue one workspace may have running at once, across every worker: a user who
   * queues a hundred jobs then takes a share of the workers, never all of them. Unset: no bound.
   */
  perWorkspace?: number;
  handler(ctx: JobContext, data: T): Promise<void>;
}

export function defineJob<T extends object>(definition: JobDefinition<T>): JobDefinition {
  return definition;
}

/** For processes that never send jobs (the operator command line). */
export const noJobs: JobSender = {
  enqueue: async () => {
    throw new Error("this process cannot send jobs");
  },
  jobState: async () => null,
};

// LISTEN/NOTIFY wakes a worker the moment a job is sent (PGlite delivers notifications within
// the process; PostgreSQL to every process listening). Polling stays as the backstop: it is what
// picks up a retry whose delay has passed, so it stays short.
const MONITORING = { superviseIntervalSeconds: MONITOR_SECONDS, monitorIntervalSeconds: MONITOR_SECONDS, useListenNotify: true };
const POLLING = { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 2 };

export class JobQueue implements JobSender {
  private boss: PgBoss;
  private started = false;
  private readonly definitions = new Map<string, JobDefinition>();

  constructor(
    private readonly platform: Platform,
    definitions: JobDefinition[],
  ) {
    for (const def of definitions) this.definitions.set(def.name, def);
    const { database } = platform;
    this.boss =
      database.kind === "pglite"
        ? new PgBoss({ db: fromPglite(database.pglite), backend: "pglite", schema: "pgboss", ...MONITORING })
        : new PgBoss({ connectionString: database.connectionString, max: 4, schema: "pgboss", ...MONITORING });
    this.boss.on("error", (err) => platform.log.error({ err }, "job queue error"));
  }

  /** Installs pg-boss's schema and the queues. With `workers`, also starts processing jobs. */
  async start(options: { workers: boolean }): Promise<void> {
    await this.boss.start();
    this.started = true;
    const wanted: WantedQueue[] = [...this.definitions.values()].map((def) => ({
      name: def.name,
      options: {
        retryLimit: def.retryLimit ?? 2,
        retryDelay: def.retryDelaySeconds ?? 5,
        retryBackoff: true,
        expireInSeconds: def.expireInSeconds ?? 15 * 60,
        heartbeatSeconds: HEARTBEAT_SECONDS,
        notify: true,
      },
      ...(def.cron ? { cron: def.cron } : {}),
    }));
    // Only what differs from the stored queues and schedules is written (queue-setup.ts): a start
    // on a database that already has them reads two tables and writes nothing.
    const [queues, schedules] = await Promise.all([this.boss.getQueues(), this.boss.getSchedules()]);
    const changes = queueChanges(wanted, queues, schedules);
    for (const queue of changes.upsert) {
      // createQueue leaves an existing queue as it is: the update carries changed options to
      // queues made by an earlier release.
      await this.boss.createQueue(queue.name, queue.options);
      await this.boss.updateQueue(queue.name, queue.options);
    }
    for (const queue of changes.schedule) await this.boss.schedule(queue.name, queue.cron, {}, { tz: "UTC" });
    // Creating or updating a queue drops it from pg-boss's queue cache (filled when the queue
    // started); refill it now, outside any transaction, so the first job sent inside one never
    // needs pg-boss's own connection (on the embedded database that connection is the one the
    // transaction holds).
    for (const queue of changes.upsert) await this.boss.findJobs(queue.name, { id: randomUUID() });
    if (!options.workers) return;
    for (const def of this.definitions.values()) {
      const share = def.perWorkspace === undefined ? {} : { groupConcurrency: def.perWorkspace };
      await this.boss.work(def.name, { localConcurrency: def.concurrency ?? 2, ...POLLING, ...share }, async (jobs: Job[]) => {
        for (const job of jobs) {
          const log = this.platform.log.child({ job: job.id, queue: def.name });
          const retryLimit = def.retryLimit ?? 2;
          // Tasks log their own start, end and failure at info (runner.ts); the maintenance jobs
          // run every minute, so the queue's own start and end lines are debug.
          log.debug({ attempt: job.retryCount + 1 }, "job started");
          try {
            await def.handler({ platform: this.platform, db: this.platform.database.db, log, job, retryLimit }, job.data);
          } catch (err) {
            const reason = safeErrorMessage(err);
            if (!wasLogged(err)) log.error({ reason, err, retrying: job.retryCount < retryLimit }, "job failed");
            // pg-boss keeps what is thrown in its job table, `cause` included (serialize-error):
            // the reason only, never the statement's parameters the original error carries. The
            // original is in the log line above. The one reasoned exception to the lint's rule:
            // eslint-disable-next-line preserve-caught-error -- a cause would store query parameters
            throw new Error(reason);
          }
          log.debug("job finished");
        }
        this.wake(def.name);
      });
    }
  }

  /**
   * Wakes the queue's workers in this process to fetch now: a job that ends may free a
   * workspace's share, and the next job waiting should not wait out a poll for it.
   */
  private wake(name: string): void {
    for (const worker of this.boss.getWipData()) if (worker.name === name) this.boss.notifyWorker(worker.id);
  }

  /** Sends a job; inside a transaction it commits or rolls back with it. */
  async enqueue(ctx: HasDb, name: string, data: object, options: EnqueueOptions = {}): Promise<string> {
    if (!this.definitions.has(name)) throw new Error(`unknown job ${name}`);
    const db = ctx.inTransaction ? fromDrizzle(ctx.db as Db & { execute: never }, sql) : undefined;
    const group = options.workspaceId === undefined ? {} : { group: { id: options.workspaceId } };
    const id = await this.boss.send(name, data, { ...group, priority: options.priority ?? 0, ...(db ? { db } : {}) });
    if (!id) throw new Error(`job ${name} was not created`);
    return id;
  }

  async jobState(name: string, id: string, ctx?: HasDb): Promise<string | null> {
    const db = ctx?.inTransaction ? fromDrizzle(ctx.db as Db & { execute: never }, sql) : undefined;
    const [job] = await this.boss.findJobs(name, { id, ...(db ? { db } : {}) });
    return job?.state ?? null;
  }

  /** The jobs this process is running now, by queue: what a graceful stop waits for. */
  runningJobs(): { queue: string; count: number }[] {
    if (!this.started) return [];
    const byQueue = new Map<string, number>();
    for (const worker of this.boss.getWipData()) {
      if (worker.count > 0) byQueue.set(worker.name, (byQueue.get(worker.name) ?? 0) + worker.count);
    }
    return [...byQueue].map(([queue, count]) => ({ queue, count }));
  }

  /** Stops taking jobs and waits (up to `timeoutMs`) for running ones to finish. */
  async stop(timeoutMs = JOB_DRAIN_SECONDS * 1000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }
}
