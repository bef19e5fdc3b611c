import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findDuplicates } from "../../../../src/modules/research/tree/dedup";
import { TreeOpError, type Tree } from "../../../../src/modules/research/tree/types";
import { treeArb, withIds, type RawNode } from "./arbitraries";

const node = (name: string, keywords: string[] = [], children: RawNode[] = []): RawNode => ({ name, keywords, children });

// ---- an independent, all-pairs oracle ------------------------------------------------------

function trigrams(name: string): Set<string> {
  const words = name
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .sort();
  const padded = ` ${words.length === 0 ? name : words.join(" ")} `;
  const grams = new Set<string>();
  for (let i = 0; i < padded.length - 2; i++) grams.add(padded.substring(i, i + 3));
  return grams;
}

function similarity(x: { name: string; keywords: string[] }, y: { name: string; keywords: string[] }): number {
  const gx = trigrams(x.name);
  const gy = trigrams(y.name);
  const sharedGrams = [...gx].filter((gram) => gy.has(gram)).length;
  const nameSim = (2 * sharedGrams) / (gx.size + gy.size);
  const kx = new Set(x.keywords);
  const sharedKeywords = y.keywords.filter((keyword) => kx.has(keyword)).length;
  const union = kx.size + y.keywords.length - sharedKeywords;
  const keywordSim = kx.size === 0 || y.keywords.length === 0 ? 0 : sharedKeywords / union;
  return Math.max(nameSim, keywordSim);
}

function bruteGroups(tree: Tree, threshold: number): string[][] {
  const nodes: { key: string; name: string; keywords: string[] }[] = [];
  const visit = (list: Tree, above: string[]): void => {
    for (const item of list) {
      nodes.push({ key: [...above, item.name].join(" > "), name: item.name, keywords: item.keywords });
      visit(item.children, [...above, item.name]);
    }
  };
  visit(tree, []);
  const component = nodes.map((_, i) => i);
  const root = (i: number): number => (component[i] === i ? i : root(component[i]!));
  for (let i = 0; i < nodes.length; i++) {
    for (let j = i + 1; j < nodes.length; j++) {
      const s = similarity(nodes[i]!, nodes[j]!);
      if (s > 0 && s >= threshold - 1e-9) component[root(j)] = root(i);
    }
  }
  const groups = new Map<number, string[]>();
  nodes.forEach((item, i) => {
    groups.set(root(i), [...(groups.get(root(i)) ?? []), item.key]);
  });
  return [...groups.values()]
    .filter((group) => group.length > 1)
    .map((group) => group.sort())
    .sort();
}

function keysOf(tree: Tree, threshold: number): string[][] {
  return findDuplicates(tree, threshold)
    .groups.map((group) => group.nodes.map((item) => item.path.join(" > ")).sort())
    .sort();
}

describe("findDuplicates", () => {
  it("groups the same name in different places, whatever the word order", () => {
    const tree = withIds([node("seo", [], [node("seo tools"), node("audit")]), node("marketing", [], [node("tools seo"), node("email")])]);
    expect(findDuplicates(tree, 0.9)).toEqual({
      threshold: 0.9,
      groups: [
        {
          similarity: 1,
          nodes: [
            { path: ["seo", "seo tools"], name: "seo tools", level: "ST2" },
            { path: ["marketing", "tools seo"], name: "tools seo", level: "ST2" },
          ],
        },
      ],
    });
  });

  it("groups nodes that share their keywords even when their names differ", () => {
    const tree = withIds([
      node(
        "seo",
        [],
        [node("rank tracking", ["rank tracker", "serp tracker"]), node("position monitoring", ["serp tracker", "rank tracker"])],
      ),
    ]);
    const { groups } = findDuplicates(tree, 0.8);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.nodes.map((item) => item.name)).toEqual(["rank tracking", "position monitoring"]);
  });

  it("finds nothing among different names, and nothing that shares nothing even at threshold 0", () => {
    const tree = withIds([node("seo", [], [node("audit"), node("links")]), node("xyz")]);
    expect(findDuplicates(tree, 0.8).groups).toEqual([]);
    const disjoint = withIds([node("abc"), node("xyz")]);
    expect(findDuplicates(disjoint, 0).groups).toEqual([]);
  });

  it("sorts groups by similarity and gives a chained group its weakest needed link", () => {
    const tree = withIds([
      node("keyword research"),
      node("keyword researches"),
      node("keyword researcher"),
      node("link building"),
      node("building link"),
    ]);
    const { groups } = findDuplicates(tree, 0.7);
    expect(groups.map((group) => group.nodes.map((item) => item.name))).toEqual([
      ["link building", "building link"],
      ["keyword research", "keyword researches", "keyword researcher"],
    ]);
    expect(groups[0]!.similarity).toBe(1);
    expect(groups[1]!.similarity).toBeGreaterThanOrEqual(0.7);
    expect(groups[1]!.similarity).toBeLessThan(1);
  });

  it("refuses a threshold outside 0..1", () => {
    for (const threshold of [-0.1, 1.1, Number.NaN]) {
      let error: unknown;
      try {
        findDuplicates([], threshold);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(TreeOpError);
      expect((error as TreeOpError).status).toBe(400);
    }
  });

  it("finds exactly the groups that comparing every pair finds", () => {
    const thresholdArb = fc.oneof(fc.constantFrom(0, 0.3, 0.5, 0.8, 1), fc.double({ min: 0, max: 1, noNaN: true }));
    fc.assert(
      fc.property(treeArb, thresholdArb, (tree, threshold) => {
        expect(keysOf(tree, threshold)).toEqual(bruteGroups(tree, threshold));
      }),
      { numRuns: 300 },
    );
  });

  it("is deterministic and within bounds", () => {
    fc.assert(
      fc.property(treeArb, fc.double({ min: 0, max: 1, noNaN: true }), (tree, threshold) => {
        const result = findDuplicates(tree, threshold);
        expect(findDuplicates(tree, threshold)).toEqual(result);
        const similarities = result.groups.map((group) => group.similarity);
        expect([...similarities].sort((x, y) => y - x)).toEqual(similarities);
        for (const s of similarities) {
          expect(s).toBeGreaterThanOrEqual(Math.round(threshold * 10_000) / 10_000 - 1e-4);
          expect(s).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 100 },
    );
  });
});
