// The research's keyword universe: every keyword the last generation discovered (and every one
// of the tree no source found), with where it came from, its demand and the node it sits on.
// Filtered by source, by "not in the tree" and by text; a keyword no node holds can be added to
// one from its row. Filters apply as they are chosen, and a filter change starts at page one.
import { unwrap } from "@canopy/client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useState } from "react";
import { CanopyError } from "../api";
import { useClient } from "../session-context";
import { ColumnHeads } from "../ui/column-heads";
import { ErrorNotice } from "../ui/error-notice";
import { Loading } from "../ui/loading";
import { SimulatedNotice } from "../ui/simulated-notice";
import { TableRegion } from "../ui/table-region";
import { AttachKeyword } from "./attach-keyword";
import {
  formatDifficulty,
  formatIntent,
  formatPlacement,
  formatVolume,
  isKeywordSource,
  KEYWORD_SOURCES,
  SOURCE_LABELS,
  type KeywordRow,
  type KeywordSource,
} from "./keyword-labels";
import type { NodeOperation } from "./node-operations";
import type { TreeNode } from "./tree-model";

/** The API's largest page: most universes fit on one. */
const PAGE_SIZE = 200;
const COLUMNS = ["Keyword", "Found by", "Volume", "Intent", "Difficulty", "Node"] as const;

interface Filters {
  source: KeywordSource | "";
  unattachedOnly: boolean;
  search: string;
}

interface KeywordsPanelProps {
  brandId: string;
  /** Every node of the tree, in reading order: where a keyword may be added. */
  nodes: readonly TreeNode[];
  run: (operation: NodeOperation) => Promise<unknown>;
}

