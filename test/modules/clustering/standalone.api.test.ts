// Standalone clustering reports over HTTP. With the jobs left queued: create (shape, charge by
// keyword count, batches, keyword clean-up, 400/402, Idempotency-Key), list, detail, status and
// serp-data before any fetching, recluster's and delete's errors. With workers and the offline
// SERP provider: a report fetched and clustered end to end, its SERP data, free reclusters from
// the stored data at two overlaps, and delete.
import { NO_LIMITS, fundedOwner } from "../../helpers/owners";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEYWORD_NOT_FETCHED, KEYWORD_NOT_IN_REPORT, REPORT_NOT_FOUND } from "../../../src/modules/clustering/reports";
import { CLUSTERING_RUNNING } from "../../../src/modules/clustering/runs";
import { clusteringReports } from "../../../src/modules/clustering/table";
import { tasks } from "../../../src/platform/db/schema";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { match } from "../../helpers/matchers";
import { balance, brandWithTree, keysOf } from "../research/helpers";
import {
  brandClustering,
  clustering,
  COFFEE_KEYWORDS,
  createReport,
  DETAIL_KEYS,
  expectHardClusters,
  expectPartition,
  ISO_TIMESTAMP,
  keywordsOf,
  ledgerOf,
  numbered,
  reportRow,
  RESULT_KEYS,
  SERP_KEYS,
  serpRows,
  START_KEYS,
  STATUS_KEYS,
  storeFakeSerps,
  SUMMARY_KEYS,
  waitForReport,
  UUID,
  WITH_WORKERS_MS,
  type Owner,
} from "./helpers";

/** The summary fields of a fresh, not yet clustered report of COFFEE_KEYWORDS with the defaults. */
const PENDING_COFFEE_SUMMARY = {
  country: "us",
  location: null,
  language: "en",
  overlap_percentage: 0.4,
  ai_model_id: null,
  total_keywords: COFFEE_KEYWORDS.length,
  total_batches: 1,
  cluster_count: null,
  data_source: "offline",
  created_at: match.stringMatching(ISO_TIMESTAMP),
  updated_at: match.stringMatching(ISO_TIMESTAMP),
  clustered_at: null,
};

