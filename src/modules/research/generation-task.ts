// Research generation as a task: the topic's keyword universe discovered from the SERP provider,
// then a 4-level tree built from it, by the organiser (no model) or by the chosen model (which
// may propose keywords; canopy looks each one up and marks it), stored with the universe as the
// brand's research record in the transaction that completes it.
import { randomUUID } from "node:crypto";
import Type from "typebox";
import { present } from "../../platform/present";
import { defineTask, type TaskContext } from "../../platform/tasks/define-task";
import { TaskFailure } from "../../platform/tasks/runner";
import type { ResearchNodeOut } from "../../providers/generation/types";
import { failureReason } from "../../providers/llm/advice";
import { LlmError } from "../../providers/llm/types";
import { generationContext, findTaskBrand, type BrandRow } from "../brands";
import { byDemand, discoverUniverse, unmeasured, type Discovery, type DiscoveryPlace } from "./discovery/discover";
import { reconcileModelTree } from "./discovery/model-tree";
import { replaceUniverse } from "./discovery/store";
import { treeFromGenerated } from "./generated-tree";
import { mergeUniverse, organise, type UniverseKeyword } from "./organiser";
import { replaceTree } from "./tree-store";

export const RESEARCH_TASK_TYPE = "research_generation";

/** A research generation is started on its brand. */
const brandOf = (task: { subjectId: string | null }) => present(task.subjectId, "the brand of a research generation");

/** Steps: discovery, its grouping SERPs, the tree (a model's parts count inside it), saving. */
const STEPS = 4;

function placeOf(brand: BrandRow): DiscoveryPlace {
  return { country: brand.countryCode ?? "us", language: brand.language };
}

/** The tree from the model, with its proposals looked up and added to the universe as `proposed`. */
async function modelTree(
  ctx: TaskContext,
  modelId: string,
  brand: BrandRow,
  coreTopic: string,
  discovery: Discovery,
  report: (message: string) => Promise<void>,
): Promise<{ nodes: ResearchNodeOut[]; universe: UniverseKeyword[] }> {
  const generator = ctx.platform.models.generator(modelId);
  const arrange = present(generator.researchTree, "a model's research tree");
  let nodes: ResearchNodeOut[];
  try {
    nodes = await arrange({
      coreTopic,
      brand: generationContext(brand),
      keywords: discovery.universe,
      questions: discovery.coreSerp?.peopleAlsoAsk ?? [],
      relatedSearches: discovery.coreSerp?.relatedSearches ?? [],
      serpResults: (discovery.coreSerp?.results ?? []).map((r) => ({ title: r.title, snippet: r.snippet, url: r.url })),
      onPart: (done, total) => void report(`Arranging the keywords: part ${done} of ${total} done`),
    });
  } catch (err) {
    if (err instanceof LlmError) throw new TaskFailure(failureReason("The model could not generate the tree", err), err.transient);
    throw err;
  }
  const { tree, proposed } = reconcileModelTree(nodes, discovery.universe);
  if (proposed.length === 0) return { nodes: tree, universe: discovery.universe };
  await report(`Looking up the ${proposed.length} keywords the model proposed`);
  const metrics = await ctx.platform.serp.keywordMetrics({ keywords: proposed, ...placeOf(brand) });
  const looked = mergeUniverse(
    metrics.map((m) => ({ ...unmeasured(m.keyword, "proposed"), searchVolume: m.searchVolume, cpc: m.cpc, competition: m.competition })),
  );
  const known = new Set(discovery.universe.map((k) => k.key));
  return { nodes: tree, universe: [...discovery.universe, ...looked.filter((k) => !known.has(k.key))].sort(byDemand) };
}

export const researchGenerationTask = defineTask({
  type: RESEARCH_TASK_TYPE,
  queue: "research-generate",
  input: Type.Object({ core_topic: Type.String(), ai_model_id: Type.String() }),
  retryLimit: 2,
  retryDelaySeconds: 10,
  expireInSeconds: 15 * 60,
  async run(ctx, input, progress) {
    const brand = await findTaskBrand(ctx, brandOf(ctx.task));
    const discovery = await discoverUniverse(ctx.platform.serp, input.core_topic, placeOf(brand), ctx.platform.config.discovery, (at, m) =>
      progress.report(at, STEPS, m),
    );
    const generator = ctx.platform.models.generator(input.ai_model_id);
    let nodes: ResearchNodeOut[];
    let universe = discovery.universe;
    if (generator.researchTree === null) {
      await progress.report(STEPS - 2, STEPS, `Organising ${discovery.universe.length} keywords into the tree`);
      nodes = organise({ coreTopic: input.core_topic, keywords: discovery.universe, serps: discovery.serps });
    } else {
      await progress.report(STEPS - 2, STEPS, `Arranging ${discovery.universe.length} keywords into the tree with the model`);
      ({ nodes, universe } = await modelTree(ctx, input.ai_model_id, brand, input.core_topic, discovery, (m) =>
        progress.report(STEPS - 2, STEPS, m),
      ));
    }
    const tree = treeFromGenerated(nodes, randomUUID);
    if (tree.length === 0) throw new TaskFailure("No tree could be built: the discovery found no keyword with search demand.");
    await progress.report(STEPS - 1, STEPS, "Saving the tree and its keywords");
    return { tree, universe, calls: discovery.calls, warnings: discovery.warnings };
  },
  async commit(ctx, input, { tree, universe, calls, warnings }) {
    const brandId = brandOf(ctx.task);
    await replaceTree(ctx, { brandId, workspaceId: ctx.workspace.id, coreTopic: input.core_topic, tree });
    await replaceUniverse(ctx, { brandId, workspaceId: ctx.workspace.id, dataSource: ctx.platform.serp.name, universe });
    const result: Record<string, unknown> = {
      core_topic: input.core_topic,
      main_topics: tree.length,
      keywords_discovered: universe.length,
      provider_calls: calls,
    };
    if (warnings.length > 0) result.discovery_warnings = warnings;
    return result;
  },
});
