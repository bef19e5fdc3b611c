// Picks the page reader PAGE_SOURCE names. `dataforseo` follows the SERP provider: DataForSEO's
// content parsing when SERPs come from DataForSEO, the offline simulator when they come from the
// offline world (whose pages exist nowhere to be read). `direct` is canopy's own guarded fetcher;
// `off` reads nothing.
import { DataForSeoPageReader } from "./dataforseo-pages";
import { DirectPageReader } from "./direct";
import type { Resolver } from "./guarded-fetch";
import { OfflinePageReader } from "./offline-pages";
import type { PageReader } from "./types";
import type { Config } from "../../platform/config";
import { DataForSeoClient } from "../serp/dataforseo-client";
import { ProviderError, type SerpProvider } from "../serp/types";

export * from "./types";

const OFF_MESSAGE = "Page reading is off (PAGE_SOURCE=off).";

const offReader: PageReader = {
  source: "off",
  read: async (url) => ({ ok: false, url, error: OFF_MESSAGE, transient: false }),
};

export interface PageReaderDeps {
  /** For DataForSEO's calls (tests point it at a stand-in). */
  fetch?: typeof fetch;
  /** For the direct fetcher's host lookups (tests resolve names without DNS). */
  resolve?: Resolver;
  clock?: () => Date;
}

export function createPageReader(config: Config, serp: Pick<SerpProvider, "name">, deps: PageReaderDeps = {}): PageReader {
  switch (config.pages.source) {
    case "off":
      return offReader;
    case "direct":
      return new DirectPageReader(config.pages, { resolve: deps.resolve, clock: deps.clock });
    case "dataforseo": {
      if (serp.name !== "dataforseo") return new OfflinePageReader(deps.clock);
      const { login, password, baseUrl, concurrency, timeoutMs } = config.dataforseo;
      if (!login || !password) {
        throw new ProviderError("PAGE_SOURCE=dataforseo needs DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD.", { transient: false });
      }
      return new DataForSeoPageReader(
        new DataForSeoClient({ login, password, baseUrl, concurrency, timeoutMs }, { fetch: deps.fetch, clock: deps.clock }),
      );
    }
  }
}
