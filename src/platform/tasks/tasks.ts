// Background tasks as users see them. Starting one is a single transaction: the task row, the
// credit charge that pays for it and the queued job commit together or not at all. Finishing
// one is a transaction too: a failed task's refund commits with its `failed` status.
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { chargeCredits, refundCredits } from "../credits/ledger";
import type { Platform } from "../context";
import type { Db } from "../db/client";
import { tasks } from "../db/schema";
import { withTransaction, type HasDb } from "../db/transaction";
import { inWorkspace } from "../db/workspace";
import { present } from "../present";

export type TaskRow = typeof tasks.$inferSelect;
export type TaskStatus = "queued" | "running" | "completed" | "failed";
export const OPEN_STATUSES: TaskStatus[] = ["queued", "running"];

export interface TaskActor extends HasDb {
  platform: Platform;
  userId: string;
  workspace: { id: string };
}

export interface StartTaskInput {
  /** What kind of task this is (e.g. `research_generation`), as status endpoints report it. */
  type: string;
  /** The job queue that runs it. */
  queue: string;
  /** The row the task works on (a brand, a report), for "is one running?" questions. */
  subjectId: string | null;
  input?: Record<string, unknown>;
  /** Credits to charge; 0 for free work. */
  cost: number;
  /** Ledger operation name (e.g. `research_generation`). */
  operation: string;
  progressTotal?: number;
  message?: string;
  /** For a free follow-up of paid work: the task whose charge a failure of this one refunds. */
  refundsChargeOf?: string;
}

/**
 * Records, charges and queues a task. Throws PaymentRequired (nothing written) when the
 * balance cannot cover `cost`. Joins the caller's transaction, so the caller's own row (a
 * report, a brief) commits with it.
 */
export async function startTask(ctx: TaskActor, input: StartTaskInput): Promise<TaskRow> {
  return withTransaction(ctx, async (tx) => {
    const id = randomUUID();
    await chargeCredits(tx, { userId: ctx.userId, amount: input.cost, operation: input.operation, referenceId: id });
    // Fair queuing: the workspace's n-th waiting task of a queue runs after every workspace's
    // (n-1)-th, so a hundred tasks from one workspace do not go before a later one of another.
    const [ahead] = await tx.db
      .select({ n: count() })
      .from(tasks)
      .where(and(eq(tasks.workspaceId, ctx.workspace.id), eq(tasks.queue, input.queue), inArray(tasks.status, OPEN_STATUSES)));
    const jobId = await ctx.platform.jobs.enqueue(
      tx,
      input.queue,
      { taskId: id },
      { workspaceId: ctx.workspace.id, priority: -(ahead?.n ?? 0) },
    );
    const [row] = await tx.db
      .insert(tasks)
      .values({
        id,
        workspaceId: ctx.workspace.id,
        userId: ctx.userId,
        type: input.type,
        queue: input.queue,
        jobId,
        subjectId: input.subjectId,
        input: input.input ?? {},
        creditsCharged: input.cost,
        chargeReferenceId: input.refundsChargeOf ?? null,
        progressTotal: input.progressTotal ?? 0,
        message: input.message ?? "Queued",
      })
      .returning();
    return present(row, "the inserted task row");
  });
}

export async function getTask(db: Db, taskId: string): Promise<TaskRow | null> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, taskId));
  return row ?? null;
}

/** Open tasks of `type` on `subjectId`, after reconciling them with their jobs. */
export async function openTask(ctx: TaskActor, type: string, subjectId: string): Promise<TaskRow | null> {
  const rows = await ctx.db
    .select()
    .from(tasks)
    .where(inWorkspace(ctx, tasks, eq(tasks.type, type), eq(tasks.subjectId, subjectId), inArray(tasks.status, OPEN_STATUSES)))
    .orderBy(desc(tasks.createdAt));
  for (const row of rows) {
    const current = await reconcileTask(ctx, row);
    if (OPEN_STATUSES.includes(current.status as TaskStatus)) return current;
  }
  return null;
}

/** The subject's newest task of this type, whatever its status (for "why did the last one fail?"). */
export async function newestTask(ctx: TaskActor, type: string, subjectId: string): Promise<TaskRow | null> {
  const [row] = await ctx.db
    .select()
    .from(tasks)
    .where(inWorkspace(ctx, tasks, eq(tasks.type, type), eq(tasks.subjectId, subjectId)))
    .orderBy(desc(tasks.createdAt))
    .limit(1);
  return row ?? null;
}

