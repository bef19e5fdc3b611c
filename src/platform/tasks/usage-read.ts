// The tokens a piece of work's model calls used, as the API shows them: summed over the tasks of
// one subject (a brief's generation and its continuation, every drafting of an article) or of one
// task, in all and per model. Built-in models (offline) report nothing and add nothing.
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import Type from "typebox";
import type { HasDb } from "../db/transaction";
import { taskModelUsage, tasks } from "../db/schema";
import { inWorkspace } from "../db/workspace";
import { named } from "../http/route";

const Counts = {
  calls: Type.Integer({ description: "Model calls that reported their tokens (retries and repair tries included)" }),
  prompt_tokens: Type.Integer({ description: "Prompt (input) tokens, as the provider reported them" }),
  completion_tokens: Type.Integer({ description: "Completion (output) tokens, as the provider reported them" }),
};

export const ModelUsageSchema = named(
  "ModelUsage",
  Type.Object(
    { ...Counts, by_model: Type.Array(Type.Object({ model_id: Type.String(), ...Counts })) },
    { description: "The tokens the work's model calls used, in all and per model; zero for the built-in offline model" },
  ),
);

export interface ModelUsageView {
  calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  by_model: { model_id: string; calls: number; prompt_tokens: number; completion_tokens: number }[];
}

/** Work that has called no model yet. */
export const NO_USAGE: ModelUsageView = { calls: 0, prompt_tokens: 0, completion_tokens: 0, by_model: [] };

const sumOf = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)::int8`.mapWith(Number);

async function usageWhere(ctx: HasDb & { workspace: { id: string } }, where: SQL | undefined): Promise<ModelUsageView> {
  const rows = await ctx.db
    .select({
      model_id: taskModelUsage.modelId,
      calls: sumOf(taskModelUsage.calls),
      prompt_tokens: sumOf(taskModelUsage.promptTokens),
      completion_tokens: sumOf(taskModelUsage.completionTokens),
    })
    .from(taskModelUsage)
    .innerJoin(tasks, eq(tasks.id, taskModelUsage.taskId))
    .where(inWorkspace(ctx, tasks, where))
    .groupBy(taskModelUsage.modelId)
    .orderBy(asc(taskModelUsage.modelId));
  const total = (field: "calls" | "prompt_tokens" | "completion_tokens") => rows.reduce((sum, row) => sum + row[field], 0);
  return { calls: total("calls"), prompt_tokens: total("prompt_tokens"), completion_tokens: total("completion_tokens"), by_model: rows };
}

/** Every task of `type` on `subjectId` (a brief, an article), summed. */
export function subjectUsage(ctx: HasDb & { workspace: { id: string } }, type: string, subjectId: string): Promise<ModelUsageView> {
  return usageWhere(ctx, and(eq(tasks.type, type), eq(tasks.subjectId, subjectId)));
}

/** One task's. */
export function taskUsage(ctx: HasDb & { workspace: { id: string } }, taskId: string): Promise<ModelUsageView> {
  return usageWhere(ctx, eq(tasks.id, taskId));
}
