// The house rules of a research tree, whoever wrote it: four levels, lowercase names and
// keywords, no empty names, sibling names unique (case-insensitive), at most five keywords.
import type { ResearchNodeOut } from "./types";

const TREE_DEPTH = 4;

/** A node as a writer gives it: a model's leaves (level 4) come without children. */
interface WrittenNode {
  name: string;
  keywords: readonly string[];
  children?: readonly WrittenNode[];
}
const MAX_NAME_LENGTH = 150;
const MAX_KEYWORDS_PER_NODE = 5;

export function cleanName(raw: string): string {
  const name = raw
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, " ")
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, "")
    .trim();
  if (name.length <= MAX_NAME_LENGTH) return name;
  const cut = name.slice(0, MAX_NAME_LENGTH);
  const space = cut.lastIndexOf(" ");
  return (space > MAX_NAME_LENGTH / 2 ? cut.slice(0, space) : cut).trim();
}

function cleanKeywords(raw: readonly string[], limit = MAX_KEYWORDS_PER_NODE): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const keyword of raw) {
    const clean = cleanName(keyword);
    if (clean === "" || seen.has(clean)) continue;
    seen.add(clean);
    out.push(clean);
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * Applies the rules to a tree from any source: a duplicate sibling is dropped (its subtree
 * with it), nodes below level 4 are cut, and empty names are removed.
 */
export function normalizeTree(nodes: readonly WrittenNode[], level = 1): ResearchNodeOut[] {
  const seen = new Set<string>();
  const out: ResearchNodeOut[] = [];
  for (const node of nodes) {
    const name = cleanName(node.name);
    if (name === "" || seen.has(name)) continue;
    seen.add(name);
    out.push({
      name,
      keywords: cleanKeywords(node.keywords),
      children: level >= TREE_DEPTH ? [] : normalizeTree(node.children ?? [], level + 1),
    });
  }
  return out;
}
