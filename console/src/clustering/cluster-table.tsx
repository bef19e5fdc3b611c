// A clustering's keywords in the virtual table: cluster (by name), keyword and metrics, sortable
// and filterable, with the centroid of each cluster marked.
import { useMemo } from "react";
import { formatDay, formatFraction, formatMoney, formatWhole } from "../ui/format";
import { VirtualTable, type Column } from "../ui/virtual-table";
import type { KeywordRow } from "./keyword-rows";

const COLUMNS: Column<KeywordRow>[] = [
  { id: "cluster", header: "Cluster", value: (row) => row.clusterName, width: "16%" },
  { id: "keyword", header: "Keyword", value: (row) => row.keyword, width: "16%", rowHeader: true },
  { id: "volume", header: "Search volume", value: (row) => row.searchVolume, format: formatWhole, numeric: true, width: "8%" },
  { id: "cpc", header: "CPC", value: (row) => row.cpc, format: formatMoney, numeric: true, width: "6%" },
  { id: "competition", header: "Competition", value: (row) => row.competition, format: formatFraction, numeric: true, width: "8%" },
  { id: "size", header: "Cluster size", value: (row) => row.clusterSize, format: formatWhole, numeric: true, width: "7%" },
  {
    id: "cluster-volume",
    header: "Cluster volume",
    value: (row) => row.clusterVolume,
    format: formatWhole,
    numeric: true,
    width: "8%",
  },
  {
    id: "serp",
    header: "SERP fetched",
    value: (row) => (row.serpFetchedAt ? row.serpFetchedAt : null),
    format: (value) => (typeof value === "string" ? formatDay(value) : "None"),
    width: "8%",
  },
];

const POSITION: Column<KeywordRow> = {
  id: "position",
  header: "Research position",
  value: (row) => row.position?.join(" › ") ?? null,
  width: "23%",
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
      minWidth="60rem"
      rowClassName={(row) => (row.isCentroid ? "centroid-row" : undefined)}
    />
  );
}
