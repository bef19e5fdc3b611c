// Wire views of clustering reports. Pure: the service fetches rows, these shape them.
import type { CsvCell } from "../../platform/csv/csv-write";
import { present } from "../../platform/present";
import type { TaskRow } from "../../platform/tasks/tasks";
import { reportState, type ReportStateView } from "./report-state";
import type { ReportRow, SerpRow, TreePosition } from "./table";

/** The metrics and fetch time of a keyword, as the detail views need them (no SERP bodies). */
export type KeywordMetricsRow = Pick<SerpRow, "keyword" | "searchVolume" | "cpc" | "competition" | "ok" | "fetchedAt"> & {
  resultCount: number;
};

/** A report with no task (should not happen) reads as failed rather than running forever. */
export function stateOf(task: TaskRow | null): ReportStateView {
  if (!task) return { status: "failed", state: "FAILURE", progress: 0, message: "The report's task was lost." };
  return reportState(task);
}

export function summaryView(report: ReportRow, task: TaskRow | null) {
  return {
    id: report.id,
    report_name: report.reportName,
    status: stateOf(task).status,
    country: report.country,
    location: report.location,
    language: report.language,
    overlap_percentage: report.overlapPercentage,
    ai_model_id: report.aiModelId,
    total_keywords: report.totalKeywords,
    total_batches: report.totalBatches,
    cluster_count: report.clusters ? report.clusters.length : null,
    data_source: report.dataSource,
    created_at: report.createdAt.toISOString(),
    updated_at: report.updatedAt.toISOString(),
    clustered_at: report.clusteredAt?.toISOString() ?? null,
  };
}

function keywordView(keyword: string, sortOrder: number, metrics: KeywordMetricsRow | undefined) {
  return {
    keyword,
    sort_order: sortOrder,
    search_volume: metrics?.searchVolume ?? 0,
    cpc: metrics?.cpc ?? 0,
    competition: metrics?.competition ?? 0,
    has_serp_data: metrics?.ok === true && metrics.resultCount > 0,
    serp_fetched_at: metrics?.fetchedAt.toISOString() ?? null,
  };
}

function positionFields(position: TreePosition | undefined) {
  const path = position?.path ?? [];
  return { main_topic: path[0] ?? "", subtopic_2: path[1] ?? "", subtopic_3: path[2] ?? "", subtopic_4: path[3] ?? "" };
}

/** The stored clusters with each keyword's metrics; `extra` adds per-keyword fields (tree position). */
function clustersView<E extends object>(
  report: ReportRow,
  metrics: Map<string, KeywordMetricsRow>,
  extra: (keyword: string) => E = () => ({}) as E,
) {
  return (report.clusters ?? []).map((cluster) => {
    const keywords = cluster.keywords.map((keyword, i) => ({ ...keywordView(keyword, i, metrics.get(keyword)), ...extra(keyword) }));
    return {
      id: cluster.id,
      centroid: cluster.centroid,
      keyword_count: keywords.length,
      total_search_volume: keywords.reduce((sum, k) => sum + k.search_volume, 0),
      keywords,
    };
  });
}

export function detailView(report: ReportRow, task: TaskRow | null, metrics: Map<string, KeywordMetricsRow>) {
  const { state, progress, message } = stateOf(task);
  return {
    _meta: { data_source: report.dataSource },
    ...summaryView(report, task),
    state,
    progress,
    message,
    clustered_overlap: report.clusteredOverlap,
    clusters: clustersView(report, metrics),
  };
}

/** The results of the brand's report that has clusters (so also when and at what overlap they were made). */
export function brandResultsView(
  report: ReportRow,
  brand: { id: string; brandName: string },
  task: TaskRow | null,
  metrics: Map<string, KeywordMetricsRow>,
) {
  const positions = report.treePositions ?? {};
  return {
    _meta: { data_source: report.dataSource },
    brand_id: brand.id,
    brand_name: brand.brandName,
    report_id: report.id,
    status: stateOf(task).status,
    overlap_percentage: report.overlapPercentage,
    total_keywords: report.totalKeywords,
    cluster_count: report.clusters?.length ?? 0,
    data_source: report.dataSource,
    // Written in the same update as the clusters.
    clustered_at: present(report.clusteredAt, "the clustering time of a report with clusters").toISOString(),
    clustered_overlap: present(report.clusteredOverlap, "the clustering overlap of a report with clusters"),
    clusters: clustersView(report, metrics, (keyword) => positionFields(positions[keyword])),
  };
}

export function serpDataView(report: ReportRow, row: SerpRow) {
  return {
    _meta: { data_source: row.dataSource },
    report_id: report.id,
    keyword: row.keyword,
    fetched_at: row.fetchedAt.toISOString(),
    data_source: row.dataSource,
    ok: row.ok,
    error: row.error,
    search_volume: row.searchVolume,
    cpc: row.cpc,
    competition: row.competition,
    total_results: row.totalResults,
    results: row.results,
    ai_overview: row.aiOverview ?? null,
    ai_mode: row.aiMode ?? null,
  };
}

export function runView(report: ReportRow, task: TaskRow, message: string) {
  return {
    status: "in_progress" as const,
    task_id: task.id,
    group_id: report.groupId,
    total_batches: task.input && (task.input as { fetch_serps?: boolean }).fetch_serps ? report.totalBatches : 0,
    total_keywords: report.totalKeywords,
    credits_charged: task.creditsCharged,
    message,
  };
}

/** The CSV export of a report's clusters: one row per keyword, in cluster order. */
export const REPORT_CSV_HEADER = [
  "cluster",
  "centroid",
  "keyword",
  "sort_order",
  "search_volume",
  "cpc",
  "competition",
  "has_serp_data",
  "serp_fetched_at",
];

/** The rows of `clusters`, a few clusters at a time (generated as the export is read). */
export function* reportCsvBatches(
  report: ReportRow,
  metrics: Map<string, KeywordMetricsRow>,
  clustersPerBatch = 100,
): Generator<CsvCell[][]> {
  const clusters = report.clusters ?? [];
  for (let i = 0; i < clusters.length; i += clustersPerBatch) {
    yield clusters.slice(i, i + clustersPerBatch).flatMap((cluster) =>
      cluster.keywords.map((keyword, sortOrder) => {
        const k = keywordView(keyword, sortOrder, metrics.get(keyword));
        return [
          cluster.id,
          cluster.centroid,
          k.keyword,
          k.sort_order,
          k.search_volume,
          k.cpc,
          k.competition,
          k.has_serp_data,
          k.serp_fetched_at,
        ];
      }),
    );
  }
}
