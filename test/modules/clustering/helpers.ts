// Shared ground of the clustering HTTP tests: funded owners, report creation, the wire shapes,
// rows read straight from the database, the clustering definition checked against the stored
// SERPs, a DataForSEO stand-in that rejects every call, and running a clustering job by hand.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { requiredOverlap, normalizeUrl } from "../../../src/modules/clustering/engine";
import { runJob } from "../../helpers/jobs";
import { clusteringReports, clusteringSerpData } from "../../../src/modules/clustering/table";
import { creditLedger, tasks } from "../../../src/platform/db/schema";
import type { SerpProvider } from "../../../src/providers/serp/types";
import type { Harness, Schemas, TestKey } from "../../helpers/harness";
import { waitForTask } from "../../helpers/owners";

export type Owner = TestKey & { user: Awaited<ReturnType<Harness["createUser"]>> };

export const clustering = (rest = "") => `/api/v1/clustering/${rest}`;
export const brandClustering = (brandId: string, rest = "") => `/api/v1/authority/${brandId}/clustering/${rest}`;

// ---- wire shapes (sorted, for keysOf) -------------------------------------------------------

export const START_KEYS = [
  "_meta",
  "credits_charged",
  "group_id",
  "id",
  "message",
  "report_name",
  "status",
  "task_id",
  "total_batches",
  "total_keywords",
];
export const BRAND_START_KEYS = [
  "_meta",
  "brand_id",
  "credits_charged",
  "group_id",
  "message",
  "report_id",
  "status",
  "task_id",
  "total_batches",
  "total_keywords",
];
export const STATUS_KEYS = ["_meta", "id", "message", "progress", "state", "status"];
export const BRAND_STATUS_KEYS = ["_meta", "brand_id", "message", "progress", "report_id", "state", "status"];
export const SUMMARY_KEYS = [
  "ai_model_id",
  "cluster_count",
  "clustered_at",
  "country",
  "created_at",
  "data_source",
  "id",
  "language",
  "location",
  "overlap_percentage",
  "report_name",
  "status",
  "total_batches",
  "total_keywords",
  "updated_at",
];
export const DETAIL_KEYS = [...SUMMARY_KEYS, "_meta", "clustered_overlap", "clusters", "message", "progress", "state"].sort();
const CLUSTER_KEYS = ["centroid", "id", "keyword_count", "keywords", "total_search_volume"];
const KEYWORD_KEYS = ["competition", "cpc", "has_serp_data", "keyword", "search_volume", "serp_fetched_at", "sort_order"];
export const BRAND_KEYWORD_KEYS = [...KEYWORD_KEYS, "main_topic", "subtopic_2", "subtopic_3", "subtopic_4"].sort();
export const BRAND_RESULTS_KEYS = [
  "_meta",
  "brand_id",
  "brand_name",
  "cluster_count",
  "clustered_at",
  "clustered_overlap",
  "clusters",
  "data_source",
  "overlap_percentage",
  "report_id",
  "status",
  "total_keywords",
];
export const SERP_KEYS = [
  "_meta",
  "ai_mode",
  "ai_overview",
  "competition",
  "cpc",
  "data_source",
  "error",
  "fetched_at",
  "keyword",
  "ok",
  "report_id",
  "results",
  "search_volume",
  "total_results",
];
export const RESULT_KEYS = ["domain", "position", "snippet", "title", "url"];

interface WireKeyword {
  keyword: string;
  sort_order: number;
  search_volume: number;
  cpc: number;
  competition: number;
  has_serp_data: boolean;
  serp_fetched_at: string | null;
  main_topic?: string;
  subtopic_2?: string;
  subtopic_3?: string;
  subtopic_4?: string;
}

export interface WireCluster {
  id: string;
  centroid: string;
  keyword_count: number;
  total_search_volume: number;
  keywords: WireKeyword[];
}

export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Per test (or hook) that waits for workers: the machine is shared and slow. */
export const WITH_WORKERS_MS = 120_000;

// ---- owners and reports ---------------------------------------------------------------------

/**
 * Ten keywords in four families (plus a stranger) that the offline web gives partly shared
 * URLs: they form fewer clusters at a low overlap than at a high one.
 */
export const COFFEE_KEYWORDS = [
  "espresso machine",
  "best espresso machine",
  "cheap espresso machine",
  "burr grinder",
  "hand grinder",
  "coffee grinder",
  "best coffee grinder",
  "cold brew",
  "cold brew coffee",
  "kayak fishing",
];

