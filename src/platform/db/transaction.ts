// withTransaction joins the caller's transaction when there is one, so that a service that
// charges credits, records a task and writes its row can be called alone or inside a larger
// unit of work and still commit all of it together or none of it.
import type { Db } from "./client";

export interface HasDb {
  db: Db;
  /** Set while running inside withTransaction. */
  inTransaction?: boolean;
  /** Callbacks of the outermost transaction, run once it has committed. */
  afterCommit?: (() => void)[];
}

export async function withTransaction<C extends HasDb, T>(ctx: C, fn: (txCtx: C) => Promise<T>): Promise<T> {
  if (ctx.inTransaction) return fn(ctx);
  const afterCommit: (() => void)[] = [];
  const result = await ctx.db.transaction(async (tx) => fn({ ...ctx, db: tx, inTransaction: true, afterCommit }));
  for (const callback of afterCommit) callback();
  return result;
}

/** Runs `callback` after the context's transaction commits, or now when there is none. */
export function onCommit(ctx: HasDb, callback: () => void): void {
  if (ctx.inTransaction && ctx.afterCommit) ctx.afterCommit.push(callback);
  else callback();
}
