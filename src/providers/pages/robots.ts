// robots.txt, as canopy's fetcher obeys it (user agent `canopy`): fetched through the same
// guarded fetch as pages, kept per origin in memory for an hour. Per RFC 9309: a robots.txt
// that is missing (any 4xx) allows everything; one that cannot be read (5xx, unreachable)
// allows nothing for now, so the page is not read and the failure is transient. One that
// canopy's own rules refuse (a private address) refuses the page for good.
import { LRUCache } from "lru-cache";
import robotsParser from "robots-parser";
import type { GetOptions, GuardedFetcher } from "./guarded-fetch";
import { PageReadError } from "./read-error";

const ROBOTS_USER_AGENT = "canopy";
const TTL_MS = 60 * 60 * 1000;
/** RFC 9309 asks crawlers to read at least 500 KiB; the rest is ignored. */
const MAX_ROBOTS_BYTES = 512 * 1024;

type Rules = ReturnType<typeof robotsParser> | "allow-all";

type Signals = Pick<GetOptions, "signal" | "timeout">;

export class RobotsRules {
  // Promises, so that the pages of one origin read at once share one fetch of its robots.txt.
  readonly #cache = new LRUCache<string, Promise<Rules>>({ max: 1000, ttl: TTL_MS });

  constructor(private readonly fetcher: GuardedFetcher) {}

  /** Throws a PageReadError when robots.txt forbids `url`, or cannot be read. */
  async assertAllowed(url: URL, signals: Signals): Promise<void> {
    const rules = await this.#rulesFor(url.origin, signals);
    if (rules === "allow-all") return;
    if (rules.isAllowed(url.href, ROBOTS_USER_AGENT) === false) {
      throw new PageReadError(`robots.txt of ${url.hostname} disallows ${url.pathname}${url.search}`, false);
    }
  }

  #rulesFor(origin: string, signals: Signals): Promise<Rules> {
    const kept = this.#cache.get(origin);
    if (kept) return kept;
    const fetching = this.#fetch(origin, signals);
    this.#cache.set(origin, fetching);
    // A failure is not kept: the next read tries again.
    fetching.catch(() => this.#cache.delete(origin));
    return fetching;
  }

  async #fetch(origin: string, signals: Signals): Promise<Rules> {
    const address = `${origin}/robots.txt`;
    const host = new URL(origin).hostname;
    try {
      const answer = await this.fetcher.get(new URL(address), {
        ...signals,
        accept: "text/plain",
        maxBytes: MAX_ROBOTS_BYTES,
        overflow: "truncate",
      });
      if (answer.status >= 200 && answer.status < 300) return robotsParser(address, answer.body);
      if (answer.status >= 400 && answer.status < 500) return "allow-all";
      throw new PageReadError(`HTTP ${answer.status}`, true);
    } catch (err) {
      if (!(err instanceof PageReadError)) throw err;
      // Unreachable, timed out, 5xx: transient. Refused by canopy's own rules (a private address): not.
      throw new PageReadError(`robots.txt of ${host} could not be read (${err.message})`, err.transient);
    }
  }
}
