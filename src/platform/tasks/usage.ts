// Counting the tokens of a task's model calls. The task runner opens a meter around each attempt
// of a task's work; a model provider, wherever in that work it is called, adds what the provider
// reported to the current meter (AsyncLocalStorage carries it through the awaits, so nothing
// between the task and the provider passes it along). After the attempt, the runner adds the
// meter's counts to the task's rows, one per model.
import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { taskModelUsage } from "../db/schema";

interface ModelUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
}

/** What one attempt's calls used, by model id. */
export type UsageMeter = Map<string, ModelUsage>;

interface Scope {
  meter: UsageMeter;
  /** Told how many pieces of the answer a streamed call has received so far. */
  streaming?: (pieces: number) => void;
}

const current = new AsyncLocalStorage<Scope>();

/**
 * Runs `work` with a fresh meter, which it hands to `done` however the work ends; `streaming`
 * hears of each streamed answer's progress (the task shows it while a slow model writes).
 */
export async function metered<T>(
  work: () => Promise<T>,
  done: (meter: UsageMeter) => Promise<void>,
  streaming?: (pieces: number) => void,
): Promise<T> {
  const meter: UsageMeter = new Map();
  try {
    return await current.run({ meter, streaming }, work);
  } finally {
    await done(meter);
  }
}

/** A streamed call has received `pieces` pieces of its answer (about one token each) so far. */
export function recordStreamedPieces(pieces: number): void {
  current.getStore()?.streaming?.(pieces);
}

/** Adds one call's reported tokens to the current task's meter; outside a task, nothing. */
export function recordModelUsage(modelId: string, promptTokens: number | undefined, completionTokens: number | undefined): void {
  const meter = current.getStore()?.meter;
  if (!meter) return;
  const used = meter.get(modelId) ?? { calls: 0, promptTokens: 0, completionTokens: 0 };
  used.calls += 1;
  used.promptTokens += promptTokens ?? 0;
  used.completionTokens += completionTokens ?? 0;
  meter.set(modelId, used);
}

/** Adds a meter's counts to the task's rows (one statement per model; usually one model). */
export async function storeUsage(db: Db, task: { id: string; workspaceId: string }, meter: UsageMeter): Promise<void> {
  for (const [modelId, used] of meter) {
    await db
      .insert(taskModelUsage)
      .values({ taskId: task.id, workspaceId: task.workspaceId, modelId, ...used })
      .onConflictDoUpdate({
        target: [taskModelUsage.taskId, taskModelUsage.modelId],
        set: {
          calls: sql`${taskModelUsage.calls} + ${used.calls}`,
          promptTokens: sql`${taskModelUsage.promptTokens} + ${used.promptTokens}`,
          completionTokens: sql`${taskModelUsage.completionTokens} + ${used.completionTokens}`,
        },
      });
  }
}
