import { describe, expect, it } from "vitest";
import { addNode, deleteNode, mergeNodes, moveNode, renameNode, updateKeywords } from "../../../../src/modules/research/tree/edits";
import type { Tree } from "../../../../src/modules/research/tree/types";
import { counterIds, deepFreeze, withIds } from "./arbitraries";
import { failure, idPaths, violations } from "./invariants";

const leaf = (name: string, keywords: string[] = []) => ({ name, keywords, children: [] });

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
  return deepFreeze(
    withIds([
      {
        name: "seo",
        keywords: ["seo"],
        children: [
          {
            name: "tools",
            keywords: ["seo tools"],
            children: [{ name: "free tools", keywords: [], children: [leaf("checker", ["free checker"])] }, leaf("paid tools", ["paid"])],
          },
          leaf("audit"),
        ],
      },
      { name: "content", keywords: [], children: [leaf("writing", ["writing tips"])] },
    ]),
  );
}

function names(nodes: Tree): string[] {
  return nodes.map((node) => node.name);
}

function expectFailure(run: () => unknown, status: number, message?: string | RegExp): void {
  const error = failure(run);
  expect(error.status).toBe(status);
  if (typeof message === "string") expect(error.message).toBe(message);
  else if (message) expect(error.message).toMatch(message);
}

describe("renameNode", () => {
  it("renames in place, lowercased and trimmed, keeping the id and the subtree", () => {
    const tree = sample();
    const { tree: next, result } = renameNode(tree, ["SEO", " Tools "], "  SEO Software ");
    expect(result).toEqual({ path: ["seo", "tools"], old_name: "tools", new_name: "seo software", updated_path: ["seo", "seo software"] });
    expect(names(next[0]!.children)).toEqual(["seo software", "audit"]);
    expect(next[0]!.children[0]!.id).toBe(tree[0]!.children[0]!.id);
    expect(next[0]!.children[0]!.children).toBe(tree[0]!.children[0]!.children);
    expect(names(tree[0]!.children)).toEqual(["tools", "audit"]);
  });

  it("allows renaming a node to its own name in another case", () => {
    const { result } = renameNode(sample(), ["seo", "audit"], "AUDIT");
    expect(result.new_name).toBe("audit");
  });

  it("answers 409 when a sibling has the name", () => {
    expectFailure(() => renameNode(sample(), ["seo", "tools"], "Audit"), 409, 'A node named "audit" already exists under "seo"');
    expectFailure(() => renameNode(sample(), ["content"], "SEO"), 409, 'A node named "seo" already exists among the main topics');
  });

  it("answers 404 naming the path as given", () => {
    expectFailure(() => renameNode(sample(), ["seo", "Nope"], "x"), 404, 'Node not found: "seo > Nope"');
    expectFailure(() => renameNode(sample(), ["nope", "tools"], "x"), 404, 'Node not found: "nope > tools"');
  });

  it("answers 400 for an empty or too deep path and for a bad name", () => {
    expectFailure(() => renameNode(sample(), [], "x"), 400, "path must not be empty");
    expectFailure(() => renameNode(sample(), ["a", "b", "c", "d", "e"], "x"), 400, /path has 5 levels/);
    expectFailure(() => renameNode(sample(), ["seo"], "   "), 400, "new_name must not be empty");
    expectFailure(() => renameNode(sample(), ["seo"], "x".repeat(201)), 400, /at most 200 characters/);
    expect(renameNode(sample(), ["seo"], "x".repeat(200)).result.new_name).toHaveLength(200);
  });
});

describe("addNode", () => {
  it("appends by default and answers the level and path", () => {
    const ids = counterIds();
    const { tree, result } = addNode(sample(), ["Seo", "tools"], " New Tools ", undefined, ids);
    expect(result).toEqual({ parent_path: ["seo", "tools"], name: "new tools", level: "ST3", path: ["seo", "tools", "new tools"] });
    const added = tree[0]!.children[0]!.children[2]!;
    expect(added).toEqual({ id: "new1", name: "new tools", keywords: [], children: [] });
    expect(names(tree[0]!.children[0]!.children)).toEqual(["free tools", "paid tools", "new tools"]);
  });

  it("places at the given position, clamped to the end; null appends", () => {
    const at0 = addNode(sample(), ["seo"], "first", 0, counterIds()).tree;
    expect(names(at0[0]!.children)).toEqual(["first", "tools", "audit"]);
    const at1 = addNode(sample(), ["seo"], "middle", 1, counterIds()).tree;
    expect(names(at1[0]!.children)).toEqual(["tools", "middle", "audit"]);
    const far = addNode(sample(), ["seo"], "last", 99, counterIds()).tree;
    expect(names(far[0]!.children)).toEqual(["tools", "audit", "last"]);
    const nul = addNode(sample(), ["seo"], "end", null, counterIds()).tree;
    expect(names(nul[0]!.children)).toEqual(["tools", "audit", "end"]);
  });

  it("creates a main topic under the empty path, and a leaf at level 4", () => {
    const top = addNode(sample(), [], "Links", 1, counterIds());
    expect(top.result.level).toBe("MT");
    expect(names(top.tree)).toEqual(["seo", "links", "content"]);
    expect(addNode(sample(), ["seo", "tools", "free tools"], "x", null, counterIds()).result.level).toBe("ST4");
  });

  it("refuses a node under level 4, a bad position, a clash and a missing parent", () => {
    expectFailure(
      () => addNode(sample(), ["seo", "tools", "free tools", "checker"], "x", null, counterIds()),
      400,
      /parent_path has 4 levels/,
    );
    expectFailure(() => addNode(sample(), ["seo"], "x", -1, counterIds()), 400, "position must not be negative");
    expectFailure(() => addNode(sample(), ["seo"], "x", 1.5, counterIds()), 400, "position must be an integer or null");
    expectFailure(() => addNode(sample(), ["seo"], " TOOLS", null, counterIds()), 409, 'A node named "tools" already exists under "seo"');
    expectFailure(() => addNode(sample(), ["seo", "x"], "y", null, counterIds()), 404, 'Node not found: "seo > x"');
    expectFailure(() => addNode(sample(), ["seo"], "", null, counterIds()), 400, "name must not be empty");
  });
});

