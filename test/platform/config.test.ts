import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ConfigError,
  DEFAULT_RATE_LIMITS,
  loadConfig,
  loadMcpConfig,
  parseModelSettings,
  parseRateLimits,
} from "../../src/platform/config";

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("has the documented defaults with an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8000,
      host: "127.0.0.1",
      dataDir: path.resolve("./data"),
      databaseUrl: null,
      redisUrl: null,
      baseUrl: null,
      trustProxy: false,
      logLevel: "info",
      rateLimits: { Developer: 60, Integration: 120, Admin: 300 },
      serpProvider: "offline",
      discovery: { maxKeywords: 300, groupingSerps: 20 },
      defaultAiModel: "offline",
    });
  });

  it("bounds a research generation's discovery budget", () => {
    expect(loadConfig({ RESEARCH_MAX_KEYWORDS: "2000", RESEARCH_GROUPING_SERPS: "0" }).discovery).toEqual({
      maxKeywords: 2000,
      groupingSerps: 0,
    });
    expect(configError({ RESEARCH_MAX_KEYWORDS: "19" }).variable).toBe("RESEARCH_MAX_KEYWORDS");
    expect(configError({ RESEARCH_GROUPING_SERPS: "201" }).variable).toBe("RESEARCH_GROUPING_SERPS");
  });

  it("reads well-formed values", () => {
    const config = loadConfig({
      PORT: "9000",
      HOST: "0.0.0.0",
      DATABASE_URL: "postgres://u@db:5432/canopy",
      REDIS_URL: "redis://cache:6379",
      BASE_URL: "https://api.example.com/",
      TRUST_PROXY: "yes",
      LOG_LEVEL: "warn",
      RATE_LIMITS: "Developer=10",
    });
    expect(config).toMatchObject({
      port: 9000,
      host: "0.0.0.0",
      databaseUrl: "postgres://u@db:5432/canopy",
      redisUrl: "redis://cache:6379",
      baseUrl: "https://api.example.com",
      trustProxy: true,
      logLevel: "warn",
      rateLimits: { Developer: 10, Integration: 120, Admin: 300 },
    });
  });

  it("treats blank values as unset", () => {
    expect(loadConfig({ PORT: "  ", DATABASE_URL: "" })).toMatchObject({ port: 8000, databaseUrl: null });
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["PORT", "80.5"],
    ["TRUST_PROXY", "maybe"],
    ["LOG_LEVEL", "loud"],
    ["DATABASE_URL", "mysql://db/canopy"],
    ["DATABASE_URL", "not a url"],
    ["REDIS_URL", "http://cache:6379"],
    ["BASE_URL", "ftp://example.com"],
    ["SERP_PROVIDER", "google"],
    ["RATE_LIMITS", "Integration=fast"],
    ["HTTP_MAX_CONNECTIONS_PER_ADDRESS", "0"],
    ["HTTP_MAX_CONNECTIONS_PER_ADDRESS", "many"],
  ])("stops on %s=%j with an error naming the variable", (variable, value) => {
    const error = configError({ [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message.startsWith(`${variable}:`)).toBe(true);
  });

  it("caps connections per address below the global cap, a quarter of it unless set", () => {
    expect(loadConfig({}).http).toMatchObject({ maxConnections: 1024, maxConnectionsPerAddress: 256 });
    expect(loadConfig({ HTTP_MAX_CONNECTIONS: "100" }).http).toMatchObject({ maxConnections: 100, maxConnectionsPerAddress: 25 });
    expect(loadConfig({ HTTP_MAX_CONNECTIONS: "2" }).http).toMatchObject({ maxConnections: 2, maxConnectionsPerAddress: 1 });
    expect(loadConfig({ HTTP_MAX_CONNECTIONS: "64", HTTP_MAX_CONNECTIONS_PER_ADDRESS: "63" }).http.maxConnectionsPerAddress).toBe(63);
    const error = configError({ HTTP_MAX_CONNECTIONS: "64", HTTP_MAX_CONNECTIONS_PER_ADDRESS: "64" });
    expect(error.variable).toBe("HTTP_MAX_CONNECTIONS_PER_ADDRESS");
    expect(error.message).toMatch(/must be less than HTTP_MAX_CONNECTIONS \(64\)/);
    expect(configError({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: "2000" }).variable).toBe("HTTP_MAX_CONNECTIONS_PER_ADDRESS");
    expect(configError({ HTTP_MAX_CONNECTIONS: "1" }).variable).toBe("HTTP_MAX_CONNECTIONS");
  });

  it("reads who reads the pages that rank, and the bounds of canopy's own fetcher", () => {
    expect(loadConfig({}).pages).toEqual({ source: "dataforseo", allowHosts: [], timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 });
    expect(
      loadConfig({
        PAGE_SOURCE: "direct",
        PAGE_FETCH_ALLOW_HOSTS: " 127.0.0.1, Intranet.Example.,[::1], intranet.example ",
        PAGE_FETCH_TIMEOUT_MS: "2500",
        PAGE_FETCH_MAX_BYTES: "65536",
      }).pages,
    ).toEqual({ source: "direct", allowHosts: ["127.0.0.1", "intranet.example", "::1"], timeoutMs: 2500, maxBytes: 65_536 });
    expect(loadConfig({ PAGE_SOURCE: "off" }).pages.source).toBe("off");
  });

  it.each([
    ["PAGE_SOURCE", "scraper"],
    ["PAGE_FETCH_ALLOW_HOSTS", "http://127.0.0.1"],
    ["PAGE_FETCH_ALLOW_HOSTS", "localhost:8080"],
    ["PAGE_FETCH_ALLOW_HOSTS", "intranet/path"],
    ["PAGE_FETCH_TIMEOUT_MS", "50"],
    ["PAGE_FETCH_TIMEOUT_MS", "soon"],
    ["PAGE_FETCH_MAX_BYTES", "100"],
    ["PAGE_FETCH_MAX_BYTES", "999999999999"],
  ])("stops on %s=%j", (variable, value) => {
    expect(configError({ [variable]: value }).variable).toBe(variable);
  });

  it("refuses the dataforseo provider without its credentials", () => {
    expect(configError({ SERP_PROVIDER: "dataforseo", DATAFORSEO_LOGIN: "me" }).variable).toBe("SERP_PROVIDER");
    expect(loadConfig({ SERP_PROVIDER: "dataforseo", DATAFORSEO_LOGIN: "me", DATAFORSEO_PASSWORD: "pw" }).serpProvider).toBe("dataforseo");
  });
});

