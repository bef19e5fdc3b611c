// An uploaded map's entries checked (upload/entries.ts) and turned into map rows (upload/map.ts):
// the first of a duplicate wins, labels cluster (case-insensitively), the centroid has the most
// volume, clusters come in centroid order, and the SERP fields come from the keyword alone.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkEntry, MESSAGES, type CleanEntry } from "../../../../src/modules/maps/upload/entries";
import { uploadedMapRows } from "../../../../src/modules/maps/upload/map";

const entry = (keyword: string, searchVolume = 0, cluster: string | null = null, path: string[] = []): CleanEntry => ({
  keyword,
  cluster,
  searchVolume,
  cpc: 0,
  competition: 0,
  path,
});

describe("checkEntry", () => {
  it("cleans a keyword and reads numbers from JSON values or CSV text", () => {
    expect(
      checkEntry({
        keyword: "  Cold Brew ",
        search_volume: "1200",
        cpc: 0.5,
        competition: "0.25",
        cluster: " Coffee ",
        main_topic: " A ",
        subtopic_2: "B",
      }),
    ).toEqual({
      entry: { keyword: "cold brew", cluster: "Coffee", searchVolume: 1200, cpc: 0.5, competition: 0.25, path: ["A", "B"] },
    });
    expect(checkEntry({ keyword: "x", search_volume: null, cpc: "", cluster: "" }).entry).toMatchObject({
      searchVolume: 0,
      cpc: 0,
      cluster: null,
      path: [],
    });
  });

  it("names every bad field", () => {
    const checked = checkEntry({
      keyword: " ",
      search_volume: "1.5",
      cpc: "-1",
      competition: "1.01",
      subtopic_3: "c",
      main_topic: "x".repeat(201),
    });
    expect(checked.problems).toEqual([
      { field: "keyword", message: MESSAGES.blankKeyword },
      { field: "search_volume", message: MESSAGES.searchVolume },
      { field: "cpc", message: MESSAGES.cpc },
      { field: "competition", message: MESSAGES.competition },
      { field: "main_topic", message: MESSAGES.longName },
      { field: "subtopic_3", message: "given without subtopic_2 (a position is filled from main_topic down)." },
    ]);
    expect(checkEntry({ keyword: "x", search_volume: true }).problems).toEqual([
      { field: "search_volume", message: MESSAGES.searchVolume },
    ]);
    expect(checkEntry({ keyword: "x", cpc: "Infinity" }).problems).toEqual([{ field: "cpc", message: MESSAGES.cpc }]);
  });
});

describe("uploadedMapRows", () => {
  it("keeps the first of a duplicate, clusters by label, puts the centroid first and clusters in centroid order", () => {
    const { rows, clusterCount, duplicates } = uploadedMapRows([
      entry("b", 10, "Group"),
      entry("solo", 50),
      entry("a", 30, "group"),
      entry("b", 999, "other"),
      entry("c", 30, "GROUP"),
      entry("t", 50),
    ]);
    expect([clusterCount, duplicates]).toEqual([3, 1]);
    expect(rows.map((r) => [r.clusterId, r.centroid, r.keyword, r.sortOrder, r.similarity])).toEqual([
      ["c1", "solo", "solo", 0, 1],
      ["c2", "t", "t", 0, 1],
      ["c3", "a", "a", 0, 1],
      ["c3", "a", "c", 1, 0],
      ["c3", "a", "b", 2, 0],
    ]);
  });

  it("derives the SERP fields from the keyword alone and gives the brand no positions or AI presence", () => {
    const [row] = uploadedMapRows([entry("how to brew espresso", 100, null, ["Coffee", "Brewing"])]).rows;
    expect(row).toMatchObject({
      mainTopic: "Coffee",
      subtopic2: "Brewing",
      subtopic3: "",
      hasSerpData: false,
      serpFreshness: "unknown",
      serpAnalysis: "",
      urlSlug: "how-to-brew-espresso",
      contentType: "how-to guide",
      searchIntent: "informational",
      brandPositions: [],
      aioStatus: "N/A",
      aimodeStatus: "N/A",
      nodeId: null,
    });
  });

  it("always partitions the distinct keywords, each cluster's centroid of most volume first", () => {
    const arbitraryEntry = fc.record({
      keyword: fc.constantFrom("a", "b", "c", "d", "e", "f"),
      volume: fc.nat(100),
      cluster: fc.option(fc.constantFrom("x", "X", "y"), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(arbitraryEntry, { minLength: 1, maxLength: 20 }), (raw) => {
        const entries = raw.map((e) => entry(e.keyword, e.volume, e.cluster));
        const { rows, clusterCount, duplicates } = uploadedMapRows(entries);
        const distinct = new Set(entries.map((e) => e.keyword));
        expect(rows.map((r) => r.keyword).sort()).toEqual([...distinct].sort());
        expect(duplicates).toBe(entries.length - distinct.size);
        expect(new Set(rows.map((r) => r.clusterId)).size).toBe(clusterCount);
        for (let i = 1; i < rows.length; i++) {
          const [before, row] = [rows[i - 1]!, rows[i]!];
          if (row.clusterOrder === before.clusterOrder) expect(row.searchVolume).toBeLessThanOrEqual(before.searchVolume);
          else expect(row.clusterOrder).toBe(before.clusterOrder + 1);
        }
        const centroids = rows.filter((r) => r.sortOrder === 0);
        for (let i = 1; i < centroids.length; i++) expect(centroids[i]!.searchVolume).toBeLessThanOrEqual(centroids[i - 1]!.searchVolume);
      }),
    );
  });
});
