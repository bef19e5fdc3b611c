// The clustering engine by worked example: each test pins one rule of docs/conventions.md §7.
import { describe, expect, it } from "vitest";
import { clusterKeywords, type ClusterInput } from "../../../../src/modules/clustering/engine";

/** Short names in `urls` ("1", "t0a") expand to distinct result URLs; anything else is kept as is. */
function kw(keyword: string, searchVolume: number, urls: string[]): ClusterInput {
  return { keyword, searchVolume, urls: urls.map((u) => (/^[a-z0-9-]+$/i.test(u) ? `https://site-${u}.com/page` : u)) };
}

function shape(clusters: ReturnType<typeof clusterKeywords>): string[][] {
  return clusters.map((c) => c.keywords);
}

describe("clusterKeywords", () => {
  it("groups keywords sharing enough URLs with the centroid, centroid first, ids in centroid order", () => {
    const clusters = clusterKeywords(
      [
        kw("running shoes", 5000, ["a", "b", "c", "d", "e"]),
        kw("best running shoes", 3000, ["a", "b", "c", "x", "y"]),
        kw("trail shoes", 800, ["p", "q", "r", "s"]),
        kw("trail running shoes", 900, ["p", "q", "r", "a"]),
      ],
      0.3,
    );
    expect(clusters).toEqual([
      { id: "c1", centroid: "running shoes", keywords: ["running shoes", "best running shoes"] },
      { id: "c2", centroid: "trail running shoes", keywords: ["trail running shoes", "trail shoes"] },
    ]);
  });

  it("compares with the centroid only, never with other members", () => {
    // b shares 3 with a and joins; c shares 3 with b but only 1 with a: it starts its own cluster.
    const input = [kw("a", 30, ["1", "2", "3", "4"]), kw("b", 20, ["1", "2", "3", "5", "6"]), kw("c", 10, ["4", "5", "6", "7"])];
    expect(shape(clusterKeywords(input, 0.3))).toEqual([["a", "b"], ["c"]]);
  });

  it("lets the earlier centroid take a keyword both centroids would accept", () => {
    const input = [kw("first", 100, ["1", "2", "3"]), kw("second", 90, ["4", "5", "6"]), kw("both", 50, ["1", "2", "4", "5"])];
    expect(shape(clusterKeywords(input, 0.2))).toEqual([["first", "both"], ["second"]]);
  });

  it("needs at least ceil(x × 10) shared URLs: 0.3 accepts 3, 0.31 does not", () => {
    const input = [kw("a", 2, ["1", "2", "3", "4"]), kw("b", 1, ["1", "2", "3", "9"])];
    expect(shape(clusterKeywords(input, 0.3))).toEqual([["a", "b"]]);
    expect(shape(clusterKeywords(input, 0.1 + 0.2))).toEqual([["a", "b"]]);
    expect(shape(clusterKeywords(input, 0.31))).toEqual([["a"], ["b"]]);
  });

  it("orders by volume descending, ties by keyword in code-unit order", () => {
    const shared = ["1", "2", "3", "4"];
    const input = [kw("b", 10, shared), kw("Z", 10, shared), kw("a", 10, shared), kw("c", 50, shared), kw("é", 10, shared)];
    // "Z" (0x5a) sorts before "a" (0x61), "é" (0xe9) after "b".
    expect(clusterKeywords(input, 0.4)).toEqual([{ id: "c1", centroid: "c", keywords: ["c", "Z", "a", "b", "é"] }]);
  });

  it("adds members in centroid order, whatever the input order", () => {
    const shared = ["1", "2", "3"];
    const input = [kw("low", 1, shared), kw("mid", 5, shared), kw("top", 9, shared), kw("high", 7, shared)];
    expect(shape(clusterKeywords(input, 0.3))).toEqual([["top", "high", "mid", "low"]]);
    expect(shape(clusterKeywords([...input].reverse(), 0.3))).toEqual([["top", "high", "mid", "low"]]);
  });

  it("puts a keyword with no results in a cluster of its own", () => {
    const input = [kw("empty", 100, []), kw("also empty", 50, []), kw("x", 10, ["1", "2"]), kw("y", 5, ["1", "2"])];
    expect(shape(clusterKeywords(input, 0.2))).toEqual([["empty"], ["also empty"], ["x", "y"]]);
  });

  it("counts only the first 10 URLs", () => {
    const ten = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"];
    const input = [kw("a", 2, [...ten, "11", "12"]), kw("b", 1, ["11", "12", "1"])];
    expect(shape(clusterKeywords(input, 0.2))).toEqual([["a"], ["b"]]);
    expect(shape(clusterKeywords([kw("a", 2, [...ten.slice(0, 8), "11", "12"]), input[1]!], 0.2))).toEqual([["a", "b"]]);
  });

  it("counts URLs after normalization, and a URL repeated after normalization once", () => {
    const a = kw("a", 2, ["https://www.Example.com/x/", "https://other.com/y", "https://third.com/z"]);
    const b = kw("b", 1, ["http://example.com/x", "example.com/x#frag", "EXAMPLE.com/x/", "other.com/y/"]);
    expect(shape(clusterKeywords([a, b], 0.2))).toEqual([["a", "b"]]);
    expect(shape(clusterKeywords([a, b], 0.3))).toEqual([["a"], ["b"]]);
  });

  it("takes a repeated URL's slot in the first 10 even though it counts once", () => {
    const dupes = Array.from({ length: 9 }, () => "https://site-1.com/page");
    const input = [kw("a", 2, [...dupes, "2", "3"]), kw("b", 1, ["1", "2", "3"])];
    // a's first 10 are site-1 (nine times) and site-2: two distinct URLs, site-3 is 11th.
    expect(shape(clusterKeywords(input, 0.2))).toEqual([["a", "b"]]);
    expect(shape(clusterKeywords(input, 0.3))).toEqual([["a"], ["b"]]);
  });

  it("ignores URLs that normalize to nothing", () => {
    const input = [kw("a", 2, ["", "#x", "1"]), kw("b", 1, ["", "#y", "1"])];
    expect(shape(clusterKeywords(input, 0.2))).toEqual([["a"], ["b"]]);
  });

  it("keeps the first occurrence of a repeated keyword", () => {
    const input = [kw("a", 1, ["1", "2"]), kw("b", 5, ["8", "9"]), kw("a", 100, ["8", "9"])];
    expect(shape(clusterKeywords(input, 0.2))).toEqual([["b"], ["a"]]);
  });

  it("treats a NaN volume as 0", () => {
    const input = [kw("a", Number.NaN, ["1"]), kw("b", 0, ["2"]), kw("c", 1, ["3"])];
    expect(shape(clusterKeywords(input, 0.2))).toEqual([["c"], ["a"], ["b"]]);
  });

  it("returns nothing for no keywords and refuses an impossible overlap", () => {
    expect(clusterKeywords([], 0.4)).toEqual([]);
    expect(() => clusterKeywords([kw("a", 1, ["1"])], 0)).toThrow(RangeError);
  });

  it("does not modify its input", () => {
    const input = [kw("b", 1, ["1", "2"]), kw("a", 2, ["1", "2"])];
    for (const entry of input) {
      Object.freeze(entry.urls);
      Object.freeze(entry);
    }
    const copy = structuredClone(input);
    clusterKeywords(Object.freeze(input), 0.2);
    expect(input).toEqual(copy);
  });

  it("joins many keywords through one centroid while a URL common to all of them is shared", () => {
    // Every keyword has the common URL; only members of the same topic share 3 more.
    const input: ClusterInput[] = [];
    for (let t = 0; t < 20; t++) {
      for (let m = 0; m < 10; m++) {
        input.push(
          kw(`topic ${t} kw ${m}`, 1000 - t * 10 - m, ["https://www.wikipedia.org/", `t${t}a`, `t${t}b`, `t${t}c`, `own${t}-${m}`]),
        );
      }
    }
    const clusters = clusterKeywords(input, 0.4);
    expect(clusters).toHaveLength(20);
    expect(clusters.every((c, t) => c.keywords.length === 10 && c.keywords.every((k) => k.startsWith(`topic ${t} `)))).toBe(true);
    // With 0.2 the common URL plus any topic URL is enough, and 0.2 needs only 2.
    expect(clusterKeywords(input, 0.2)).toHaveLength(20);
  });
});
