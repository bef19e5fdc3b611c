// Reading reports and their stored SERP data, always within the caller's workspace.
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { RequestContext } from "../../platform/context";
import type { HasDb } from "../../platform/db/transaction";
import { inWorkspace } from "../../platform/db/workspace";
import { NotFound } from "../../platform/errors";
import { normalizeKeyword } from "../../platform/text/keyword";
import { clusteringReports, clusteringSerpData, type ReportRow, type SerpRow } from "./table";
import type { KeywordMetricsRow } from "./views";

export const REPORT_NOT_FOUND = "Clustering report not found or you do not have access to it.";
export const KEYWORD_NOT_IN_REPORT = "This keyword is not part of the clustering.";
export const KEYWORD_NOT_FETCHED = "No SERP data has been stored for this keyword yet.";

type Scoped = HasDb & Pick<RequestContext, "workspace">;

/** A standalone report (brand clusterings are reached through their brand). */
export async function findStandaloneReport(ctx: Scoped, id: string, lock = false): Promise<ReportRow> {
  const query = ctx.db
    .select()
    .from(clusteringReports)
    .where(inWorkspace(ctx, clusteringReports, eq(clusteringReports.id, id), isNull(clusteringReports.brandId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new NotFound(REPORT_NOT_FOUND);
  return row;
}

/**
 * The brand's most recently started or re-clustered report (the one whose task is the brand's
 * current work), or with `withResults` the most recent one that has clusters.
 */
export async function latestBrandReport(
  ctx: Scoped,
  brandId: string,
  options: { withResults?: boolean; lock?: boolean } = {},
): Promise<ReportRow | null> {
  const query = ctx.db
    .select()
    .from(clusteringReports)
    .where(
      inWorkspace(
        ctx,
        clusteringReports,
        eq(clusteringReports.brandId, brandId),
        options.withResults ? isNotNull(clusteringReports.clusters) : undefined,
      ),
    )
    .orderBy(desc(clusteringReports.updatedAt), desc(clusteringReports.id))
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/** Per keyword: metrics, whether results were stored and when they were fetched. */
export async function keywordMetrics(ctx: HasDb, reportId: string): Promise<Map<string, KeywordMetricsRow>> {
  const rows = await ctx.db
    .select({
      keyword: clusteringSerpData.keyword,
      searchVolume: clusteringSerpData.searchVolume,
      cpc: clusteringSerpData.cpc,
      competition: clusteringSerpData.competition,
      ok: clusteringSerpData.ok,
      fetchedAt: clusteringSerpData.fetchedAt,
      resultCount: sql<number>`jsonb_array_length(${clusteringSerpData.results})`.mapWith(Number),
    })
    .from(clusteringSerpData)
    .where(eq(clusteringSerpData.reportId, reportId));
  return new Map(rows.map((row) => [row.keyword, row]));
}

/** One keyword's stored SERP: 404 when the keyword is not in the report or was not fetched yet. */
export async function storedSerp(ctx: HasDb, report: ReportRow, rawKeyword: string) {
  const keyword = normalizeKeyword(rawKeyword);
  if (!report.keywords.includes(keyword)) throw new NotFound(KEYWORD_NOT_IN_REPORT);
  const [row] = await ctx.db
    .select()
    .from(clusteringSerpData)
    .where(and(eq(clusteringSerpData.reportId, report.id), eq(clusteringSerpData.keyword, keyword)));
  if (!row) throw new NotFound(KEYWORD_NOT_FETCHED);
  return row;
}

/** The stored SERPs with results among `keywords`, of the report `reportId` (for other modules' views). */
export async function storedSerpsOf(ctx: HasDb, reportId: string, keywords: readonly string[]): Promise<SerpRow[]> {
  if (keywords.length === 0) return [];
  return ctx.db
    .select()
    .from(clusteringSerpData)
    .where(
      and(eq(clusteringSerpData.reportId, reportId), inArray(clusteringSerpData.keyword, [...keywords]), eq(clusteringSerpData.ok, true)),
    );
}
