// A research tree from a model, asked for in parts: the plan (pillars and hubs), then one call
// per pillar for its branches and resources. Each answer stays small, so a slow local model
// finishes each part within its output budget, and the task shows the parts done meanwhile.
import { LlmError, type LlmProvider } from "../../llm/types";
import { cleanName, normalizeTree } from "../tree-shape";
import type { ResearchNodeOut, ResearchTreeInput, TreeKeyword } from "../types";
import { SYSTEM_PROMPT } from "./prompts";
import { researchBranchesPrompt, researchPlanPrompt } from "./research-prompts";
import { ResearchBranchesSchema, ResearchPlanSchema, type ResearchBranchesAnswer, type ResearchPlanAnswer } from "./schemas";

const WORD = /[\p{L}\p{N}]+/gu;

function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(WORD) ?? []);
}

/** Keywords the plan did not place, those sharing a word with the pillar first. */
function keywordsFor(
  pillar: { name: string; hubs: readonly string[] },
  input: ResearchTreeInput,
  placed: ReadonlySet<string>,
): TreeKeyword[] {
  const pillarWords = wordsOf([pillar.name, ...pillar.hubs].join(" "));
  const open = input.keywords.filter((k) => !placed.has(cleanName(k.keyword)));
  const shares = (k: TreeKeyword) => [...wordsOf(k.keyword)].some((w) => pillarWords.has(w) && w.length > 2);
  return [...open.filter(shares), ...open.filter((k) => !shares(k))];
}

export async function researchTreeInParts(
  llm: LlmProvider,
  maxOutputTokens: number | undefined,
  input: ResearchTreeInput,
  signal?: AbortSignal,
): Promise<ResearchNodeOut[]> {
  const plan = await llm.generateObject<ResearchPlanAnswer>({
    system: SYSTEM_PROMPT,
    prompt: researchPlanPrompt(input),
    schema: ResearchPlanSchema,
    schemaName: "research_plan",
    maxOutputTokens,
    signal,
  });
  const pillars = plan.pillars.filter((p) => cleanName(p.name) !== "");
  if (pillars.length === 0)
    throw new LlmError("invalid_output", `${llm.modelId}: the research plan had no pillars.`, { modelId: llm.modelId });
  const total = pillars.length + 1;
  input.onPart?.(1, total);

  const placed = new Set(pillars.flatMap((p) => [p.name, ...p.keywords, ...p.hubs.flatMap((h) => [h.name, ...h.keywords])].map(cleanName)));
  const tree: ResearchNodeOut[] = [];
  for (const [i, pillar] of pillars.entries()) {
    const hubNames = pillar.hubs.map((h) => h.name);
    let branches: ResearchBranchesAnswer = { hubs: [] };
    if (hubNames.length > 0) {
      branches = await llm.generateObject<ResearchBranchesAnswer>({
        system: SYSTEM_PROMPT,
        prompt: researchBranchesPrompt(
          input,
          { name: pillar.name, hubs: hubNames },
          keywordsFor({ name: pillar.name, hubs: hubNames }, input, placed),
        ),
        schema: ResearchBranchesSchema,
        schemaName: "research_branches",
        maxOutputTokens,
        signal,
      });
    }
    const byHub = new Map(branches.hubs.map((h) => [cleanName(h.name), h.branches]));
    for (const branch of branches.hubs.flatMap((h) => h.branches)) {
      for (const name of [branch.name, ...branch.keywords, ...branch.resources.flatMap((r) => [r.name, ...r.keywords])])
        placed.add(cleanName(name));
    }
    tree.push({
      name: pillar.name,
      keywords: pillar.keywords,
      children: pillar.hubs.map((hub) => ({
        name: hub.name,
        keywords: hub.keywords,
        children: (byHub.get(cleanName(hub.name)) ?? []).map((branch) => ({
          name: branch.name,
          keywords: branch.keywords,
          children: branch.resources.map((r) => ({ name: r.name, keywords: r.keywords, children: [] })),
        })),
      })),
    });
    input.onPart?.(i + 2, total);
  }
  return normalizeTree(tree);
}