describe("deleteNode", () => {
  it("removes the node and its subtree and counts what went", () => {
    const { tree, result } = deleteNode(sample(), ["seo", "tools"]);
    expect(result).toEqual({ path: ["seo", "tools"], deleted_node: "tools", deleted_descendants: 3, deleted_keywords: 3 });
    expect(names(tree[0]!.children)).toEqual(["audit"]);
  });

  it("deletes a main topic and a leaf", () => {
    expect(names(deleteNode(sample(), ["CONTENT"]).tree)).toEqual(["seo"]);
    const { result } = deleteNode(sample(), ["seo", "audit"]);
    expect(result).toMatchObject({ deleted_node: "audit", deleted_descendants: 0, deleted_keywords: 0 });
  });

  it("answers 404 and 400", () => {
    expectFailure(() => deleteNode(sample(), ["seo", "gone"]), 404, 'Node not found: "seo > gone"');
    expectFailure(() => deleteNode(sample(), []), 400);
  });
});

describe("updateKeywords", () => {
  it("adds lowercased keywords and skips duplicates and missing ones", () => {
    const { tree, result } = updateKeywords(
      sample(),
      ["seo", "tools"],
      [" Tool List ", "seo tools", "tool list", "rank"],
      ["absent", "SEO TOOLS"],
    );
    expect(result).toEqual({
      path: ["seo", "tools"],
      added: ["tool list", "seo tools", "rank"],
      removed: ["seo tools"],
      current_keywords: ["tool list", "seo tools", "rank"],
    });
    expect(tree[0]!.children[0]!.keywords).toEqual(["tool list", "seo tools", "rank"]);
  });

  it("skips a keyword already present and reports nothing for it", () => {
    const tree = sample();
    const { tree: next, result } = updateKeywords(tree, ["seo"], ["SEO"], []);
    expect(result).toEqual({ path: ["seo"], added: [], removed: [], current_keywords: ["seo"] });
    expect(next).toBe(tree);
  });

  it("removes keywords", () => {
    const { result } = updateKeywords(sample(), ["seo", "tools", "paid tools"], undefined, ["paid"]);
    expect(result).toMatchObject({ removed: ["paid"], added: [], current_keywords: [] });
  });

  it("refuses empty requests, over 200 keywords and empty keywords", () => {
    expectFailure(() => updateKeywords(sample(), ["seo"], [], []), 400, /At least one of add or remove/);
    const many = Array.from({ length: 201 }, (_, i) => `k${i}`);
    expectFailure(() => updateKeywords(sample(), ["seo"], many, []), 400, "add has 201 keywords; at most 200 are allowed");
    expectFailure(() => updateKeywords(sample(), ["seo"], [], many), 400, /remove has 201 keywords/);
    expect(updateKeywords(sample(), ["seo"], many.slice(0, 200), []).result.added).toHaveLength(200);
    expectFailure(() => updateKeywords(sample(), ["seo"], ["ok", "  "], []), 400, "add[1] must not be empty");
    expectFailure(() => updateKeywords(sample(), ["nope"], ["x"], []), 404, 'Node not found: "nope"');
  });
});

