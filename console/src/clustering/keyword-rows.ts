// A clustering's clusters as table rows: one per keyword, carrying its cluster's id, name and
// totals, so that the virtual table can sort and filter keywords across clusters. Brand
// clusterings add each keyword's place in the research tree. Pure.
//
// A cluster is named by its centroid, as the API sends it: the keyword that founded the cluster,
// which is its member of most search volume (ties by keyword), and the one every other member's
// top 10 shares enough URLs with. The ids ("c1", "c2"…) only say the order and stay in the CSV.
import type { Schemas } from "@canopy/client";
import { csvDocument, type CsvValue } from "./csv";

type AnyCluster = Schemas["Cluster"] | Schemas["BrandCluster"];

export interface KeywordRow {
  /** Unique within a clustering: a keyword is in one cluster. */
  keyword: string;
  clusterId: string;
  /** The cluster's name: its centroid keyword. */
  clusterName: string;
  isCentroid: boolean;
  clusterSize: number;
  clusterVolume: number;
  searchVolume: number;
  cpc: number;
  competition: number;
  hasSerp: boolean;
  serpFetchedAt: string | null;
  /** Pillar down to Resource, for a brand clustering; null for a standalone report. */
  position: string[] | null;
}

export function keywordRows(clusters: readonly AnyCluster[]): KeywordRow[] {
  return clusters.flatMap((cluster) =>
    cluster.keywords.map((keyword) => ({
      keyword: keyword.keyword,
      clusterId: cluster.id,
      clusterName: cluster.centroid,
      isCentroid: keyword.sort_order === 0,
      clusterSize: cluster.keyword_count,
      clusterVolume: cluster.total_search_volume,
      searchVolume: keyword.search_volume,
      cpc: keyword.cpc,
      competition: keyword.competition,
      hasSerp: keyword.has_serp_data,
      serpFetchedAt: keyword.serp_fetched_at,
      position:
        "main_topic" in keyword ? [keyword.main_topic, keyword.subtopic_2, keyword.subtopic_3, keyword.subtopic_4].filter(Boolean) : null,
    })),
  );
}

const HEADER = [
  "cluster_id",
  "centroid",
  "keyword",
  "is_centroid",
  "search_volume",
  "cpc",
  "competition",
  "cluster_keyword_count",
  "cluster_search_volume",
  "has_serp_data",
  "serp_fetched_at",
];
const POSITION_HEADER = ["main_topic", "subtopic_2", "subtopic_3", "subtopic_4"];

/** The rows as a CSV document, in cluster order, each text cell guarded against formulas. */
export function keywordRowsCsv(rows: readonly KeywordRow[]): string {
  const withPositions = rows.some((row) => row.position !== null);
  const cells = rows.map((row): CsvValue[] => {
    const base: CsvValue[] = [
      row.clusterId,
      row.clusterName,
      row.keyword,
      row.isCentroid,
      row.searchVolume,
      row.cpc,
      row.competition,
      row.clusterSize,
      row.clusterVolume,
      row.hasSerp,
      row.serpFetchedAt,
    ];
    return withPositions ? [...base, ...[0, 1, 2, 3].map((level) => row.position?.[level] ?? "")] : base;
  });
  return csvDocument(withPositions ? [...HEADER, ...POSITION_HEADER] : HEADER, cells);
}
