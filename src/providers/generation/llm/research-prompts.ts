// The research tree is asked for in parts, so a small local model never has to write thousands of
// tokens in one answer: first the plan (pillars and their hubs), then, for each pillar, its
// branches and resources. Both are given the discovered keywords with their demand; a model
// arranges and names them, and may propose a keyword for a gap, which canopy then looks up.
import type { ResearchTreeInput, TreeKeyword } from "../types";
import { clip } from "./clip";
import { brandBlock, serpBlock } from "./prompts";

/** The most keywords one prompt lists: the most searched, which carry the demand. */
const MAX_PROMPT_KEYWORDS = 150;
const MAX_QUESTIONS = 20;

function demand(keyword: TreeKeyword): string {
  if (keyword.searchVolume === null) return "volume unknown";
  return keyword.searchVolume === 0 ? "no measured searches" : `${keyword.searchVolume}/month`;
}

function keywordBlock(keywords: readonly TreeKeyword[]): string {
  if (keywords.length === 0) return "(none)";
  return keywords
    .slice(0, MAX_PROMPT_KEYWORDS)
    .map((k) => `- ${clip(k.keyword, 120)} (${demand(k)}${k.intent ? `, ${k.intent}` : ""}; from ${k.sources.join(", ")})`)
    .join("\n");
}

function questionBlock(input: Pick<ResearchTreeInput, "questions" | "relatedSearches">): string {
  return [
    input.questions.length
      ? `People also ask:\n${input.questions
          .slice(0, MAX_QUESTIONS)
          .map((q) => `- ${clip(q, 200)}`)
          .join("\n")}`
      : "",
    input.relatedSearches.length
      ? `Related searches: ${input.relatedSearches
          .slice(0, MAX_QUESTIONS)
          .map((q) => clip(q, 120))
          .join("; ")}`
      : "",
  ]
    .filter(Boolean)
    .join("\n");
}

const KEYWORD_RULES = [
  "- Use the discovered keywords above: name each node after the most searched keyword it covers, and give it 1 to 5 of them.",
  "- You may add a keyword the list lacks where the brand's audience clearly needs a page; it will be looked up and marked as proposed.",
  "- Never name a node after a keyword with no measured searches unless it is a question people ask.",
  "- Merge keywords that mean the same (plurals, word order, synonyms) into one node; never put one keyword in two nodes.",
  "- Everything lowercase. Sibling names unique. Nothing that would embarrass the brand (no buying words for a condition or a person).",
];

export function researchPlanPrompt(input: ResearchTreeInput): string {
  return [
    `Plan a topical map for the core topic "${clip(input.coreTopic, 200)}": its main topics (pillars) and each pillar's subtopics (hubs).`,
    "",
    "<data>",
    brandBlock(input.brand),
    "",
    "Discovered keywords, most searched first:",
    keywordBlock(input.keywords),
    questionBlock(input),
    "",
    "Search results for the core topic:",
    serpBlock(input.serpResults ?? []),
    "</data>",
    "",
    "Rules:",
    `- The first pillar is the core topic itself, "${clip(input.coreTopic, 200)}".`,
    "- As many pillars as the demand supports (a narrow topic has few); at most 8. Each pillar has the hubs its keywords support, at most 6. Never pad.",
    "- Fit the brand: what it sells, its audience and its country.",
    ...KEYWORD_RULES,
  ].join("\n");
}

export function researchBranchesPrompt(
  input: ResearchTreeInput,
  pillar: { name: string; hubs: readonly string[] },
  keywords: readonly TreeKeyword[],
): string {
  return [
    `Under the pillar "${clip(pillar.name, 200)}" of the topical map for "${clip(input.coreTopic, 200)}", give each hub its branches (page topics) and each branch its resources (specific articles or questions).`,
    "",
    "<data>",
    brandBlock(input.brand),
    "",
    `The pillar's hubs: ${pillar.hubs.map((h) => `"${clip(h, 150)}"`).join(", ")}`,
    "Keywords not yet placed, most searched first:",
    keywordBlock(keywords),
    questionBlock(input),
    "</data>",
    "",
    "Rules:",
    "- Answer with every hub named exactly as given. A hub gets the branches its keywords support (0 to 5), a branch the resources they support (0 to 4). Never pad.",
    "- Questions people ask make good resources.",
    ...KEYWORD_RULES,
  ].join("\n");
}
