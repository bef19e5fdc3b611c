import { describe, expect, it } from "vitest";
import type { SerpRow } from "../../../src/modules/clustering";
import { buildMapRows } from "../../../src/modules/maps/map-rows";

const fetchedAt = new Date("2026-11-20T10:00:00.000Z");

function serp(keyword: string, urls: string[], volume: number, ok = true): SerpRow {
  return {
    reportId: "r",
    keyword,
    ok,
    error: ok ? null : "no results",
    results: urls.map((url, i) => ({
      position: i + 1,
      url,
      title: `${keyword} ${i + 1}`,
      snippet: `About ${keyword}.`,
      domain: new URL(url).hostname,
    })),
    totalResults: 1000,
    peopleAlsoAsk: [],
    relatedSearches: [],
    aiOverview: null,
    aiMode: null,
    searchVolume: volume,
    cpc: 1.5,
    competition: 0.4,
    dataSource: "offline",
    fetchedAt,
  };
}

const urls = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `https://www.${prefix}${i}.com/page/`);

describe("the rows of a topical map", () => {
  const centroidUrls = urls("site", 10);
  // Shares 6 of the centroid's 10 (written differently: no www, no trailing slash, http).
  const memberUrls = [...centroidUrls.slice(0, 6).map((u) => u.replace("https://www.", "http://").replace(/\/$/, "")), ...urls("other", 4)];
  const serps = new Map<string, SerpRow>([
    ["espresso machine", serp("espresso machine", centroidUrls, 9900)],
    ["best espresso machine", serp("best espresso machine", memberUrls, 2400)],
    ["kayak", serp("kayak", [], 0, false)],
  ]);
  const clusters = [
    { id: "c1", centroid: "espresso machine", keywords: ["espresso machine", "best espresso machine"] },
    { id: "c2", centroid: "kayak", keywords: ["kayak"] },
  ];
  const positions = {
    "espresso machine": { nodeId: "n1", path: ["coffee", "machines"] },
    "best espresso machine": { nodeId: "n2", path: ["coffee", "machines", "buying", "best picks"] },
  };
  // The brand ranks 3rd for the centroid (site2.com) and is cited in its AI Overview.
  serps.get("espresso machine")!.aiOverview = {
    text: "Machines compared.",
    references: [{ url: "https://site2.com/x", domain: "site2.com", title: "x" }],
  };
  const rows = buildMapRows(clusters, serps, positions, { domain: "site2.com", name: "Site Two" });

  it("has one row per clustered keyword in cluster then member order", () => {
    expect(rows.map((r) => [r.keyword, r.clusterId, r.clusterOrder, r.sortOrder, r.centroid])).toEqual([
      ["espresso machine", "c1", 0, 0, "espresso machine"],
      ["best espresso machine", "c1", 0, 1, "espresso machine"],
      ["kayak", "c2", 1, 0, "kayak"],
    ]);
  });

  it("places each keyword at its research-tree node, empty strings where the path ends or is unknown", () => {
    expect(rows[0]).toMatchObject({ nodeId: "n1", mainTopic: "coffee", subtopic2: "machines", subtopic3: "", subtopic4: "" });
    expect(rows[1]).toMatchObject({
      nodeId: "n2",
      mainTopic: "coffee",
      subtopic2: "machines",
      subtopic3: "buying",
      subtopic4: "best picks",
    });
    expect(rows[2]).toMatchObject({ nodeId: null, mainTopic: "", subtopic2: "", subtopic3: "", subtopic4: "" });
  });

  it("carries the stored metrics", () => {
    expect(rows[1]).toMatchObject({ searchVolume: 2400, cpc: 1.5, competition: 0.4 });
  });

  it("gives the centroid similarity 1 and a member the share of normalized top-10 URLs it has in common", () => {
    expect(rows[0]!.similarity).toBe(1);
    expect(rows[1]!.similarity).toBe(0.6);
  });

  it("marks a keyword without results as having no SERP data, with empty SERP-derived text", () => {
    expect(rows[2]).toMatchObject({ hasSerpData: false, serpCompetitors: "", snippet: "" });
    expect(rows[0]).toMatchObject({ hasSerpData: true, snippet: "About espresso machine." });
    expect(rows[0]!.serpCompetitors).toContain("site0.com");
  });

  it("records where the brand ranks and how the AI answers show it, N/A where none was captured", () => {
    expect(rows.map((r) => [r.brandPositions, r.aioStatus, r.aimodeStatus])).toEqual([
      [[3], "cited", "N/A"],
      [[3], "N/A", "N/A"],
      [[], "N/A", "N/A"],
    ]);
  });

  it("suggests a slug and a title for every keyword", () => {
    expect(rows.map((r) => r.urlSlug)).toEqual(["espresso-machine", "best-espresso-machine", "kayak"]);
    for (const row of rows) expect(row.contentTitle.length).toBeGreaterThan(0);
  });
});
