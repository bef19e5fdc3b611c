// DataForSEO's keyword discovery on the wire: the task bodies for the three DataForSEO Labs
// keyword endpoints and Google autocomplete, and the reading of their answers. Pure functions,
// as defensive as the SERP wire: a field that is missing or of the wrong type becomes null or a
// skipped item, never a crash. The adapter in dataforseo.ts does the I/O.
import { distinctTexts, finiteNumber, isRecord, records, text, type Json } from "./dataforseo-wire";
import { resolveLocation, type DataForSeoLocation } from "./locations";
import type { DiscoveredKeyword, LabsEndpoint, SearchIntent } from "./types";
import { keywordMatchKey } from "../../platform/text/keyword";

export const LABS_PATHS: Readonly<Record<LabsEndpoint, string>> = {
  ideas: "/v3/dataforseo_labs/google/keyword_ideas/live",
  suggestions: "/v3/dataforseo_labs/google/keyword_suggestions/live",
  related: "/v3/dataforseo_labs/google/related_keywords/live",
};
export const AUTOCOMPLETE_PATH = "/v3/serp/google/autocomplete/live/advanced";

/** Labs returns at most this many items per task. */
export const LABS_MAX_LIMIT = 1000;

/**
 * How many hops of Google's "searches related to" related_keywords follows. Each hop multiplies
 * the keywords by up to eight (depth 2 gives up to 1 + 8 + 64), and each hop drifts further from
 * the seed: at depth 3 "conspiracy theories" already leads to a film called "Conspiracy Theory".
 * Two hops give a topic's close neighbourhood, which is what a research tree is built from.
 */
const RELATED_DEPTH = 2;

/**
 * The client whose suggestions autocomplete returns: "gws-wiz-serp" is the search box on a
 * results page, the suggestions a searcher sees while refining a query.
 */
const AUTOCOMPLETE_CLIENT = "gws-wiz-serp";

const INTENTS: ReadonlySet<string> = new Set<SearchIntent>(["informational", "navigational", "commercial", "transactional"]);

/**
 * The number of keywords to ask for: `limit` floored and capped at what Labs gives per task;
 * 0 when nothing is wanted (the caller then makes no call at all).
 */
export function wantedCount(limit: number): number {
  if (Number.isNaN(limit)) return 0;
  return Math.max(0, Math.min(LABS_MAX_LIMIT, Math.floor(limit)));
}

/**
 * Where Labs should look. Labs keeps its data by country only, so a free-text location such as
 * "London,England,United Kingdom" (the SERP endpoints' location_name format, most specific
 * first) is narrowed to its last part, the country's name, which Labs accepts as
 * location_name. Without a location the country code goes through as for SERPs.
 */
