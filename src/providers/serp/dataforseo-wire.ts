// DataForSEO's wire format, read defensively: every field is checked before use, so a
// malformed answer becomes a ProviderError (or a skipped item), never a crash. Pure functions;
// the adapter in dataforseo.ts does the I/O.
import { ProviderError, type AiAnswer, type AiReference, type KeywordMetrics, type SerpResult } from "./types";
import { keywordMatchKey } from "../../platform/text/keyword";

/** Success, at the top level and for a task. */
export const STATUS_OK = 20000;
/** A SERP task that found nothing: an empty result, not an error. */
export const STATUS_NO_RESULTS = 40102;
/** Rate and concurrency limits: not retried here, but worth trying again later. */
const TRANSIENT_CLIENT_CODES = new Set([40202, 40209]);

export interface WireTask {
  statusCode: number;
  statusMessage: string;
  result: unknown[];
}

export interface WireEnvelope {
  statusCode: number;
  statusMessage: string;
  tasks: WireTask[];
}

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

export function finiteNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

export function records(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/**
 * Each text once, trimmed, in the order first seen; empty ones skipped. Two texts are one when
 * their keyword keys match, as a search engine would treat them.
 */
export function distinctTexts(texts: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of texts) {
    const trimmed = raw.trim();
    const key = keywordMatchKey(trimmed);
    if (key === "" || seen.has(key)) continue;
    seen.add(key);
    out.push(trimmed);
  }
  return out;
}

/** 5xxxx: DataForSEO's own server trouble; worth retrying. */
export function isServerStatus(code: number): boolean {
  return code >= 50000 && code < 60000;
}

export function isTransientStatus(code: number): boolean {
  return isServerStatus(code) || TRANSIENT_CLIENT_CODES.has(code);
}

function malformed(what: string): ProviderError {
  return new ProviderError(`DataForSEO sent a malformed answer (${what}).`, { transient: true });
}

/** The envelope every endpoint answers with; throws when the body is not one. */
export function parseEnvelope(body: unknown): WireEnvelope {
  if (!isRecord(body)) throw malformed("not a JSON object");
  const statusCode = finiteNumber(body.status_code);
  if (statusCode === null) throw malformed("no status_code");
  const tasks: WireTask[] = records(body.tasks).map((task) => ({
    statusCode: finiteNumber(task.status_code) ?? 0,
    statusMessage: text(task.status_message),
    result: Array.isArray(task.result) ? task.result : [],
  }));
  return { statusCode, statusMessage: text(body.status_message), tasks };
}

/** Lowercased host without `www.`: from the item's own domain, else from its URL. */
export function normalizeDomain(domain: unknown, url: string): string {
  let host = text(domain).trim().toLowerCase();
  if (host === "") {
    try {
      host = new URL(url).hostname.toLowerCase();
    } catch {
      host = "";
    }
  }
  return host.replace(/^www\./, "");
}

function httpUrl(value: unknown): string | null {
  const candidate = text(value).trim();
  if (candidate === "") return null;
  try {
    const parsed = new URL(candidate);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? candidate : null;
  } catch {
    return null;
  }
}

/**
 * Organic items only (a featured snippet or an AI Overview is not an organic result), in
 * rank_group order, numbered 1..n, the first `depth` of them.
 */
export function organicResults(items: unknown, depth: number): SerpResult[] {
  const organic = records(items)
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => item.type === "organic")
    .map(({ item, index }) => ({ item, index, url: httpUrl(item.url) }))
    .filter((entry): entry is { item: Json; index: number; url: string } => entry.url !== null);
  const rank = (item: Json): number => finiteNumber(item.rank_group) ?? finiteNumber(item.rank_absolute) ?? Infinity;
  organic.sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index);
  return organic.slice(0, depth).map(({ item, url }, i) => ({
    position: i + 1,
    url,
    title: text(item.title),
    snippet: text(item.description),
    domain: normalizeDomain(item.domain, url),
  }));
}

function references(value: unknown): AiReference[] {
  return records(value).flatMap((ref) => {
    const url = httpUrl(ref.url);
    if (url === null) return [];
    return [{ url, domain: normalizeDomain(ref.domain, url), title: text(ref.title) || text(ref.source) }];
  });
}

/**
 * The page's AI Overview: the text of its elements and every source it cites (the item's own
 * `references`, then those of its elements), each URL once. An overview Google had not loaded
 * yet (`asynchronous_ai_overview`) still counts as present, with no text.
 */
