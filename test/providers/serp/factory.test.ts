// The configuration picks the provider; offline is the default.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/platform/config";
import { createSerpProvider, ProviderError } from "../../../src/providers/serp";

describe("createSerpProvider", () => {
  it("is offline by default", () => {
    expect(createSerpProvider(loadConfig({})).name).toBe("offline");
  });

  it("builds the DataForSEO adapter with the injected fetch", async () => {
    const calls: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      calls.push(input instanceof Request ? input.url : String(input));
      return new Response(JSON.stringify({ status_code: 20000, status_message: "Ok.", tasks: [{ status_code: 20000, result: [] }] }), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    };
    const config = loadConfig({
      SERP_PROVIDER: "dataforseo",
      DATAFORSEO_LOGIN: "login@example.com",
      DATAFORSEO_PASSWORD: "a-long-password",
      DATAFORSEO_BASE_URL: "http://127.0.0.1:9/",
    });
    const provider = createSerpProvider(config, { fetch: fakeFetch });
    expect(provider.name).toBe("dataforseo");
    const [outcome] = await provider.fetchSerps([{ keyword: "kettle", country: "us", language: "en" }]);
    expect(outcome).toMatchObject({ ok: true, data: { results: [], dataSource: "dataforseo" } });
    expect(calls).toEqual(["http://127.0.0.1:9/v3/serp/google/organic/live/advanced"]);
  });

  it("refuses DataForSEO without credentials", () => {
    const config = { ...loadConfig({}), serpProvider: "dataforseo" as const };
    expect(() => createSerpProvider(config)).toThrow(ProviderError);
  });
});
