// /llms.txt (a short index) and /llms-full.txt (the full reference) for language models,
// generated from the route registry. Schemas are walked generically, in the OpenAPI 3.0 form the
// document publishes, so a new route is documented here the day it is added; a named schema
// (route.ts `named`) is written out in full and called by its name, as the document's
// components.schemas calls it, and each endpoint shows its example request.
import { SCOPES } from "../auth/scopes";
import { API_SUMMARY, API_TITLE } from "./api-info";
import { ERROR_TEXT, errorStatuses, errorText } from "./error-statuses";
import { toOpenApi30 } from "./openapi30";
import { isDocumented, openApiPath } from "./operation-doc";
import type { RouteDef } from "../http/route";
import { asSchema, isObject, schemaLines, type JsonObject } from "./schema-text";
import { documentTags } from "./tags";

function scopeText(def: RouteDef): string {
  if (def.auth === "public") return "public, no key";
  return def.scope ? `scope \`${def.scope}\`` : "any valid key";
}

// ---- the two documents ---------------------------------------------------------------------

function responseLines(def: RouteDef): string[] {
  const raw = def.schemas.response as JsonObject | null;
  if (!raw || def.status === 204) return [`Success: ${def.status}, no body.`];
  if (isObject(raw.content)) return [`Success: ${def.status}, ${Object.keys(raw.content).join(" or ")}.`];
  const schema = asSchema(toOpenApi30(raw));
  const name = typeof schema.title === "string" ? ` (${schema.title})` : "";
  const lines = [`Success: ${def.status}, application/json${name}:`, ...schemaLines(schema)];
  for (const { mediaType, description } of def.alternatives ?? []) lines.push("", `Or ${mediaType}: ${description}`);
  return lines;
}

function endpointSection(def: RouteDef): string {
  const lines = [`### ${def.method} ${openApiPath(def.path)}`, "", `${def.summary}.`];
  if (def.description) lines.push("", def.description);
  lines.push("");
  const facts = [`Auth: ${def.auth === "key" ? `X-API-Key with ${scopeText(def)}.` : "none (public, not rate limited)."}`];
  if (def.auth === "key" && def.staffOnly) facts.push("Staff users only.");
  if (def.auth === "key") {
    const scope = def.staffOnly ? "reads the whole service" : "acts on the key's user";
    facts.push(def.workspaced ? "Workspace: selected by X-Team-ID." : `Workspace: not used (${scope}).`);
  }
  if (def.auth === "key" && def.idempotent) facts.push("Accepts an Idempotency-Key header.");
  lines.push(facts.join(" "));
  const sections: Array<[string, unknown]> = [
    ["Path parameters", def.schemas.params],
    ["Query parameters", def.schemas.querystring],
    ["Body (application/json)", def.schemas.body],
  ];
  for (const [title, raw] of sections) {
    if (!raw) continue;
    const schema = asSchema(toOpenApi30(raw));
    lines.push("", `${title}${typeof schema.title === "string" ? ` (${schema.title})` : ""}:`, ...schemaLines(schema));
  }
  for (const [mediaType, decoder] of Object.entries(def.bodyDecoders ?? {})) lines.push("", `Body (${mediaType}): ${decoder.description}`);
  lines.push(...exampleLines(def));
  lines.push("", ...responseLines(def));
  const errors = errorStatuses(def);
  if (errors.length > 0) lines.push("", "Errors:", ...errors.map((s) => `- ${s}: ${errorText(def, s)}`));
  return lines.join("\n");
}

/** The route's example request, as the OpenAPI document shows it (path parameters by name). */
function exampleLines(def: RouteDef): string[] {
  const request = def.examples?.request;
  if (!request?.body && !request?.query) return [];
  const query = request.query
    ? `?${new URLSearchParams(Object.entries(request.query).map(([name, value]): [string, string] => [name, String(value)])).toString()}`
    : "";
  const lines = ["", `Example request: ${def.method} ${openApiPath(def.path)}${query}`];
  if (request.body !== undefined) lines.push(`Example body: \`${JSON.stringify(request.body)}\``);
  return lines;
}

/** The routes by tag, the tags in the document's order (the order a user works, tags.ts). */
function byTag(routes: readonly RouteDef[]): Map<string, RouteDef[]> {
  const groups = new Map<string, RouteDef[]>();
  for (const def of routes.filter(isDocumented)) groups.set(def.tag, [...(groups.get(def.tag) ?? []), def]);
  const order = documentTags([...groups.keys()]).tags.map((t) => t.name);
  return new Map(
    order.flatMap((tag) => {
      const defs = groups.get(tag);
      return defs ? [[tag, defs] as const] : [];
    }),
  );
}

const AUTH_TEXT =
  "Send your API key in the `X-API-Key` header on every /api/v1/ request (keys look like " +
  "`cnpy_live_` followed by 32 hex characters), the key alone; `Authorization: Bearer` is not read. Each endpoint " +
  "needs one scope, named below. `X-Team-ID: <team id>` (the UUID that GET /api/v1/me/teams/ lists, not the slug) " +
  "selects a team workspace; without it requests act in your personal workspace.";

