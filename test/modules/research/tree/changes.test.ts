// A write stores only the nodes it changed; the tree is rebuilt from the base and those changes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyBulk } from "../../../../src/modules/research/tree/bulk";
import { addNode, renameNode } from "../../../../src/modules/research/tree/edits";
import { freezeTree } from "../../../../src/modules/research/tree/cache";
import { applyChanges, changeBetween, decodeChange, encodeChange, type TreeChange } from "../../../../src/modules/research/tree/changes";
import type { Tree } from "../../../../src/modules/research/tree/types";
import { counterIds, treeWithOpsArb, withIds } from "./arbitraries";

/** The change of every successful operation, each against the tree the previous one left. */
function history(tree: Tree, operations: unknown[]): { states: Tree[]; changes: TreeChange[] } {
  const ids = counterIds();
  const states = [freezeTree(tree)];
  const changes: TreeChange[] = [];
  for (const op of operations) {
    const before = states.at(-1)!;
    const outcome = applyBulk(before, [op], ids);
    if (!outcome.ok) continue;
    // Through the stored text, as the database keeps it.
    changes.push(decodeChange(encodeChange(changeBetween(before, outcome.tree))));
    states.push(freezeTree(outcome.tree));
  }
  return { states, changes };
}

/** Frozen, as stored trees are. */
const sample = (): Tree =>
  freezeTree(
    withIds([
      {
        name: "seo",
        keywords: ["seo"],
        children: [{ name: "tools", keywords: [], children: [{ name: "audit", keywords: ["audit"], children: [] }] }],
      },
      { name: "content", keywords: [], children: [{ name: "writing", keywords: [], children: [] }] },
    ]),
  );

describe("tree changes", () => {
  it("record the changed node and its ancestors only, without children that are the same as before", () => {
    const tree = sample();
    const renamed = renameNode(tree, ["seo", "tools", "audit"], "site audit").tree;
    const change = changeBetween(tree, renamed);
    expect(change.roots).toEqual(["n1", "n4"]);
    expect(change.nodes).toEqual([
      ["n1", "seo", ["seo"], null],
      ["n2", "tools", [], null],
      ["n3", "site audit", ["audit"], null],
    ]);
  });

  it("record a new node with its parent, and nothing for an unchanged tree", () => {
    const tree = sample();
    const added = addNode(tree, ["content"], "editing", 0, () => "x1").tree;
    expect(changeBetween(tree, added).nodes).toEqual([
      ["n4", "content", [], ["x1", "n5"]],
      ["x1", "editing", [], []],
    ]);
    expect(changeBetween(tree, tree)).toEqual({ roots: ["n1", "n4"], nodes: [] });
  });

  it("rebuild every state from the base, one change at a time or all at once", () => {
    fc.assert(
      fc.property(treeWithOpsArb, ({ tree, operations }) => {
        const { states, changes } = history(tree, operations);
        for (let i = 1; i < states.length; i++) {
          expect(applyChanges(states[i - 1]!, [changes[i - 1]!])).toEqual(states[i]);
          expect(applyChanges(states[0]!, changes.slice(0, i))).toEqual(states[i]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("share the unchanged subtrees of the base", () => {
    const tree = sample();
    const renamed = renameNode(tree, ["seo"], "search").tree;
    const rebuilt = applyChanges(tree, [changeBetween(tree, renamed)]);
    expect(rebuilt[0]!.children[0]).toBe(tree[0]!.children[0]);
    expect(rebuilt[1]).toBe(tree[1]);
  });

  it("record a tree that is not frozen whole (nothing is known to be stored)", () => {
    const tree = withIds([{ name: "seo", keywords: [], children: [{ name: "tools", keywords: [], children: [] }] }]);
    expect(changeBetween([], tree).nodes).toEqual([
      ["n1", "seo", [], ["n2"]],
      ["n2", "tools", [], []],
    ]);
  });

  it("record the children of a node moved and changed in one write", () => {
    const tree = sample();
    const outcome = applyBulk(
      tree,
      [
        { action: "move", source_path: ["seo", "tools"], target_parent_path: ["content"] },
        { action: "add", parent_path: ["content", "tools"], name: "new" },
      ],
      () => "x1",
    );
    if (!outcome.ok) throw new Error(outcome.error);
    const change = changeBetween(tree, outcome.tree);
    expect(change.nodes).toContainEqual(["n2", "tools", [], ["n3", "x1"]]);
    expect(applyChanges(tree, [change])).toEqual(outcome.tree);
  });

  it("refuse to rebuild from changes naming an unknown node", () => {
    expect(() => applyChanges(sample(), [{ roots: ["n1", "nowhere"], nodes: [] }])).toThrow(/unknown node nowhere/);
  });
});
