// The process's cache of parsed trees: exact versions only, frozen trees, a bounded size.
import { describe, expect, it } from "vitest";
import { freezeTree, TreeCache, treeBytes } from "../../../../src/modules/research/tree/cache";
import type { Tree } from "../../../../src/modules/research/tree/types";

const tree = (name: string): Tree => [
  { id: name, name, keywords: ["k"], children: [{ id: `${name}-c`, name: "child", keywords: [], children: [] }] },
];

describe("tree cache", () => {
  it("answers only for the version it holds", () => {
    const cache = new TreeCache(1024 * 1024);
    const kept = tree("a");
    cache.set("brand", 3, kept);
    expect(cache.get("brand", 3)).toBe(kept);
    expect(cache.get("brand", 2)).toBeNull();
    expect(cache.get("brand", 4)).toBeNull();
    expect(cache.get("other", 3)).toBeNull();
    expect(cache.latest("brand")).toEqual({ version: 3, tree: kept });
  });

  it("keeps the newer version when an older one arrives late", () => {
    const cache = new TreeCache(1024 * 1024);
    const newer = tree("b");
    cache.set("brand", 5, newer);
    cache.set("brand", 4, tree("a"));
    expect(cache.latest("brand")?.tree).toBe(newer);
  });

  it("drops the least recently used brand beyond its size", () => {
    // Room for two of these trees, not three.
    const cache = new TreeCache(treeBytes(tree("x")) * 2 + 1);
    cache.set("x", 1, tree("x"));
    cache.set("y", 1, tree("y"));
    cache.get("x", 1);
    cache.set("z", 1, tree("z"));
    expect(cache.get("y", 1)).toBeNull();
    expect(cache.get("x", 1)).not.toBeNull();
    expect(cache.get("z", 1)).not.toBeNull();
  });

  it("hands out trees that cannot be changed in place", () => {
    const cache = new TreeCache(1024 * 1024);
    cache.set("brand", 1, tree("a"));
    const kept = cache.get("brand", 1)!;
    expect(() => kept.push(tree("b")[0]!)).toThrow(TypeError);
    expect(() => {
      kept[0]!.name = "changed";
    }).toThrow(TypeError);
    expect(() => kept[0]!.keywords.push("more")).toThrow(TypeError);
    expect(() => kept[0]!.children[0]!.children.push(tree("c")[0]!)).toThrow(TypeError);
  });

  it("freezes the new nodes of a tree that shares frozen ones", () => {
    const shared = freezeTree(tree("a"))[0]!;
    const next = freezeTree([shared, tree("b")[0]!]);
    expect(Object.isFrozen(next[1]!.children[0])).toBe(true);
    expect(next[0]).toBe(shared);
  });

  it("keeps no tree larger than its whole size, and counts a tree by its nodes and words", () => {
    const big: Tree = [{ id: "b", name: "big", keywords: Array.from({ length: 200 }, (_, i) => `keyword number ${i}`), children: [] }];
    expect(treeBytes(big)).toBeGreaterThan(treeBytes(tree("small")) * 10);
    const cache = new TreeCache(treeBytes(big) - 1);
    cache.set("brand", 1, big);
    expect(cache.get("brand", 1)).toBeNull();
  });
});