describe("moveNode", () => {
  it("moves the whole subtree, keeping every id", () => {
    const tree = sample();
    const { tree: next, result } = moveNode(tree, ["seo", "tools"], ["Content"], 0);
    expect(result).toEqual({ source_path: ["seo", "tools"], target_parent_path: ["content"], new_path: ["content", "tools"] });
    expect(names(next[0]!.children)).toEqual(["audit"]);
    expect(names(next[1]!.children)).toEqual(["tools", "writing"]);
    expect(next[1]!.children[0]).toBe(tree[0]!.children[0]);
    expect(violations(next)).toEqual([]);
  });

  it("promotes to a main topic with an empty target", () => {
    const { tree, result } = moveNode(sample(), ["seo", "tools", "free tools"], [], null);
    expect(result.new_path).toEqual(["free tools"]);
    expect(names(tree)).toEqual(["seo", "content", "free tools"]);
  });

  it("repositions among the same siblings", () => {
    const { tree, result } = moveNode(sample(), ["seo", "audit"], ["seo"], 0);
    expect(result.new_path).toEqual(["seo", "audit"]);
    expect(names(tree[0]!.children)).toEqual(["audit", "tools"]);
    expect(names(moveNode(sample(), ["seo"], [], 5).tree)).toEqual(["content", "seo"]);
  });

  it("refuses a move into its own subtree or onto itself", () => {
    expectFailure(
      () => moveNode(sample(), ["seo", "tools"], ["seo", "TOOLS", "free tools"], null),
      400,
      'Cannot move "seo > tools" into itself or its own subtree',
    );
    expectFailure(() => moveNode(sample(), ["seo", "tools"], ["seo", "tools"], null), 400, /into itself/);
  });

  it("refuses a move that would make the tree deeper than 4 levels", () => {
    expectFailure(() => moveNode(sample(), ["seo", "tools"], ["content", "writing"], null), 400, /5 levels deep; at most 4/);
    expect(moveNode(sample(), ["seo", "tools", "free tools"], ["content", "writing"], null).result.new_path).toEqual([
      "content",
      "writing",
      "free tools",
    ]);
  });

  it("answers 409 for a namesake at the target and 404 for missing paths", () => {
    const withAudit = addNode(sample(), ["content"], "audit", null, counterIds()).tree;
    expectFailure(
      () => moveNode(withAudit, ["seo", "audit"], ["content"], null),
      409,
      'A node named "audit" already exists under "content"',
    );
    expectFailure(() => moveNode(sample(), ["seo", "nope"], ["content"], null), 404, 'Node not found: "seo > nope"');
    expectFailure(() => moveNode(sample(), ["seo", "audit"], ["nope"], null), 404, 'Node not found: "nope"');
    expectFailure(() => moveNode(sample(), ["seo", "audit"], ["content"], -2), 400);
  });
});

describe("mergeNodes", () => {
  /** Two siblings whose children clash on "free tools". */
  function mergeable(): Tree {
    const base = addNode(sample(), ["seo"], "utilities", null, counterIds("u")).tree;
    const withKw = updateKeywords(base, ["seo", "utilities"], ["seo tools", "utility list"], []).tree;
    const withChild = addNode(withKw, ["seo", "utilities"], "free tools", null, counterIds("v")).tree;
    const deeper = addNode(withChild, ["seo", "utilities", "free tools"], "validator", null, counterIds("w")).tree;
    return deepFreeze(addNode(deeper, ["seo", "utilities"], "apis", null, counterIds("x")).tree);
  }

  it("moves children and keywords into the kept node and deletes the other", () => {
    const tree = mergeable();
    const keepId = tree[0]!.children[0]!.id;
    const { tree: next, result } = mergeNodes(tree, ["seo", "tools"], ["SEO", "Utilities"]);
    expect(result).toEqual({ keep_path: ["seo", "tools"], merged_from: ["seo", "utilities"], children_moved: 2, keywords_merged: 1 });
    const kept = next[0]!.children[0]!;
    expect(kept.id).toBe(keepId);
    expect(kept.keywords).toEqual(["seo tools", "utility list"]);
    expect(names(next[0]!.children)).toEqual(["tools", "audit"]);
    expect(names(kept.children)).toEqual(["free tools", "paid tools", "apis"]);
    // The clashing child is merged into its namesake, which keeps its own id.
    const free = kept.children[0]!;
    expect(free.id).toBe(tree[0]!.children[0]!.children[0]!.id);
    expect(names(free.children)).toEqual(["checker", "validator"]);
    expect(violations(next)).toEqual([]);
  });

  it("refuses nodes at different levels, under different parents, or the same node", () => {
    expectFailure(() => mergeNodes(sample(), ["seo"], ["seo", "tools"]), 400, /must be at the same level/);
    expectFailure(() => mergeNodes(sample(), ["seo", "tools"], ["content", "writing"]), 400, /must have the same parent/);
    expectFailure(() => mergeNodes(sample(), ["seo", "tools"], ["SEO", " tools"]), 400, /two different nodes/);
  });

  it("answers 404 for a missing node", () => {
    expectFailure(() => mergeNodes(sample(), ["seo", "tools"], ["seo", "ghost"]), 404, 'Node not found: "seo > ghost"');
  });

  it("merges main topics", () => {
    const { tree, result } = mergeNodes(sample(), ["content"], ["seo"]);
    expect(result).toMatchObject({ children_moved: 2, keywords_merged: 1 });
    expect(names(tree)).toEqual(["content"]);
    expect(names(tree[0]!.children)).toEqual(["writing", "tools", "audit"]);
    expect([...idPaths(tree).keys()]).not.toContain(sample()[0]!.id);
  });
});
