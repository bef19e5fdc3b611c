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
