// Research generation: SERP results for the core topic, a 4-level tree from the chosen model,
// stored as the brand's research record in the transaction that completes the task.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { defineJob } from "../../platform/jobs/queue";
import { runTask, TaskFailure } from "../../platform/tasks/runner";
import { LlmError } from "../../providers/llm/types";
import { brands } from "../brands/table";
import { treeFromGenerated } from "./generated-tree";
import { RESEARCH_QUEUE } from "./service";
import { replaceTree } from "./tree-store";
import type { Tree } from "./tree-types";

export const researchGenerationJob = defineJob<{ taskId: string }>({
  name: RESEARCH_QUEUE,
  retryLimit: 2,
  retryDelaySeconds: 10,
  expireInSeconds: 15 * 60,
  async handler(ctx, data) {
    await runTask<{ coreTopic: string; tree: Tree }>(ctx, data.taskId, {
      async run(task, progress) {
        const input = task.input as { core_topic: string; ai_model_id: string };
        const [brand] = await ctx.db.select().from(brands).where(eq(brands.id, task.subjectId!));
        if (!brand || brand.workspaceId !== task.workspaceId) throw new TaskFailure("The brand no longer exists.");
        await progress.report(0, 3, "Fetching search results for the core topic");
        const [serp] = await ctx.platform.serp.fetchSerps([
          { keyword: input.core_topic, country: brand.countryCode ?? "us", language: brand.language },
        ]);
        const serpResults = serp?.ok ? serp.data.results.map((r) => ({ title: r.title, snippet: r.snippet, url: r.url })) : [];
        await progress.report(1, 3, "Generating the topic tree");
        let nodes;
        try {
          nodes = await ctx.platform.models.generator(input.ai_model_id).researchTree({
            coreTopic: input.core_topic,
            brand: {
              name: brand.brandName,
              websiteUrl: brand.websiteUrl,
              description: brand.description,
              targetAudience: brand.targetAudience,
              brandVoice: brand.brandVoice,
              language: brand.language,
            },
            serpResults,
          });
        } catch (err) {
          if (err instanceof LlmError) throw new TaskFailure(`The model could not generate the tree: ${err.message}`, err.transient);
          throw err;
        }
        const tree = treeFromGenerated(nodes, randomUUID);
        if (tree.length === 0) throw new TaskFailure("The model returned an empty tree.");
        await progress.report(2, 3, "Saving the tree");
        return { coreTopic: input.core_topic, tree };
      },
      async commit(tx, task, result) {
        await replaceTree(tx, { brandId: task.subjectId!, workspaceId: task.workspaceId, coreTopic: result.coreTopic, tree: result.tree });
        return { core_topic: result.coreTopic, main_topics: result.tree.length };
      },
    });
  },
});
