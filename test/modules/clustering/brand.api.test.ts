// Brand clustering over HTTP. With the jobs left queued: start (shape, the research tree's
// keywords normalized and de-duplicated with their tree positions, 400/402/404/409,
// Idempotency-Key), status, and the 404s of results, serp-data and recluster before any result.
// With workers and the offline SERP provider: results with tree positions, SERP data, the
// topical map written from the clusters, free reclusters rewriting it, and a second start that
// replaces the brand's clustering.
import { offlineSerp } from "../../../src/providers/serp/offline";
import { NO_LIMITS, fundedOwner } from "../../helpers/owners";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_BRAND_CLUSTERING, NO_BRAND_RESULTS, NO_RESEARCH_KEYWORDS } from "../../../src/modules/clustering/brand-service";
import { KEYWORD_NOT_FETCHED, KEYWORD_NOT_IN_REPORT } from "../../../src/modules/clustering/reports";
import { CLUSTERING_RUNNING } from "../../../src/modules/clustering/runs";
import { topicalMapKeywords, topicalMaps } from "../../../src/modules/maps";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { match } from "../../helpers/matchers";
import { balance, brandWithTree, createBrand, idsByPath, keysOf, storedTree } from "../research/helpers";
import {
  BRAND_KEYWORD_KEYS,
  BRAND_RESULTS_KEYS,
  BRAND_START_KEYS,
  BRAND_STATUS_KEYS,
  brandClustering,
  brandReportRows,
  expectHardClusters,
  expectPartition,
  finishByHand,
  ISO_TIMESTAMP,
  reportRow,
  SERP_KEYS,
  serpRows,
  waitForReport,
  UUID,
  WITH_WORKERS_MS,
  type Owner,
  type WireCluster,
} from "./helpers";

/** Keywords at all four levels, in mixed case, some repeated under a later node. */
const TREE = [
  {
    main_topic: "Coffee",
    keywords: ["Espresso Machine", "cold brew"],
    subtopic_2: [
      {
        name: "Brewing",
        keywords: ["  Cold Brew ", "pour over coffee"],
        subtopic_3: [
          {
            name: "Gear",
            keywords: ["espresso machine", "burr grinder"],
            subtopic_4: [{ name: "Grinders", keywords: ["Burr Grinder", "best burr grinder"] }],
          },
        ],
      },
    ],
  },
  { main_topic: "Tea", keywords: ["green tea"] },
];

/** Each keyword of TREE, in tree order, with the path of the first node that lists it. */
const TREE_KEYWORDS: [string, string[]][] = [
  ["espresso machine", ["coffee"]],
  ["cold brew", ["coffee"]],
  ["pour over coffee", ["coffee", "brewing"]],
  ["burr grinder", ["coffee", "brewing", "gear"]],
  ["best burr grinder", ["coffee", "brewing", "gear", "grinders"]],
  ["green tea", ["tea"]],
];
const KEYWORDS = TREE_KEYWORDS.map(([keyword]) => keyword);
const PATHS = new Map(TREE_KEYWORDS);

