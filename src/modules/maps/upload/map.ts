// The rows of an uploaded map (docs/conventions.md §8 for maps built by clustering; this is the map a user
// brings from another tool). Pure. The rules, which the upload route documents:
//  - a keyword listed twice keeps its first entry (later ones are counted and dropped);
//  - keywords with the same `cluster` label (compared case-insensitively) form one cluster; a
//    keyword without a label is a cluster of its own;
//  - a cluster's centroid is its keyword of most search volume (ties: the first listed), the
//    others follow by volume; clusters are in centroid order (volume, then first listed), ids c1..cn,
//    as a clustering orders them;
//  - the SERP-derived fields come from the keyword alone (no SERP was fetched): has_serp_data is
//    false, similarity 1 for a centroid and 0 for the others, no brand positions, AI presence N/A.
import { keywordInsights } from "../keyword-insights";
import { insightColumns, pathColumns, type MapKeywordRow } from "../map-rows";
import type { CleanEntry } from "./entries";

/** A keyword's place in the uploaded map: the cheap part of its row, decided for all rows at once. */
export interface PlacedEntry {
  entry: CleanEntry;
  clusterId: string;
  clusterOrder: number;
  sortOrder: number;
  centroid: string;
}

export interface UploadPlan {
  /** In map order. */
  placed: PlacedEntry[];
  clusterCount: number;
  /** Entries dropped because their keyword was listed before. */
  duplicates: number;
}

export interface UploadedMap {
  rows: MapKeywordRow[];
  clusterCount: number;
  duplicates: number;
}

/** Stable: equal volumes keep the order they came in. */
const byVolume = (a: CleanEntry, b: CleanEntry) => b.searchVolume - a.searchVolume;

/** Where each keyword goes: duplicates dropped, clusters formed and ordered. */
export function planUploadedMap(entries: readonly CleanEntry[]): UploadPlan {
  const seen = new Set<string>();
  // Each group starts with the entry that made it, so it is never empty.
  const groups: [CleanEntry, ...CleanEntry[]][] = [];
  const labelled = new Map<string, [CleanEntry, ...CleanEntry[]]>();
  let duplicates = 0;
  for (const entry of entries) {
    if (seen.has(entry.keyword)) {
      duplicates++;
      continue;
    }
    seen.add(entry.keyword);
    const label = entry.cluster?.toLowerCase() ?? null;
    const group = label === null ? undefined : labelled.get(label);
    if (group) {
      group.push(entry);
      continue;
    }
    const created: [CleanEntry, ...CleanEntry[]] = [entry];
    groups.push(created);
    if (label !== null) labelled.set(label, created);
  }
  // The groups are this function's own arrays: sorted in place.
  const clusters = groups.map((group) => group.sort(byVolume)).sort((a, b) => byVolume(a[0], b[0]));
  const placed: PlacedEntry[] = [];
  clusters.forEach((members, clusterOrder) => {
    const centroid = members[0].keyword;
    for (const [sortOrder, entry] of members.entries())
      placed.push({ entry, clusterId: `c${clusterOrder + 1}`, clusterOrder, sortOrder, centroid });
  });
  return { placed, clusterCount: clusters.length, duplicates };
}

/** A placed keyword's row: the SERP-derived fields from the keyword alone (the costly part, done a chunk at a time). */
export function uploadedRow({ entry, clusterId, clusterOrder, sortOrder, centroid }: PlacedEntry): MapKeywordRow {
  const insights = keywordInsights({ keyword: entry.keyword, serp: null });
  return {
    keyword: entry.keyword,
    clusterId,
    clusterOrder,
    sortOrder,
    centroid,
    nodeId: null,
    ...pathColumns(entry.path),
    searchVolume: entry.searchVolume,
    cpc: entry.cpc,
    competition: entry.competition,
    ...insightColumns(insights),
    similarity: sortOrder === 0 ? 1 : 0,
    brandPositions: [],
    aioStatus: "N/A",
    aimodeStatus: "N/A",
  };
}

/** Every row of the uploaded map at once (tests and benchmarks; the upload builds them a chunk at a time). */
export function uploadedMapRows(entries: readonly CleanEntry[]): UploadedMap {
  const { placed, clusterCount, duplicates } = planUploadedMap(entries);
  return { rows: placed.map(uploadedRow), clusterCount, duplicates };
}
