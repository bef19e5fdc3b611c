// The built-in provider: a synthetic but plausible web, computed from the keyword alone. Same
// keyword, same answer, on every machine; no network. Keywords of one entity and one intent
// facet share most of their top 10, one entity across facets a few pages, unrelated entities
// only the big generic domains, on different pages (see offline-web.ts).
import { cancelled } from "./concurrency";
import { keywordMatchKey } from "../../platform/text/keyword";
import { analyzeKeyword, type KeywordInfo } from "./offline-keywords";
import { peopleAlsoAskFor, relatedSearchesFor } from "./offline-discovery";
import { facetById } from "./offline-facets";
import { offlineAutocomplete, offlineLabsKeywords } from "./offline-labs";
import { offlineMetrics } from "./offline-metrics";
import { aiAnswerText, snippetFor, titleFor } from "./offline-text";
import { MAX_OFFLINE_DEPTH, rankingFor } from "./offline-web";
import { rngFrom } from "./prng";
import {
  DEFAULT_SERP_DEPTH,
  type AiAnswer,
  type DiscoveredKeyword,
  type DiscoveryQuery,
  type FetchSerpsOptions,
  type KeywordMetrics,
  type LabsEndpoint,
  type MetricsQuery,
  type SerpData,
  type SerpOutcome,
  type SerpProvider,
  type SerpQuery,
  type SerpResult,
} from "./types";

/** Hand the event loop back now and then, so a 10,000-keyword batch never stalls a worker. */
const YIELD_EVERY = 200;

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw cancelled();
}

function clampDepth(depth: number | undefined): number {
  if (depth === undefined || !Number.isFinite(depth)) return DEFAULT_SERP_DEPTH;
  return Math.max(1, Math.min(MAX_OFFLINE_DEPTH, Math.floor(depth)));
}

function totalResultsFor(keyword: KeywordInfo): number {
  const bases = [2_000_000_000, 400_000_000, 90_000_000, 12_000_000, 2_000_000];
  const base = bases[Math.min(Math.max(keyword.tokens.length, 1), bases.length) - 1] ?? 2_000_000;
  return Math.floor(base * (0.2 + rngFrom("total", keyword.normalized).next() * 1.6));
}

/** An AI answer for a deterministic share of keywords, citing some of the results. */
function aiAnswer(keyword: KeywordInfo, results: SerpResult[], variant: "overview" | "mode"): AiAnswer | null {
  if (results.length === 0) return null;
  const rng = rngFrom("ai", variant, keyword.normalized);
  // The facet sets the base rate (definitions and problems often, local searches hardly
  // ever); a question raises it, as Google answers questions more than bare phrases.
  const base = facetById(keyword.facet).aiShare;
  const share = Math.min(0.9, (keyword.question ? base + 0.35 : base) * (variant === "overview" ? 1 : 1.1));
  if (!rng.chance(share)) return null;
  // AI Overviews mostly cite the top of the page; AI Mode reaches further down.
  const pool = variant === "overview" ? results.slice(0, 10) : results;
  const wanted = variant === "overview" ? rng.int(2, 5) : rng.int(3, 6);
  const cited = rng.shuffle(pool).slice(0, Math.min(wanted, pool.length));
  return {
    text: aiAnswerText(keyword, variant),
    references: cited.map((r) => ({ url: r.url, domain: r.domain, title: r.title })),
  };
}

export function offlineSerp(query: SerpQuery, now: Date): SerpData {
  const keyword = analyzeKeyword(query.keyword);
  const pages = rankingFor(keyword, clampDepth(query.depth), query.language.toLowerCase());
  const results: SerpResult[] = pages.map((page, i) => ({
    position: i + 1,
    url: page.url,
    title: titleFor(page, keyword),
    snippet: snippetFor(page, keyword),
    domain: page.domain,
  }));
  return {
    keyword: query.keyword,
    results,
    totalResults: totalResultsFor(keyword),
    aiOverview: aiAnswer(keyword, results, "overview"),
    aiMode: aiAnswer(keyword, results, "mode"),
    peopleAlsoAsk: peopleAlsoAskFor(query.keyword),
    relatedSearches: relatedSearchesFor(query.keyword),
    fetchedAt: now,
    dataSource: "offline",
  };
}

export class OfflineSerpProvider implements SerpProvider {
  readonly name = "offline" as const;

  constructor(private readonly clock: () => Date = () => new Date()) {}

  async fetchSerps(queries: SerpQuery[], options: FetchSerpsOptions = {}): Promise<SerpOutcome[]> {
    const outcomes: SerpOutcome[] = [];
    for (const [i, query] of queries.entries()) {
      throwIfAborted(options.signal);
      if (i > 0 && i % YIELD_EVERY === 0) await yieldToLoop();
      if (keywordMatchKey(query.keyword) === "") {
        outcomes.push({ ok: false, keyword: query.keyword, error: "The keyword is empty.", transient: false });
      } else {
        outcomes.push({ ok: true, data: offlineSerp(query, this.clock()) });
      }
      options.onProgress?.(i + 1, queries.length);
    }
    return outcomes;
  }

  async keywordMetrics(query: MetricsQuery, options: { signal?: AbortSignal } = {}): Promise<KeywordMetrics[]> {
    const metrics: KeywordMetrics[] = [];
    for (const [i, keyword] of query.keywords.entries()) {
      throwIfAborted(options.signal);
      if (i > 0 && i % (YIELD_EVERY * 10) === 0) await yieldToLoop();
      metrics.push(offlineMetrics(keyword, query.country));
    }
    return metrics;
  }

  async labsKeywords(endpoint: LabsEndpoint, query: DiscoveryQuery, options: { signal?: AbortSignal } = {}): Promise<DiscoveredKeyword[]> {
    throwIfAborted(options.signal);
    return offlineLabsKeywords(endpoint, query);
  }

  async autocomplete(query: DiscoveryQuery, options: { signal?: AbortSignal } = {}): Promise<string[]> {
    throwIfAborted(options.signal);
    return offlineAutocomplete(query);
  }
}
