// A clustering's keywords in the virtual table: cluster (by name), keyword and metrics, sortable
// and filterable, with the centroid of each cluster marked.
import { useMemo } from "react";
import { formatDay, formatFraction, formatMoney, formatWhole } from "../ui/format";
import { VirtualTable, type Column } from "../ui/virtual-table";
import type { KeywordRow } from "./keyword-rows";

const COLUMNS: Column<KeywordRow>[] = [
  { id: "cluster", header: "Cluster", value: (row) => row.clusterName, width: "14rem" },
  { id: "keyword", header: "Keyword", value: (row) => row.keyword, width: "17rem", rowHeader: true },
  { id: "volume", header: "Search volume", value: (row) => row.searchVolume, format: formatWhole, numeric: true, width: "9.5rem" },
  { id: "cpc", header: "CPC", value: (row) => row.cpc, format: formatMoney, numeric: true, width: "6rem" },
  { id: "competition", header: "Competition", value: (row) => row.competition, format: formatFraction, numeric: true, width: "8.5rem" },
  { id: "size", header: "Cluster size", value: (row) => row.clusterSize, format: formatWhole, numeric: true, width: "8.5rem" },
  {
    id: "cluster-volume",
    header: "Cluster volume",
    value: (row) => row.clusterVolume,
    format: formatWhole,
    numeric: true,
    width: "9.5rem",
  },
  {
    id: "serp",
    header: "SERP fetched",
    value: (row) => (row.serpFetchedAt ? row.serpFetchedAt : null),
    format: (value) => (typeof value === "string" ? formatDay(value) : "None"),
    width: "8.5rem",
  },
];

const POSITION: Column<KeywordRow> = {
  id: "position",
  header: "Research position",
  value: (row) => row.position?.join(" › ") ?? null,
  width: "22rem",
};

export function ClusterTable({ rows }: { rows: readonly KeywordRow[] }) {
  const withPositions = rows.some((row) => row.position !== null);
  const columns = useMemo(() => (withPositions ? [...COLUMNS, POSITION] : COLUMNS), [withPositions]);
  return (
    <VirtualTable
      label="Clustered keywords"
      rows={rows}
      columns={columns}
      rowKey={(row) => row.keyword}
      noun={["keyword", "keywords"]}
      filterLabel="Filter keywords"
      rowClassName={(row) => (row.isCentroid ? "centroid-row" : undefined)}
    />
  );
}
