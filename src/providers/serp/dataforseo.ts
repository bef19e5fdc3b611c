// The DataForSEO adapter. Endpoints it uses, one task per call:
// - serp/google/organic/live/advanced: organic results, AI Overview, People Also Ask and
//   related searches (calls in parallel up to the configured concurrency);
// - keywords_data/google_ads/search_volume/live: keyword metrics (up to 1,000 keywords a call);
// - dataforseo_labs/google/keyword_ideas/live, keyword_suggestions/live and
//   related_keywords/live: keywords around a seed, with their metrics;
// - serp/google/autocomplete/live/advanced: what the search box suggests for a seed.
// Both the top-level and the task's status_code are checked; HTTP 429 and 5xx, unreachable
// hosts and DataForSEO's own 5xxxx codes are retried with backoff; nothing else is.
import { cancelled, mapWithConcurrency } from "./concurrency";
import { DataForSeoClient, type DataForSeoOptions, type DataForSeoSettings } from "./dataforseo-client";
import {
  AUTOCOMPLETE_PATH,
  autocompleteSuggestionsFrom,
  autocompleteTask,
  LABS_PATHS,
  labsKeywordsFrom,
  labsLocation,
  labsTask,
  wantedCount,
  type DiscoveryPlace,
} from "./dataforseo-discovery-wire";
import { emptySerpPage, serpPage, STATUS_NO_RESULTS, volumeItems } from "./dataforseo-wire";
import { languageCodeFor, resolveLocation } from "./locations";
import {
  DEFAULT_SERP_DEPTH,
  ProviderError,
  type DiscoveredKeyword,
  type DiscoveryQuery,
  type FetchSerpsOptions,
  type LabsEndpoint,
  type KeywordMetrics,
  type MetricsQuery,
  type SerpOutcome,
  type SerpProvider,
  type SerpQuery,
} from "./types";
import { keywordMatchKey } from "../../platform/text/keyword";

const SERP_PATH = "/v3/serp/google/organic/live/advanced";
const SEARCH_VOLUME_PATH = "/v3/keywords_data/google_ads/search_volume/live";
/** search_volume/live takes at most this many keywords per task. */
const SEARCH_VOLUME_BATCH = 1000;
/** DataForSEO's limits: SERP depth, keyword length; Google Ads' limits on a keyword. */
const MAX_DEPTH = 700;
const MAX_SERP_KEYWORD_CHARS = 700;
const MAX_ADS_KEYWORD_CHARS = 80;
const MAX_ADS_KEYWORD_WORDS = 10;

const NO_METRICS = { searchVolume: 0, cpc: 0, competition: 0 };

function clampDepth(depth: number | undefined): number {
  if (depth === undefined || !Number.isFinite(depth)) return DEFAULT_SERP_DEPTH;
  return Math.max(1, Math.min(MAX_DEPTH, Math.floor(depth)));
}

/** DataForSEO bills SERPs by pages of 10, and some of those items are not organic. */
function requestDepth(depth: number): number {
  return Math.min(MAX_DEPTH, Math.max(10, Math.ceil(depth / 10) * 10));
}

/** The seed as sent: trimmed, and refused before any call when nothing or too much is left. */
function checkedSeed(seed: string): string {
  const trimmed = seed.trim();
  if (trimmed === "") throw new ProviderError("The seed keyword is empty.", { transient: false });
  if (trimmed.length > MAX_SERP_KEYWORD_CHARS) {
    throw new ProviderError(`The seed keyword is longer than ${MAX_SERP_KEYWORD_CHARS} characters.`, { transient: false });
  }
  return trimmed;
}