/** `count` distinct keywords: "<prefix> 0", "<prefix> 1", ... */
export const numbered = (count: number, prefix = "keyword") => Array.from({ length: count }, (_, i) => `${prefix} ${i}`);

export async function createReport(h: Harness, owner: Owner, body: Record<string, unknown> = {}, teamId?: string) {
  const res = await h.request("POST", clustering(), {
    key: owner.key,
    teamId,
    body: { report_name: "Coffee", keywords: COFFEE_KEYWORDS, ...body },
  });
  if (res.statusCode !== 202) throw new Error(`create answered ${res.statusCode}: ${res.payload}`);
  return res.json<Schemas["ClusteringStarted"]>();
}

/** Waits for the report's current task to finish and returns it. */
export async function waitForReport(h: Harness, reportId: string) {
  const report = await reportRow(h, reportId);
  if (!report?.taskId) throw new Error(`report ${reportId} has no task`);
  return waitForTask(h, report.taskId);
}

// ---- rows straight from the database --------------------------------------------------------

export async function reportRow(h: Harness, id: string) {
  const [row] = await h.testDb.database.db.select().from(clusteringReports).where(eq(clusteringReports.id, id));
  return row ?? null;
}

export async function brandReportRows(h: Harness, brandId: string) {
  return h.testDb.database.db.select().from(clusteringReports).where(eq(clusteringReports.brandId, brandId));
}

export async function serpRows(h: Harness, reportId: string) {
  return h.testDb.database.db
    .select()
    .from(clusteringSerpData)
    .where(eq(clusteringSerpData.reportId, reportId))
    .orderBy(asc(clusteringSerpData.keyword));
}

/** The credit ledger's rows for one task (its charge and, at most, one refund). */
export async function ledgerOf(h: Harness, taskId: string) {
  const rows = await h.testDb.database.db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.referenceId, taskId))
    .orderBy(asc(creditLedger.id));
  return rows.map((row) => ({ kind: row.kind, delta: row.freeDelta + row.monthlyDelta + row.paygDelta }));
}

/** Stores a made-up, successful SERP for each keyword, as if a clustering had fetched it. */
export async function storeFakeSerps(
  db: Harness["testDb"]["database"]["db"],
  reportId: string,
  keywords: readonly string[],
): Promise<void> {
  await db.insert(clusteringSerpData).values(
    keywords.map((keyword, k) => ({
      reportId,
      keyword,
      ok: true,
      error: null,
      results: Array.from({ length: 10 }, (_, i) => ({
        position: i + 1,
        url: `https://site${k}-${i}.example/${encodeURIComponent(keyword)}`,
        title: `${keyword} ${i + 1}`,
        snippet: `About ${keyword}.`,
        domain: `site${k}-${i}.example`,
      })),
      totalResults: 1000,
      searchVolume: 100 + k,
      cpc: 1.5,
      competition: 0.5,
      dataSource: "offline",
      fetchedAt: new Date(),
    })),
  );
}

/**
 * Finishes a report's clustering without a worker: a made-up SERP for each keyword, each keyword
 * its own cluster, the task completed. For suites that run without workers.
 */
export async function finishByHand(db: Harness["testDb"]["database"]["db"], reportId: string): Promise<void> {
  const [report] = await db.select().from(clusteringReports).where(eq(clusteringReports.id, reportId));
  if (!report?.taskId) throw new Error(`report ${reportId} has no task`);
  await storeFakeSerps(db, reportId, report.keywords);
  await db.update(tasks).set({ status: "completed", finishedAt: new Date() }).where(eq(tasks.id, report.taskId));
  const clusters = report.keywords.map((keyword, i) => ({ id: `c${i + 1}`, centroid: keyword, keywords: [keyword] }));
  await db
    .update(clusteringReports)
    .set({ clusters, clusteredAt: new Date(), clusteredOverlap: report.overlapPercentage })
    .where(eq(clusteringReports.id, reportId));
}

// ---- what a clustering must be --------------------------------------------------------------

export const keywordsOf = (clusters: readonly WireCluster[]) => clusters.flatMap((c) => c.keywords.map((k) => k.keyword));

/**
 * The clusters partition exactly `keywords`, and each is well formed: ids c1..cn, the centroid
 * first with sort_order 0..n-1, counts and volume totals that add up, metrics and fetch times.
 */
