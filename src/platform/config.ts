// The environment, parsed once and validated. Nothing else in the code base reads process.env:
// every setting reaches the code through the Config object built here.
import path from "node:path";

export const KEY_TYPES = ["Integration", "Developer", "Admin"] as const;
export type KeyType = (typeof KEY_TYPES)[number];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  baseUrl: string | null;
  trustProxy: boolean;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  rateLimits: Record<KeyType, number>;
  serpProvider: "offline" | "dataforseo";
  dataforseo: { login: string | null; password: string | null; baseUrl: string; concurrency: number; timeoutMs: number };
  /**
   * Reading the pages that rank: who reads them (PAGE_SOURCE; `dataforseo` is the offline
   * simulator while SERP_PROVIDER=offline), and the bounds of canopy's own fetcher (`direct`).
   */
  pages: PagesConfig;
  /** How much a research generation may discover: the most keywords it keeps, and the SERPs it fetches to group them. */
  discovery: { maxKeywords: number; groupingSerps: number };
  /** Models are offered as `openai:<model>` once OPENAI_API_KEY or OPENAI_BASE_URL is set. */
  openai: { apiKey: string | null; baseUrl: string | null; models: string[] };
  anthropic: { apiKey: string | null; baseUrl: string | null; models: string[] };
  llmTimeoutMs: number;
  /** The longest Retry-After of a model provider that canopy waits out; a longer one fails the call. */
  llmRetryAfterMaxMs: number;
  /** Per model id: its own call timeout and output budget (a slow local model needs both). */
  llmModelSettings: Record<string, ModelSettings>;
  /** Limits on client connections, against slow or idle clients holding the server. */
  http: { requestTimeoutMs: number; headersTimeoutMs: number; maxConnections: number; maxConnectionsPerAddress: number };
  defaultAiModel: string;
}

const PAGE_SOURCES = ["dataforseo", "direct", "off"] as const;

export interface PagesConfig {
  source: (typeof PAGE_SOURCES)[number];
  /** Host names (lowercase, IPv6 without brackets) exempt from the public-address and port rules. */
  allowHosts: string[];
  timeoutMs: number;
  maxBytes: number;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
  }
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name];
  return value === undefined || value.trim() === "" ? null : value.trim();
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `expected a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const lowered = raw.toLowerCase();
  if (["1", "true", "yes", "on"].includes(lowered)) return true;
  if (["0", "false", "no", "off"].includes(lowered)) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `expected one of ${allowed.join(", ")}, got "${raw}"`);
  }
  return raw as T;
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, "is not a valid URL");
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(" or ")}, got ${parsed.protocol}`);
  }
  return raw;
}

function list(env: Env, name: string): string[] | null {
  const raw = text(env, name);
  if (raw === null) return null;
  const items = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) throw new ConfigError(name, "must list at least one name");
  return items;
}

/** One model's own settings (LLM_MODEL_SETTINGS). */
export interface ModelSettings {
  /** Its call timeout, instead of LLM_TIMEOUT_MS. */
  timeoutMs?: number;
  /** The most tokens it is asked to write in one answer. */
  maxOutputTokens?: number;
  /**
   * false: its server has only a JSON mode, not JSON schemas (some local servers): the schema goes
   * in the prompt, and the answer is checked against it (with one repair try) as always.
   */
  jsonSchema?: boolean;
}

const MODEL_SETTING_RANGES = { timeout_ms: [1000, 3_600_000], max_output_tokens: [64, 1_000_000] } as const;

/**
 * Parses `{"openai:llama3.1": {"timeout_ms": 600000, "max_output_tokens": 2048}, ...}`: each
 * model id's own timeout and output budget, both optional. Anything else is a ConfigError naming
 * the model and the setting.
 */
export function parseModelSettings(raw: string | null): Record<string, ModelSettings> {
  if (raw === null) return {};
  const name = "LLM_MODEL_SETTINGS";
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError(name, 'expected a JSON object such as {"openai:llama3.1": {"timeout_ms": 600000, "max_output_tokens": 2048}}');
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new ConfigError(name, "expected a JSON object of model ids");
  const settings: Record<string, ModelSettings> = {};
  for (const [modelId, value] of Object.entries(parsed)) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new ConfigError(name, `"${modelId}" must map to an object of settings`);
    }
    const own: ModelSettings = {};
    for (const [setting, amount] of Object.entries(value as Record<string, unknown>)) {
      if (setting === "json_schema") {
        if (typeof amount !== "boolean") throw new ConfigError(name, `"${modelId}".json_schema must be true or false`);
        own.jsonSchema = amount;
        continue;
      }
      if (!(setting in MODEL_SETTING_RANGES)) {
        throw new ConfigError(
          name,
          `"${modelId}" has an unknown setting "${setting}" (expected timeout_ms, max_output_tokens or json_schema)`,
        );
      }
      const [min, max] = MODEL_SETTING_RANGES[setting as keyof typeof MODEL_SETTING_RANGES];
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount < min || amount > max) {
        throw new ConfigError(name, `"${modelId}".${setting} must be a whole number between ${min} and ${max}`);
      }
      if (setting === "timeout_ms") own.timeoutMs = amount;
      else own.maxOutputTokens = amount;
    }
    settings[modelId] = own;
  }
  return settings;
}

