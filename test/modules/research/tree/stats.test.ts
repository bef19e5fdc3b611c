import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyBulk } from "../../../../src/modules/research/tree/bulk";
import { mainTopicBreakdown, treeStats } from "../../../../src/modules/research/tree/stats";
import type { Tree } from "../../../../src/modules/research/tree/types";
import { allPaths, counterIds, treeWithOpsArb, withIds } from "./arbitraries";

/** The counters computed another way: from the list of every node's path. */
function expectedStats(tree: Tree) {
  const nodes: { depth: number; keywords: number; leaf: boolean; top: string }[] = [];
  const visit = (list: Tree, depth: number, top: string | null): void => {
    for (const node of list) {
      nodes.push({ depth, keywords: node.keywords.length, leaf: node.children.length === 0, top: top ?? node.name });
      visit(node.children, depth + 1, top ?? node.name);
    }
  };
  visit(tree, 1, null);
  const at = (depth: number) => nodes.filter((node) => node.depth === depth).length;
  return {
    stats: {
      main_topic_count: at(1),
      st2_count: at(2),
      st3_count: at(3),
      st4_count: at(4),
      keyword_count: nodes.reduce((sum, node) => sum + node.keywords, 0),
      leaf_nodes_without_keywords: nodes.filter((node) => node.leaf && node.keywords === 0).length,
      total_nodes: allPaths(tree).length,
    },
    breakdown: tree.map((topic) => {
      const mine = nodes.filter((node) => node.top === topic.name);
      return {
        name: topic.name,
        st2_count: mine.filter((node) => node.depth === 2).length,
        st3_count: mine.filter((node) => node.depth === 3).length,
        st4_count: mine.filter((node) => node.depth === 4).length,
        keyword_count: mine.reduce((sum, node) => sum + node.keywords, 0),
      };
    }),
  };
}

describe("treeStats and mainTopicBreakdown", () => {
  it("count a known tree; a childless node at any level is a leaf", () => {
    const tree = withIds([
      {
        name: "seo",
        keywords: ["a", "b"],
        children: [
          {
            name: "tools",
            keywords: [],
            children: [{ name: "free", keywords: ["c"], children: [{ name: "x", keywords: [], children: [] }] }],
          },
          { name: "audit", keywords: [], children: [] },
        ],
      },
      { name: "empty", keywords: [], children: [] },
    ]);
    expect(treeStats(tree)).toEqual({
      main_topic_count: 2,
      st2_count: 2,
      st3_count: 1,
      st4_count: 1,
      keyword_count: 3,
      leaf_nodes_without_keywords: 3,
      total_nodes: 6,
    });
    expect(mainTopicBreakdown(tree)).toEqual([
      { name: "seo", st2_count: 2, st3_count: 1, st4_count: 1, keyword_count: 3 },
      { name: "empty", st2_count: 0, st3_count: 0, st4_count: 0, keyword_count: 0 },
    ]);
    expect(treeStats([])).toMatchObject({ total_nodes: 0, keyword_count: 0 });
  });

  it("always match the tree, after any operations", () => {
    fc.assert(
      fc.property(treeWithOpsArb, ({ tree, operations }) => {
        const ids = counterIds();
        let current = tree;
        for (const op of [undefined, ...operations]) {
          if (op !== undefined) {
            const outcome = applyBulk(current, [op], ids);
            if (outcome.ok) current = outcome.tree;
          }
          const expected = expectedStats(current);
          expect(treeStats(current)).toEqual(expected.stats);
          expect(mainTopicBreakdown(current)).toEqual(expected.breakdown);
        }
      }),
      { numRuns: 200 },
    );
  });
});