export function KeywordsPanel({ brandId, nodes, run }: KeywordsPanelProps) {
  const client = useClient();
  const [filters, setFilters] = useState<Filters>({ source: "", unattachedOnly: false, search: "" });
  const [page, setPage] = useState(1);
  const search = useDeferredValue(filters.search.trim());
  const query = {
    page: String(page),
    page_size: String(PAGE_SIZE),
    ...(filters.source ? { source: filters.source } : {}),
    ...(filters.unattachedOnly ? { attached: "false" as const } : {}),
    ...(search ? { search } : {}),
  };
  const keywords = useQuery({
    // Under the research's key: a node operation reads it again along with the tree.
    queryKey: ["research", brandId, "keywords", query],
    queryFn: async () =>
      unwrap(await client.GET("/api/v1/research/{brand_id}/keywords/", { params: { path: { brand_id: brandId }, query } })),
    placeholderData: keepPreviousData,
  });
  const totals = useUniverseTotals(brandId);
  // A page that emptied (its last keywords added to nodes while "not in the tree" filters them)
  // is past the last one, which the API answers with 404: go back to the first.
  const pastTheEnd = page > 1 && keywords.error instanceof CanopyError && keywords.error.status === 404;
  useEffect(() => {
    if (pastTheEnd) setPage(1);
  }, [pastTheEnd]);

  const change = (patch: Partial<Filters>) => {
    setFilters({ ...filters, ...patch });
    setPage(1);
  };
  const data = keywords.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;

  return (
    <section className="keywords-panel" aria-labelledby="keywords-title">
      <h2 id="keywords-title">Keywords</h2>
      {data ? (
        <SimulatedNotice dataSource={data._meta.data_source} shows="These keywords, their sources, volumes, difficulties and intents" />
      ) : null}
      {totals.data ? (
        <p className="hint">
          {countOf(totals.data.all, "keyword")} found for this research; {totals.data.unattached.toLocaleString("en")} not in the tree.
        </p>
      ) : null}
      <fieldset className="filters" aria-label="Keyword filters">
        <label>
          Found by
          <select
            value={filters.source}
            onChange={(event) => change({ source: isKeywordSource(event.target.value) ? event.target.value : "" })}
          >
            <option value="">Any source</option>
            {KEYWORD_SOURCES.map((source) => (
              <option key={source} value={source}>
                {SOURCE_LABELS[source]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Search keywords
          <input
            type="search"
            value={filters.search}
            placeholder="in the keyword"
            onChange={(event) => change({ search: event.target.value })}
          />
        </label>
        <label className="check">
          <input type="checkbox" checked={filters.unattachedOnly} onChange={(event) => change({ unattachedOnly: event.target.checked })} />
          Unattached only
        </label>
      </fieldset>
      {keywords.error && !pastTheEnd ? <ErrorNotice error={keywords.error} retry={keywords} /> : null}
      {keywords.isLoading ? <Loading label="Loading the keywords" /> : null}
      {data ? (
        <>
          <p className="hint" aria-live="polite">
            {matchLine(data.count, isFiltered(filters))}
            {pages > 1 ? ` Page ${page} of ${pages}.` : ""}
          </p>
          {data.results.length > 0 ? (
            <TableRegion label="Discovered keywords">
              <table className="table keyword-table" aria-label="Discovered keywords" aria-busy={keywords.isPlaceholderData}>
                <ColumnHeads columns={COLUMNS} actions />
                <tbody>
                  {data.results.map((row) => (
                    <KeywordTableRow key={row.keyword} row={row} nodes={nodes} run={run} />
                  ))}
                </tbody>
              </table>
            </TableRegion>
          ) : null}
          {pages > 1 ? (
            <nav className="buttons start pager" aria-label="Keyword pages">
              <button type="button" disabled={!data.previous} onClick={() => setPage(page - 1)}>
                Previous page
              </button>
              <button type="button" disabled={!data.next} onClick={() => setPage(page + 1)}>
                Next page
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function KeywordTableRow({ row, nodes, run }: { row: KeywordRow; nodes: readonly TreeNode[]; run: KeywordsPanelProps["run"] }) {
  return (
    <tr>
      <th scope="row" className="keyword-cell">
        {row.keyword}
      </th>
      <td>
        <ul className="badges" aria-label={`Sources of ${row.keyword}`}>
          {row.sources.map((source) => (
            <li key={source} className="badge">
              {SOURCE_LABELS[source]}
            </li>
          ))}
        </ul>
      </td>
      <td className="figure">{row.no_demand ? <span className="tag no-demand">No searches</span> : formatVolume(row.search_volume)}</td>
      <td>{formatIntent(row.intent)}</td>
      <td className="figure">{formatDifficulty(row.keyword_difficulty)}</td>
      <td className={row.node ? "placement" : "placement unplaced"}>{formatPlacement(row.node)}</td>
      <td>{row.node ? null : <AttachKeyword keyword={row.keyword} nodes={nodes} run={run} />}</td>
    </tr>
  );
}

const isFiltered = (filters: Filters) => filters.source !== "" || filters.unattachedOnly || filters.search.trim() !== "";

function matchLine(count: number, filtered: boolean): string {
  if (count === 0) return "No keyword matches.";
  if (!filtered) return "All of them, most searched first.";
  return `${countOf(count, "keyword")} ${count === 1 ? "matches" : "match"} the filters.`;
}

const countOf = (count: number, noun: string) => `${count.toLocaleString("en")} ${noun}${count === 1 ? "" : "s"}`;

/** How many keywords the research has, and how many of them no node holds: one row asked of each. */
function useUniverseTotals(brandId: string) {
  const client = useClient();
  return useQuery({
    queryKey: ["research", brandId, "keywords", "totals"],
    queryFn: async () => {
      const count = async (attached?: "false") => {
        const query = { page_size: "1", ...(attached ? { attached } : {}) };
        const answer = unwrap(
          await client.GET("/api/v1/research/{brand_id}/keywords/", { params: { path: { brand_id: brandId }, query } }),
        );
        return answer.count;
      };
      const [all, unattached] = await Promise.all([count(), count("false")]);
      return { all, unattached };
    },
  });
}
