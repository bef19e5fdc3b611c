// The grouped view's model: the keyword rows gathered back into their clusters, named by their
// centroids with the API's totals, and the clusters a filter keeps.
import { describe, expect, it } from "vitest";
import type { Schemas } from "../../../clients/typescript/src/index";
import { clusterGroups, matchingGroups } from "../../../console/src/clustering/cluster-groups";
import { keywordRows } from "../../../console/src/clustering/keyword-rows";

const keyword = (name: string, volume: number, order: number): Schemas["Cluster"]["keywords"][number] => ({
  keyword: name,
  search_volume: volume,
  cpc: 1.5,
  competition: 0.4,
  sort_order: order,
  has_serp_data: true,
  serp_fetched_at: "2026-11-20T10:00:00Z",
});

const CLUSTERS: Schemas["Cluster"][] = [
  {
    id: "c1",
    centroid: "espresso machine",
    keyword_count: 2,
    total_search_volume: 1500,
    keywords: [keyword("espresso machine", 1000, 0), keyword("home espresso machine", 500, 1)],
  },
  {
    id: "c2",
    centroid: "burr grinder",
    keyword_count: 3,
    total_search_volume: 900,
    keywords: [keyword("burr grinder", 600, 0), keyword("conical burr grinder", 200, 1), keyword("single dose mill", 100, 2)],
  },
  { id: "c3", centroid: "espresso tamper", keyword_count: 1, total_search_volume: 80, keywords: [keyword("espresso tamper", 80, 0)] },
];

describe("the clusters of the grouped view", () => {
  it("are the API's clusters, in its order, named by their centroids with their totals", () => {
    const groups = clusterGroups(keywordRows(CLUSTERS));
    expect(groups.map(({ id, name, keywordCount, totalVolume }) => ({ id, name, keywordCount, totalVolume }))).toEqual([
      { id: "c1", name: "espresso machine", keywordCount: 2, totalVolume: 1500 },
      { id: "c2", name: "burr grinder", keywordCount: 3, totalVolume: 900 },
      { id: "c3", name: "espresso tamper", keywordCount: 1, totalVolume: 80 },
    ]);
  });

  it("hold their own keywords, the centroid first", () => {
    const grinders = clusterGroups(keywordRows(CLUSTERS))[1];
    expect(grinders?.keywords.map((row) => [row.keyword, row.isCentroid])).toEqual([
      ["burr grinder", true],
      ["conical burr grinder", false],
      ["single dose mill", false],
    ]);
  });

  it("are kept by a filter matching every word in their name or one of their keywords, in any case", () => {
    const groups = clusterGroups(keywordRows(CLUSTERS));
    const names = (query: string) => matchingGroups(groups, query).map((group) => group.name);
    expect(names("")).toEqual(["espresso machine", "burr grinder", "espresso tamper"]);
    expect(names("ESPRESSO")).toEqual(["espresso machine", "espresso tamper"]);
    expect(names("dose")).toEqual(["burr grinder"]);
    expect(names("home machine")).toEqual(["espresso machine"]);
    expect(names("tamper grinder")).toEqual([]);
  });
});