describe("parseModelSettings", () => {
  it("reads each model's own timeout and output budget, both optional", () => {
    expect(parseModelSettings(null)).toEqual({});
    expect(
      parseModelSettings(
        '{"openai:llama3.1": {"timeout_ms": 600000, "max_output_tokens": 2048}, "anthropic:claude-haiku-4-5": {"timeout_ms": 30000}}',
      ),
    ).toEqual({ "openai:llama3.1": { timeoutMs: 600_000, maxOutputTokens: 2048 }, "anthropic:claude-haiku-4-5": { timeoutMs: 30_000 } });
    expect(parseModelSettings('{"openai:llama3.1": {"json_schema": false}}')).toEqual({ "openai:llama3.1": { jsonSchema: false } });
    expect(loadConfig({ LOG_LEVEL: "silent", LLM_MODEL_SETTINGS: '{"openai:x": {"max_output_tokens": 512}}' }).llmModelSettings).toEqual({
      "openai:x": { maxOutputTokens: 512 },
    });
  });

  it.each([
    ["not json", /expected a JSON object such as/],
    ['["openai:x"]', /expected a JSON object of model ids/],
    ['{"openai:x": 5}', /"openai:x" must map to an object of settings/],
    ['{"openai:x": {"timeout": 5000}}', /unknown setting "timeout" \(expected timeout_ms, max_output_tokens or json_schema\)/],
    ['{"openai:x": {"timeout_ms": 10}}', /"openai:x".timeout_ms must be a whole number between 1000 and 3600000/],
    ['{"openai:x": {"max_output_tokens": 1.5}}', /"openai:x".max_output_tokens must be a whole number/],
    ['{"openai:x": {"json_schema": "no"}}', /"openai:x".json_schema must be true or false/],
  ])("refuses %s, naming the variable and what is wrong", (raw, message) => {
    expect(() => parseModelSettings(raw)).toThrow(ConfigError);
    expect(() => parseModelSettings(raw)).toThrow(message);
    expect(() => loadConfig({ LOG_LEVEL: "silent", LLM_MODEL_SETTINGS: raw })).toThrow(/^LLM_MODEL_SETTINGS: /);
  });
});

describe("parseRateLimits", () => {
  it("keeps the defaults for types left out", () => {
    expect(parseRateLimits(null)).toEqual(DEFAULT_RATE_LIMITS);
    expect(parseRateLimits("Integration=3")).toEqual({ Developer: 60, Integration: 3, Admin: 300 });
  });

  it("reads several types, with spaces around the parts", () => {
    expect(parseRateLimits(" Developer = 5 , Admin=7,Integration=9 ")).toEqual({ Developer: 5, Integration: 9, Admin: 7 });
  });

  it("does not change the shared defaults", () => {
    parseRateLimits("Developer=1");
    expect(DEFAULT_RATE_LIMITS.Developer).toBe(60);
  });

  it.each([
    "Bogus=5",
    "integration=5",
    "Integration=0",
    "Integration=-3",
    "Integration=1.5",
    "Integration",
    "Integration=",
    "=5",
    "Integration=3,",
  ])("rejects %j naming RATE_LIMITS", (raw) => {
    let caught: unknown;
    try {
      parseRateLimits(raw);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).variable).toBe("RATE_LIMITS");
  });
});

describe("loadMcpConfig", () => {
  it("needs the key, and defaults to the local server in the personal workspace", () => {
    expect(() => loadMcpConfig({})).toThrow("CANOPY_API_KEY: is required");
    expect(loadMcpConfig({ CANOPY_API_KEY: " cnpy_live_x " })).toEqual({
      canopyUrl: "http://127.0.0.1:8000",
      apiKey: "cnpy_live_x",
      teamId: null,
      timeoutMs: 120_000,
    });
    expect(loadMcpConfig({ CANOPY_API_KEY: "k", CANOPY_URL: "https://canopy.example/api-root//", CANOPY_TEAM_ID: "t" })).toMatchObject({
      canopyUrl: "https://canopy.example/api-root",
      teamId: "t",
    });
    expect(() => loadMcpConfig({ CANOPY_API_KEY: "k", CANOPY_URL: "canopy:8000" })).toThrow("CANOPY_URL: must use http: or https:");
    expect(() => loadMcpConfig({ CANOPY_API_KEY: "k", CANOPY_TIMEOUT_MS: "5" })).toThrow("CANOPY_TIMEOUT_MS");
  });
});