function indexBody(routes: readonly RouteDef[]): string {
  const lines = [
    "## Authentication",
    "",
    AUTH_TEXT,
    "",
    "## Reference",
    "",
    "- [Full reference for language models](/llms-full.txt): conventions, every parameter and field",
    "- [OpenAPI 3.0 document](/api/v1/schema/): YAML; `?format=json` for JSON",
    "- [Swagger UI](/api/v1/docs/) and [ReDoc](/api/v1/redoc/)",
  ];
  for (const [tag, defs] of byTag(routes)) {
    lines.push("", `## ${tag}`, "");
    for (const def of defs) lines.push(`- ${def.method} ${openApiPath(def.path)}: ${def.summary} (${scopeText(def)})`);
  }
  return `${lines.join("\n")}\n`;
}

const CONVENTIONS = [
  "## Conventions",
  "",
  "### Requests",
  "",
  "All endpoints sit under `/api/v1/`; paths end with a slash (a request without it is served the same). " +
    "Bodies are JSON: POST, PUT and PATCH need `Content-Type: application/json` (415 otherwise). " +
    "Unknown body fields are ignored. IDs are UUIDs; timestamps are ISO 8601 in UTC.",
  "",
  "### Authentication",
  "",
  AUTH_TEXT +
    " A missing, unknown, revoked or expired key, an inactive user, a plan or beta access that no longer allows " +
    "API use, or a client IP outside the key's allowlist answers 401. A key without the endpoint's scope answers 403.",
  "",
  "Scopes:",
  "",
  ...Object.entries(SCOPES).map(([scope, text]) => `- \`${scope}\`: ${text}`),
  "",
  "### Workspaces",
  "",
  "Brands, research trees, maps, briefs, articles and clustering reports belong to one workspace: a user's " +
    "personal workspace or a team's. `X-Team-ID` selects the team (an invalid id, or a team you are not an " +
    "active member of, answers 403). Anything outside the selected workspace answers 404, as if it did not exist.",
  "",
  "### Errors",
  "",
  'Errors answer `{"detail": "message"}`. Invalid input answers 400 with `{"field": ["message", ...]}` ' +
    "(nested fields as `parent.child`, errors about the whole body under `non_field_errors`). A path that is not " +
    "a route answers 404; a method the path does not support answers 405 with an `Allow` header. A server error " +
    'answers 500 `{"detail": "A server error occurred."}`. Statuses used:',
  "",
  ...Object.entries(ERROR_TEXT).map(([status, text]) => `- ${status}: ${text}`),
  "",
  "Checks run in this order: key (401), rate limit (429), scope (403), workspace (403), then input (400).",
  "",
  "### Rate limits",
  "",
  "Limits are per key, per minute, by key type (GET /api/v1/keys/scopes/ lists them), over a sliding window. " +
    "Every response to a valid key carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` " +
    "(seconds). Over the limit: 429 with `Retry-After: <seconds>`.",
  "",
  "### _meta",
  "",
  "Every JSON object response carries `_meta` with `description` (what the response is); hierarchy endpoints add " +
    "`level_labels` and authority endpoints `node_type_labels`; an article (detail, status) drafted by the built-in " +
    "offline model adds `placeholder: true` and a `note` saying it is a placeholder draft. Endpoints that return a JSON array return it bare.",
  "",
  "### Pagination",
  "",
  "Paginated lists take `page` (default 1) and `page_size` (clamped to 1..the endpoint's maximum; text that is not a " +
    "number means the default) and answer `{count, next, previous, results}`; `next` and `previous` are absolute URLs, " +
    'or null. A `page` that is not a positive integer, or lies past the last page, answers 404 `{"detail": "Invalid page."}` ' +
    "(page 1 of an empty list is a page). Other lists return every match.",
  "",
  "### Idempotency",
  "",
  "Endpoints marked below accept an `Idempotency-Key` header: the same key with the same body within 24 hours " +
    "answers the first response again and is not charged again; the same key with a different body answers 409.",
].join("\n");

function fullBody(routes: readonly RouteDef[]): string {
  const parts = [CONVENTIONS];
  for (const [tag, defs] of byTag(routes)) {
    parts.push(`## Endpoints: ${tag}`);
    parts.push(...defs.map(endpointSection));
  }
  return `${parts.join("\n\n")}\n`;
}

function header(title: string, baseUrl: string): string {
  return `# ${title}\n\n> ${API_SUMMARY}\n\nBase URL: ${baseUrl}\n\n`;
}

// The registry is fixed once the app is built, so each text is rendered once per registry;
// only the base URL line depends on the request.
const rendered = new WeakMap<readonly RouteDef[], { index?: string; full?: string }>();

function cached(routes: readonly RouteDef[], which: "index" | "full", render: () => string): string {
  const entry = rendered.get(routes) ?? {};
  rendered.set(routes, entry);
  entry[which] ??= render();
  return entry[which];
}

export function llmsIndexText(routes: readonly RouteDef[], baseUrl: string): string {
  return header(API_TITLE, baseUrl) + cached(routes, "index", () => indexBody(routes));
}

export function llmsFullText(routes: readonly RouteDef[], baseUrl: string): string {
  return header(`${API_TITLE}: full reference`, baseUrl) + cached(routes, "full", () => fullBody(routes));
}
