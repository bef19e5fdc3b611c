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

export function expectTreeInvariants(tree: readonly ResearchNodeOut[], universe: readonly UniverseKeyword[], coreName: string): void {
  // The house rules: applying them changes nothing.
  expect(normalizeTree(tree)).toEqual(tree);
  const placed = flatten(tree);
  const volumeOf = new Map(universe.map((keyword) => [keyword.keyword.toLowerCase().trim(), keyword]));
  const everyKeyword = placed.flatMap(({ node }) => node.keywords);
  // No keyword twice across the tree.
  expect(new Set(everyKeyword).size).toBe(everyKeyword.length);
  for (const { node, level } of placed) {
    expect(level).toBeLessThanOrEqual(4);
    expect(node.keywords[0]).toBe(node.name);
    expect(node.keywords.length).toBeLessThanOrEqual(5);
    for (const keyword of node.keywords) {
      // Nothing invented: every keyword is the universe's, but the core pillar's name.
      if (!(level === 1 && keyword === coreName)) expect(volumeOf.has(keyword), keyword).toBe(true);
    }
    const named = volumeOf.get(node.name);
    if (named !== undefined && named.searchVolume === 0) {
      // Nobody searches it: only a question may still be a resource.
      expect(named.sources.includes("paa") || QUESTION_START.test(node.name), node.name).toBe(true);
      expect(node.children).toEqual([]);
    }
  }
}
