// Metrics of the research tree as the service stores it (src/modules/research/generated-tree.ts):
// how many nodes stay with the brand's words, repeated names and URL slugs, topics split into
// their words, and whether the core topic is one of the map's keywords.
import { buildHierarchy } from "../../../src/modules/authority";
import type { KeywordMetric } from "../../../src/modules/maps";
import type { Tree, TreeNode } from "../../../src/modules/research/tree";
import { normalizedTopic, type BrandWords } from "./brand-words";
import { contentStems, stem, tokens } from "./words";

/** Every node, depth first, main topics in order. */
export function allNodes(tree: Tree): TreeNode[] {
  const out: TreeNode[] = [];
  const visit = (node: TreeNode) => {
    out.push(node);
    node.children.forEach(visit);
  };
  tree.forEach(visit);
  return out;
}

export interface OnTopic {
  nodes: number;
  onTopic: number;
  /** Names of the nodes that share no content word with the brand, in tree order. */
  offTopic: string[];
}

/** Nodes (all levels) whose name shares a content word with the brand's own words. */
export function onTopicNodes(tree: Tree, words: BrandWords): OnTopic {
  const nodes = allNodes(tree);
  const offTopic = nodes.filter((n) => !contentStems(n.name).some((s) => words.topicStems.has(s))).map((n) => n.name);
  return { nodes: nodes.length, onTopic: nodes.length - offTopic.length, offTopic };
}

/** Each value met before, once per repeat: three nodes named "pricing" give ["pricing", "pricing"]. */
function repeats(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    if (seen.has(value)) out.push(value);
    else seen.add(value);
  }
  return out;
}

/** Node names repeated anywhere in the tree, case-insensitively. */
export function duplicateNames(tree: Tree): string[] {
  return repeats(allNodes(tree).map((n) => n.name.toLowerCase().trim()));
}

/**
 * URL slugs repeated in the authority hierarchy, each node's slug computed by the service's own
 * buildHierarchy: the slug of the node's keyword of most search volume, or of its name.
 * `volumes` are the keywords' search volumes as the map holds them.
 */
export function duplicateSlugs(tree: Tree, volumes: ReadonlyMap<string, number>): string[] {
  const metrics = new Map<string, KeywordMetric>();
  for (const [keyword, volume] of volumes) metrics.set(keyword, { volume, positions: [], aio: "N/A", aimode: "N/A" });
  return repeats(buildHierarchy(tree, metrics, new Set()).map((n) => n.url_slug));
}

/**
 * Pillars named by one word of a multi-word core topic: "personal" and "finance" as pillars of
 * "personal finance for students". The phrase was split; its words stand alone.
 */
export function wordSplitPillars(tree: Tree, coreTopic: string): string[] {
  const topicStems = new Set(contentStems(coreTopic));
  if (topicStems.size < 2) return [];
  return tree
    .map((pillar) => pillar.name)
    .filter((name) => {
      const [word, ...more] = tokens(name);
      return word !== undefined && more.length === 0 && topicStems.has(stem(word));
    });
}

/** Whether the core topic as typed (normalized) is among the map's keywords. */
export function coreTopicIsKeyword(coreTopic: string, mapKeywords: readonly string[]): boolean {
  return mapKeywords.includes(normalizedTopic(coreTopic));
}
