// Picks the SERP provider the configuration names. Services receive the SerpProvider and never
// know which one they hold, except through `name` and each SERP's `dataSource`, which responses
// report as `_meta.data_source`.
import type { Config } from "../../platform/config";
import { DataForSeoProvider } from "./dataforseo";
import { OfflineSerpProvider } from "./offline";
import { ProviderError, type SerpProvider } from "./types";

export * from "./types";

export function createSerpProvider(config: Config, deps: { fetch?: typeof fetch } = {}): SerpProvider {
  if (config.serpProvider === "dataforseo") {
    const { login, password, baseUrl, concurrency, timeoutMs } = config.dataforseo;
    if (!login || !password) {
      throw new ProviderError("SERP_PROVIDER=dataforseo needs DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD.", { transient: false });
    }
    return new DataForSeoProvider({ login, password, baseUrl, concurrency, timeoutMs }, { fetch: deps.fetch });
  }
  return new OfflineSerpProvider();
}
