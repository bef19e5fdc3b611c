// The SERP half of a clustering run: fetch SERPs and metrics for the report's keywords in
// batches of 100, storing each batch as it arrives. Keywords stored by an earlier attempt are
// skipped, so a retried job resumes where the last one stopped and never pays twice for a SERP.
import { eq } from "drizzle-orm";
import type { RequestContext } from "../../platform/context";
import { present } from "../../platform/present";
import { TaskFailure, type TaskProgress } from "../../platform/tasks/runner";
import { ProviderError, type KeywordMetrics, type SerpOutcome } from "../../providers/serp/types";
import { inBatches } from "./report-state";
import { clusteringReports, clusteringSerpData, type ReportRow } from "./table";

export const REPORT_DELETED = "The report was deleted before its clustering finished.";

/** Provider errors become task failures the user can read; transient ones are retried. */
async function fromProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ProviderError) throw new TaskFailure(`SERP provider error: ${err.message}`, err.transient);
    throw err;
  }
}

async function assertReportExists(ctx: Pick<RequestContext, "db" | "platform">, reportId: string): Promise<void> {
  const [row] = await ctx.db.select({ id: clusteringReports.id }).from(clusteringReports).where(eq(clusteringReports.id, reportId));
  if (!row) throw new TaskFailure(REPORT_DELETED);
}

function serpRow(report: ReportRow, keyword: string, outcome: SerpOutcome, metrics: KeywordMetrics | undefined, fetchedAt: Date) {
  const base = {
    reportId: report.id,
    keyword,
    searchVolume: Math.round(metrics?.searchVolume ?? 0),
    cpc: metrics?.cpc ?? 0,
    competition: metrics?.competition ?? 0,
  };
  if (!outcome.ok) {
    return {
      ...base,
      ok: false,
      error: outcome.error,
      results: [],
      totalResults: 0,
      peopleAlsoAsk: [],
      relatedSearches: [],
      aiOverview: null,
      aiMode: null,
      dataSource: report.dataSource,
      fetchedAt,
    };
  }
  const { data } = outcome;
  return {
    ...base,
    ok: true,
    error: null,
    results: data.results.map(({ position, url, title, snippet, domain }) => ({ position, url, title, snippet, domain })),
    totalResults: data.totalResults,
    peopleAlsoAsk: data.peopleAlsoAsk,
    relatedSearches: data.relatedSearches,
    aiOverview: data.aiOverview,
    aiMode: data.aiMode,
    dataSource: data.dataSource,
    fetchedAt: data.fetchedAt,
  };
}

/**
 * Fetches what is missing, batch by batch, reporting progress as `batch / (batches + 1)` (the
 * clustering is the last step). A keyword the provider cannot answer for good is stored as such
 * and clusters alone; a transient failure stores the rest of its batch and fails the attempt, so
 * the queue retries it (and a run that keeps failing ends `failed`, refunded).
 */
export async function fetchMissingSerps(
  ctx: Pick<RequestContext, "db" | "platform">,
  report: ReportRow,
  progress: TaskProgress,
): Promise<void> {
  const storedRows = await ctx.db
    .select({ keyword: clusteringSerpData.keyword })
    .from(clusteringSerpData)
    .where(eq(clusteringSerpData.reportId, report.id));
  const stored = new Set(storedRows.map((row) => row.keyword));
  const batches = inBatches(report.keywords);
  const steps = batches.length + 1;
  const query = { country: report.country, language: report.language, location: report.location };
  for (const [index, batch] of batches.entries()) {
    const missing = batch.filter((keyword) => !stored.has(keyword));
    if (missing.length > 0) {
      await assertReportExists(ctx, report.id);
      const outcomes = await fromProvider(() => ctx.platform.serp.fetchSerps(missing.map((keyword) => ({ keyword, ...query }))));
      const metrics = await fromProvider(() => ctx.platform.serp.keywordMetrics({ keywords: missing, ...query }));
      const fetchedAt = new Date();
      // Both answers come one per keyword, in the order asked; the stored keyword is ours.
      const rows = outcomes
        .map((outcome, i) => ({ outcome, keyword: present(missing[i], "the keyword of a SERP answer"), metrics: metrics[i] }))
        .filter(({ outcome }) => outcome.ok || !outcome.transient)
        .map(({ outcome, keyword, metrics }) => serpRow(report, keyword, outcome, metrics, fetchedAt));
      if (rows.length > 0) await ctx.db.insert(clusteringSerpData).values(rows).onConflictDoNothing();
      const transient = outcomes.find((o) => !o.ok && o.transient);
      if (transient && !transient.ok) throw new TaskFailure(`SERP fetching failed for "${transient.keyword}": ${transient.error}`, true);
    }
    await progress.report(index + 1, steps, `Fetched SERP data: batch ${index + 1} of ${batches.length}.`);
  }
}
