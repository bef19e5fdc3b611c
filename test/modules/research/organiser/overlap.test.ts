import { describe, expect, it } from "vitest";
import { DisjointSets, samePagePairs } from "../../../../src/modules/research/organiser/overlap";

const urls = (prefix: string, from: number, to: number): string[] => Array.from({ length: to - from }, (_, i) => `${prefix}/${from + i}`);

describe("samePagePairs", () => {
  it("pairs keywords whose top 10 share at least four URLs, whatever their order", () => {
    const serps = new Map([
      ["a", urls("x", 0, 10)],
      ["b", urls("x", 6, 16).reverse()],
      ["c", urls("x", 7, 17)],
    ]);
    // a-b share 4, a-c share 3, b-c share 9.
    expect(samePagePairs(["a", "b", "c"], serps)).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });

  it("counts a URL listed twice once, and pairs nothing without a SERP", () => {
    const serps = new Map([
      ["a", [...urls("x", 0, 3), "x/0", "x/1"]],
      ["b", urls("x", 0, 3)],
    ]);
    expect(samePagePairs(["a", "b", "missing"], serps)).toEqual([]);
  });
});

describe("DisjointSets", () => {
  it("joins transitively, the smallest member as the root whatever the order of the unions", () => {
    const sets = new DisjointSets(5);
    sets.union(4, 3);
    sets.union(3, 1);
    expect([0, 1, 2, 3, 4].map((item) => sets.find(item))).toEqual([0, 1, 2, 1, 1]);
    sets.union(2, 0);
    sets.union(0, 4);
    expect([0, 1, 2, 3, 4].map((item) => sets.find(item))).toEqual([0, 0, 0, 0, 0]);
  });
});
