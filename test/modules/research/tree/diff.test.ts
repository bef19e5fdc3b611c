import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyBulk } from "../../../../src/modules/research/tree/bulk";
import { assertDiffLimits, diffTrees, MAX_DIFF_BYTES, type DiffResult } from "../../../../src/modules/research/tree/diff";
import { addNode, deleteNode, moveNode, renameNode, updateKeywords } from "../../../../src/modules/research/tree/edits";
import { TreeOpError, type Tree } from "../../../../src/modules/research/tree/types";
import { toWire } from "../../../../src/modules/research/tree/wire";
import { allPaths, counterIds, nameArb, treeArb, treeWithOpsArb, withIds, type RawNode } from "./arbitraries";

const node = (name: string, keywords: string[] = [], children: RawNode[] = []): RawNode => ({ name, keywords, children });

/**
 * seo [seo]
 *   tools [seo tools]
 *     free tools
 *       checker [free checker]
 *     paid tools [paid]
 *   audit
 * content
 *   writing [writing tips]
 */
function sample(): Tree {
  return withIds([
    node(
      "seo",
      ["seo"],
      [
        node("tools", ["seo tools"], [node("free tools", [], [node("checker", ["free checker"])]), node("paid tools", ["paid"])]),
        node("audit"),
      ],
    ),
    node("content", [], [node("writing", ["writing tips"])]),
  ]);
}

const EMPTY_SUMMARY = { nodes_added: 0, nodes_deleted: 0, nodes_renamed: 0, nodes_moved: 0, keywords_added: 0, keywords_removed: 0 };

function diff(before: Tree, after: Tree): DiffResult {
  return diffTrees(toWire(before), toWire(after));
}

function count(tree: Tree): { nodes: number; keywords: number } {
  let nodes = 0;
  let keywords = 0;
  const visit = (list: Tree): void => {
    for (const item of list) {
      nodes += 1;
      keywords += item.keywords.length;
      visit(item.children);
    }
  };
  visit(tree);
  return { nodes, keywords };
}