describe("standalone clustering with the jobs left queued", () => {
  let h: Harness;
  beforeAll(async () => {
    // No workers: nothing fetches, so a report stays PENDING and big inputs cost no SERP work.
    h = await createHarness({ workers: false, env: NO_LIMITS });
  });
  afterAll(async () => h.close());

  const create = (owner: Owner, body: Record<string, unknown>, options: { headers?: Record<string, string>; teamId?: string } = {}) =>
    h.request("POST", clustering(), { key: owner.key, body, ...options });
  const list = (owner: Owner, teamId?: string) => h.request("GET", clustering(), { key: owner.key, teamId });

  describe("POST /clustering/", () => {
    it("answers 202 with the report, charging 1 credit per started 10 keywords for ceil(n/100) batches", async () => {
      const owner = await fundedOwner(h, 30);
      const res = await create(owner, { report_name: "Big list", keywords: numbered(250) });
      expect(res.statusCode, res.payload).toBe(202);
      const body = res.json<Schemas["ClusteringStarted"]>();
      expect(keysOf(body)).toEqual(START_KEYS);
      expect(body._meta.description).toEqual(expect.any(String));
      expect(body).toMatchObject({
        id: match.stringMatching(UUID),
        report_name: "Big list",
        status: "in_progress",
        task_id: match.stringMatching(UUID),
        group_id: match.stringMatching(UUID),
        total_batches: 3,
        total_keywords: 250,
        credits_charged: 25,
        message: match.stringContaining("250 keywords"),
      });
      expect(await balance(h, owner.user.id)).toBe(5);
      expect(await ledgerOf(h, body.task_id)).toEqual([{ kind: "charge", delta: -25 }]);

      const row = await reportRow(h, body.id);
      expect(row).toMatchObject({
        brandId: null,
        keywords: numbered(250),
        totalKeywords: 250,
        totalBatches: 3,
        country: "us",
        language: "en",
        location: null,
        overlapPercentage: 0.4,
        aiModelId: null,
        taskId: body.task_id,
        groupId: body.group_id,
        dataSource: "offline",
        clusters: null,
      });
    });

    it("trims, lowercases and de-duplicates the keywords before counting and charging, and keeps the options", async () => {
      const owner = await fundedOwner(h, 5);
      const keywords = [
        " Espresso ",
        "espresso",
        "ESPRESSO",
        "",
        "   ",
        ...numbered(10, "Tea"),
        ...numbered(10, "Tea").map((k) => `  ${k.toUpperCase()} `),
      ];
      const res = await create(owner, {
        report_name: "  Spaced Name  ",
        keywords,
        country: "GB",
        location: "  London,England,United Kingdom ",
        language: "de",
        overlap_percentage: 0.3,
        ai_model_id: "offline",
      });
      expect(res.statusCode, res.payload).toBe(202);
      // 11 distinct keywords: 2 credits, 1 batch.
      expect(res.json<Schemas["ClusteringStarted"]>()).toMatchObject({
        report_name: "Spaced Name",
        total_keywords: 11,
        total_batches: 1,
        credits_charged: 2,
      });
      expect(await balance(h, owner.user.id)).toBe(3);
      expect((await reportRow(h, res.json<Schemas["ClusteringStarted"]>().id))?.keywords).toEqual(["espresso", ...numbered(10, "tea")]);

      const detail = (await h.request("GET", clustering(`${res.json<Schemas["ClusteringStarted"]>().id}/`), { key: owner.key })).json<
        Schemas["ClusteringReport"]
      >();
      expect(detail).toMatchObject({
        report_name: "Spaced Name",
        country: "gb",
        location: "London,England,United Kingdom",
        language: "de",
        overlap_percentage: 0.3,
        ai_model_id: "offline",
        total_keywords: 11,
      });
    });

    it("counts exactly: 10 keywords cost 1 credit, 11 cost 2, 100 make 1 batch and 101 make 2", async () => {
      const owner = await fundedOwner(h, 100);
      const cases: [number, number, number][] = [
        [1, 1, 1],
        [10, 1, 1],
        [11, 2, 1],
        [100, 10, 1],
        [101, 11, 2],
      ];
      let spent = 0;
      for (const [n, credits, batches] of cases) {
        const res = await create(owner, { report_name: `n=${n}`, keywords: numbered(n) });
        expect(res.statusCode, res.payload).toBe(202);
        expect(res.json<Schemas["ClusteringStarted"]>(), `n=${n}`).toMatchObject({
          total_keywords: n,
          credits_charged: credits,
          total_batches: batches,
        });
        spent += credits;
      }
      expect(await balance(h, owner.user.id)).toBe(100 - spent);
    });

    it("answers 400 with field errors for bad input, and charges and writes nothing", async () => {
      const owner = await fundedOwner(h, 10);
      const base = { report_name: "Valid", keywords: ["coffee"] };
      const expectations: [Record<string, unknown>, Record<string, unknown>][] = [
        [{ ...base, keywords: ["", "   ", "\t"] }, { keywords: [expect.stringMatching(/no valid keywords/i)] }],
        [{ ...base, keywords: [] }, { keywords: [expect.stringMatching(/no valid keywords/i)] }],
        [{ keywords: ["coffee"] }, { report_name: ["This field is required."] }],
        [{ ...base, report_name: "   " }, { report_name: ["This field may not be blank."] }],
        [{ ...base, report_name: "" }, { report_name: [expect.any(String)] }],
        [{ report_name: "Valid" }, { keywords: ["This field is required."] }],
        [{ ...base, overlap_percentage: 0.19 }, { overlap_percentage: [expect.any(String)] }],
        [{ ...base, overlap_percentage: 0.91 }, { overlap_percentage: [expect.any(String)] }],
        [{ ...base, overlap_percentage: "high" }, { overlap_percentage: [expect.any(String)] }],
        [{ ...base, ai_model_id: "no-such-model" }, { ai_model_id: [expect.stringContaining("no-such-model")] }],
        [{ ...base, country: "usa" }, { country: [expect.any(String)] }],
        // A JSON body keeps its types: one string is not a list of one.
        [{ ...base, keywords: "coffee" }, { keywords: ["Expected a list of items."] }],
      ];
      for (const [body, errors] of expectations) {
        const res = await create(owner, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json<Schemas["FieldErrors"]>(), JSON.stringify(body)).toEqual(errors);
      }
      // The edges of the range are accepted.
      expect((await create(owner, { ...base, overlap_percentage: 0.2 })).statusCode).toBe(202);
      expect((await create(owner, { ...base, overlap_percentage: 0.9 })).statusCode).toBe(202);
      expect(await balance(h, owner.user.id)).toBe(8);
      expect((await list(owner)).json<Schemas["ClusteringReportList"]>()).toHaveLength(2);
    });

    it("refuses more than 10,000 distinct keywords, and takes 10,000 distinct among duplicates", async () => {
      const owner = await fundedOwner(h, 1000);
      const over = await create(owner, { report_name: "Too many", keywords: numbered(10_001) });
      expect(over.statusCode).toBe(400);
      expect(over.json<Schemas["FieldErrors"]>()).toEqual({ keywords: [expect.stringMatching(/10,000.*10,001/)] });
      expect(await balance(h, owner.user.id)).toBe(1000);

      const distinct = numbered(10_000);
      const withDuplicates = [...distinct, ...distinct.slice(0, 3000).map((k) => ` ${k.toUpperCase()} `), "", "  "];
      const res = await create(owner, { report_name: "Exactly the limit", keywords: withDuplicates });
      expect(res.statusCode, res.payload.slice(0, 300)).toBe(202);
      expect(res.json<Schemas["ClusteringStarted"]>()).toMatchObject({ total_keywords: 10_000, total_batches: 100, credits_charged: 1000 });
      expect(await balance(h, owner.user.id)).toBe(0);
    });

    it("answers 402 when the balance cannot cover the keywords, and writes nothing", async () => {
      const owner = await fundedOwner(h, 1);
      const res = await create(owner, { report_name: "Too dear", keywords: numbered(11) });
      expect(res.statusCode).toBe(402);
      expect(res.json<Schemas["Error"]>()).toEqual({ detail: match.stringMatching(/insufficient credits/i) });
      expect(await balance(h, owner.user.id)).toBe(1);
      expect((await list(owner)).json<Schemas["ClusteringReportList"]>()).toEqual([]);
      const db = h.testDb.database.db;
      expect(await db.select().from(clusteringReports).where(eq(clusteringReports.userId, owner.user.id))).toEqual([]);
      expect(await db.select().from(tasks).where(eq(tasks.userId, owner.user.id))).toEqual([]);

      const broke = await fundedOwner(h, 0);
      expect((await create(broke, { report_name: "Free?", keywords: ["one"] })).statusCode).toBe(402);
    });

    it("replays the first answer for a repeated Idempotency-Key and charges once", async () => {
      const owner = await fundedOwner(h, 10);
      const headers = { "idempotency-key": "clustering-create-1" };
      const body = { report_name: "Once", keywords: COFFEE_KEYWORDS };
      const first = await create(owner, body, { headers });
      const again = await create(owner, body, { headers });
      expect(first.statusCode).toBe(202);
      expect(again.statusCode).toBe(202);
      expect(again.json<Schemas["ClusteringStarted"]>()).toEqual(first.json<Schemas["ClusteringStarted"]>());
      expect(await balance(h, owner.user.id)).toBe(9);
      expect((await list(owner)).json<Schemas["ClusteringReportList"]>()).toHaveLength(1);

      const other = await create(owner, { ...body, report_name: "Other" }, { headers });
      expect(other.statusCode).toBe(409);
      expect(await balance(h, owner.user.id)).toBe(9);
      // Without the header the same body is a new report.
      expect((await create(owner, body)).statusCode).toBe(202);
      expect(await balance(h, owner.user.id)).toBe(8);
    });
  });

  describe("GET /clustering/", () => {
    it("is a bare array of the workspace's standalone reports, newest first", async () => {
      const owner = await fundedOwner(h, 10);
      const ids: string[] = [];
      for (const name of ["first", "second", "third"]) ids.push((await createReport(h, owner, { report_name: name })).id);

      const res = await list(owner);
      expect(res.statusCode).toBe(200);
      const reports = res.json<Schemas["ClusteringReportList"]>();
      expect(Array.isArray(reports)).toBe(true);
      expect(reports.map((r) => r.id)).toEqual([...ids].reverse());
      for (const report of reports) expect(keysOf(report)).toEqual(SUMMARY_KEYS);
      expect(reports[0]).toEqual({
        id: ids[2],
        report_name: "third",
        status: "in_progress",
        ...PENDING_COFFEE_SUMMARY,
      });

      // Nobody else's reports, and none of another workspace.
      expect((await list(await fundedOwner(h, 0))).json<Schemas["ClusteringReportList"]>()).toEqual([]);
    });

    it("keeps a team workspace's reports apart, and leaves brand clusterings out", async () => {
      const owner = await fundedOwner(h, 10);
      const personal = await createReport(h, owner, { report_name: "personal" });
      const team = await h.createTeam(owner.user);
      const inTeam = await createReport(h, owner, { report_name: "team" }, team.id);
      const brandId = await brandWithTree(h, owner);
      const started = await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: {} });
      expect(started.statusCode, started.payload).toBe(202);

      expect((await list(owner)).json<Schemas["ClusteringReportList"]>().map((r) => r.id)).toEqual([personal.id]);
      expect((await list(owner, team.id)).json<Schemas["ClusteringReportList"]>().map((r) => r.id)).toEqual([inTeam.id]);
      // A team report is reached only under the team's X-Team-ID.
      expect((await h.request("GET", clustering(`${inTeam.id}/`), { key: owner.key })).statusCode).toBe(404);
      expect((await h.request("GET", clustering(`${inTeam.id}/`), { key: owner.key, teamId: team.id })).statusCode).toBe(200);
      // A brand clustering is not a standalone report.
      const brandReport = started.json<Schemas["BrandClusteringStarted"]>().report_id;
      for (const path of [`${brandReport}/`, `${brandReport}/status/`]) {
        expect((await h.request("GET", clustering(path), { key: owner.key })).statusCode).toBe(404);
      }
      expect((await h.request("DELETE", clustering(`${brandReport}/`), { key: owner.key })).statusCode).toBe(404);
      expect(await reportRow(h, brandReport)).not.toBeNull();
    });
  });

  describe("GET /clustering/:id/ and /status/ before any SERP is fetched", () => {
    it("shows the report pending with no clusters", async () => {
      const owner = await fundedOwner(h, 1);
      const created = await createReport(h, owner);
      const res = await h.request("GET", clustering(`${created.id}/`), { key: owner.key });
      expect(res.statusCode).toBe(200);
      const detail = res.json<Schemas["ClusteringReport"]>();
      expect(keysOf(detail)).toEqual(DETAIL_KEYS);
      expect(detail).toEqual({
        _meta: { description: match.any(String), data_source: "offline" },
        id: created.id,
        report_name: "Coffee",
        status: "in_progress",
        state: "PENDING",
        progress: 0,
        message: match.any(String),
        ...PENDING_COFFEE_SUMMARY,
        clustered_overlap: null,
        clusters: [],
      });

      const status = await h.request("GET", clustering(`${created.id}/status/`), { key: owner.key });
      expect(status.statusCode).toBe(200);
      expect(keysOf(status.json<Schemas["ClusteringStatus"]>())).toEqual(STATUS_KEYS);
      expect(status.json<Schemas["ClusteringStatus"]>()).toMatchObject({
        id: created.id,
        status: "in_progress",
        state: "PENDING",
        progress: 0,
        message: match.any(String),
      });
    });

    it("answers 404 for a report that does not exist or is not a UUID", async () => {
      const owner = await fundedOwner(h, 0);
      for (const id of [randomUUID(), "not-a-uuid"]) {
        for (const rest of ["", "status/"]) {
          const res = await h.request("GET", clustering(`${id}/${rest}`), { key: owner.key });
          expect(res.statusCode).toBe(404);
          expect(res.json<Schemas["Error"]>()).toEqual({ detail: match.any(String) });
        }
      }
      expect((await h.request("GET", clustering(`${randomUUID()}/`), { key: owner.key })).json<Schemas["Error"]>()).toEqual({
        detail: REPORT_NOT_FOUND,
      });
    });
  });

  describe("GET /clustering/:id/serp-data/", () => {
    it("answers 400 without a keyword, 404 for a keyword outside the report and for one not fetched yet", async () => {
      const owner = await fundedOwner(h, 1);
      const created = await createReport(h, owner);
      const serp = (query?: Record<string, string>, id = created.id) =>
        h.request("GET", clustering(`${id}/serp-data/`), { key: owner.key, query });

      const missing = await serp();
      expect(missing.statusCode).toBe(400);
      expect(missing.json<Schemas["FieldErrors"]>()).toEqual({ keyword: ["This field is required."] });
      expect((await serp({ keyword: "" })).statusCode).toBe(400);

      const outside = await serp({ keyword: "tea kettle" });
      expect(outside.statusCode).toBe(404);
      expect(outside.json<Schemas["Error"]>()).toEqual({ detail: KEYWORD_NOT_IN_REPORT });

      const notYet = await serp({ keyword: " Espresso Machine " });
      expect(notYet.statusCode).toBe(404);
      expect(notYet.json<Schemas["Error"]>()).toEqual({ detail: KEYWORD_NOT_FETCHED });

      const unknown = await serp({ keyword: "espresso machine" }, randomUUID());
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<Schemas["Error"]>()).toEqual({ detail: REPORT_NOT_FOUND });
    });
  });

  describe("POST /clustering/:id/recluster/", () => {
    it("answers 404 for an unknown report, 400 for a missing or out-of-range overlap, 409 while the clustering runs", async () => {
      const owner = await fundedOwner(h, 1);
      const created = await createReport(h, owner);
      const recluster = (body: unknown, id = created.id) => h.request("POST", clustering(`${id}/recluster/`), { key: owner.key, body });

      const unknown = await recluster({ overlap_percentage: 0.5 }, randomUUID());
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<Schemas["Error"]>()).toEqual({ detail: REPORT_NOT_FOUND });

      expect((await recluster({})).json<Schemas["FieldErrors"]>()).toEqual({ overlap_percentage: ["This field is required."] });
      for (const overlap of [0.19, 0.91, 0, 1, "half", null]) {
        const res = await recluster({ overlap_percentage: overlap });
        expect(res.statusCode, String(overlap)).toBe(400);
        expect(res.json<Schemas["FieldErrors"]>()).toEqual({ overlap_percentage: [expect.any(String)] });
      }

      const running = await recluster({ overlap_percentage: 0.5 });
      expect(running.statusCode).toBe(409);
      expect(running.json<Schemas["Error"]>()).toEqual({ detail: CLUSTERING_RUNNING });
      expect(await balance(h, owner.user.id)).toBe(0);
      expect((await reportRow(h, created.id))?.taskId).toBe(created.task_id);
    });
  });

  describe("DELETE /clustering/:id/", () => {
    it("deletes the report and its SERP data with 204 and an empty body; 404 afterwards and for an unknown id", async () => {
      const owner = await fundedOwner(h, 1);
      const created = await createReport(h, owner);
      await storeFakeSerps(h.testDb.database.db, created.id, COFFEE_KEYWORDS.slice(0, 3));
      expect(await serpRows(h, created.id)).toHaveLength(3);

      const res = await h.request("DELETE", clustering(`${created.id}/`), { key: owner.key });
      expect(res.statusCode).toBe(204);
      expect(res.payload).toBe("");
      expect((await h.request("GET", clustering(`${created.id}/`), { key: owner.key })).statusCode).toBe(404);
      expect((await h.request("GET", clustering(`${created.id}/status/`), { key: owner.key })).statusCode).toBe(404);
      expect(await reportRow(h, created.id)).toBeNull();
      expect(await serpRows(h, created.id)).toEqual([]);
      expect((await list(owner)).json<Schemas["ClusteringReportList"]>()).toEqual([]);

      const again = await h.request("DELETE", clustering(`${created.id}/`), { key: owner.key });
      expect(again.statusCode).toBe(404);
      expect(again.json<Schemas["Error"]>()).toEqual({ detail: REPORT_NOT_FOUND });
      expect((await h.request("DELETE", clustering(`${randomUUID()}/`), { key: owner.key })).statusCode).toBe(404);
    });
  });
});

