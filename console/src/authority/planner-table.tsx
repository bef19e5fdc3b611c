// The planner: every node of the authority view in one table, narrowed by the strategist's
// ready-made questions (what to do next, quick wins, absent from AI answers, not ranking) and by
// text, sortable by any figure, with each node's published toggle and its details a click away.
import { useMemo, useState } from "react";
import { VirtualTable, type Column } from "../ui/virtual-table";
import { PLANNER_FILTERS, TYPE_LABELS, plannerRows, type AuthorityNode, type PlannerFilter } from "./authority-model";
import { presenceText } from "./map-colours";
import { readOnlyNoteId, useWriteAccess } from "../ui/can-write";

interface PlannerTableProps {
  hierarchy: readonly AuthorityNode[];
  onSelect: (node: AuthorityNode) => void;
  onPublish: (node: AuthorityNode, published: boolean) => void;
}

const FILTER_NAMES = Object.keys(PLANNER_FILTERS) as PlannerFilter[];
// The text filter finds a node by its keywords too, which no column shows.
const nodeKeywords = (node: AuthorityNode) => node.keywords.join(" ");

export function PlannerTable({ hierarchy, onSelect, onPublish }: PlannerTableProps) {
  const publishing = useWriteAccess("authority:write").allowed;
  const [filter, setFilter] = useState<PlannerFilter>("all");
  const rows = useMemo(() => plannerRows(hierarchy, filter), [hierarchy, filter]);
  const columns = useMemo<Column<AuthorityNode>[]>(
    () => [
      {
        id: "name",
        header: "Node",
        value: (node) => node.name,
        rowHeader: true,
        width: "28%",
        render: (node) => (
          <>
            <span className="level-label">{TYPE_LABELS[node.type]}</span>{" "}
            <button type="button" className="link-button" onClick={() => onSelect(node)}>
              {node.name}
            </button>
          </>
        ),
      },
      {
        id: "volume",
        header: "Volume",
        value: (node) => node.search_volume,
        numeric: true,
        format: (value) => (value ?? 0).toLocaleString("en"),
      },
      { id: "importance", header: "Importance", value: (node) => node.importance, numeric: true },
      { id: "priority", header: "Priority", value: (node) => node.priority_category },
      {
        id: "position",
        header: "Position",
        value: (node) => node.serp_position,
        numeric: true,
        format: (value) => (value === null ? "—" : String(value)),
      },
      { id: "aio", header: "AI Overview", value: (node) => presenceText(node.aio_status) },
      { id: "aimode", header: "AI Mode", value: (node) => presenceText(node.aimode_status) },
      { id: "coverage", header: "Coverage", value: (node) => node.coverage, numeric: true, format: (value) => `${value ?? 0} %` },
      {
        id: "published",
        header: "Published",
        value: (node) => (node.published ? "published" : ""),
        sortable: false,
        render: (node) => (
          <input
            type="checkbox"
            aria-label={`Published: ${node.name}`}
            checked={node.published}
            disabled={!publishing}
            aria-describedby={publishing ? undefined : readOnlyNoteId("authority:write")}
            onChange={(event) => onPublish(node, event.target.checked)}
          />
        ),
      },
    ],
    [onSelect, onPublish, publishing],
  );

  return (
    <section className="planner" aria-labelledby="planner-title">
      <h2 id="planner-title">Planner</h2>
      <fieldset className="planner-filters">
        <legend>Show</legend>
        {FILTER_NAMES.map((name) => (
          <label key={name}>
            <input type="radio" name="planner-filter" value={name} checked={filter === name} onChange={() => setFilter(name)} />
            {PLANNER_FILTERS[name].label}
          </label>
        ))}
      </fieldset>
      <VirtualTable
        label="Planner nodes"
        rows={rows}
        columns={columns}
        rowKey={(node) => node.node_id}
        searchText={nodeKeywords}
        noun={["node", "nodes"]}
        filterLabel="Find a node or keyword"
        maxHeight="60vh"
        minWidth="50rem"
      />
    </section>
  );
}
