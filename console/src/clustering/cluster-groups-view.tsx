// The grouped view of a clustering: one row per cluster (its name, keyword count and total search
// volume), each a disclosure that opens the cluster's keywords with their figures. A filter finds
// clusters by name or keyword; a long list is drawn a page at a time, as a brand's clustering can
// hold thousands of clusters.
import { useDeferredValue, useId, useMemo, useState } from "react";
import { ColumnHeads } from "../ui/column-heads";
import { formatDay, formatFraction, formatMoney, formatWhole } from "../ui/format";
import { clusterGroups, matchingGroups, type ClusterGroup } from "./cluster-groups";
import type { KeywordRow } from "./keyword-rows";

const PAGE = 50;

export function ClusterGroupsView({ rows }: { rows: readonly KeywordRow[] }) {
  const groups = useMemo(() => clusterGroups(rows), [rows]);
  const [filter, setFilter] = useState("");
  const query = useDeferredValue(filter);
  const shown = useMemo(() => matchingGroups(groups, query), [groups, query]);
  const [limit, setLimit] = useState(PAGE);
  // Kept by name, not id: a recluster renumbers the clusters, and the same centroid stays open.
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const filterId = useId();
  const countId = useId();
  const toggle = (name: string) =>
    setOpen((before) => {
      const after = new Set(before);
      if (!after.delete(name)) after.add(name);
      return after;
    });
  const count =
    shown.length === groups.length
      ? plural(groups.length, "cluster", "clusters")
      : `${shown.length.toLocaleString("en")} of ${plural(groups.length, "cluster", "clusters")} match`;
  const withPositions = rows.some((row) => row.position !== null);
  return (
    <div className="cluster-groups">
      <div className="vt-toolbar">
        <label htmlFor={filterId}>Filter clusters</label>
        <input
          id={filterId}
          type="search"
          value={filter}
          aria-describedby={countId}
          onChange={(event) => {
            setFilter(event.target.value);
            setLimit(PAGE);
          }}
        />
        <p id={countId} className="hint vt-count" role="status">
          {count}
        </p>
      </div>
      <ul className="cluster-list" aria-label="Clusters">
        {shown.slice(0, limit).map((group) => (
          <ClusterItem
            key={group.id}
            group={group}
            expanded={open.has(group.name)}
            withPositions={withPositions}
            onToggle={() => toggle(group.name)}
          />
        ))}
      </ul>
      {shown.length > limit ? (
        <button type="button" onClick={() => setLimit((before) => before + PAGE)}>
          Show {Math.min(PAGE, shown.length - limit)} more clusters
        </button>
      ) : null}
    </div>
  );
}

interface ClusterItemProps {
  group: ClusterGroup;
  expanded: boolean;
  withPositions: boolean;
  onToggle: () => void;
}

function ClusterItem({ group, expanded, withPositions, onToggle }: ClusterItemProps) {
  const keywordsId = useId();
  return (
    <li className={expanded ? "cluster-item open" : "cluster-item"}>
      <div className="cluster-head">
        <button
          type="button"
          className="cluster-toggle"
          aria-expanded={expanded}
          // Only while open: a closed cluster's keywords are not drawn, and nothing must point at them.
          aria-controls={expanded ? keywordsId : undefined}
          onClick={onToggle}
        >
          <span aria-hidden="true" className="cluster-arrow">
            {expanded ? "▾" : "▸"}
          </span>
          {group.name}
        </button>
        <span className="cluster-figure">{plural(group.keywordCount, "keyword", "keywords")}</span>
        <span className="cluster-figure">{plural(group.totalVolume, "search", "searches")} a month</span>
      </div>
      {expanded ? (
        // Focusable, as it may scroll sideways on a narrow screen and the keyboard must reach it (WCAG 2.1.1).
        // biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: a scrolling region, not a section of the document.
        <div id={keywordsId} className="cluster-keywords" tabIndex={0} role="region" aria-label={`Keywords in ${group.name}`}>
          <table className="table">
            <caption className="visually-hidden">Keywords in {group.name}</caption>
            <ColumnHeads
              columns={["Keyword", "Search volume", "CPC", "Competition", "SERP fetched", ...(withPositions ? ["Research position"] : [])]}
            />
            <tbody>
              {group.keywords.map((row) => (
                <tr key={row.keyword} className={row.isCentroid ? "centroid-row" : undefined}>
                  <th scope="row">{row.keyword}</th>
                  <td className="numeric">{formatWhole(row.searchVolume)}</td>
                  <td className="numeric">{formatMoney(row.cpc)}</td>
                  <td className="numeric">{formatFraction(row.competition)}</td>
                  <td>{row.serpFetchedAt ? formatDay(row.serpFetchedAt) : "None"}</td>
                  {withPositions ? <td>{row.position?.join(" › ") ?? ""}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </li>
  );
}

const plural = (count: number, one: string, many: string): string => `${count.toLocaleString("en")} ${count === 1 ? one : many}`;