export const DEFAULT_RATE_LIMITS: Record<KeyType, number> = { Developer: 60, Integration: 120, Admin: 300 };

/** Parses `Developer=60,Integration=120,Admin=300`; types left out keep their default. */
export function parseRateLimits(raw: string | null): Record<KeyType, number> {
  const limits = { ...DEFAULT_RATE_LIMITS };
  if (raw === null) return limits;
  for (const part of raw.split(",")) {
    const [type, value] = part.split("=").map((s) => s.trim());
    if (!type || !(KEY_TYPES as readonly string[]).includes(type)) {
      throw new ConfigError("RATE_LIMITS", `unknown key type "${type ?? ""}" (expected ${KEY_TYPES.join(", ")})`);
    }
    if (!value || !/^\d+$/.test(value) || Number(value) < 1) {
      throw new ConfigError("RATE_LIMITS", `limit for ${type} must be a positive whole number`);
    }
    limits[type as KeyType] = Number(value);
  }
  return limits;
}

/** A host name or an IP address as a URL's host names it, without port, path or brackets. */
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/;
const IPV6_LITERAL = /^[0-9a-f:.]+$/;

/** PAGE_FETCH_ALLOW_HOSTS: comma-separated host names, lowercased; IPv6 literals may come in brackets. */
function parseAllowHosts(raw: string | null): string[] {
  if (raw === null) return [];
  const hosts: string[] = [];
  for (const part of raw.split(",")) {
    const host = part
      .trim()
      .toLowerCase()
      .replace(/^\[(.*)\]$/, "$1");
    if (host === "") continue;
    const valid = host.includes(":") ? IPV6_LITERAL.test(host) : HOST_NAME.test(host);
    if (!valid) throw new ConfigError("PAGE_FETCH_ALLOW_HOSTS", `"${part.trim()}" is not a host name (no scheme, port or path)`);
    hosts.push(host.replace(/\.$/, ""));
  }
  return [...new Set(hosts)];
}

function pagesConfig(env: Env): PagesConfig {
  return {
    source: oneOf(env, "PAGE_SOURCE", PAGE_SOURCES, "dataforseo"),
    allowHosts: parseAllowHosts(text(env, "PAGE_FETCH_ALLOW_HOSTS")),
    timeoutMs: integer(env, "PAGE_FETCH_TIMEOUT_MS", 10_000, 100, 600_000),
    maxBytes: integer(env, "PAGE_FETCH_MAX_BYTES", 2 * 1024 * 1024, 1024, 100 * 1024 * 1024),
  };
}

/** A quarter of the global cap: one address keeps three quarters of the slots free for others. */
function defaultConnectionsPerAddress(maxConnections: number): number {
  return Math.max(1, Math.floor(maxConnections / 4));
}