describe("standalone clustering end to end (workers, offline SERP provider)", () => {
  let h: Harness;
  let owner: Owner;
  let reportId: string;
  let createTaskId: string;
  beforeAll(async () => {
    h = await createHarness({ workers: true, env: NO_LIMITS });
    owner = await fundedOwner(h, 5);
    const created = await createReport(h, owner);
    reportId = created.id;
    createTaskId = created.task_id;
    // Right after the start it is in progress (or, on a fast machine, already done).
    const early = (await h.request("GET", clustering(`${reportId}/status/`), { key: owner.key })).json<Schemas["ClusteringStatus"]>();
    expect(["PENDING", "STARTED", "SUCCESS"]).toContain(early.state);
    const task = await waitForReport(h, reportId);
    expect(task.status, task.error ?? "").toBe("completed");
  }, WITH_WORKERS_MS);
  afterAll(async () => h.close());

  const detail = async () => {
    const res = await h.request("GET", clustering(`${reportId}/`), { key: owner.key });
    expect(res.statusCode, res.payload).toBe(200);
    return res.json<Schemas["ClusteringReport"]>();
  };

  it("reports SUCCESS at 100% and keeps the one charge", async () => {
    const status = await h.request("GET", clustering(`${reportId}/status/`), { key: owner.key });
    expect(keysOf(status.json<Schemas["ClusteringStatus"]>())).toEqual(STATUS_KEYS);
    expect(status.json<Schemas["ClusteringStatus"]>()).toMatchObject({
      id: reportId,
      status: "completed",
      state: "SUCCESS",
      progress: 100,
      message: match.any(String),
    });
    expect(await balance(h, owner.user.id)).toBe(4);
    expect(await ledgerOf(h, createTaskId)).toEqual([{ kind: "charge", delta: -1 }]);
  });

  it("shows clusters that partition the keywords by the SERP-overlap rule, with metrics and fetch times", async () => {
    const body = await detail();
    expect(keysOf(body)).toEqual(DETAIL_KEYS);
    expect(body).toMatchObject({
      _meta: { data_source: "offline" },
      status: "completed",
      state: "SUCCESS",
      progress: 100,
      data_source: "offline",
      overlap_percentage: 0.4,
      clustered_overlap: 0.4,
      clustered_at: match.stringMatching(ISO_TIMESTAMP),
      cluster_count: body.clusters.length,
    });
    const clusters = body.clusters;
    expectPartition(clusters, COFFEE_KEYWORDS);
    await expectHardClusters(h, reportId, clusters, 0.4);
    // Related keywords do cluster together in the offline web.
    expect(clusters.length).toBeLessThan(COFFEE_KEYWORDS.length);

    // Each keyword's metrics and fetch time are its stored SERP's.
    const stored = new Map((await serpRows(h, reportId)).map((row) => [row.keyword, row]));
    expect(stored.size).toBe(COFFEE_KEYWORDS.length);
    for (const k of clusters.flatMap((c) => c.keywords)) {
      const row = stored.get(k.keyword)!;
      expect(k).toMatchObject({
        search_volume: row.searchVolume,
        cpc: row.cpc,
        competition: row.competition,
        serp_fetched_at: row.fetchedAt.toISOString(),
      });
    }

    const listed = (await h.request("GET", clustering(), { key: owner.key })).json<Schemas["ClusteringReportList"]>();
    expect(listed).toEqual([
      expect.objectContaining({ id: reportId, status: "completed", cluster_count: clusters.length, clustered_at: body.clustered_at }),
    ]);
  });

  it("answers the stored SERP of a keyword matched after trimming and lowercasing", async () => {
    const res = await h.request("GET", clustering(`${reportId}/serp-data/`), { key: owner.key, query: { keyword: "  Espresso MACHINE " } });
    expect(res.statusCode, res.payload).toBe(200);
    const serp = res.json<Schemas["SerpData"]>();
    expect(keysOf(serp)).toEqual(SERP_KEYS);
    const [row] = (await serpRows(h, reportId)).filter((r) => r.keyword === "espresso machine");
    expect(serp).toMatchObject({
      _meta: { description: match.any(String), data_source: "offline" },
      report_id: reportId,
      keyword: "espresso machine",
      fetched_at: row!.fetchedAt.toISOString(),
      data_source: "offline",
      ok: true,
      error: null,
      search_volume: row!.searchVolume,
      cpc: row!.cpc,
      competition: row!.competition,
      total_results: row!.totalResults,
    });
    expect(serp.total_results).toBeGreaterThan(0);
    expect(serp.results).toHaveLength(10);
    expect(serp.results.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const result of serp.results) {
      expect(keysOf(result)).toEqual(RESULT_KEYS);
      expect(result.url).toMatch(/^https?:\/\//);
    }
    const missing = await h.request("GET", clustering(`${reportId}/serp-data/`), { key: owner.key, query: { keyword: "tea" } });
    expect(missing.json<Schemas["Error"]>()).toEqual({ detail: KEYWORD_NOT_IN_REPORT });
  });

  it(
    "reclusters from the stored SERPs for free: no fetching, and at 0.9 at least as many clusters as at 0.2",
    async () => {
      const fetchedBefore = (await serpRows(h, reportId)).map((row) => [row.keyword, row.fetchedAt.toISOString()]);
      const clustersAt = async (overlap: number) => {
        const res = await h.request("POST", clustering(`${reportId}/recluster/`), {
          key: owner.key,
          body: { overlap_percentage: overlap },
        });
        expect(res.statusCode, res.payload).toBe(202);
        const body = res.json<Schemas["ClusteringStarted"]>();
        expect(keysOf(body)).toEqual(START_KEYS);
        expect(body).toMatchObject({
          id: reportId,
          report_name: "Coffee",
          status: "in_progress",
          total_batches: 0,
          total_keywords: COFFEE_KEYWORDS.length,
          credits_charged: 0,
        });
        expect(body.task_id).not.toBe(createTaskId);
        const task = await waitForReport(h, reportId);
        expect(task.status, task.error ?? "").toBe("completed");
        expect(task.id).toBe(body.task_id);
        const after = await detail();
        expect(after).toMatchObject({
          status: "completed",
          state: "SUCCESS",
          progress: 100,
          overlap_percentage: overlap,
          clustered_overlap: overlap,
        });
        expectPartition(after.clusters, COFFEE_KEYWORDS);
        await expectHardClusters(h, reportId, after.clusters, overlap);
        return after.clusters;
      };

      const strict = await clustersAt(0.9);
      const loose = await clustersAt(0.2);
      expect(strict.length).toBeGreaterThanOrEqual(loose.length);
      // The offline web gives these keywords some shared URLs, not all: the overlaps differ.
      expect(strict.length).toBeGreaterThan(loose.length);
      expect(keywordsOf(strict).sort()).toEqual(keywordsOf(loose).sort());

      expect(await balance(h, owner.user.id)).toBe(4);
      expect((await serpRows(h, reportId)).map((row) => [row.keyword, row.fetchedAt.toISOString()])).toEqual(fetchedBefore);
    },
    WITH_WORKERS_MS,
  );

  it("deletes the report and its stored SERPs", async () => {
    expect(await serpRows(h, reportId)).toHaveLength(COFFEE_KEYWORDS.length);
    const res = await h.request("DELETE", clustering(`${reportId}/`), { key: owner.key });
    expect(res.statusCode).toBe(204);
    expect(res.payload).toBe("");
    expect((await h.request("GET", clustering(`${reportId}/`), { key: owner.key })).statusCode).toBe(404);
    expect(
      (await h.request("GET", clustering(`${reportId}/serp-data/`), { key: owner.key, query: { keyword: "espresso machine" } })).statusCode,
    ).toBe(404);
    expect(await serpRows(h, reportId)).toEqual([]);
    expect((await h.request("DELETE", clustering(`${reportId}/`), { key: owner.key })).statusCode).toBe(404);
    // Deleting refunds nothing: the clustering was delivered.
    expect(await balance(h, owner.user.id)).toBe(4);
  });
});
