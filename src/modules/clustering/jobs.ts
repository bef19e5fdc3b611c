// The clustering job: fetch missing SERP data (first runs only), cluster the stored data with
// the engine, and store the clusters in the transaction that completes the task. A brand
// clustering also writes the brand's topical map there, and drops the brand's older reports.
import { and, asc, eq, gt, ne } from "drizzle-orm";
import { defineJob, type JobContext } from "../../platform/jobs/queue";
import { runTask, TaskFailure, type TaskProgress } from "../../platform/tasks/runner";
import type { TaskRow } from "../../platform/tasks/tasks";
import { brands } from "../brands/table";
import { buildMapRows, type MapKeywordRow } from "../maps/map-rows";
import { writeTopicalMap } from "../maps/writer";
import { clusterKeywords, type Cluster } from "./engine";
import { CLUSTERING_QUEUE, type ClusteringTaskInput } from "./runs";
import { fetchMissingSerps, REPORT_DELETED } from "./serp-fetch";
import { clusteringReports, clusteringSerpData, type ReportRow, type SerpRow } from "./table";

interface RunResult {
  overlap: number;
  clusters: Cluster[];
  /** Brand clusterings only: the topical map's rows, built outside the completing transaction. */
  mapRows: MapKeywordRow[] | null;
}

async function loadReport(ctx: JobContext, reportId: string): Promise<ReportRow> {
  const [report] = await ctx.db.select().from(clusteringReports).where(eq(clusteringReports.id, reportId));
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
async function reportDeletedMeanwhile(ctx: JobContext, reportId: string): Promise<boolean> {
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
async function storedSerps(ctx: JobContext, reportId: string, progress: TaskProgress, steps: number): Promise<Map<string, SerpRow>> {
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
    if (page.length < SERP_PAGE) return byKeyword;
    after = page[page.length - 1]!.keyword;
    await progress.report(steps - 1, steps, "Clustering keywords by SERP overlap.");
  }
}

async function cluster(ctx: JobContext, task: TaskRow, progress: TaskProgress): Promise<RunResult> {
  const input = task.input as unknown as ClusteringTaskInput;
  const report = await loadReport(ctx, input.report_id);
  if (input.fetch_serps) await fetchMissingSerps(ctx, report, progress);
  const steps = input.fetch_serps ? report.totalBatches + 1 : 1;
  await progress.report(steps - 1, steps, "Clustering keywords by SERP overlap.");
  const byKeyword = await storedSerps(ctx, report.id, progress, steps);
  const missing = report.keywords.find((keyword) => !byKeyword.has(keyword));
  if (missing !== undefined) throw new TaskFailure(`No SERP data is stored for "${missing}".`);
  const clusters = clusterKeywords(
    report.keywords.map((keyword) => {
      const row = byKeyword.get(keyword)!;
      return { keyword, searchVolume: row.searchVolume, urls: [...row.results].sort((a, b) => a.position - b.position).map((r) => r.url) };
    }),
    input.overlap_percentage,
  );
  const mapRows = report.brandId ? buildMapRows(clusters, byKeyword, report.treePositions ?? {}) : null;
  return { overlap: input.overlap_percentage, clusters, mapRows };
}

export const clusteringJob = defineJob<{ taskId: string }>({
  name: CLUSTERING_QUEUE,
  retryLimit: 3,
  retryDelaySeconds: 10,
  expireInSeconds: 60 * 60,
  async handler(ctx, data) {
    await runTask<RunResult>(ctx, data.taskId, {
      async run(task, progress) {
        try {
          return await cluster(ctx, task, progress);
        } catch (err) {
          const reportId = (task.input as unknown as ClusteringTaskInput).report_id;
          if (await reportDeletedMeanwhile(ctx, reportId)) throw new TaskFailure(REPORT_DELETED);
          throw err;
        }
      },
      async commit(tx, task, result) {
        const reportId = (task.input as unknown as ClusteringTaskInput).report_id;
        const [report] = await tx.db
          .update(clusteringReports)
          .set({ clusters: result.clusters, clusteredOverlap: result.overlap, clusteredAt: new Date(), updatedAt: new Date() })
          .where(eq(clusteringReports.id, reportId))
          .returning();
        if (!report) throw new TaskFailure(REPORT_DELETED);
        if (report.brandId && result.mapRows) {
          await writeTopicalMap(tx, report, result.clusters.length, result.mapRows);
          // Research, clustering and map now all exist: the brand's stage says so.
          await tx.db.update(brands).set({ stage: "completed", updatedAt: new Date() }).where(eq(brands.id, report.brandId));
          // The brand keeps one clustering: the one its map was built from.
          await tx.db.delete(clusteringReports).where(and(eq(clusteringReports.brandId, report.brandId), ne(clusteringReports.id, report.id)));
        }
        return { cluster_count: result.clusters.length };
      },
    });
  },
});
