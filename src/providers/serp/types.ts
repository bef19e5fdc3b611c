// The contract between the services that need search data (clustering, maps, briefs) and
// whoever supplies it: DataForSEO or the built-in offline web. Services see only these shapes.

type SerpDataSource = "offline" | "dataforseo";

declare module "../../platform/context" {
  interface Platform {
    /** SERP results and keyword metrics (offline or DataForSEO). */
    serp: SerpProvider;
  }
}

export interface SerpQuery {
  keyword: string;
  /** ISO 3166-1 alpha-2, e.g. "us". */
  country: string;
  /** e.g. "en". */
  language: string;
  /** Free-text location ("London,England,United Kingdom"); wins over `country` when set. */
  location?: string | null;
  /** Organic results wanted; default 10. */
  depth?: number;
}

export interface SerpResult {
  /** 1-based among organic results. */
  position: number;
  url: string;
  title: string;
  snippet: string;
  /** Lowercased, without a leading `www.`. */
  domain: string;
}

export interface AiReference {
  url: string;
  domain: string;
  title: string;
}

export interface AiAnswer {
  text: string;
  references: AiReference[];
}

export interface SerpData {
  keyword: string;
  results: SerpResult[];
  totalResults: number;
  /** null: no AI Overview on the page, or the source does not report it. */
  aiOverview: AiAnswer | null;
  aiMode: AiAnswer | null;
  /** The People Also Ask questions on the page, in order, each once. */
  peopleAlsoAsk: string[];
  /** The page's related searches, in order, each once. */
  relatedSearches: string[];
  fetchedAt: Date;
  dataSource: SerpDataSource;
}

export type SerpOutcome =
  | { ok: true; data: SerpData }
  /** `error` is safe to show: it never holds credentials. */
  | { ok: false; keyword: string; error: string; transient: boolean };

export interface KeywordMetrics {
  keyword: string;
  searchVolume: number;
  /** USD. */
  cpc: number;
  /** 0 to 1. */
  competition: number;
}

export interface MetricsQuery {
  keywords: string[];
  country: string;
  language: string;
  location?: string | null;
}

/** Where a keyword of a research universe came from. */
export type KeywordSource = "ideas" | "suggestions" | "related" | "autocomplete" | "paa" | "related_search" | "proposed" | "user";

export type SearchIntent = "informational" | "navigational" | "commercial" | "transactional";

/** A keyword found by a discovery endpoint, with what that endpoint knows of it. */
export interface DiscoveredKeyword {
  keyword: string;
  source: KeywordSource;
  /** Monthly searches; null when the source does not say (autocomplete, questions). */
  searchVolume: number | null;
  /** USD; null when unknown. */
  cpc: number | null;
  /** 0 to 1; null when unknown. */
  competition: number | null;
  /** 0 to 100; null when unknown. */
  difficulty: number | null;
  intent: SearchIntent | null;
}

/** The three keyword-research endpoints of a provider (DataForSEO Labs' names). */
export type LabsEndpoint = "ideas" | "suggestions" | "related";

export interface DiscoveryQuery {
  seed: string;
  country: string;
  language: string;
  location?: string | null;
  /** The most keywords wanted from this one call. */
  limit: number;
}

export interface FetchSerpsOptions {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export interface SerpProvider {
  readonly name: SerpDataSource;
  /** One outcome per query, in order; a failed keyword does not fail the others. */
  fetchSerps(queries: SerpQuery[], options?: FetchSerpsOptions): Promise<SerpOutcome[]>;
  /** Metrics for every keyword, in order (unknown keywords: volume 0, cpc 0, competition 0). Batches of up to 1,000 internally. */
  keywordMetrics(query: MetricsQuery, options?: { signal?: AbortSignal }): Promise<KeywordMetrics[]>;
  /** Keywords around a seed from one research endpoint, most searched first, at most `limit`. One call. */
  labsKeywords(endpoint: LabsEndpoint, query: DiscoveryQuery, options?: { signal?: AbortSignal }): Promise<DiscoveredKeyword[]>;
  /** What the search box suggests for the seed, in its order, at most `limit`. One call. */
  autocomplete(query: DiscoveryQuery, options?: { signal?: AbortSignal }): Promise<string[]>;
}

export const DEFAULT_SERP_DEPTH = 10;

/**
 * A provider failure. `transient` says whether the same call may succeed later (timeouts,
 * rate limits, the provider's server errors). The message is built only from text that has
 * passed through the provider's redaction, so it never carries credentials.
 */
export class ProviderError extends Error {
  override readonly name = "ProviderError";
  readonly transient: boolean;
  /** HTTP status of the provider's answer, when there was one. */
  readonly httpStatus: number | null;
  /** The provider's own status code (DataForSEO's 40501 and the like), when it gave one. */
  readonly providerCode: number | null;

  constructor(message: string, options: { transient: boolean; httpStatus?: number | null; providerCode?: number | null }) {
    super(message);
    this.transient = options.transient;
    this.httpStatus = options.httpStatus ?? null;
    this.providerCode = options.providerCode ?? null;
  }
}
