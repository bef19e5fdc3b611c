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
  { id: "cluster", header: "Cluster", value: (row) => row.centroid, width: "13rem" },
  { id: "keyword", header: "Keyword", value: (row) => row.keyword, width: "16rem", rowHeader: true },
  { id: "volume", header: "Search volume", value: (row) => row.search_volume, format: formatWhole, numeric: true, width: "9.5rem" },
  { id: "cpc", header: "CPC", value: (row) => row.cpc, format: formatMoney, numeric: true, width: "6rem" },
  { id: "competition", header: "Competition", value: (row) => row.competition, format: formatFraction, numeric: true, width: "8.5rem" },
  { id: "intent", header: "Intent", value: (row) => orNull(row.search_intent), width: "9rem" },
  { id: "journey", header: "Buyer's journey", value: (row) => orNull(row.buyers_journey), width: "10rem" },
  { id: "type", header: "Content type", value: (row) => orNull(row.content_type), width: "10rem" },
  { id: "title", header: "Content title", value: (row) => orNull(row.content_title), width: "18rem" },
  { id: "slug", header: "URL slug", value: (row) => orNull(row.url_slug), width: "13rem" },
  { id: "competitors", header: "SERP competitors", value: (row) => orNull(row.serp_competitors), width: "16rem" },
  { id: "freshness", header: "SERP freshness", value: (row) => orNull(row.serp_freshness), width: "10rem" },
  { id: "similarity", header: "Similarity", value: (row) => row.similarity, format: share, numeric: true, width: "7.5rem" },
  {
    id: "position",
    header: "Research position",
    value: (row) => orNull([row.main_topic, row.subtopic_2, row.subtopic_3, row.subtopic_4].filter(Boolean).join(" › ")),
    width: "22rem",
  },
];
