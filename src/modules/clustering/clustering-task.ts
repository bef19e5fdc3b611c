// Clustering as a task: fetch missing SERP data (first runs only), cluster the stored data with
// the engine, and store the clusters in the transaction that completes the task. A brand
// clustering also writes the brand's topical map there, and drops the brand's older reports.
import { and, asc, eq, gt, ne } from "drizzle-orm";
import Type, { type Static } from "typebox";
import { inWorkspace } from "../../platform/db/workspace";
import { defineTask, type TaskContext } from "../../platform/tasks/define-task";
import { TaskFailure, type TaskProgress } from "../../platform/tasks/runner";
import { markBrandCompleted } from "../brands";
import type { ClusteringNeeds } from "./brand-map";
import { clusterKeywords, type Cluster } from "./engine";
import { fetchMissingSerps, REPORT_DELETED } from "./serp-fetch";
import { clusteringReports, clusteringSerpData, type ReportRow, type SerpRow } from "./table";

const CLUSTERING_TASK_TYPE = "clustering";

/** What a clustering task is told: which report, at what overlap, and whether to fetch SERPs first. */
const ClusteringTaskInput = Type.Object({
  report_id: Type.String({ format: "uuid" }),
  overlap_percentage: Type.Number({ exclusiveMinimum: 0, maximum: 1 }),
  fetch_serps: Type.Boolean(),
});

interface RunResult {
  clusters: Cluster[];
  /** Brand clusterings only: the topical map's rows, built outside the completing transaction. */
  mapRows: unknown[] | null;
}

async function loadReport(ctx: TaskContext, reportId: string): Promise<ReportRow> {
  const [report] = await ctx.db
    .select()
    .from(clusteringReports)
    .where(inWorkspace(ctx, clusteringReports, eq(clusteringReports.id, reportId)));
  if (!report) throw new TaskFailure(REPORT_DELETED);
  return report;
}

/**
 * A report deleted while its clustering runs trips whichever step comes next: the SERP insert
 * on its foreign key (an internal error, logged with its stack), or the read of its stored
 * SERPs, gone with it ("no SERP data is stored"). Whatever the step, the user reads that the
 * report was deleted. If even that question cannot be asked (the database is away), the
 * step's own error goes on to the runner.
 */
async function reportDeletedMeanwhile(ctx: TaskContext, reportId: string): Promise<boolean> {
  try {
    const [row] = await ctx.db.select({ id: clusteringReports.id }).from(clusteringReports).where(eq(clusteringReports.id, reportId));
    return !row;
  } catch {
    return false;
  }
}

/** Rows read per query: the embedded database answers a query on the request thread, so a few MB at a time. */
const SERP_PAGE = 1000;

/**
 * Every stored SERP of the report, read a page at a time (keyset on the keyword) so that
 * requests, status polls among them, run between pages.
 */
async function storedSerps(ctx: TaskContext, reportId: string, progress: TaskProgress, steps: number): Promise<Map<string, SerpRow>> {
  const byKeyword = new Map<string, SerpRow>();
  let after: string | null = null;
  for (;;) {
    const page: SerpRow[] = await ctx.db
      .select()
      .from(clusteringSerpData)
      .where(and(eq(clusteringSerpData.reportId, reportId), after === null ? undefined : gt(clusteringSerpData.keyword, after)))
      .orderBy(asc(clusteringSerpData.keyword))
      .limit(SERP_PAGE);
    for (const row of page) byKeyword.set(row.keyword, row);
    const last = page.at(-1);
    if (page.length < SERP_PAGE || last === undefined) return byKeyword;
    after = last.keyword;
    await progress.report(steps - 1, steps, "Clustering keywords by SERP overlap.");
  }
}

async function cluster(
  ctx: TaskContext,
  input: Static<typeof ClusteringTaskInput>,
  progress: TaskProgress,
  { brandMapWriter }: ClusteringNeeds,
): Promise<RunResult> {
  const report = await loadReport(ctx, input.report_id);
  if (input.fetch_serps) await fetchMissingSerps(ctx, report, progress);
  const steps = input.fetch_serps ? report.totalBatches + 1 : 1;
  await progress.report(steps - 1, steps, "Clustering keywords by SERP overlap.");
  const byKeyword = await storedSerps(ctx, report.id, progress, steps);
  const rows = report.keywords.map((keyword) => {
    const row = byKeyword.get(keyword);
    if (row === undefined) throw new TaskFailure(`No SERP data is stored for "${keyword}".`);
    return { keyword, row };
  });
  const clusters = clusterKeywords(
    rows.map(({ keyword, row }) => ({
      keyword,
      searchVolume: row.searchVolume,
      urls: [...row.results].sort((a, b) => a.position - b.position).map((r) => r.url),
    })),
    input.overlap_percentage,
  );
  const mapRows = report.brandId ? await brandMapWriter.rows(ctx, { ...report, brandId: report.brandId }, clusters, byKeyword) : null;
  return { clusters, mapRows };
}

export const clusteringTask = defineTask({
  type: CLUSTERING_TASK_TYPE,
  queue: "clustering-run",
  input: ClusteringTaskInput,
  retryLimit: 3,
  retryDelaySeconds: 10,
  expireInSeconds: 60 * 60,
  // Clustering is heavy: one of a workspace's at a time, so others' reports never wait behind it all.
  perWorkspace: 1,
  async run(ctx, input, progress, needs: ClusteringNeeds) {
    try {
      return await cluster(ctx, input, progress, needs);
    } catch (err) {
      if (await reportDeletedMeanwhile(ctx, input.report_id)) throw new TaskFailure(REPORT_DELETED);
      throw err;
    }
  },
  async commit(ctx, input, result, { brandMapWriter }) {
    const [report] = await ctx.db
      .update(clusteringReports)
      .set({ clusters: result.clusters, clusteredOverlap: input.overlap_percentage, clusteredAt: new Date(), updatedAt: new Date() })
      .where(inWorkspace(ctx, clusteringReports, eq(clusteringReports.id, input.report_id)))
      .returning();
    if (!report) throw new TaskFailure(REPORT_DELETED);
    if (report.brandId && result.mapRows) {
      const source = {
        brandId: report.brandId,
        workspaceId: report.workspaceId,
        reportId: report.id,
        isUploaded: false,
        dataSource: report.dataSource,
      };
      await brandMapWriter.write(ctx, source, result.clusters.length, result.mapRows);
      // Research, clustering and map now all exist: the brand's stage says so.
      await markBrandCompleted(ctx, report.brandId);
      // The brand keeps one clustering: the one its map was built from.
      await ctx.db
        .delete(clusteringReports)
        .where(inWorkspace(ctx, clusteringReports, eq(clusteringReports.brandId, report.brandId), ne(clusteringReports.id, report.id)));
    }
    return { cluster_count: result.clusters.length };
  },
});
