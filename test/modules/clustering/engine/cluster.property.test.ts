// The engine against the quadratic reference on many random inputs: identical clusters. Inputs
// are drawn from small pools so that keywords share URLs, volumes tie, keywords repeat and URLs
// appear in several spellings of one normalized form.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clusterKeywords, type Cluster, type ClusterInput } from "../../../../src/modules/clustering/engine";
import { referenceCluster, referenceNormalizeUrl, referenceRequiredOverlap } from "./reference";

const overlapArb = fc.integer({ min: 20, max: 90 }).map((hundredths) => hundredths / 100);

/** One of a few results, spelled one of many ways. */
const urlArb = fc
  .record({
    scheme: fc.constantFrom("https://", "http://", "", "//"),
    www: fc.boolean(),
    upper: fc.boolean(),
    host: fc.constantFrom("a.com", "b.org", "c.net", "en.wikipedia.org"),
    path: fc.constantFrom("", "/", "/x", "/x/", "/X", "/y?q=1", "/y/?q=1", "/z"),
    fragment: fc.constantFrom("", "", "#top"),
  })
  .map(({ scheme, www, upper, host, path, fragment }) => {
    const h = (www ? "www." : "") + host;
    return scheme + (upper ? h.toUpperCase() : h) + path + fragment;
  });

const volumeArb = fc.oneof(
  { weight: 10, arbitrary: fc.integer({ min: 0, max: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, 1_000_000, 0.5) },
);

const keywordArb = fc.string({ unit: fc.constantFrom("a", "b", "B", "é", " "), minLength: 1, maxLength: 4 });

const entryArb: fc.Arbitrary<ClusterInput> = fc.record({
  keyword: keywordArb,
  searchVolume: volumeArb,
  urls: fc.array(urlArb, { maxLength: 13 }),
});

/**
 * Larger inputs shaped like real SERPs: topics whose keywords share most of a topic's URLs, a
 * URL common to nearly everything, and a few strays.
 */
const topicalArb: fc.Arbitrary<ClusterInput[]> = fc
  .array(
    fc.record({
      topic: fc.integer({ min: 0, max: 7 }),
      picks: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 10 }),
      common: fc.boolean(),
      stray: fc.integer({ min: 0, max: 40 }),
      volume: fc.integer({ min: 0, max: 30 }),
    }),
    { minLength: 50, maxLength: 250 },
  )
  .map((rows) =>
    rows.map(({ topic, picks, common, stray, volume }, i) => ({
      keyword: `kw ${i}`,
      searchVolume: volume,
      urls: [
        ...(common ? ["https://www.wikipedia.org/"] : []),
        ...picks.map((p) => `https://topic${topic}.example/${p}`),
        `https://stray.example/${stray}`,
      ],
    })),
  );

function sharedWithCentroid(input: readonly ClusterInput[], cluster: Cluster, member: string): number {
  const top = (keyword: string) => {
    const entry = input.find((e) => e.keyword === keyword)!;
    return new Set(
      entry.urls
        .slice(0, 10)
        .map(referenceNormalizeUrl)
        .filter((u) => u !== ""),
    );
  };
  const centroid = top(cluster.centroid);
  return [...top(member)].filter((u) => centroid.has(u)).length;
}

describe("clusterKeywords against the reference", () => {
  it("gives identical clusters on small random inputs", () => {
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 40 }), overlapArb, (input, overlap) => {
        expect(clusterKeywords(input, overlap)).toEqual(referenceCluster(input, overlap));
      }),
      { numRuns: 1500 },
    );
  });

  it("gives identical clusters on larger topical inputs with a URL common to most keywords", () => {
    fc.assert(
      fc.property(topicalArb, overlapArb, (input, overlap) => {
        expect(clusterKeywords(input, overlap)).toEqual(referenceCluster(input, overlap));
      }),
      { numRuns: 150 },
    );
  });
});

describe("clusterKeywords properties", () => {
  it("partitions the distinct keywords, each member sharing enough with its centroid", () => {
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 40 }), overlapArb, (input, overlap) => {
        const clusters = clusterKeywords(input, overlap);
        const all = clusters.flatMap((c) => c.keywords);
        expect([...all].sort()).toEqual([...new Set(input.map((e) => e.keyword))].sort());
        expect(clusters.map((c) => c.id)).toEqual(clusters.map((_, i) => `c${i + 1}`));
        for (const cluster of clusters) {
          expect(cluster.keywords[0]).toBe(cluster.centroid);
          for (const member of cluster.keywords.slice(1)) {
            expect(sharedWithCentroid(input, cluster, member)).toBeGreaterThanOrEqual(referenceRequiredOverlap(overlap));
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it("does not depend on the input's order when keywords are distinct", () => {
    const distinctArb = fc.uniqueArray(entryArb, { selector: (e) => e.keyword, maxLength: 30 });
    const pairArb = distinctArb.chain((input) =>
      fc.tuple(fc.constant(input), fc.shuffledSubarray(input, { minLength: input.length, maxLength: input.length })),
    );
    fc.assert(
      fc.property(pairArb, overlapArb, ([input, shuffled], overlap) => {
        expect(clusterKeywords(shuffled, overlap)).toEqual(clusterKeywords(input, overlap));
      }),
      { numRuns: 500 },
    );
  });

  it("lets the first centroid take in no more at a higher overlap than at a lower one", () => {
    fc.assert(
      fc.property(fc.array(entryArb, { minLength: 1, maxLength: 40 }), overlapArb, overlapArb, (input, x, y) => {
        const [low, high] = x <= y ? [x, y] : [y, x];
        const first = (o: number) => clusterKeywords(input, o)[0]!.keywords;
        const strict = new Set(first(low));
        for (const keyword of first(high)) expect(strict.has(keyword)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
