// What every organised tree must hold, whatever the universe: checked by the example tests and
// the property test alike.
import { expect } from "vitest";
import type { UniverseKeyword } from "../../../../src/modules/research/organiser";
import { normalizeTree } from "../../../../src/providers/generation/tree-shape";
import type { ResearchNodeOut } from "../../../../src/providers/generation/types";

export interface Placed {
  node: ResearchNodeOut;
  level: number;
  path: string[];
}

export function flatten(tree: readonly ResearchNodeOut[], level = 1, above: string[] = []): Placed[] {
  return tree.flatMap((node) => [
    { node, level, path: [...above, node.name] },
    ...flatten(node.children, level + 1, [...above, node.name]),
  ]);
}

export function find(tree: readonly ResearchNodeOut[], name: string): Placed | undefined {
  return flatten(tree).find((placed) => placed.node.name === name);
}

/** The node that carries the keyword, or undefined. */
export function nodeCarrying(tree: readonly ResearchNodeOut[], keyword: string): Placed | undefined {
  return flatten(tree).find((placed) => placed.node.keywords.includes(keyword));
}

const QUESTION_START = /^(how|what|why|when|where|which|who|can|does|is|are|should|do)\b/;

/** Every broken rule, said in words (none for a good tree): one assertion however big the tree. */
export function treeProblems(tree: readonly ResearchNodeOut[], universe: readonly UniverseKeyword[], coreName: string): string[] {
  const problems: string[] = [];
  // The house rules: applying them changes nothing.
  if (JSON.stringify(normalizeTree(tree)) !== JSON.stringify(tree)) problems.push("normalizeTree changes the tree");
  const byKeyword = new Map(universe.map((keyword) => [keyword.keyword.toLowerCase().trim(), keyword]));
  const seen = new Set<string>();
  for (const { node, level } of flatten(tree)) {
    if (level > 4) problems.push(`${node.name}: level ${level}`);
    if (node.keywords[0] !== node.name) problems.push(`${node.name}: the name is not the first keyword`);
    if (node.keywords.length > 5) problems.push(`${node.name}: ${node.keywords.length} keywords`);
    for (const keyword of node.keywords) {
      if (seen.has(keyword)) problems.push(`${keyword}: twice in the tree`);
      seen.add(keyword);
      // Nothing invented: every keyword is the universe's, but the core pillar's name.
      if (!byKeyword.has(keyword) && !(level === 1 && keyword === coreName)) problems.push(`${keyword}: not in the universe`);
    }
    const named = byKeyword.get(node.name);
    // The core pillar is named by the core topic as typed, whatever its volume.
    const isCorePillar = level === 1 && node.name === coreName;
    if (named?.searchVolume === 0 && !isCorePillar) {
      // Nobody searches it: only a question may still be a resource, and it has nothing below.
      const asked = named.sources.includes("paa") || QUESTION_START.test(node.name);
      if (!asked || node.children.length > 0) problems.push(`${node.name}: named by a keyword nobody searches`);
    }
  }
  return problems;
}

export function expectTreeInvariants(tree: readonly ResearchNodeOut[], universe: readonly UniverseKeyword[], coreName: string): void {
  expect(treeProblems(tree, universe, coreName)).toEqual([]);
}