describe("brand clustering with the jobs left queued", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ workers: false, env: NO_LIMITS });
  });
  afterAll(async () => h.close());

  const start = (owner: Owner, brandId: string, body: unknown = {}, headers?: Record<string, string>) =>
    h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body, headers });
  const get = (owner: Owner, brandId: string, rest: string, query?: Record<string, string>) =>
    h.request("GET", brandClustering(brandId, rest), { key: owner.key, query });

  describe("POST start/", () => {
    it("answers 202 and clusters the tree's keywords, normalized and de-duplicated, each with its first node", async () => {
      const owner = await fundedOwner(h, 5);
      const brandId = await brandWithTree(h, owner, TREE, "Bean There");
      const res = await start(owner, brandId);
      expect(res.statusCode, res.payload).toBe(202);
      const body = res.json<Schemas["BrandClusteringStarted"]>();
      expect(keysOf(body)).toEqual(BRAND_START_KEYS);
      expect(body._meta.description).toEqual(expect.any(String));
      expect(body).toMatchObject({
        brand_id: brandId,
        report_id: match.stringMatching(UUID),
        status: "in_progress",
        task_id: match.stringMatching(UUID),
        group_id: match.stringMatching(UUID),
        total_batches: 1,
        total_keywords: KEYWORDS.length,
        credits_charged: 1,
        message: match.any(String),
      });
      expect(await balance(h, owner.user.id)).toBe(4);

      const ids = idsByPath(await storedTree(h, brandId));
      const row = await reportRow(h, body.report_id);
      expect(row).toMatchObject({
        brandId,
        reportName: "Bean There clustering",
        keywords: KEYWORDS,
        totalKeywords: KEYWORDS.length,
        taskId: body.task_id,
        country: "us",
        language: "en",
        overlapPercentage: 0.4,
        clusters: null,
      });
      expect(row?.treePositions).toEqual(
        Object.fromEntries(TREE_KEYWORDS.map(([keyword, path]) => [keyword, { nodeId: ids.get(path.join(" > ")), path }])),
      );
    });

    it("keeps the options given", async () => {
      const owner = await fundedOwner(h, 5);
      const brandId = await brandWithTree(h, owner, TREE);
      const res = await start(owner, brandId, {
        country: "GB",
        language: "de",
        location: " London ",
        overlap_percentage: 0.6,
        ai_model_id: "offline",
      });
      expect(res.statusCode, res.payload).toBe(202);
      expect(await reportRow(h, res.json<Schemas["BrandClusteringStarted"]>().report_id)).toMatchObject({
        country: "gb",
        language: "de",
        location: "London",
        overlapPercentage: 0.6,
        aiModelId: "offline",
      });
    });

    it("answers 400 without research or without keywords in it, 404 for a brand it cannot see; charges nothing", async () => {
      const owner = await fundedOwner(h, 5);
      const noResearch = await createBrand(h, owner, "No Research");
      const res = await start(owner, noResearch);
      expect(res.statusCode).toBe(400);
      expect(res.json<Schemas["Error"]>()).toEqual({ detail: NO_RESEARCH_KEYWORDS });

      const bare = await brandWithTree(h, owner, [{ main_topic: "Empty", subtopic_2: [{ name: "Also Empty" }] }], "Bare");
      const noKeywords = await start(owner, bare);
      expect(noKeywords.statusCode).toBe(400);
      expect(noKeywords.json<Schemas["Error"]>()).toEqual({ detail: NO_RESEARCH_KEYWORDS });

      for (const id of [randomUUID(), "not-a-uuid"]) expect((await start(owner, id)).statusCode).toBe(404);
      const stranger = await fundedOwner(h, 5);
      const foreign = await start(stranger, await brandWithTree(h, owner, TREE, "Owned"));
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json<Schemas["Error"]>()).toEqual({ detail: match.any(String) });

      const withTree = await brandWithTree(h, owner, TREE, "Options");
      expect((await start(owner, withTree, { overlap_percentage: 0.95 })).json<Schemas["FieldErrors"]>()).toEqual({
        overlap_percentage: [expect.any(String)],
      });
      expect((await start(owner, withTree, { ai_model_id: "no-such-model" })).json<Schemas["FieldErrors"]>()).toEqual({
        ai_model_id: [expect.stringContaining("no-such-model")],
      });

      expect(await balance(h, owner.user.id)).toBe(5);
      expect(await balance(h, stranger.user.id)).toBe(5);
      for (const brandId of [noResearch, bare, withTree]) expect(await brandReportRows(h, brandId)).toEqual([]);
    });

    it("answers 402 when the balance cannot cover the keywords, and writes nothing", async () => {
      const owner = await fundedOwner(h, 0);
      const brandId = await brandWithTree(h, owner, TREE);
      const res = await start(owner, brandId);
      expect(res.statusCode).toBe(402);
      expect(res.json<Schemas["Error"]>()).toEqual({ detail: match.stringMatching(/insufficient credits/i) });
      expect(await balance(h, owner.user.id)).toBe(0);
      expect(await brandReportRows(h, brandId)).toEqual([]);
      expect((await get(owner, brandId, "status/")).statusCode).toBe(404);
    });

    it("answers 409 to a start or a recluster while a clustering of the brand is in progress, and charges once", async () => {
      const owner = await fundedOwner(h, 5);
      const brandId = await brandWithTree(h, owner, TREE);
      expect((await start(owner, brandId)).statusCode).toBe(202);
      const again = await start(owner, brandId, { overlap_percentage: 0.5 });
      expect(again.statusCode).toBe(409);
      expect(again.json<Schemas["Error"]>()).toEqual({ detail: CLUSTERING_RUNNING });
      const recluster = await h.request("POST", brandClustering(brandId, "recluster/"), {
        key: owner.key,
        body: { overlap_percentage: 0.5 },
      });
      expect(recluster.statusCode).toBe(409);
      expect(recluster.json<Schemas["Error"]>()).toEqual({ detail: CLUSTERING_RUNNING });
      expect(await balance(h, owner.user.id)).toBe(4);
      expect(await brandReportRows(h, brandId)).toHaveLength(1);
    });

    it("charges once when the same start races with itself", async () => {
      const owner = await fundedOwner(h, 5);
      const brandId = await brandWithTree(h, owner, TREE);
      const answers = await Promise.all(Array.from({ length: 4 }, () => start(owner, brandId)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409, 409, 409]);
      expect(await balance(h, owner.user.id)).toBe(4);
      expect(await brandReportRows(h, brandId)).toHaveLength(1);
    });

    it("replays the first answer for a repeated Idempotency-Key and charges once", async () => {
      const owner = await fundedOwner(h, 5);
      const brandId = await brandWithTree(h, owner, TREE);
      const headers = { "idempotency-key": "brand-start-1" };
      const first = await start(owner, brandId, { overlap_percentage: 0.5 }, headers);
      const again = await start(owner, brandId, { overlap_percentage: 0.5 }, headers);
      expect(first.statusCode).toBe(202);
      expect(again.statusCode).toBe(202);
      expect(again.json<Schemas["BrandClusteringStarted"]>()).toEqual(first.json<Schemas["BrandClusteringStarted"]>());
      expect(await balance(h, owner.user.id)).toBe(4);
      expect(await brandReportRows(h, brandId)).toHaveLength(1);
      expect((await start(owner, brandId, { overlap_percentage: 0.6 }, headers)).statusCode).toBe(409);
      expect(await balance(h, owner.user.id)).toBe(4);
    });
  });

  describe("status, results, serp-data and recluster before any result", () => {
    it("status: 404 before any start, PENDING at 0% after", async () => {
      const owner = await fundedOwner(h, 5);
      const brandId = await brandWithTree(h, owner, TREE);
      const before = await get(owner, brandId, "status/");
      expect(before.statusCode).toBe(404);
      expect(before.json<Schemas["Error"]>()).toEqual({ detail: NO_BRAND_CLUSTERING });
      expect((await get(owner, randomUUID(), "status/")).statusCode).toBe(404);

      const started = (await start(owner, brandId)).json<Schemas["BrandClusteringStarted"]>();
      const res = await get(owner, brandId, "status/");
      expect(res.statusCode).toBe(200);
      expect(keysOf(res.json<Schemas["BrandClusteringStatus"]>())).toEqual(BRAND_STATUS_KEYS);
      expect(res.json<Schemas["BrandClusteringStatus"]>()).toMatchObject({
        brand_id: brandId,
        report_id: started.report_id,
        status: "in_progress",
        state: "PENDING",
        progress: 0,
        message: match.any(String),
      });
    });

    it("results: 404 before a start and while the first clustering has not completed", async () => {
      const owner = await fundedOwner(h, 5);
      const brandId = await brandWithTree(h, owner, TREE);
      const before = await get(owner, brandId, "");
      expect(before.statusCode).toBe(404);
      expect(before.json<Schemas["Error"]>()).toEqual({ detail: NO_BRAND_RESULTS });
      expect((await start(owner, brandId)).statusCode).toBe(202);
      expect((await get(owner, brandId, "")).json<Schemas["Error"]>()).toEqual({ detail: NO_BRAND_RESULTS });
      expect((await get(owner, randomUUID(), "")).statusCode).toBe(404);
    });

    it("serp-data: 400 without a keyword; 404 before a start, for a keyword outside the tree, and before fetching", async () => {
      const owner = await fundedOwner(h, 5);
      const brandId = await brandWithTree(h, owner, TREE);
      expect((await get(owner, brandId, "serp-data/", { keyword: "green tea" })).json<Schemas["Error"]>()).toEqual({
        detail: NO_BRAND_CLUSTERING,
      });
      expect((await start(owner, brandId)).statusCode).toBe(202);

      const missing = await get(owner, brandId, "serp-data/");
      expect(missing.statusCode).toBe(400);
      expect(missing.json<Schemas["FieldErrors"]>()).toEqual({ keyword: ["This field is required."] });
      const outside = await get(owner, brandId, "serp-data/", { keyword: "black tea" });
      expect(outside.statusCode).toBe(404);
      expect(outside.json<Schemas["Error"]>()).toEqual({ detail: KEYWORD_NOT_IN_REPORT });
      const notYet = await get(owner, brandId, "serp-data/", { keyword: " Green Tea " });
      expect(notYet.statusCode).toBe(404);
      expect(notYet.json<Schemas["Error"]>()).toEqual({ detail: KEYWORD_NOT_FETCHED });
      expect((await get(owner, randomUUID(), "serp-data/", { keyword: "green tea" })).statusCode).toBe(404);
    });

    it("while a newer clustering waits, results and serp-data come from the completed one and status from the newer", async () => {
      const owner = await fundedOwner(h, 5);
      const brandId = await brandWithTree(h, owner, TREE);
      const first = (await start(owner, brandId)).json<Schemas["BrandClusteringStarted"]>();
      await finishByHand(h.testDb.database.db, first.report_id);
      const second = await start(owner, brandId);
      expect(second.statusCode, second.payload).toBe(202);
      expect(await balance(h, owner.user.id)).toBe(3);

      const results = await get(owner, brandId, "");
      expect(results.statusCode).toBe(200);
      expect(results.json<Schemas["BrandClustering"]>()).toMatchObject({
        report_id: first.report_id,
        status: "completed",
        cluster_count: KEYWORDS.length,
      });
      const serp = await get(owner, brandId, "serp-data/", { keyword: "Green Tea" });
      expect(serp.statusCode, serp.payload).toBe(200);
      expect(serp.json<Schemas["SerpData"]>()).toMatchObject({ report_id: first.report_id, keyword: "green tea", ok: true });
      expect((await get(owner, brandId, "status/")).json<Schemas["BrandClusteringStatus"]>()).toMatchObject({
        report_id: second.json<Schemas["BrandClusteringStarted"]>().report_id,
        state: "PENDING",
      });
    });

    it("recluster: 404 for a brand without results or unknown, 400 for a missing or out-of-range overlap", async () => {
      const owner = await fundedOwner(h, 5);
      const brandId = await brandWithTree(h, owner, TREE);
      const recluster = (body: unknown, id = brandId) => h.request("POST", brandClustering(id, "recluster/"), { key: owner.key, body });
      const none = await recluster({ overlap_percentage: 0.5 });
      expect(none.statusCode).toBe(404);
      expect(none.json<Schemas["Error"]>()).toEqual({ detail: NO_BRAND_RESULTS });
      expect((await recluster({ overlap_percentage: 0.5 }, randomUUID())).statusCode).toBe(404);
      expect((await recluster({})).json<Schemas["FieldErrors"]>()).toEqual({ overlap_percentage: ["This field is required."] });
      for (const overlap of [0.19, 0.91]) expect((await recluster({ overlap_percentage: overlap })).statusCode).toBe(400);
      expect(await balance(h, owner.user.id)).toBe(5);
      expect(await brandReportRows(h, brandId)).toEqual([]);
    });
  });
});