export function loadConfig(env: Env = process.env): Config {
  const serpProvider = oneOf(env, "SERP_PROVIDER", ["offline", "dataforseo"] as const, "offline");
  const dataforseo = {
    login: text(env, "DATAFORSEO_LOGIN"),
    password: text(env, "DATAFORSEO_PASSWORD"),
    baseUrl: url(env, "DATAFORSEO_BASE_URL", ["http:", "https:"]) ?? "https://api.dataforseo.com",
    concurrency: integer(env, "DATAFORSEO_CONCURRENCY", 8, 1, 100),
    timeoutMs: integer(env, "DATAFORSEO_TIMEOUT_MS", 60_000, 1000, 600_000),
  };
  if (serpProvider === "dataforseo" && (!dataforseo.login || !dataforseo.password)) {
    throw new ConfigError("SERP_PROVIDER", "dataforseo needs DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD");
  }
  const baseUrl = url(env, "BASE_URL", ["http:", "https:"]);
  const http = {
    requestTimeoutMs: integer(env, "HTTP_REQUEST_TIMEOUT_MS", 30_000, 1000, 600_000),
    headersTimeoutMs: integer(env, "HTTP_HEADERS_TIMEOUT_MS", 10_000, 1000, 600_000),
    // At least 2: one address may hold fewer than all of them, and then at least one.
    maxConnections: integer(env, "HTTP_MAX_CONNECTIONS", 1024, 2, 1_000_000),
  };
  // Node refuses a server whose headers may take longer than the whole request.
  if (http.headersTimeoutMs > http.requestTimeoutMs) {
    throw new ConfigError(
      "HTTP_HEADERS_TIMEOUT_MS",
      `must not exceed HTTP_REQUEST_TIMEOUT_MS (${http.requestTimeoutMs}), got ${http.headersTimeoutMs}`,
    );
  }
  const maxConnectionsPerAddress = integer(
    env,
    "HTTP_MAX_CONNECTIONS_PER_ADDRESS",
    defaultConnectionsPerAddress(http.maxConnections),
    1,
    1_000_000,
  );
  // Below the global cap, so that one address (one client, or one flood) cannot take every slot.
  if (maxConnectionsPerAddress >= http.maxConnections) {
    throw new ConfigError(
      "HTTP_MAX_CONNECTIONS_PER_ADDRESS",
      `must be less than HTTP_MAX_CONNECTIONS (${http.maxConnections}), so that one address cannot take every connection; got ${maxConnectionsPerAddress}`,
    );
  }
  return {
    port: integer(env, "PORT", 8000, 0, 65535),
    host: text(env, "HOST") ?? "127.0.0.1",
    dataDir: path.resolve(text(env, "DATA_DIR") ?? "./data"),
    databaseUrl: url(env, "DATABASE_URL", ["postgres:", "postgresql:"]),
    redisUrl: url(env, "REDIS_URL", ["redis:", "rediss:"]),
    baseUrl: baseUrl ? baseUrl.replace(/\/+$/, "") : null,
    trustProxy: boolean(env, "TRUST_PROXY", false),
    logLevel: oneOf(env, "LOG_LEVEL", ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const, "info"),
    rateLimits: parseRateLimits(text(env, "RATE_LIMITS")),
    serpProvider,
    dataforseo,
    pages: pagesConfig(env),
    discovery: {
      maxKeywords: integer(env, "RESEARCH_MAX_KEYWORDS", 300, 20, 2000),
      groupingSerps: integer(env, "RESEARCH_GROUPING_SERPS", 20, 0, 200),
    },
    openai: {
      apiKey: text(env, "OPENAI_API_KEY"),
      baseUrl: url(env, "OPENAI_BASE_URL", ["http:", "https:"]),
      models: list(env, "OPENAI_MODELS") ?? ["gpt-4o-mini", "gpt-4o"],
    },
    anthropic: {
      apiKey: text(env, "ANTHROPIC_API_KEY"),
      baseUrl: url(env, "ANTHROPIC_BASE_URL", ["http:", "https:"]),
      models: list(env, "ANTHROPIC_MODELS") ?? ["claude-sonnet-4-5", "claude-haiku-4-5"],
    },
    llmTimeoutMs: integer(env, "LLM_TIMEOUT_MS", 120_000, 1000, 1_800_000),
    llmRetryAfterMaxMs: integer(env, "LLM_RETRY_AFTER_MAX_SECONDS", 60, 1, 3600) * 1000,
    llmModelSettings: parseModelSettings(text(env, "LLM_MODEL_SETTINGS")),
    defaultAiModel: text(env, "DEFAULT_AI_MODEL") ?? "offline",
    http: { ...http, maxConnectionsPerAddress },
  };
}

/** `canopy mcp`: where the API it calls runs, and as whom (see src/mcp/server.ts). */
export interface McpConfig {
  /** The API's base address, without a trailing slash. */
  canopyUrl: string;
  apiKey: string;
  /** Sent as X-Team-ID: the team workspace the assistant works in; null for the personal one. */
  teamId: string | null;
  timeoutMs: number;
}

/** Read apart from loadConfig: the MCP server needs none of the service's settings. */
export function loadMcpConfig(env: Env = process.env): McpConfig {
  const apiKey = text(env, "CANOPY_API_KEY");
  if (apiKey === null) throw new ConfigError("CANOPY_API_KEY", "is required: the API key the assistant's requests are made with");
  const canopyUrl = url(env, "CANOPY_URL", ["http:", "https:"]) ?? "http://127.0.0.1:8000";
  return {
    canopyUrl: canopyUrl.replace(/\/+$/, ""),
    apiKey,
    teamId: text(env, "CANOPY_TEAM_ID"),
    timeoutMs: integer(env, "CANOPY_TIMEOUT_MS", 120_000, 1000, 600_000),
  };
}
