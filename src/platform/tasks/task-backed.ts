// One row whose state comes from its current task (a brief, an article), read so that its state
// is true at once: the task is reconciled with its job first (a dead job shows as failed, and
// refunded, without waiting for the periodic reconciler), then, for a write, the row is locked,
// and only then is it read for the answer.
//
// The lock is taken by a statement of its own and the state read after it by another. Taken by
// the read itself, a request that waited for the lock got the row as the holder left it but its
// task as before (PostgreSQL re-reads only the locked row after a wait), so it saw the state
// from before: two resumes were both accepted, a draft charged twice.
import type { RequestContext } from "../context";
import { NotFound } from "../errors";
import { reconcileTaskById } from "./tasks";

export interface TaskBackedRead<T> {
  /** The row with its state, in the caller's workspace; undefined when there is none. */
  read(): Promise<T | undefined>;
  /** Locks the row for the caller's transaction (`SELECT ... FOR UPDATE`). */
  lock(): Promise<unknown>;
  /** The detail of the 404 when there is no such row. */
  notFound: string;
}

export async function readTaskBacked<T extends { taskId: string | null }>(
  ctx: RequestContext,
  query: TaskBackedRead<T>,
  lock: boolean,
): Promise<T> {
  const before = await query.read();
  if (!before) throw new NotFound(query.notFound);
  await reconcileTaskById(ctx, before.taskId);
  if (lock) await query.lock();
  const after = await query.read();
  if (!after) throw new NotFound(query.notFound);
  return after;
}