export function aiOverview(items: unknown): AiAnswer | null {
  const overview = records(items).find((item) => item.type === "ai_overview");
  if (!overview) return null;
  const elements = records(overview.items);
  const parts = elements.map((el) => [text(el.title), text(el.text)].filter((s) => s.trim() !== "").join("\n")).filter((s) => s !== "");
  const body = parts.length > 0 ? parts.join("\n\n") : text(overview.markdown) || text(overview.text);
  const seen = new Set<string>();
  const refs = [...references(overview.references), ...elements.flatMap((el) => references(el.references))].filter((ref) => {
    if (seen.has(ref.url)) return false;
    seen.add(ref.url);
    return true;
  });
  return { text: body.trim(), references: refs };
}

/** The element types inside a People Also Ask box whose `title` is a question. */
const QUESTION_ELEMENT_TYPES = new Set(["people_also_ask_element", "people_also_ask_ai_overview_expanded_element"]);

/** The questions of every People Also Ask box on the page, in page order, each once. */
export function peopleAlsoAsk(items: unknown): string[] {
  const questions = records(items)
    .filter((item) => item.type === "people_also_ask")
    .flatMap((box) => records(box.items))
    .filter((element) => QUESTION_ELEMENT_TYPES.has(text(element.type)))
    .map((element) => text(element.title));
  return distinctTexts(questions);
}

/**
 * The page's related searches, in page order, each once. DataForSEO sends one
 * `related_searches` item per page of results it loaded (ten of them at depth 100), mostly
 * repeating each other, so they are merged here.
 */
export function relatedSearches(items: unknown): string[] {
  const searches = records(items)
    .filter((item) => item.type === "related_searches")
    .flatMap((box): unknown[] => (Array.isArray(box.items) ? box.items : []))
    .filter((search): search is string => typeof search === "string");
  return distinctTexts(searches);
}

export interface SerpPage {
  results: SerpResult[];
  totalResults: number;
  aiOverview: AiAnswer | null;
  peopleAlsoAsk: string[];
  relatedSearches: string[];
}

/** What a SERP task that found nothing (status 40102) amounts to; fresh arrays each time. */
export function emptySerpPage(): SerpPage {
  return { results: [], totalResults: 0, aiOverview: null, peopleAlsoAsk: [], relatedSearches: [] };
}

/** One SERP task's result (live/advanced and task_get/advanced share it). */
export function serpPage(result: unknown[], depth: number): SerpPage {
  const first = result.find(isRecord);
  if (!first) return emptySerpPage();
  return {
    results: organicResults(first.items, depth),
    totalResults: Math.max(0, Math.floor(finiteNumber(first.se_results_count) ?? 0)),
    aiOverview: aiOverview(first.items),
    peopleAlsoAsk: peopleAlsoAsk(first.items),
    relatedSearches: relatedSearches(first.items),
  };
}

/** Google Ads' levels, for the rare item that has a level but no index. */
const COMPETITION_LEVELS: Record<string, number> = { LOW: 0.2, MEDIUM: 0.5, HIGH: 0.8 };

/** competition_index 0..100 -> 0..1; a numeric 0..1 `competition` (older answers) as is. */
export function competitionOf(item: Json): number {
  const index = finiteNumber(item.competition_index);
  if (index !== null) return Math.min(1, Math.max(0, index / 100));
  const raw = item.competition;
  const numeric = finiteNumber(raw);
  if (numeric !== null) return Math.min(1, Math.max(0, numeric));
  return typeof raw === "string" ? (COMPETITION_LEVELS[raw.toUpperCase()] ?? 0) : 0;
}

/** search_volume/live items by keyword key; missing numbers (no data) read as 0. */
export function volumeItems(result: unknown[]): Map<string, Omit<KeywordMetrics, "keyword">> {
  const byKey = new Map<string, Omit<KeywordMetrics, "keyword">>();
  for (const item of records(result)) {
    const keyword = text(item.keyword);
    if (keyword === "") continue;
    byKey.set(keywordMatchKey(keyword), {
      searchVolume: Math.max(0, Math.round(finiteNumber(item.search_volume) ?? 0)),
      cpc: Math.max(0, finiteNumber(item.cpc) ?? 0),
      competition: competitionOf(item),
    });
  }
  return byKey;
}
