// A strategist's reading of a research tree against a labelled brand (test/fixtures/research-labelled.ts):
// does the tree hold the pillars, hubs and resources a strategist expects, at the depth they
// expect them, and does it hold anything that would make them wince? Pure: trees come in the
// API's wire shape, figures go out; nothing here knows how a tree was made.
import type { LabelledResearchBrand } from "../../test/fixtures/research-labelled";
import { contentStems, stem, stemSequence, tokens } from "./offline-quality/words";

/** A research node as the API answers it; level 1 is a Pillar, 4 a Resource. */
export interface SenseNode {
  name: string;
  keywords: readonly string[];
  level: 1 | 2 | 3 | 4;
  children: readonly SenseNode[];
}

// Hyphenated spellings meet their closed-up twins ("h-1b" and "h1b", "non-profit" and "nonprofit"):
// both spellings are how people type the same search, and splitting them would leave a
// meaningless "h" or "non" to match.
const closeHyphens = (text: string): string => text.replace(/([\p{L}\p{N}])-(?=[\p{L}\p{N}])/gu, "$1");

// Numbers carry meaning in searches ("form 990", "s&p 500", "24 hour"), so they count as content words.
const isContentWord = (token: string): boolean => /^\d+$/.test(token) || contentStems(token).length > 0;

/** The stems a text must hold to mean the phrase: its content words, or every word if it has none. */
function requiredStems(phrase: string): string[] {
  const words = tokens(closeHyphens(phrase));
  const content = words.filter(isContentWord);
  return (content.length > 0 ? content : words).map(stem);
}

/**
 * Whether `text` says `phrase`: every content word of the phrase is a whole word of the text, plurals
 * folded and order free. "dog insurance cost" says "dog insurance"; "insurance" does not, and
 * neither does "reinsurance" say "insurance".
 */
export function says(text: string, phrase: string): boolean {
  const words = new Set(stemSequence(closeHyphens(text)));
  return requiredStems(phrase).every((required) => words.has(required));
}

/** Whether the node's name or one of its keywords says one of the phrasings. */
export function nodeSays(node: SenseNode, phrasings: readonly string[]): boolean {
  return [node.name, ...node.keywords].some((text) => phrasings.some((phrase) => says(text, phrase)));
}

function flatten(tree: readonly SenseNode[]): SenseNode[] {
  return tree.flatMap((node) => [node, ...flatten(node.children)]);
}

const share = (part: number, whole: number): number => (whole === 0 ? 0 : part / whole);

/** The concepts (by their first phrasing) no node at or above `deepest` says, and the share that some node does. */
function recall(concepts: readonly string[][], nodes: readonly SenseNode[], deepest: number): { recall: number; missed: string[] } {
  const shallow = nodes.filter((node) => node.level <= deepest);
  const missed = concepts.filter((phrasings) => !shallow.some((node) => nodeSays(node, phrasings)));
  return { recall: share(concepts.length - missed.length, concepts.length), missed: missed.map((phrasings) => phrasings[0] ?? "") };
}

export interface BrandSense {
  id: string;
  nodes: number;
  /** Share of pillar concepts said at level 1 or 2, and at level 1 alone. */
  pillarRecall: number;
  pillarRecallLevel1: number;
  /** Share of hub concepts said at levels 1-3. */
  hubRecall: number;
  /** Share of resource concepts said anywhere. */
  resourceRecall: number;
  /** Nodes that say a `never` phrase, each with the first phrase it says. */
  winces: Array<{ node: string; phrase: string }>;
  /** Whether the first level-1 node says the core topic. */
  headIsCore: boolean;
  /** Share of nodes that say some pillar, hub or resource concept: what a strategist would keep. */
  keptShare: number;
  missed: { pillars: string[]; hubs: string[]; resources: string[] };
}

export function scoreResearchSense(brand: LabelledResearchBrand, tree: readonly SenseNode[]): BrandSense {
  const nodes = flatten(tree);
  const pillars = recall(brand.pillars, nodes, 2);
  const hubs = recall(brand.hubs, nodes, 3);
  const resources = recall(brand.resources, nodes, 4);
  const concepts = [...brand.pillars, ...brand.hubs, ...brand.resources];
  const head = nodes.find((node) => node.level === 1);
  const winces = nodes.flatMap((node) => {
    const phrase = brand.never.find((never) => nodeSays(node, [never]));
    return phrase === undefined ? [] : [{ node: node.name, phrase }];
  });
  return {
    id: brand.id,
    nodes: nodes.length,
    pillarRecall: pillars.recall,
    pillarRecallLevel1: recall(brand.pillars, nodes, 1).recall,
    hubRecall: hubs.recall,
    resourceRecall: resources.recall,
    winces,
    headIsCore: head !== undefined && nodeSays(head, [brand.coreTopic]),
    keptShare: share(nodes.filter((node) => concepts.some((phrasings) => nodeSays(node, phrasings))).length, nodes.length),
    missed: { pillars: pillars.missed, hubs: hubs.missed, resources: resources.missed },
  };
}

export interface SenseAggregate {
  brands: number;
  pillarRecall: number;
  pillarRecallLevel1: number;
  hubRecall: number;
  resourceRecall: number;
  /** Share of brands whose tree opens on the core topic. */
  headIsCore: number;
  keptShare: number;
  /** Wincing nodes over all brands. */
  winces: number;
}

/** Means over brands, so a brand with a big tree weighs no more than one with a small tree; winces are summed. */
export function aggregateSense(results: readonly BrandSense[]): SenseAggregate {
  const mean = (pick: (result: BrandSense) => number): number =>
    share(
      results.reduce((sum, result) => sum + pick(result), 0),
      results.length,
    );
  return {
    brands: results.length,
    pillarRecall: mean((r) => r.pillarRecall),
    pillarRecallLevel1: mean((r) => r.pillarRecallLevel1),
    hubRecall: mean((r) => r.hubRecall),
    resourceRecall: mean((r) => r.resourceRecall),
    headIsCore: mean((r) => (r.headIsCore ? 1 : 0)),
    keptShare: mean((r) => r.keptShare),
    winces: results.reduce((sum, result) => sum + result.winces.length, 0),
  };
}
