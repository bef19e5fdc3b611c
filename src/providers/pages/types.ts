// The contract between the services that read the pages that rank (briefs, drafts) and whoever
// reads them: DataForSEO's content parsing, canopy's own guarded fetcher, the offline simulator,
// or nothing (PAGE_SOURCE=off). Services see only these shapes.

/** Who read a page: `offline` is the simulator that answers when no SERP provider is configured. */
export type PageSourceName = "dataforseo" | "direct" | "offline" | "off";

declare module "../../platform/context" {
  interface Platform {
    /** Reads the pages that rank (PAGE_SOURCE). */
    pages: PageReader;
  }
}

export interface PageHeading {
  level: 1 | 2 | 3;
  text: string;
}

export interface PageContent {
  /** The address as asked (a redirect's target is not the cache key). */
  url: string;
  title: string;
  /** H1-H3 of the main content, in document order. */
  headings: PageHeading[];
  /** Words of the main text. */
  wordCount: number;
  /** The main text, paragraphs separated by blank lines, at most PAGE_TEXT_LIMIT characters. */
  text: string;
  fetchedAt: Date;
  source: PageSourceName;
}

/** The longest main text kept for a page: enough for its terms and facts, small enough to cache. */
export const PAGE_TEXT_LIMIT = 60_000;

export type PageOutcome =
  | { ok: true; page: PageContent }
  /** `error` is safe to show; `transient`: the same read may succeed later. */
  | { ok: false; url: string; error: string; transient: boolean };

export interface PageReader {
  readonly source: PageSourceName;
  read(url: string, options?: { signal?: AbortSignal }): Promise<PageOutcome>;
}