describe("diffTrees", () => {
  it("reports an added subtree once, at its top, in the spec's shape", () => {
    const grown = addNode(
      addNode(sample(), ["content"], "editing", null, counterIds()).tree,
      ["content", "editing"],
      "grammar",
      null,
      counterIds("g"),
    ).tree;
    expect(diff(sample(), grown)).toEqual({
      changes: [{ type: "added", level: "ST2", path: ["content", "editing"], name: "editing", descendants_added: 1 }],
      summary: { ...EMPTY_SUMMARY, nodes_added: 2 },
    });
  });

  it("reports a deleted subtree once with its descendants and keywords", () => {
    expect(diff(sample(), deleteNode(sample(), ["seo", "tools"]).tree)).toEqual({
      changes: [{ type: "deleted", level: "ST2", path: ["seo", "tools"], name: "tools", descendants_deleted: 3 }],
      summary: { ...EMPTY_SUMMARY, nodes_deleted: 4, keywords_removed: 3 },
    });
  });

  it("reports a rename by the content that stayed, and not the renamed node's subtree", () => {
    const renamed = renameNode(sample(), ["seo", "tools"], "software").tree;
    expect(diff(sample(), renamed)).toEqual({
      changes: [{ type: "renamed", level: "ST2", path: ["seo", "software"], name: "software", old_name: "tools" }],
      summary: { ...EMPTY_SUMMARY, nodes_renamed: 1 },
    });
  });

  it("reports a rename of a main topic whose child has the new name", () => {
    const before = withIds([node("seo", [], [node("tools", ["t"]), node("audit")])]);
    const after = withIds([node("tools", [], [node("tools", ["t"]), node("audit")])]);
    expect(diff(before, after).changes).toEqual([{ type: "renamed", level: "MT", path: ["tools"], name: "tools", old_name: "seo" }]);
  });

  it("takes a renamed node without children or keywords for a deletion and an addition", () => {
    const renamed = renameNode(sample(), ["seo", "audit"], "site audit").tree;
    expect(diff(sample(), renamed).changes).toEqual([
      { type: "added", level: "ST2", path: ["seo", "site audit"], name: "site audit", descendants_added: 0 },
      { type: "deleted", level: "ST2", path: ["seo", "audit"], name: "audit", descendants_deleted: 0 },
    ]);
  });

  it("reports a move with the old path, and a promotion with its new level", () => {
    const moved = moveNode(sample(), ["seo", "tools", "free tools"], ["content", "writing"], null).tree;
    expect(diff(sample(), moved)).toEqual({
      changes: [
        {
          type: "moved",
          level: "ST3",
          path: ["content", "writing", "free tools"],
          name: "free tools",
          old_path: ["seo", "tools", "free tools"],
        },
      ],
      summary: { ...EMPTY_SUMMARY, nodes_moved: 1 },
    });
    const promoted = moveNode(sample(), ["seo", "tools"], [], null).tree;
    expect(diff(sample(), promoted).changes).toEqual([
      { type: "moved", level: "MT", path: ["tools"], name: "tools", old_path: ["seo", "tools"] },
    ]);
  });

  it("finds a node moved out of a parent that was then deleted", () => {
    const moved = moveNode(sample(), ["seo", "tools", "paid tools"], ["content"], null).tree;
    const after = deleteNode(moved, ["seo", "tools"]).tree;
    expect(diff(sample(), after).changes).toEqual([
      { type: "moved", level: "ST2", path: ["content", "paid tools"], name: "paid tools", old_path: ["seo", "tools", "paid tools"] },
      { type: "deleted", level: "ST2", path: ["seo", "tools"], name: "tools", descendants_deleted: 2 },
    ]);
  });

  it("finds a node promoted to a main topic out of a parent that was then deleted", () => {
    const moved = moveNode(sample(), ["content", "writing"], [], null).tree;
    const after = deleteNode(moved, ["content"]).tree;
    expect(diff(sample(), after).changes).toEqual([
      { type: "moved", level: "MT", path: ["writing"], name: "writing", old_path: ["content", "writing"] },
      { type: "deleted", level: "MT", path: ["content"], name: "content", descendants_deleted: 0 },
    ]);
  });

  it("counts keyword additions and removals of nodes that stayed", () => {
    const after = updateKeywords(sample(), ["seo", "tools"], ["tool list", "best tools"], ["seo tools"]).tree;
    expect(diff(sample(), after)).toEqual({ changes: [], summary: { ...EMPTY_SUMMARY, keywords_added: 2, keywords_removed: 1 } });
  });

  it("ignores a new order of siblings", () => {
    expect(diff(sample(), moveNode(sample(), ["seo", "audit"], ["seo"], 0).tree)).toEqual({ changes: [], summary: EMPTY_SUMMARY });
  });

  it("reads lenient bodies and refuses broken ones with 400 naming the side", () => {
    expect(diffTrees([{ name: "SEO" }], [{ main_topic: "seo", keywords: ["x", ""] }]).summary).toEqual({
      ...EMPTY_SUMMARY,
      keywords_added: 1,
    });
    for (const [before, after, message] of [
      [{}, [], "before must be an array of main topics"],
      [[], [{ main_topic: "a" }, { main_topic: "A" }], 'after[1] is named "a", as is its sibling after[0]'],
      [[{ main_topic: "a", subtopic_2: [{ name: 1 }] }], [], "before[0].subtopic_2[0].name must be a string"],
    ] as const) {
      let error: unknown;
      try {
        diffTrees(before, after);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(TreeOpError);
      expect((error as TreeOpError).status).toBe(400);
      expect((error as TreeOpError).message).toBe(message);
    }
  });
});

describe("assertDiffLimits", () => {
  function wideTree(nodes: number): unknown[] {
    return [{ main_topic: "root", subtopic_2: Array.from({ length: nodes - 1 }, (_, i) => ({ name: `n${i}` })) }];
  }

  function status(run: () => void): number | null {
    try {
      run();
      return null;
    } catch (error) {
      return error instanceof TreeOpError ? error.status : -1;
    }
  }

  it("answers 413 over 2 MB", () => {
    expect(status(() => assertDiffLimits(MAX_DIFF_BYTES, [], []))).toBeNull();
    expect(status(() => assertDiffLimits(MAX_DIFF_BYTES + 1, [], []))).toBe(413);
  });

  it("answers 413 over 5,000 nodes in both trees together", () => {
    expect(status(() => assertDiffLimits(100, wideTree(2_500), wideTree(2_500)))).toBeNull();
    expect(status(() => assertDiffLimits(100, wideTree(2_500), wideTree(2_501)))).toBe(413);
    expect(status(() => assertDiffLimits(100, [], wideTree(5_001)))).toBe(413);
  });
});

describe("diffTrees, over random trees", () => {
  it("finds nothing between a tree and itself", () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        expect(diffTrees(toWire(tree), toWire(tree))).toEqual({ changes: [], summary: EMPTY_SUMMARY });
      }),
      { numRuns: 200 },
    );
  });

  it("accounts for every node and keyword: matched pairs are one to one", () => {
    fc.assert(
      fc.property(treeWithOpsArb, ({ tree, operations }) => {
        const ids = counterIds();
        let after = tree;
        for (const op of operations) {
          const step = applyBulk(after, [op], ids);
          if (step.ok) after = step.tree;
        }
        const { changes, summary } = diff(tree, after);
        const a = count(tree);
        const b = count(after);
        expect(a.nodes - summary.nodes_deleted).toBe(b.nodes - summary.nodes_added);
        expect(b.keywords - a.keywords).toBe(summary.keywords_added - summary.keywords_removed);
        let added = 0;
        let deleted = 0;
        for (const change of changes) {
          if (change.type === "added") added += 1 + change.descendants_added;
          if (change.type === "deleted") deleted += 1 + change.descendants_deleted;
        }
        expect(added).toBe(summary.nodes_added);
        expect(deleted).toBe(summary.nodes_deleted);
        expect(changes.filter((change) => change.type === "renamed")).toHaveLength(summary.nodes_renamed);
        expect(changes.filter((change) => change.type === "moved")).toHaveLength(summary.nodes_moved);
      }),
      { numRuns: 200 },
    );
  });

  it("reports a single rename, move, add or delete as exactly that change", () => {
    const arb = treeArb
      .filter((tree) => tree.length > 0)
      .chain((tree) =>
        fc.tuple(
          fc.constant(tree),
          fc.constantFrom(...allPaths(tree)),
          fc.constantFrom([] as string[], ...allPaths(tree).filter((path) => path.length < 4)),
          nameArb,
          fc.constantFrom("rename", "move", "add", "delete"),
        ),
      );
    fc.assert(
      fc.property(arb, ([tree, path, parent, name, kind]) => {
        let after: Tree;
        let expected: unknown[];
        try {
          if (kind === "rename") {
            const { tree: next, result } = renameNode(tree, path, name);
            after = next;
            const target = findNode(tree, path);
            const hasContent = target.children.length > 0 || target.keywords.length > 0;
            if (result.old_name === result.new_name) expected = [];
            else if (hasContent)
              expected = [{ type: "renamed", path: result.updated_path, name: result.new_name, old_name: result.old_name }];
            else
              expected = [
                { type: "added", path: result.updated_path },
                { type: "deleted", path: result.path },
              ];
          } else if (kind === "move") {
            const { tree: next, result } = moveNode(tree, path, parent, null);
            after = next;
            const sameParent = result.target_parent_path.join("\0") === result.source_path.slice(0, -1).join("\0");
            expected = sameParent ? [] : [{ type: "moved", path: result.new_path, old_path: result.source_path }];
          } else if (kind === "add") {
            const { tree: next, result } = addNode(tree, parent, name, null, counterIds());
            after = next;
            expected = [{ type: "added", path: result.path, descendants_added: 0 }];
          } else {
            const { tree: next, result } = deleteNode(tree, path);
            after = next;
            expected = [{ type: "deleted", path: result.path, descendants_deleted: result.deleted_descendants }];
          }
        } catch (error) {
          expect(error).toBeInstanceOf(TreeOpError);
          return;
        }
        const { changes } = diff(tree, after);
        expect(changes).toHaveLength(expected.length);
        expected.forEach((change, i) => {
          expect(changes[i]).toMatchObject(change as object);
        });
      }),
      { numRuns: 400 },
    );
  });
});

function findNode(tree: Tree, path: string[]): Tree[number] {
  let list = tree;
  let found: Tree[number] | undefined;
  for (const name of path) {
    found = list.find((item) => item.name === name);
    if (found === undefined) throw new Error(`no ${path.join(" > ")}`);
    list = found.children;
  }
  return found!;
}
