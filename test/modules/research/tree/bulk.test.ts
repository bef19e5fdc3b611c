import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyBulk, type BulkOutcome } from "../../../../src/modules/research/tree/bulk";
import { addNode, deleteNode, mergeNodes, moveNode, renameNode, updateKeywords } from "../../../../src/modules/research/tree/edits";
import type { Tree } from "../../../../src/modules/research/tree/types";
import { counterIds, deepFreeze, treeWithOpsArb, withIds } from "./arbitraries";

function sample(): Tree {
  return deepFreeze(
    withIds([
      { name: "seo", keywords: ["seo"], children: [{ name: "tools", keywords: [], children: [] }] },
      { name: "content", keywords: [], children: [] },
    ]),
  );
}

function failed(outcome: BulkOutcome): Extract<BulkOutcome, { ok: false }> {
  if (outcome.ok) throw new Error("expected the bulk to fail");
  return outcome;
}

describe("applyBulk", () => {
  it("applies operations in order, each seeing the earlier ones, with the single-endpoint fields", () => {
    const outcome = applyBulk(
      sample(),
      [
        { action: "add", parent_path: ["seo"], name: "Audit", position: 0 },
        { op: "rename", path: ["seo", "audit"], new_name: "site audit" },
        { action: "update_keywords", path: ["seo", "site audit"], add: ["Audit Tool"] },
        { action: "move", source_path: ["seo", "site audit"], target_parent_path: ["content"] },
        { action: "merge", keep_path: ["content"], merge_path: ["seo"] },
        { action: "delete", path: ["content", "tools"] },
      ],
      counterIds(),
    );
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.results).toEqual([
      { operation: "add", success: true, parent_path: ["seo"], name: "audit", level: "ST2", path: ["seo", "audit"] },
      {
        operation: "rename",
        success: true,
        path: ["seo", "audit"],
        old_name: "audit",
        new_name: "site audit",
        updated_path: ["seo", "site audit"],
      },
      {
        operation: "update_keywords",
        success: true,
        path: ["seo", "site audit"],
        added: ["audit tool"],
        removed: [],
        current_keywords: ["audit tool"],
      },
      {
        operation: "move",
        success: true,
        source_path: ["seo", "site audit"],
        target_parent_path: ["content"],
        new_path: ["content", "site audit"],
      },
      { operation: "merge", success: true, keep_path: ["content"], merged_from: ["seo"], children_moved: 1, keywords_merged: 1 },
      {
        operation: "delete",
        success: true,
        path: ["content", "tools"],
        deleted_node: "tools",
        deleted_descendants: 0,
        deleted_keywords: 0,
      },
    ]);
    expect(outcome.tree).toEqual([
      {
        id: "n3",
        name: "content",
        keywords: ["seo"],
        children: [{ id: "new1", name: "site audit", keywords: ["audit tool"], children: [] }],
      },
    ]);
  });

  it("fails as a whole, naming the index, the action and the reason, and leaves the tree as it was", () => {
    const tree = sample();
    const snapshot = JSON.stringify(tree);
    const outcome = failed(
      applyBulk(
        tree,
        [
          { action: "add", parent_path: [], name: "links" },
          { action: "rename", path: ["seo", "tools"], new_name: "x" },
          { action: "delete", path: ["seo", "nope"] },
        ],
        counterIds(),
      ),
    );
    expect(outcome).toEqual({
      ok: false,
      failedAtIndex: 2,
      action: "delete",
      error: 'Operation 2 (delete) failed: Node not found: "seo > nope"',
      status: 404,
    });
    expect(JSON.stringify(tree)).toBe(snapshot);
  });

  it("answers 409 for a clash created by an earlier operation", () => {
    const outcome = failed(
      applyBulk(
        sample(),
        [
          { action: "add", parent_path: ["seo"], name: "audit" },
          { action: "rename", path: ["seo", "tools"], new_name: "Audit" },
        ],
        counterIds(),
      ),
    );
    expect(outcome).toMatchObject({ failedAtIndex: 1, action: "rename", status: 409 });
  });

  it.each([
    [null, null, "an operation must be an object"],
    [{}, null, 'the action must be given as a string in "action" or "op"'],
    [{ action: "explode" }, "explode", 'unknown action "explode"'],
    [{ action: "add", op: "delete" }, "add", '"action" and "op" name different actions'],
    [{ action: "rename", path: "seo", new_name: "x" }, "rename", "path must be an array of strings"],
    [{ action: "rename", path: ["seo"] }, "rename", "new_name is required"],
    [{ action: "rename", path: ["seo"], new_name: 5 }, "rename", "new_name must be a string"],
    [{ action: "add", parent_path: [], name: "x", position: "1" }, "add", "position must be an integer or null"],
    [{ action: "move", source_path: ["seo"] }, "move", "target_parent_path is required"],
    [{ action: "update_keywords", path: ["seo"], add: "x" }, "update_keywords", "add must be an array of strings"],
    [{ action: "update_keywords", path: ["seo"] }, "update_keywords", /At least one of add or remove/],
    [{ action: "merge", keep_path: ["seo"], merge_path: [3] }, "merge", "merge_path must be an array of strings"],
  ])("refuses the malformed operation %j with 400", (op, action, reason) => {
    const outcome = failed(applyBulk(sample(), [{ action: "add", parent_path: [], name: "x" }, op], counterIds()));
    expect(outcome).toMatchObject({ failedAtIndex: 1, action, status: 400 });
    expect(outcome.error.startsWith(`Operation 1 (${action ?? "no action"}) failed: `)).toBe(true);
    if (typeof reason === "string") expect(outcome.error).toContain(reason);
    else expect(outcome.error).toMatch(reason);
  });

  it("accepts an empty list and returns the same tree", () => {
    const tree = sample();
    expect(applyBulk(tree, [], counterIds())).toEqual({ ok: true, tree, results: [] });
  });

  it("gives each operation the result of its single function", () => {
    const tree = sample();
    const cases: [unknown, () => { tree: Tree; result: object }][] = [
      [{ action: "add", parent_path: ["seo"], name: "x", position: 0 }, () => addNode(tree, ["seo"], "x", 0, counterIds())],
      [{ op: "rename", path: ["seo"], new_name: "y" }, () => renameNode(tree, ["seo"], "y")],
      [{ op: "delete", path: ["seo"] }, () => deleteNode(tree, ["seo"])],
      [{ op: "move", source_path: ["seo", "tools"], target_parent_path: [] }, () => moveNode(tree, ["seo", "tools"], [], null)],
      [{ op: "merge", keep_path: ["seo"], merge_path: ["content"] }, () => mergeNodes(tree, ["seo"], ["content"])],
      [{ op: "update_keywords", path: ["seo"], remove: ["seo"] }, () => updateKeywords(tree, ["seo"], [], ["seo"])],
    ];
    for (const [op, single] of cases) {
      const outcome = applyBulk(tree, [op], counterIds());
      const direct = single();
      if (!outcome.ok) throw new Error(outcome.error);
      expect(outcome.tree).toEqual(direct.tree);
      expect(outcome.results[0]).toMatchObject(direct.result);
    }
  });
});