describe("brand clustering end to end (workers, offline SERP provider)", () => {
  let h: Harness;
  let owner: Owner;
  let brandId: string;
  let reportId: string;
  beforeAll(async () => {
    h = await createHarness({ workers: true, env: NO_LIMITS });
    owner = await fundedOwner(h, 10);
    brandId = await brandWithTree(h, owner, TREE, "Bean There");
    const started = await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: {} });
    expect(started.statusCode, started.payload).toBe(202);
    reportId = started.json<Schemas["BrandClusteringStarted"]>().report_id;
    const task = await waitForReport(h, reportId);
    expect(task.status, task.error ?? "").toBe("completed");
  }, WITH_WORKERS_MS);
  afterAll(async () => h.close());

  const results = async () => {
    const res = await h.request("GET", brandClustering(brandId), { key: owner.key });
    expect(res.statusCode, res.payload).toBe(200);
    return res.json<Schemas["BrandClustering"]>();
  };
  const mapRow = async () => (await h.testDb.database.db.select().from(topicalMaps).where(eq(topicalMaps.brandId, brandId)))[0];
  const mapKeywords = () => h.testDb.database.db.select().from(topicalMapKeywords).where(eq(topicalMapKeywords.brandId, brandId));

  /** The map holds one row per keyword, placed as the results' clusters place it. */
  async function expectMapOf(clusters: WireCluster[]) {
    const map = await mapRow();
    expect(map).toMatchObject({
      reportId,
      isUploaded: false,
      dataSource: "offline",
      clusterCount: clusters.length,
      keywordCount: KEYWORDS.length,
    });
    const rows = await mapKeywords();
    expect(rows.map((r) => r.keyword).sort()).toEqual([...KEYWORDS].sort());
    const ids = idsByPath(await storedTree(h, brandId));
    clusters.forEach((cluster, clusterOrder) => {
      cluster.keywords.forEach((k, sortOrder) => {
        const row = rows.find((r) => r.keyword === k.keyword)!;
        const path = PATHS.get(k.keyword)!;
        expect(row).toMatchObject({
          clusterId: cluster.id,
          clusterOrder,
          sortOrder,
          centroid: cluster.centroid,
          nodeId: ids.get(path.join(" > ")),
          mainTopic: path[0] ?? "",
          subtopic2: path[1] ?? "",
          subtopic3: path[2] ?? "",
          subtopic4: path[3] ?? "",
          searchVolume: k.search_volume,
          cpc: k.cpc,
          competition: k.competition,
          hasSerpData: true,
        });
        for (const field of [
          "serpAnalysis",
          "serpCompetitors",
          "serpFreshness",
          "urlSlug",
          "contentTitle",
          "searchIntent",
          "buyersJourney",
          "contentType",
          "snippet",
        ] as const) {
          expect(row[field], `${k.keyword} ${field}`).not.toBe("");
        }
        if (sortOrder === 0) expect(row.similarity).toBe(1);
        expect(row.similarity).toBeGreaterThanOrEqual(0);
        expect(row.similarity).toBeLessThanOrEqual(1);
      });
    });
    return map!;
  }

  it("answers the results: clusters of the tree's keywords, each with its tree position and metrics", async () => {
    const body = await results();
    expect(keysOf(body)).toEqual(BRAND_RESULTS_KEYS);
    expect(body).toMatchObject({
      _meta: { description: match.any(String), data_source: "offline" },
      brand_id: brandId,
      brand_name: "Bean There",
      report_id: reportId,
      status: "completed",
      overlap_percentage: 0.4,
      clustered_overlap: 0.4,
      total_keywords: KEYWORDS.length,
      cluster_count: body.clusters.length,
      data_source: "offline",
      clustered_at: match.stringMatching(ISO_TIMESTAMP),
    });
    const clusters = body.clusters;
    expectPartition(clusters, KEYWORDS, BRAND_KEYWORD_KEYS);
    await expectHardClusters(h, reportId, clusters, 0.4);
    for (const k of clusters.flatMap((c) => c.keywords)) {
      const path = PATHS.get(k.keyword)!;
      expect([k.main_topic, k.subtopic_2, k.subtopic_3, k.subtopic_4], k.keyword).toEqual([
        path[0] ?? "",
        path[1] ?? "",
        path[2] ?? "",
        path[3] ?? "",
      ]);
    }

    const status = await h.request("GET", brandClustering(brandId, "status/"), { key: owner.key });
    expect(status.json<Schemas["BrandClusteringStatus"]>()).toMatchObject({
      brand_id: brandId,
      report_id: reportId,
      status: "completed",
      state: "SUCCESS",
      progress: 100,
    });
    expect(await balance(h, owner.user.id)).toBe(9);
  });

  it("answers the stored SERP of a tree keyword, and 404 for one outside the tree", async () => {
    const res = await h.request("GET", brandClustering(brandId, "serp-data/"), { key: owner.key, query: { keyword: " Burr GRINDER " } });
    expect(res.statusCode, res.payload).toBe(200);
    expect(keysOf(res.json<Schemas["SerpData"]>())).toEqual(SERP_KEYS);
    const [row] = (await serpRows(h, reportId)).filter((r) => r.keyword === "burr grinder");
    // The SERP's People Also Ask and related searches are kept with it, as the provider gave them.
    const served = offlineSerp({ keyword: "burr grinder", country: "us", language: "en" }, new Date(0));
    expect([row?.peopleAlsoAsk, row?.relatedSearches]).toEqual([served.peopleAlsoAsk, served.relatedSearches]);
    expect(served.peopleAlsoAsk.length).toBeGreaterThan(0);
    expect(res.json<Schemas["SerpData"]>()).toMatchObject({
      _meta: { data_source: "offline" },
      report_id: reportId,
      keyword: "burr grinder",
      ok: true,
      data_source: "offline",
      fetched_at: row!.fetchedAt.toISOString(),
      search_volume: row!.searchVolume,
    });
    expect(res.json<Schemas["SerpData"]>().results).toHaveLength(10);
    const outside = await h.request("GET", brandClustering(brandId, "serp-data/"), { key: owner.key, query: { keyword: "black tea" } });
    expect(outside.statusCode).toBe(404);
    expect(outside.json<Schemas["Error"]>()).toEqual({ detail: KEYWORD_NOT_IN_REPORT });
  });

  it("writes the topical map from the clusters and marks the brand completed", async () => {
    const clusters = (await results()).clusters;
    const map = await expectMapOf(clusters);
    expect(map.workspaceId).toBe((await reportRow(h, reportId))?.workspaceId);
    const brand = await h.request("GET", `/api/v1/brands/${brandId}/`, { key: owner.key });
    expect(brand.json<Schemas["Brand"]>().stage).toBe("completed");
  });

  it(
    "reclusters for free from the stored SERPs and rewrites the map each time",
    async () => {
      const fetchedBefore = (await serpRows(h, reportId)).map((row) => [row.keyword, row.fetchedAt.toISOString()]);
      const reclusterAt = async (overlap: number) => {
        const mapBefore = await mapRow();
        const res = await h.request("POST", brandClustering(brandId, "recluster/"), {
          key: owner.key,
          body: { overlap_percentage: overlap },
        });
        expect(res.statusCode, res.payload).toBe(202);
        expect(keysOf(res.json<Schemas["BrandClusteringStarted"]>())).toEqual(BRAND_START_KEYS);
        expect(res.json<Schemas["BrandClusteringStarted"]>()).toMatchObject({
          brand_id: brandId,
          report_id: reportId,
          status: "in_progress",
          total_batches: 0,
          credits_charged: 0,
          total_keywords: KEYWORDS.length,
        });
        const task = await waitForReport(h, reportId);
        expect(task.status, task.error ?? "").toBe("completed");
        const body = await results();
        expect(body).toMatchObject({ report_id: reportId, status: "completed", overlap_percentage: overlap, clustered_overlap: overlap });
        expectPartition(body.clusters, KEYWORDS, BRAND_KEYWORD_KEYS);
        await expectHardClusters(h, reportId, body.clusters, overlap);
        const map = await expectMapOf(body.clusters);
        expect(map.updatedAt.getTime()).toBeGreaterThan(mapBefore!.updatedAt.getTime());
        expect(map.createdAt.getTime()).toBe(mapBefore!.createdAt.getTime());
        return body.clusters;
      };
      const strict = await reclusterAt(0.9);
      const loose = await reclusterAt(0.2);
      expect(strict.length).toBeGreaterThanOrEqual(loose.length);
      // A grinder and its buying searches share a few offline URLs (the entity's own pages), not
      // all: they cluster at 0.2, not at 0.9.
      expect(strict.length).toBeGreaterThan(loose.length);
      expect(await balance(h, owner.user.id)).toBe(9);
      expect((await serpRows(h, reportId)).map((row) => [row.keyword, row.fetchedAt.toISOString()])).toEqual(fetchedBefore);
      expect(await brandReportRows(h, brandId)).toHaveLength(1);
    },
    WITH_WORKERS_MS,
  );

  it(
    "a second start fetches and charges again, and the brand keeps only the new clustering",
    async () => {
      const res = await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: { overlap_percentage: 0.5 } });
      expect(res.statusCode, res.payload).toBe(202);
      expect(res.json<Schemas["BrandClusteringStarted"]>()).toMatchObject({ total_batches: 1, credits_charged: 1 });
      const second = res.json<Schemas["BrandClusteringStarted"]>().report_id;
      expect(second).not.toBe(reportId);
      // While it runs, the results are still the first clustering's.
      const during = await results();
      expect([reportId, second]).toContain(during.report_id);

      const task = await waitForReport(h, second);
      expect(task.status, task.error ?? "").toBe("completed");
      const rows = await brandReportRows(h, brandId);
      expect(rows.map((r) => r.id)).toEqual([second]);
      expect(await serpRows(h, reportId)).toEqual([]);
      expect(await serpRows(h, second)).toHaveLength(KEYWORDS.length);
      expect(await balance(h, owner.user.id)).toBe(8);

      const body = await results();
      expect(body).toMatchObject({ report_id: second, clustered_overlap: 0.5 });
      reportId = second;
      await expectMapOf(body.clusters);
      expect(
        (await h.request("GET", brandClustering(brandId, "status/"), { key: owner.key })).json<Schemas["BrandClusteringStatus"]>(),
      ).toMatchObject({ report_id: second, state: "SUCCESS" });
    },
    WITH_WORKERS_MS,
  );
});
