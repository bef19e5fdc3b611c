// Counting the tokens of a task's model calls. The task runner opens a meter around each attempt
// of a task's work; a model provider, wherever in that work it is called, adds what the provider
// reported to the current meter (AsyncLocalStorage carries it through the awaits, so nothing
// between the task and the provider passes it along). After the attempt, the runner adds the
// meter's counts to the task's rows, one per model.
import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { taskModelUsage } from "../db/schema";

export interface ModelUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
}

/** What one attempt's calls used, by model id. */
export type UsageMeter = Map<string, ModelUsage>;

const current = new AsyncLocalStorage<UsageMeter>();

/** Runs `work` with a fresh meter, which it hands to `done` however the work ends. */
export async function metered<T>(work: () => Promise<T>, done: (meter: UsageMeter) => Promise<void>): Promise<T> {
  const meter: UsageMeter = new Map();
  try {
    return await current.run(meter, work);
  } finally {
    await done(meter);
  }
}

/** Adds one call's reported tokens to the current task's meter; outside a task, nothing. */
export function recordModelUsage(modelId: string, promptTokens: number | undefined, completionTokens: number | undefined): void {
  const meter = current.getStore();
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