export function expectPartition(clusters: readonly WireCluster[], keywords: readonly string[], keywordKeys = KEYWORD_KEYS): void {
  expect([...keywordsOf(clusters)].sort()).toEqual([...keywords].sort());
  clusters.forEach((cluster, i) => {
    expect(Object.keys(cluster).sort()).toEqual(CLUSTER_KEYS);
    expect(cluster.id).toBe(`c${i + 1}`);
    expect(cluster.keywords[0]!.keyword).toBe(cluster.centroid);
    expect(cluster.keywords.map((k) => k.sort_order)).toEqual(cluster.keywords.map((_, j) => j));
    expect(cluster.keyword_count).toBe(cluster.keywords.length);
    expect(cluster.total_search_volume).toBe(cluster.keywords.reduce((sum, k) => sum + k.search_volume, 0));
    for (const k of cluster.keywords) {
      expect(Object.keys(k).sort()).toEqual(keywordKeys);
      expect(k.has_serp_data).toBe(true);
      expect(k.serp_fetched_at).toMatch(ISO_TIMESTAMP);
      expect(Number.isInteger(k.search_volume) && k.search_volume >= 0).toBe(true);
      expect(k.cpc).toBeGreaterThanOrEqual(0);
      expect(k.competition).toBeGreaterThanOrEqual(0);
      expect(k.competition).toBeLessThanOrEqual(1);
    }
  });
}

/**
 * The clusters follow docs/conventions.md §7 on the report's stored SERPs: keywords walked by search volume
 * (descending, ties by keyword), every member shares at least ceil(overlap x 10) normalized top-10
 * URLs with its centroid, and no keyword could have joined an earlier centroid.
 */
export async function expectHardClusters(h: Harness, reportId: string, clusters: readonly WireCluster[], overlap: number): Promise<void> {
  const need = requiredOverlap(overlap);
  const rows = await serpRows(h, reportId);
  const top10 = new Map(
    rows.map((row) => [
      row.keyword,
      new Set(
        [...row.results]
          .sort((a, b) => a.position - b.position)
          .slice(0, 10)
          .map((r) => normalizeUrl(r.url))
          .filter((url) => url !== ""),
      ),
    ]),
  );
  const volume = new Map(rows.map((row) => [row.keyword, row.searchVolume]));
  const shared = (a: string, b: string) => [...top10.get(a)!].filter((url) => top10.get(b)!.has(url)).length;
  const before = (a: string, b: string) => volume.get(a)! > volume.get(b)! || (volume.get(a) === volume.get(b) && a < b);

  clusters.forEach((cluster, i) => {
    const members = cluster.keywords.map((k) => k.keyword);
    for (let j = 1; j < members.length; j++) {
      expect(before(members[j - 1]!, members[j]!), `${members[j - 1]} before ${members[j]}`).toBe(true);
      expect(shared(cluster.centroid, members[j]!), `${members[j]} joins ${cluster.centroid}`).toBeGreaterThanOrEqual(need);
    }
    for (const earlier of clusters.slice(0, i)) {
      expect(before(earlier.centroid, cluster.centroid), `${earlier.centroid} before ${cluster.centroid}`).toBe(true);
      for (const member of members) expect(shared(earlier.centroid, member), `${member} not in ${earlier.centroid}`).toBeLessThan(need);
    }
  });
}

// ---- failing provider and jobs by hand ------------------------------------------------------

const DATAFORSEO_REJECTION = {
  version: "0.1.20250526",
  status_code: 40100,
  status_message: "You are not authorized to access this resource.",
  time: "0 sec.",
  cost: 0,
  tasks_count: 0,
  tasks_error: 0,
  tasks: null,
};

/** A DataForSEO stand-in on 127.0.0.1 that answers every call 401 (wrong credentials: never retried). */
export async function rejectingDataForSeo() {
  let calls = 0;
  const server = createServer((req, res) => {
    calls += 1;
    req.resume();
    req.on("end", () => {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(JSON.stringify(DATAFORSEO_REJECTION));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      SERP_PROVIDER: "dataforseo",
      DATAFORSEO_LOGIN: "test-login",
      DATAFORSEO_PASSWORD: "test-password",
      DATAFORSEO_BASE_URL: `http://127.0.0.1:${port}`,
    },
    calls: () => calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Runs a clustering task's job in this process, as a worker would on delivery `retryCount`
 * (0 is the first), optionally with another SERP provider in place of the harness's.
 */
export async function runClusteringJob(
  h: Harness,
  taskId: string,
  options: { serp?: SerpProvider; retryCount?: number } = {},
): Promise<void> {
  const platform = options.serp ? { ...h.canopy.platform, serp: options.serp } : h.canopy.platform;
  await runJob(h, "clustering-run", taskId, { platform, retryCount: options.retryCount });
}
