// Standalone clustering reports: create (charged by keyword count), list, read, status, stored
// SERP data, recluster (free) and delete.
import { and, desc, eq, isNull } from "drizzle-orm";
import type { RequestContext } from "../../platform/context";
import { tasks } from "../../platform/db/schema";
import { withTransaction } from "../../platform/db/transaction";
import { inWorkspace } from "../../platform/db/workspace";
import { NotFound, ValidationFailed } from "../../platform/errors";
import { csvReply } from "../../platform/http/formats";
import { slugify } from "../../platform/text/slug";
import { assertKnownModel } from "../../providers/models/registry";
import { prepareKeywords } from "./engine/keywords";
import { REPORT_NOT_FOUND, findStandaloneReport, keywordMetrics, storedSerp } from "./reports";
import { currentTask, startRecluster, startReport } from "./runs";
import { MAX_REPORT_KEYWORDS } from "./schemas";
import { clusteringReports } from "./table";
import { detailView, REPORT_CSV_HEADER, reportCsvBatches, runView, serpDataView, stateOf, summaryView } from "./views";

const DEFAULT_OVERLAP = 0.4;

export interface ClusteringOptions {
  country?: string;
  location?: string | null;
  language?: string;
  overlap_percentage?: number;
  ai_model_id?: string;
}

/** docs/conventions.md §7: trimmed, lowercased, de-duplicated; none left or over 10,000 left is a 400. */
function cleanKeywords(raw: readonly string[], field = "keywords"): string[] {
  const keywords = prepareKeywords(raw.map((keyword) => ({ keyword }))).map((entry) => entry.keyword);
  if (keywords.length === 0) throw new ValidationFailed({ [field]: ["No valid keywords: every keyword is empty after trimming."] });
  assertWithinKeywordLimit(keywords.length, field);
  return keywords;
}

/** 400 on `field` for more than 10,000 keywords (counted after clean-up). */
export function assertWithinKeywordLimit(count: number, field = "keywords"): void {
  if (count <= MAX_REPORT_KEYWORDS) return;
  throw new ValidationFailed({
    [field]: [
      `At most ${MAX_REPORT_KEYWORDS.toLocaleString("en-US")} keywords per report after trimming, lowercasing and removing duplicates; got ${count.toLocaleString("en-US")}.`,
    ],
  });
}

/** The run options of a create or start body, with the defaults of the specification. */
export function runOptions(ctx: RequestContext, body: ClusteringOptions) {
  if (body.ai_model_id !== undefined) assertKnownModel(ctx.platform.models, body.ai_model_id);
  return {
    country: (body.country ?? "us").toLowerCase(),
    location: body.location?.trim() || null,
    language: body.language ?? "en",
    overlapPercentage: body.overlap_percentage ?? DEFAULT_OVERLAP,
    aiModelId: body.ai_model_id ?? null,
  };
}

export async function createReport(ctx: RequestContext, body: ClusteringOptions & { report_name: string; keywords: string[] }) {
  const reportName = body.report_name.trim();
  if (reportName === "") throw new ValidationFailed({ report_name: ["This field may not be blank."] });
  const keywords = cleanKeywords(body.keywords);
  const options = runOptions(ctx, body);
  return withTransaction(ctx, async (tx) => {
    const { report, task } = await startReport(tx, { ...options, reportName, keywords, brandId: null, treePositions: null });
    const message = `Clustering started: ${report.totalKeywords} keywords, SERP data in ${report.totalBatches} batches of up to 100. Poll the status endpoint for progress.`;
    return { id: report.id, report_name: report.reportName, ...runView(report, task, message) };
  });
}

export async function listReports(ctx: RequestContext) {
  const rows = await ctx.db
    .select({ report: clusteringReports, task: tasks })
    .from(clusteringReports)
    .leftJoin(tasks, eq(tasks.id, clusteringReports.taskId))
    .where(inWorkspace(ctx, clusteringReports, isNull(clusteringReports.brandId)))
    .orderBy(desc(clusteringReports.createdAt), desc(clusteringReports.id));
  return rows.map(({ report, task }) => summaryView(report, task));
}

export async function reportDetail(ctx: RequestContext, id: string, csv = false) {
  const report = await findStandaloneReport(ctx, id);
  if (csv)
    return csvReply(
      `${slugify(report.reportName) || "report"}-clustering.csv`,
      REPORT_CSV_HEADER,
      reportCsvBatches(report, await keywordMetrics(ctx, report.id)),
    );
  const task = await currentTask(ctx, report);
  return detailView(report, task, await keywordMetrics(ctx, report.id));
}

export async function reportStatus(ctx: RequestContext, id: string) {
  const report = await findStandaloneReport(ctx, id);
  return { id: report.id, ...stateOf(await currentTask(ctx, report)) };
}

export async function reportSerpData(ctx: RequestContext, id: string, keyword: string) {
  const report = await findStandaloneReport(ctx, id);
  return serpDataView(report, await storedSerp(ctx, report, keyword));
}

export async function reclusterReport(ctx: RequestContext, id: string, overlapPercentage: number) {
  return withTransaction(ctx, async (tx) => {
    const locked = await findStandaloneReport(tx, id, true);
    const { report, task } = await startRecluster(tx, locked, overlapPercentage);
    const message = "Re-clustering from stored SERP data; no SERP fetching and no credits. Poll the status endpoint for progress.";
    return { id: report.id, report_name: report.reportName, ...runView(report, task, message) };
  });
}

/** Deletes the report and, by cascade, its SERP data. A running job finds it gone and is refunded. */
export async function deleteReport(ctx: RequestContext, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(clusteringReports)
    .where(and(inWorkspace(ctx, clusteringReports, eq(clusteringReports.id, id), isNull(clusteringReports.brandId))))
    .returning({ id: clusteringReports.id });
  if (deleted.length === 0) throw new NotFound(REPORT_NOT_FOUND);
}
