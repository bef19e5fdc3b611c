// Research generation as a task: SERP results for the core topic, a 4-level tree from the
// chosen model, stored as the brand's research record in the transaction that completes it.
import { randomUUID } from "node:crypto";
import Type from "typebox";
import { present } from "../../platform/present";
import { defineTask } from "../../platform/tasks/define-task";
import { TaskFailure } from "../../platform/tasks/runner";
import type { ResearchNodeOut } from "../../providers/generation/types";
import { failureReason } from "../../providers/llm/advice";
import { LlmError } from "../../providers/llm/types";
import { generationContext, findTaskBrand } from "../brands";
import { treeFromGenerated } from "./generated-tree";
import { replaceTree } from "./tree-store";

export const RESEARCH_TASK_TYPE = "research_generation";

/** A research generation is started on its brand. */
const brandOf = (task: { subjectId: string | null }) => present(task.subjectId, "the brand of a research generation");

export const researchGenerationTask = defineTask({
  type: RESEARCH_TASK_TYPE,
  queue: "research-generate",
  input: Type.Object({ core_topic: Type.String(), ai_model_id: Type.String() }),
  retryLimit: 2,
  retryDelaySeconds: 10,
  expireInSeconds: 15 * 60,
  async run(ctx, input, progress) {
    const brand = await findTaskBrand(ctx, brandOf(ctx.task));
    await progress.report(0, 3, "Fetching search results for the core topic");
    const [serp] = await ctx.platform.serp.fetchSerps([
      { keyword: input.core_topic, country: brand.countryCode ?? "us", language: brand.language },
    ]);
    const serpResults = serp?.ok ? serp.data.results.map((r) => ({ title: r.title, snippet: r.snippet, url: r.url })) : [];
    await progress.report(1, 3, "Generating the topic tree");
    let nodes: ResearchNodeOut[];
    try {
      nodes = await ctx.platform.models.generator(input.ai_model_id).researchTree({
        coreTopic: input.core_topic,
        brand: generationContext(brand),
        serpResults,
      });
    } catch (err) {
      if (err instanceof LlmError) throw new TaskFailure(failureReason("The model could not generate the tree", err), err.transient);
      throw err;
    }
    const tree = treeFromGenerated(nodes, randomUUID);
    if (tree.length === 0) throw new TaskFailure("The model returned an empty tree.");
    await progress.report(2, 3, "Saving the tree");
    return tree;
  },
  async commit(ctx, input, tree) {
    await replaceTree(ctx, { brandId: brandOf(ctx.task), workspaceId: ctx.workspace.id, coreTopic: input.core_topic, tree });
    return { core_topic: input.core_topic, main_topics: tree.length };
  },
});