function adsEligible(key: string): boolean {
  return key !== "" && key.length <= MAX_ADS_KEYWORD_CHARS && key.split(" ").length <= MAX_ADS_KEYWORD_WORDS;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export class DataForSeoProvider implements SerpProvider {
  readonly name = "dataforseo" as const;
  readonly #client: DataForSeoClient;

  constructor(settings: DataForSeoSettings, options: DataForSeoOptions = {}) {
    this.#client = new DataForSeoClient(settings, options);
  }

  async fetchSerps(queries: SerpQuery[], options: FetchSerpsOptions = {}): Promise<SerpOutcome[]> {
    return mapWithConcurrency(queries, this.#client.concurrency, (query) => this.#fetchOne(query, options.signal), {
      signal: options.signal,
      onSettled: (done) => options.onProgress?.(done, queries.length),
    });
  }

  async keywordMetrics(query: MetricsQuery, options: { signal?: AbortSignal } = {}): Promise<KeywordMetrics[]> {
    const keys = [...new Set(query.keywords.map(keywordMatchKey).filter(adsEligible))];
    const found = new Map<string, Omit<KeywordMetrics, "keyword">>();
    if (keys.length > 0) {
      const place = { ...resolveLocation(query.country, query.location), language_code: languageCodeFor(query.language) };
      // Google Ads endpoints allow few calls a minute: batches go one after another.
      await mapWithConcurrency(
        chunk(keys, SEARCH_VOLUME_BATCH),
        1,
        async (batch) => {
          const task = await this.#client.call(SEARCH_VOLUME_PATH, { keywords: batch, ...place }, options.signal);
          for (const [key, metrics] of volumeItems(task.result)) found.set(key, metrics);
        },
        { signal: options.signal },
      );
    }
    return query.keywords.map((keyword) => ({ keyword, ...(found.get(keywordMatchKey(keyword)) ?? NO_METRICS) }));
  }

  async labsKeywords(endpoint: LabsEndpoint, query: DiscoveryQuery, options: { signal?: AbortSignal } = {}): Promise<DiscoveredKeyword[]> {
    return this.#discover(options.signal, async () => {
      const seed = checkedSeed(query.seed);
      const limit = wantedCount(query.limit);
      if (limit === 0) return [];
      const place = { location: labsLocation(query.country, query.location), languageCode: languageCodeFor(query.language) };
      const task = await this.#client.call(LABS_PATHS[endpoint], labsTask(endpoint, seed, place, limit), options.signal);
      return task.statusCode === STATUS_NO_RESULTS ? [] : labsKeywordsFrom(endpoint, task.result, limit);
    });
  }

  async autocomplete(query: DiscoveryQuery, options: { signal?: AbortSignal } = {}): Promise<string[]> {
    return this.#discover(options.signal, async () => {
      const seed = checkedSeed(query.seed);
      const limit = wantedCount(query.limit);
      if (limit === 0) return [];
      // The SERP API knows cities, so a free-text location goes through whole, as for SERPs.
      const place: DiscoveryPlace = {
        location: resolveLocation(query.country, query.location),
        languageCode: languageCodeFor(query.language),
      };
      const task = await this.#client.call(AUTOCOMPLETE_PATH, autocompleteTask(seed, place), options.signal);
      return task.statusCode === STATUS_NO_RESULTS ? [] : autocompleteSuggestionsFrom(task.result, seed, limit);
    });
  }

  /** Runs one discovery call; whatever it throws reaches the caller as a ProviderError. */
  async #discover<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw this.#client.asProviderError(err, signal);
    }
  }

  async #fetchOne(query: SerpQuery, signal: AbortSignal | undefined): Promise<SerpOutcome> {
    try {
      const keyword = query.keyword.trim();
      if (keyword === "") throw new ProviderError("The keyword is empty.", { transient: false });
      if (keyword.length > MAX_SERP_KEYWORD_CHARS) {
        throw new ProviderError(`The keyword is longer than ${MAX_SERP_KEYWORD_CHARS} characters.`, { transient: false });
      }
      const depth = clampDepth(query.depth);
      const task = await this.#client.call(
        SERP_PATH,
        {
          keyword,
          ...resolveLocation(query.country, query.location),
          language_code: languageCodeFor(query.language),
          depth: requestDepth(depth),
        },
        signal,
      );
      const page = task.statusCode === STATUS_NO_RESULTS ? emptySerpPage() : serpPage(task.result, depth);
      return {
        ok: true,
        // The organic endpoint does not carry AI Mode; it has its own (paid) endpoint.
        data: { keyword: query.keyword, ...page, aiMode: null, fetchedAt: this.#client.clock(), dataSource: "dataforseo" },
      };
    } catch (err) {
      if (signal?.aborted) throw cancelled();
      const failure = this.#client.asProviderError(err, signal);
      return { ok: false, keyword: query.keyword, error: failure.message, transient: failure.transient };
    }
  }
}
