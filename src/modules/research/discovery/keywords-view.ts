// The keywords view: the brand's universe joined with its tree as it stands. A keyword is attached
// to the first node (in reading order) whose keywords hold it; a keyword of the tree that no
// discovery found is listed as the user's. Filtered, ordered and paged here, in memory: a
// universe is bounded by RESEARCH_MAX_KEYWORDS (at most 2,000) plus the tree's own keywords. Pure.
import { keywordMatchKey } from "../../../platform/text/keyword";
import type { KeywordSource, SearchIntent } from "../../../providers/serp";
import { LEVEL_CODES, type LevelCode, type Tree, type TreeNode } from "../tree";
import type { StoredKeyword } from "./store";

interface KeywordNodeRef {
  path: string[];
  level: LevelCode;
}

export interface KeywordRow {
  keyword: string;
  source: KeywordSource;
  sources: KeywordSource[];
  search_volume: number | null;
  cpc: number | null;
  competition: number | null;
  keyword_difficulty: number | null;
  intent: SearchIntent | null;
  /** Measured at zero searches a month: kept for the record, flagged so nobody builds a page on it. */
  no_demand: boolean;
  node: KeywordNodeRef | null;
}

export const KEYWORD_ORDERINGS = ["-search_volume", "search_volume", "keyword", "-keyword"] as const;
type KeywordOrdering = (typeof KEYWORD_ORDERINGS)[number];

export interface KeywordFilters {
  source?: KeywordSource;
  attached?: boolean;
  search?: string;
  min_volume?: number;
  ordering?: KeywordOrdering;
}

/** Where each keyword of the tree sits: its first node in reading order. */
function attachments(tree: Tree): Map<string, KeywordNodeRef> {
  const found = new Map<string, KeywordNodeRef>();
  const walk = (nodes: readonly TreeNode[], path: readonly string[]) => {
    for (const node of nodes) {
      const here = [...path, node.name];
      for (const keyword of node.keywords) {
        const key = keywordMatchKey(keyword);
        if (!found.has(key)) found.set(key, { path: here, level: LEVEL_CODES[here.length - 1] as LevelCode });
      }
      walk(node.children, here);
    }
  };
  walk(tree, []);
  return found;
}

function rowOf(k: StoredKeyword, node: KeywordNodeRef | null): KeywordRow {
  return {
    keyword: k.keyword,
    source: k.source,
    sources: k.sources,
    search_volume: k.searchVolume,
    cpc: k.cpc,
    competition: k.competition,
    keyword_difficulty: k.difficulty,
    intent: k.intent,
    no_demand: k.searchVolume === 0,
    node,
  };
}

/** Every keyword of the universe and of the tree, once each, in discovery order then the user's in tree order. */
export function keywordRows(universe: readonly StoredKeyword[], tree: Tree): KeywordRow[] {
  const attached = attachments(tree);
  const rows = universe.map((k) => rowOf(k, attached.get(k.keywordKey) ?? null));
  const inUniverse = new Set(universe.map((k) => k.keywordKey));
  for (const [key, node] of attached) {
    if (inUniverse.has(key)) continue;
    rows.push({
      keyword: key,
      source: "user",
      sources: ["user"],
      search_volume: null,
      cpc: null,
      competition: null,
      keyword_difficulty: null,
      intent: null,
      no_demand: false,
      node,
    });
  }
  return rows;
}

const byVolume = (a: KeywordRow, b: KeywordRow) => (a.search_volume ?? -1) - (b.search_volume ?? -1);
const byKeyword = (a: KeywordRow, b: KeywordRow) => a.keyword.localeCompare(b.keyword);

const COMPARATORS: Record<KeywordOrdering, (a: KeywordRow, b: KeywordRow) => number> = {
  "-search_volume": (a, b) => byVolume(b, a) || byKeyword(a, b),
  search_volume: (a, b) => byVolume(a, b) || byKeyword(a, b),
  keyword: byKeyword,
  "-keyword": (a, b) => byKeyword(b, a),
};

export function filterKeywordRows(rows: readonly KeywordRow[], filters: KeywordFilters): KeywordRow[] {
  const search = filters.search?.trim().toLowerCase();
  const { source, attached, min_volume: minVolume } = filters;
  return rows
    .filter(
      (row) =>
        (source === undefined || row.sources.includes(source)) &&
        (attached === undefined || (row.node !== null) === attached) &&
        (!search || row.keyword.includes(search)) &&
        (minVolume === undefined || (row.search_volume ?? 0) >= minVolume),
    )
    .sort(COMPARATORS[filters.ordering ?? "-search_volume"]);
}