/** The longest failure reason stored on a task: enough for a provider's message, not its whole answer. */
const MAX_TASK_ERROR_LENGTH = 500;

export function shortReason(reason: string): string {
  return reason.length <= MAX_TASK_ERROR_LENGTH ? reason : `${reason.slice(0, MAX_TASK_ERROR_LENGTH - 1)}…`;
}

/** The ledger reference of the charge a task's refund gives back: its own, or the paid work it follows. */
export function chargeReferenceOf(task: Pick<TaskRow, "id" | "chargeReferenceId">): string {
  return task.chargeReferenceId ?? task.id;
}

/**
 * Marks a task failed and refunds what it cost (or what the paid work it follows cost), once:
 * a task already finished is left as it
 * is (a late retry or a second reconciler cannot refund twice). `failedNow` says whether this
 * call was the one that failed it, so that the failure is logged once.
 */
export async function failTask(ctx: HasDb, taskId: string, error: string): Promise<{ task: TaskRow | null; failedNow: boolean }> {
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .update(tasks)
      .set({ status: "failed", error: shortReason(error), message: "Failed", finishedAt: new Date() })
      .where(and(eq(tasks.id, taskId), inArray(tasks.status, OPEN_STATUSES)))
      .returning();
    if (!row) return { task: await getTask(tx.db, taskId), failedNow: false };
    await refundCredits(tx, { referenceId: chargeReferenceOf(row) });
    return { task: row, failedNow: true };
  });
}

export async function updateProgress(db: Db, taskId: string, current: number, total: number, message: string): Promise<void> {
  await db
    .update(tasks)
    .set({ progressCurrent: current, progressTotal: total, message })
    .where(and(eq(tasks.id, taskId), eq(tasks.status, "running")));
}

/** Job states in which the queue will never run the job again. */
const DEAD_JOB_STATES = new Set(["failed", "cancelled", "completed"]);

/**
 * Brings a stored task in line with its job: a task still `queued`/`running` whose job is gone,
 * failed, cancelled, or completed without finishing the task is failed and refunded.
 */
export async function reconcileTask(ctx: HasDb & { platform: Platform }, task: TaskRow): Promise<TaskRow> {
  if (!OPEN_STATUSES.includes(task.status as TaskStatus) || !task.jobId) return task;
  const state = await ctx.platform.jobs.jobState(task.queue, task.jobId, ctx);
  if (state !== null && !DEAD_JOB_STATES.has(state)) return task;
  // The job may have finished the task between our two reads: look again before failing it.
  const fresh = await getTask(ctx.db, task.id);
  if (!fresh || !OPEN_STATUSES.includes(fresh.status as TaskStatus)) return fresh ?? task;
  const reason = state === null ? "The task's job was lost." : `The task's job ended (${state}) before the task finished.`;
  const { task: after, failedNow } = await failTask(ctx, task.id, reason);
  // The job's own failure line never came (its process died): this is the task's failure line.
  if (failedNow) ctx.platform.log.warn({ task_id: task.id, task_type: task.type, reason }, "task failed");
  return after ?? task;
}

/** Reconciles the task `taskId` (a row's current task) with its job, when there is one. */
export async function reconcileTaskById(ctx: HasDb & { platform: Platform }, taskId: string | null): Promise<TaskRow | null> {
  if (taskId === null) return null;
  const task = await getTask(ctx.db, taskId);
  return task ? reconcileTask(ctx, task) : null;
}

/** Reconciles every open task (run periodically by workers). Returns how many were failed. */
export async function reconcileOpenTasks(ctx: HasDb & { platform: Platform }, olderThanMs = 60_000): Promise<number> {
  const rows = await ctx.db
    .select()
    .from(tasks)
    .where(and(inArray(tasks.status, OPEN_STATUSES), sql`${tasks.createdAt} < now() - make_interval(secs => ${olderThanMs / 1000})`));
  let failed = 0;
  for (const row of rows) {
    const after = await reconcileTask(ctx, row);
    if (after.status === "failed") failed++;
  }
  return failed;
}
