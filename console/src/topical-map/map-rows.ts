// A topical map as table rows: one per keyword with its cluster (named by its centroid, the
// cluster's main keyword, as on the clustering screens), metrics and the SERP-derived
// fields (intent, journey, content type, suggested title and slug, competitors, freshness,
// similarity to the cluster's main keyword), and the columns the virtual table shows them in.
import type { Schemas } from "../api";
import type { Column } from "../ui/virtual-table";
import { formatFraction, formatMoney, formatWhole } from "../ui/format";

type MapKeyword = Schemas["MapKeyword"];

export interface MapRow extends MapKeyword {
  /** The cluster's name: its centroid keyword. */
  centroid: string;
}

export function mapRows(clusters: readonly Schemas["MapCluster"][]): MapRow[] {
  return clusters.flatMap((cluster) => cluster.keywords.map((keyword) => ({ ...keyword, centroid: cluster.centroid })));
}

const share = (value: unknown) => (typeof value === "number" ? `${Math.round(value * 100)}%` : "");
const orNull = (text: string) => (text === "" ? null : text);

export const MAP_COLUMNS: Column<MapRow>[] = [
  { id: "cluster", header: "Cluster", value: (row) => row.centroid, width: "10%" },
  { id: "keyword", header: "Keyword", value: (row) => row.keyword, width: "11.5%", rowHeader: true },
  { id: "volume", header: "Search volume", value: (row) => row.search_volume, format: formatWhole, numeric: true, width: "5%" },
  { id: "cpc", header: "CPC", value: (row) => row.cpc, format: formatMoney, numeric: true, width: "4%" },
  { id: "competition", header: "Competition", value: (row) => row.competition, format: formatFraction, numeric: true, width: "7.5%" },
  { id: "intent", header: "Intent", value: (row) => orNull(row.search_intent), width: "8%" },
  { id: "journey", header: "Buyer's journey", value: (row) => orNull(row.buyers_journey), width: "7%" },
  { id: "type", header: "Content type", value: (row) => orNull(row.content_type), width: "6%" },
  { id: "title", header: "Content title", value: (row) => orNull(row.content_title), width: "7.5%" },
  { id: "slug", header: "URL slug", value: (row) => orNull(row.url_slug), width: "6.5%" },
  { id: "competitors", header: "SERP competitors", value: (row) => orNull(row.serp_competitors), width: "7.5%" },
  { id: "freshness", header: "SERP freshness", value: (row) => orNull(row.serp_freshness), width: "6.5%" },
  { id: "similarity", header: "Similarity", value: (row) => row.similarity, format: share, numeric: true, width: "6%" },
  {
    id: "position",
    header: "Research position",
    value: (row) => orNull([row.main_topic, row.subtopic_2, row.subtopic_3, row.subtopic_4].filter(Boolean).join(" › ")),
    width: "7%",
  },
];