export function labsLocation(country: string, location: string | null | undefined): DataForSeoLocation {
  const parts = (location ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const countryName = parts.at(-1);
  return countryName ? { location_name: countryName } : resolveLocation(country, null);
}

export interface DiscoveryPlace {
  location: DataForSeoLocation;
  languageCode: string;
}

/** The one task a Labs endpoint is sent: the seed, the place, and the most searched first. */
export function labsTask(endpoint: LabsEndpoint, seed: string, place: DiscoveryPlace, limit: number): Json {
  const common = { ...place.location, language_code: place.languageCode, limit };
  switch (endpoint) {
    case "ideas":
      return { keywords: [seed], ...common, order_by: ["keyword_info.search_volume,desc"] };
    case "suggestions":
      return { keyword: seed, ...common, include_seed_keyword: true, order_by: ["keyword_info.search_volume,desc"] };
    case "related":
      // related_keywords wraps each keyword in keyword_data, and its sort fields say so.
      return {
        keyword: seed,
        ...common,
        depth: RELATED_DEPTH,
        include_seed_keyword: true,
        order_by: ["keyword_data.keyword_info.search_volume,desc"],
      };
  }
}

/** The autocomplete task: the seed typed into a results page's search box at the place. */
export function autocompleteTask(seed: string, place: DiscoveryPlace): Json {
  return { keyword: seed, ...place.location, language_code: place.languageCode, client: AUTOCOMPLETE_CLIENT };
}

function field(record: Json, name: string): Json {
  const value = record[name];
  return isRecord(value) ? value : {};
}

function nonNegative(value: unknown): number | null {
  const number = finiteNumber(value);
  return number === null ? null : Math.max(0, number);
}

function withinRange(value: unknown, max: number): number | null {
  const number = finiteNumber(value);
  return number === null ? null : Math.min(max, Math.max(0, number));
}

function intentOf(value: unknown): SearchIntent | null {
  const intent = text(value).toLowerCase();
  return INTENTS.has(intent) ? (intent as SearchIntent) : null;
}

/** One Labs keyword record (a `keyword_data`, an idea, a suggestion or `seed_keyword_data`). */
function discovered(data: Json, source: LabsEndpoint): DiscoveredKeyword | null {
  const keyword = text(data.keyword).trim();
  if (keyword === "") return null;
  const info = field(data, "keyword_info");
  const volume = nonNegative(info.search_volume);
  return {
    keyword,
    source,
    searchVolume: volume === null ? null : Math.round(volume),
    cpc: nonNegative(info.cpc),
    // Labs already gives competition as 0..1 (Google Ads' own endpoints give an index 0..100).
    competition: withinRange(info.competition, 1),
    difficulty: withinRange(field(data, "keyword_properties").keyword_difficulty, 100),
    intent: intentOf(field(data, "search_intent_info").main_intent),
  };
}

/**
 * The seed's own record in a result object, if any. keyword_suggestions puts the seed's
 * difficulty and intent beside seed_keyword_data rather than in it; related_keywords puts them
 * in it. Both are read, the record's own fields first.
 */
function seedRecord(object: Json): Json | null {
  const seed = object.seed_keyword_data;
  if (!isRecord(seed)) return null;
  return { keyword_properties: object.keyword_properties, search_intent_info: object.search_intent_info, ...seed };
}

/**
 * The keyword records of a Labs task's result. The items may sit in any result object (the
 * documentation's keyword_suggestions example splits the seed and the items over two), so every
 * object is read. The seed's own record, asked for with include_seed_keyword, comes first.
 */
function keywordRecords(endpoint: LabsEndpoint, result: unknown[]): Json[] {
  const objects = records(result);
  const seeds = objects.map(seedRecord).filter((seed): seed is Json => seed !== null);
  const items = objects.flatMap((object) => records(object.items));
  // related_keywords wraps each keyword in keyword_data (its first item is the seed, depth 0).
  const found = endpoint === "related" ? items.map((item) => item.keyword_data).filter(isRecord) : items;
  return [...seeds, ...found];
}

/**
 * A Labs task's keywords: each once (by keyword key, the first record wins), the most searched
 * first with unknown volumes last, at most `limit`.
 */
export function labsKeywordsFrom(endpoint: LabsEndpoint, result: unknown[], limit: number): DiscoveredKeyword[] {
  const seen = new Set<string>();
  const keywords: DiscoveredKeyword[] = [];
  for (const record of keywordRecords(endpoint, result)) {
    const keyword = discovered(record, endpoint);
    if (!keyword) continue;
    const key = keywordMatchKey(keyword.keyword);
    if (seen.has(key)) continue;
    seen.add(key);
    keywords.push(keyword);
  }
  // Array.prototype.sort is stable: equal volumes keep the order Labs sent.
  keywords.sort((a, b) => (b.searchVolume ?? -1) - (a.searchVolume ?? -1));
  return keywords.slice(0, wantedCount(limit));
}

/**
 * What autocomplete suggests for the seed: the `autocomplete` items in rank_absolute order, each
 * once, without the seed itself (Google usually suggests what was typed first), at most `limit`.
 */
export function autocompleteSuggestionsFrom(result: unknown[], seed: string, limit: number): string[] {
  const rank = (item: Json): number => finiteNumber(item.rank_absolute) ?? Infinity;
  const suggestions = records(result)
    .flatMap((object) => records(object.items))
    .filter((item) => item.type === "autocomplete")
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => text(item.suggestion));
  const seedKey = keywordMatchKey(seed);
  return distinctTexts(suggestions)
    .filter((suggestion) => keywordMatchKey(suggestion) !== seedKey)
    .slice(0, wantedCount(limit));
}
