// Runs a task's work inside its job: marks it running, reports progress, and finishes it
// exactly once. A transient failure or a lost database connection with retries left goes back
// to the queue; any other failure, or the last retry, ends the task `failed` with its credits
// refunded.
import { and, eq, inArray, sql } from "drizzle-orm";
import { alreadyLogged } from "../jobs/job-log";
import type { JobContext } from "../jobs/queue";
import { isConnectionLoss } from "../db/connection-loss";
import { tasks } from "../db/schema";
import { withTransaction, type HasDb } from "../db/transaction";
import { safeErrorMessage } from "../log/error-serializer";
import { failTask, getTask, OPEN_STATUSES, shortReason, updateProgress, type TaskRow } from "./tasks";
import { metered, storeUsage, type UsageMeter } from "./usage";

export interface TaskProgress {
  /**
   * Records progress; cheap to call often (writes at most every `minIntervalMs`). Also lets
   * waiting requests run: the embedded database answers through promises that settle without
   * returning to the event loop, so a long task that never yields would hold every request
   * (status polls included) until it ends.
   */
  report(current: number, total: number, message: string): Promise<void>;
}

/** An error whose message is safe to show to the user as the task's error. */
export class TaskFailure extends Error {
  constructor(
    message: string,
    readonly transient = false,
  ) {
    super(message);
  }
}

export interface TaskWork<R> {
  /** The work; may take long. Throw TaskFailure for a failure the user should read. */
  run(task: TaskRow, progress: TaskProgress): Promise<R>;
  /**
   * Stores the work's result; runs in the transaction that marks the task completed. A
   * TaskFailure thrown here (the subject was deleted meanwhile) fails the task as one from run does.
   */
  commit(tx: HasDb, task: TaskRow, result: R): Promise<Record<string, unknown> | null>;
}

function throttledProgress(ctx: JobContext, taskId: string, minIntervalMs = 500): TaskProgress & { streamed(pieces: number): void } {
  let last = 0;
  let step = { current: 0, total: 0, message: "Running" };
  return {
    async report(current, total, message) {
      step = { current, total, message };
      await new Promise<void>((resolve) => setImmediate(resolve));
      const now = Date.now();
      if (now - last < minIntervalMs && current < total) return;
      last = now;
      await updateProgress(ctx.db, taskId, current, total, message);
    },
    // While a model streams its answer, the step's message says how far it has got, so that a
    // slow (local) model shows it is writing. Not awaited by the stream: a lost write is harmless.
    streamed(pieces) {
      const now = Date.now();
      if (now - last < minIntervalMs) return;
      last = now;
      const message = `${step.message} (about ${pieces.toLocaleString("en")} tokens so far)`;
      updateProgress(ctx.db, taskId, step.current, step.total, message).catch(() => undefined);
    },
  };
}

const INTERNAL_ERROR = "The task failed because of an internal error.";
const DATABASE_UNAVAILABLE = "The database was unavailable.";

/**
 * Runs the task's work and finishes the task. Logs one line when the work starts, and one when
 * it ends: completed, or failed with the reason (docs/conventions.md §10).
 */
export async function runTask<R>(ctx: JobContext, taskId: string, work: TaskWork<R>): Promise<void> {
  const task = await getTask(ctx.db, taskId);
  if (!task || !OPEN_STATUSES.includes(task.status as never)) return; // finished already: a duplicate delivery
  // The previous attempt's error stays until the task completes: while it retries, task status
  // shows why.
  const [running] = await ctx.db
    .update(tasks)
    .set({ status: "running", startedAt: task.startedAt ?? new Date(), attempts: sql`${tasks.attempts} + 1`, message: "Running" })
    .where(and(eq(tasks.id, taskId), inArray(tasks.status, OPEN_STATUSES)))
    .returning();
  if (!running) return;
  const fields = { task_id: taskId, task_type: running.type };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  ctx.log.info({ ...fields, attempt: running.attempts }, "task started");
  // A failure of the work, or a TaskFailure of storing its result (its subject deleted
  // meanwhile): retried when transient with tries left, else the task fails and is refunded.
  const failed = async (err: unknown): Promise<void> => {
    const failure = err instanceof TaskFailure ? err : null;
    const retriesLeft = ctx.job.retryCount < (ctx.retryLimit ?? 0);
    if (failure?.transient && retriesLeft) {
      const reason = shortReason(failure.message);
      await ctx.db
        .update(tasks)
        .set({ status: "queued", message: `Retrying after: ${reason}`, error: reason })
        .where(eq(tasks.id, taskId));
      ctx.log.warn({ ...fields, reason, ms: elapsed(), retrying: true }, "task failed");
      throw alreadyLogged(err); // the queue retries the job with backoff
    }
    // A database restart or failover is no reason to fail the task for good: whether failing it
    // worked depended on whether the database was back by then. Retried like a transient failure.
    if (!failure && retriesLeft && isConnectionLoss(err)) {
      try {
        await ctx.db
          .update(tasks)
          .set({ status: "queued", message: `Retrying after: ${DATABASE_UNAVAILABLE}`, error: DATABASE_UNAVAILABLE })
          .where(eq(tasks.id, taskId));
      } catch {
        // Still away: the task stays `running` until the retry takes it up.
      }
      ctx.log.warn({ ...fields, reason: shortReason(safeErrorMessage(err)), ms: elapsed(), retrying: true }, "task failed");
      throw alreadyLogged(err);
    }
    if (failure) {
      ctx.log.warn({ ...fields, reason: shortReason(failure.message), ms: elapsed(), retrying: false }, "task failed");
    } else {
      // The user reads only that it failed; the log has the cause (without statement parameters).
      ctx.log.error({ ...fields, reason: shortReason(safeErrorMessage(err)), err, ms: elapsed(), retrying: false }, "task failed");
    }
    await failTask(ctx, taskId, failure?.message ?? INTERNAL_ERROR);
  };
  // The tokens the attempt's model calls used count whether it succeeds or fails; storing them
  // is bookkeeping, so a failure to store them is logged, never the task's.
  const keepUsage = async (meter: UsageMeter) => {
    try {
      await storeUsage(ctx.db, running, meter);
    } catch (err) {
      ctx.log.warn({ ...fields, reason: shortReason(safeErrorMessage(err)) }, "model usage not stored");
    }
  };
  let result: R;
  try {
    const progress = throttledProgress(ctx, taskId);
    result = await metered(
      () => work.run(running, progress),
      keepUsage,
      (pieces) => progress.streamed(pieces),
    );
  } catch (err) {
    return failed(err);
  }
  let completed: boolean;
  try {
    completed = await withTransaction(ctx, async (tx) => {
      const [current] = await tx.db.select().from(tasks).where(eq(tasks.id, taskId)).for("update");
      if (current?.status !== "running") return false; // reconciled as failed meanwhile: keep that
      const stored = await work.commit(tx, current, result);
      await tx.db
        .update(tasks)
        .set({
          status: "completed",
          result: stored,
          error: null,
          progressCurrent: sql`greatest(${tasks.progressTotal}, ${tasks.progressCurrent})`,
          message: "Completed",
          finishedAt: new Date(),
        })
        .where(eq(tasks.id, taskId));
      return true;
    });
  } catch (err) {
    // Other errors fail the job as before (the queue retries it; the rolled-back task stays open).
    if (err instanceof TaskFailure) return failed(err);
    throw err;
  }
  if (completed) ctx.log.info({ ...fields, ms: elapsed() }, "task completed");
  else ctx.log.warn({ ...fields, ms: elapsed() }, "task result dropped: the task was failed meanwhile");
}
