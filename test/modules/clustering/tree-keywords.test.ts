import { describe, expect, it } from "vitest";
import { keywordsOfTree } from "../../../src/modules/clustering/tree-keywords";
import type { Tree, TreeNode } from "../../../src/modules/research";

const node = (id: string, name: string, keywords: string[], children: TreeNode[] = []): TreeNode => ({ id, name, keywords, children });

describe("the keywords of a research tree", () => {
  const tree: Tree = [
    node(
      "m1",
      "coffee",
      ["Coffee", " espresso "],
      [
        node(
          "h1",
          "brewing",
          ["cold brew", "espresso"],
          [node("b1", "gear", ["grinder"], [node("r1", "hand grinders", ["hand grinder", ""])])],
        ),
      ],
    ),
    node("m2", "tea", ["green tea", "COLD BREW"]),
  ];

  it("takes every node's keywords depth first, normalized and de-duplicated", () => {
    expect(keywordsOfTree(tree).keywords).toEqual(["coffee", "espresso", "cold brew", "grinder", "hand grinder", "green tea"]);
  });

  it("places a keyword at the first node that lists it, with the node's id and path", () => {
    const { positions } = keywordsOfTree(tree);
    expect(positions.espresso).toEqual({ nodeId: "m1", path: ["coffee"] });
    expect(positions["cold brew"]).toEqual({ nodeId: "h1", path: ["coffee", "brewing"] });
    expect(positions["hand grinder"]).toEqual({ nodeId: "r1", path: ["coffee", "brewing", "gear", "hand grinders"] });
    expect(positions["green tea"]).toEqual({ nodeId: "m2", path: ["tea"] });
  });

  it("has a position for exactly the keywords it returns", () => {
    const { keywords, positions } = keywordsOfTree(tree);
    expect(Object.keys(positions).sort()).toEqual([...keywords].sort());
  });

  it("finds nothing in an empty tree or a tree without keywords", () => {
    expect(keywordsOfTree([]).keywords).toEqual([]);
    expect(keywordsOfTree([node("m", "bare", [], [node("h", "hub", ["  "])])]).keywords).toEqual([]);
  });

  it("keeps keywords that look like object properties as plain keys", () => {
    const { keywords, positions } = keywordsOfTree([node("m", "js", ["__proto__", "constructor"])]);
    expect(keywords).toEqual(["__proto__", "constructor"]);
    expect(Object.hasOwn(positions, "__proto__")).toBe(true);
    expect(positions.constructor).toEqual({ nodeId: "m", path: ["js"] });
  });
});
