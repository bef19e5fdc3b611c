// The SERP results a brief is written from: the ones the request selected (at most 15, each with
// a `url`), else those stored for its topic (the brand's map, or the authority node). Both 400s
// are `detail` messages, worded as the spec's "Errors" section describes them.
import { BadRequest } from "../../platform/errors";
import type { SerpRow } from "../clustering";
import { MAX_SERP_ENTRIES } from "./schemas";

export interface SerpEntry {
  url: string;
  title?: string;
  snippet?: string;
  /** The result's rank, when the entry came from a SERP. */
  position?: number;
}

export const NO_SERP_DATA =
  "No SERP data is available for this topic: provide selected_serp_data, fetch the query's search results first (POST /api/v1/briefs/serp-data/), or collect SERP data for the topic in the brand's topical map (run a brand clustering).";

/** The selected entries, or a 400 naming the first without a `url` as the spec does. */
function checkedEntries(entries: readonly (Omit<SerpEntry, "url"> & { url?: string; domain?: string })[]): SerpEntry[] {
  const out: SerpEntry[] = [];
  for (const [index, { domain: _domain, ...entry }] of entries.entries()) {
    const url = entry.url?.trim();
    if (url === undefined || url === "")
      throw new BadRequest(`selected_serp_data[${index}] has no "url" field; every selected SERP entry needs one.`);
    out.push({ ...entry, url });
  }
  return out;
}

/** A SERP kept by canopy: the brand's map's, or one fetched for the query (query-serp.ts). */
type StoredSerp = Pick<SerpRow, "results" | "dataSource">;

/** A stored SERP's organic results as entries, in rank order, at most 15. */
function storedEntries(serp: StoredSerp): SerpEntry[] {
  return [...serp.results]
    .sort((a, b) => a.position - b.position)
    .slice(0, MAX_SERP_ENTRIES)
    .map((r) => ({ url: r.url, title: r.title, snippet: r.snippet }));
}

/**
 * Where a brief's SERP came from, as its `_meta.data_source` says: `selected` (the request's own
 * selection), or the stored SERP's provider (`offline` or `dataforseo`). `offline` is the built-in
 * simulator's invented results, which the console marks as simulated so that no one mistakes them
 * for Google's.
 */
export type BriefSerpDataSource = string;

/** What the brief gets: the selection, else the stored SERP, else a 400 saying how to get some. */
export function briefSerp(
  selected: readonly { url?: string }[] | undefined,
  stored: StoredSerp | null,
): { entries: SerpEntry[]; source: "request" | "stored"; dataSource: BriefSerpDataSource } {
  if (selected !== undefined && selected.length > 0)
    return { entries: checkedEntries(selected), source: "request", dataSource: "selected" };
  if (stored === null) throw new BadRequest(NO_SERP_DATA);
  return { entries: storedEntries(stored), source: "stored", dataSource: stored.dataSource };
}
