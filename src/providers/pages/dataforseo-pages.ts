// Pages read by DataForSEO's content parsing (PAGE_SOURCE=dataforseo with SERP_PROVIDER=dataforseo):
// one live task per page, through the same DataForSEO client as the SERP provider, so the
// credentials, retries, bounds and redaction are the SERP provider's.
import { CONTENT_PARSING_PATH, parsedContent } from "./content-parsing-wire";
import { pageAddress, PageReadError } from "./read-error";
import type { PageOutcome, PageReader } from "./types";
import { cancelled } from "../serp/concurrency";
import type { DataForSeoClient } from "../serp/dataforseo-client";
import { STATUS_NO_RESULTS } from "../serp/dataforseo-wire";

export class DataForSeoPageReader implements PageReader {
  readonly source = "dataforseo" as const;

  constructor(private readonly client: DataForSeoClient) {}

  async read(url: string, options: { signal?: AbortSignal } = {}): Promise<PageOutcome> {
    const { signal } = options;
    try {
      pageAddress(url);
      const task = await this.client.call(CONTENT_PARSING_PATH, { url }, signal);
      if (task.statusCode === STATUS_NO_RESULTS) throw new PageReadError("DataForSEO parsed no content for this page", false);
      const page = parsedContent(task.result);
      return { ok: true, page: { url, ...page, fetchedAt: this.client.clock(), source: this.source } };
    } catch (err) {
      if (signal?.aborted) throw cancelled();
      if (err instanceof PageReadError) return { ok: false, url, error: err.message, transient: err.transient };
      const failure = this.client.asProviderError(err, signal);
      return { ok: false, url, error: failure.message, transient: failure.transient };
    }
  }
}
