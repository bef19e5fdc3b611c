// The offline answers to the keyword-research endpoints, shaped as DataForSEO Labs gives them.
// The three endpoints differ as the real ones do: ideas are broad keywords of the seed's
// entity and its close entities (WordNet kinds and sister terms); suggestions are phrases that
// hold the seed as typed; related keywords are the searches related to the seed (its page's
// related searches and its neighbours). Autocomplete is the seed followed by completions.
// Every keyword's metrics come from offlineMetrics, the function keywordMetrics answers with,
// so the two never disagree.
import { holdsSeed, relatedSearchesFor, seedUniverse } from "./offline-discovery";
import { analyzeKeyword } from "./offline-keywords";
import { offlineDifficulty, offlineMetrics } from "./offline-metrics";
import type { DiscoveredKeyword, DiscoveryQuery, LabsEndpoint, SearchIntent } from "./types";

/** Words that say the searcher is ready to act (buy, book), not only to compare. */
const ACTING = /\b(buy|for sale|deals?|cheap|booking|book|order|near me)\b/;

/** The intent research tools would label a keyword with, read from its facet. */
function offlineIntent(keyword: string): SearchIntent {
  const info = analyzeKeyword(keyword);
  if (ACTING.test(info.normalized)) return "transactional";
  if (info.facet === "buying" || info.facet === "comparison" || info.facet === "local") return "commercial";
  return "informational";
}

/** The keywords an endpoint finds around a seed, before metrics and order. */
function keywordsOf(endpoint: LabsEndpoint, seed: string): string[] {
  const universe = seedUniverse(seed);
  const own = universe.reading.seed;
  switch (endpoint) {
    case "ideas":
      return [own, ...universe.modified, ...universe.kinds, ...universe.sisters];
    case "suggestions":
      return [own, ...universe.modified, ...universe.narrowed, ...universe.kinds].filter((k) => holdsSeed(k, own));
    case "related":
      return [own, ...relatedSearchesFor(own), ...universe.sisters.map((s) => `${own} vs ${s}`), ...universe.kinds];
  }
}

function discovered(keyword: string, endpoint: LabsEndpoint, country: string): DiscoveredKeyword {
  const metrics = offlineMetrics(keyword, country);
  return {
    keyword,
    source: endpoint,
    searchVolume: metrics.searchVolume,
    cpc: metrics.cpc,
    competition: metrics.competition,
    difficulty: offlineDifficulty(metrics),
    intent: offlineIntent(keyword),
  };
}

const byVolume = (a: DiscoveredKeyword, b: DiscoveredKeyword): number =>
  (b.searchVolume ?? 0) - (a.searchVolume ?? 0) || a.keyword.localeCompare(b.keyword);

const wanted = (limit: number): number => (Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0);

/** One endpoint's answer: most searched first, each keyword once, at most `limit`. */
export function offlineLabsKeywords(endpoint: LabsEndpoint, query: DiscoveryQuery): DiscoveredKeyword[] {
  if (seedUniverse(query.seed).reading.seed === "") return [];
  const unique = [...new Set(keywordsOf(endpoint, query.seed))];
  return unique
    .map((k) => discovered(k, endpoint, query.country))
    .sort(byVolume)
    .slice(0, wanted(query.limit));
}

/**
 * What the search box suggests: the seed itself, then the searches that begin with it, the
 * most searched first, as a search box orders them.
 */
export function offlineAutocomplete(query: DiscoveryQuery): string[] {
  const universe = seedUniverse(query.seed);
  const own = universe.reading.seed;
  if (own === "") return [];
  const completions = [...new Set([...universe.modified, ...universe.narrowed, ...universe.kinds])].filter((k) => k.startsWith(`${own} `));
  const volume = (k: string) => offlineMetrics(k, query.country).searchVolume;
  const ordered = completions
    .map((k) => ({ k, v: volume(k) }))
    .sort((a, b) => b.v - a.v || a.k.localeCompare(b.k))
    .map((x) => x.k);
  return [own, ...ordered].slice(0, wanted(query.limit));
}