describe("applyBulk, over random trees and operations", () => {
  it("equals its operations applied one by one, stopping at the first failure", () => {
    fc.assert(
      fc.property(treeWithOpsArb, ({ tree, operations }) => {
        const frozen = deepFreeze(tree);
        const bulk = applyBulk(frozen, operations, counterIds());
        const ids = counterIds();
        let current = frozen;
        const results: unknown[] = [];
        for (const [index, op] of operations.entries()) {
          const one = applyBulk(current, [op], ids);
          if (!one.ok) {
            expect(bulk).toEqual({ ...one, failedAtIndex: index, error: one.error.replace(/^Operation 0/, `Operation ${index}`) });
            return;
          }
          current = deepFreeze(one.tree);
          results.push(...one.results);
        }
        expect(bulk).toEqual({ ok: true, tree: current, results });
      }),
      { numRuns: 300 },
    );
  });

  it("leaves the tree byte-identical when it fails", () => {
    fc.assert(
      fc.property(treeWithOpsArb, ({ tree, operations }) => {
        const snapshot = JSON.stringify(tree);
        const outcome = applyBulk(tree, operations, counterIds());
        expect(JSON.stringify(tree)).toBe(snapshot);
        if (!outcome.ok) expect(outcome).not.toHaveProperty("tree");
      }),
      { numRuns: 300 },
    );
  });
});
