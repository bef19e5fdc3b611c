// The longest text each kind of request field takes (docs/conventions.md §2): every string of a request
// schema has a `maxLength`, so the OpenAPI document shows it and a longer value is a 400 field
// error before anything is stored. Shared with the services that check the same text themselves
// (research trees arrive in free-form bodies that a schema cannot describe).
export const MAX_LENGTH = {
  /** Names of brands, clustering reports and API keys. */
  name: 255,
  /** A research tree node's name (and a research core topic). */
  nodeName: 200,
  /** A keyword, wherever one is sent: research trees, clustering, lookups. */
  keyword: 500,
  url: 2048,
  /** An id from GET /api/v1/models/. */
  modelId: 100,
  /** A language code such as `en` or `pt-BR`. */
  languageCode: 12,
  /** An ISO 8601 date or date-time. */
  timestamp: 64,
  /** An IPv4/IPv6 address or CIDR range. */
  ipRange: 64,
  /** Short free text: taglines, marketplaces, locations, searches. */
  shortText: 1000,
  /** Long free text: descriptions, missions, stories. */
  longText: 10_000,
} as const;

/**
 * The largest value of a 32-bit integer column (PostgreSQL's integer): the bound of every integer
 * field of a request that has no smaller one, so that a larger value is a 400, not a 500.
 */
export const MAX_INT32 = 2_147_483_647;

/** The largest request body a route takes unless it names its own `bodyLimit`, in bytes. */
export const DEFAULT_BODY_LIMIT = 3 * 1024 * 1024;
