// Pages read by canopy itself (PAGE_SOURCE=direct): a guarded GET (guarded-fetch.ts) that obeys
// robots.txt (robots.ts), bounded in time (PAGE_FETCH_TIMEOUT_MS for the whole read, redirects
// and robots.txt included) and in size (PAGE_FETCH_MAX_BYTES), of HTML only, parsed by
// html-extract.ts.
import { GuardedFetcher, type Resolver } from "./guarded-fetch";
import { extractPage } from "./html-extract";
import { pageAddress, PageReadError } from "./read-error";
import { RobotsRules } from "./robots";
import type { PageOutcome, PageReader } from "./types";
import type { PagesConfig } from "../../platform/config";
import { cancelled } from "../serp/concurrency";
import { ProviderError } from "../serp/types";

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

export interface DirectReaderDeps {
  resolve?: Resolver;
  clock?: () => Date;
}

export class DirectPageReader implements PageReader {
  readonly source = "direct" as const;
  readonly #fetcher: GuardedFetcher;
  readonly #robots: RobotsRules;
  readonly #timeoutMs: number;
  readonly #maxBytes: number;
  readonly #clock: () => Date;

  constructor(settings: Pick<PagesConfig, "allowHosts" | "timeoutMs" | "maxBytes">, deps: DirectReaderDeps = {}) {
    this.#fetcher = new GuardedFetcher({ allowHosts: settings.allowHosts, resolve: deps.resolve });
    this.#robots = new RobotsRules(this.#fetcher);
    this.#timeoutMs = settings.timeoutMs;
    this.#maxBytes = settings.maxBytes;
    this.#clock = deps.clock ?? (() => new Date());
  }

  async read(url: string, options: { signal?: AbortSignal } = {}): Promise<PageOutcome> {
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const signals = { signal, timeout: { signal: timeout, ms: this.#timeoutMs } };
    try {
      const answer = await this.#fetcher.get(pageAddress(url), {
        ...signals,
        accept: "text/html, application/xhtml+xml;q=0.9",
        maxBytes: this.#maxBytes,
        overflow: "fail",
        beforeRequest: (hop) => this.#robots.assertAllowed(hop, signals),
        beforeBody: ({ status, contentType }) => {
          if (status < 200 || status >= 300) throw new PageReadError(`HTTP ${status}`, status === 429 || status >= 500);
          const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
          if (!HTML_TYPES.has(type)) throw new PageReadError(`not an HTML page (${type || "no content type"})`, false);
        },
      });
      return { ok: true, page: { url, ...extractPage(answer.body), fetchedAt: this.#clock(), source: this.source } };
    } catch (err) {
      if (options.signal?.aborted) throw cancelled();
      if (err instanceof PageReadError) return { ok: false, url, error: err.message, transient: err.transient };
      // Another read's cancellation, met in the robots.txt fetch this read shared with it.
      if (err instanceof ProviderError) return { ok: false, url, error: err.message, transient: true };
      throw err;
    }
  }
}
