// One route as the OpenAPI document shows it, built from its definition: summary, scope,
// parameters, body, headers, and the success and shared error responses, in the OpenAPI 3.0
// dialect. `def.schemas` stay what Fastify validates with.
import Type, { type TSchema } from "typebox";
import { errorStatuses, errorText } from "./error-statuses";
import { DEFAULT_BODY_LIMIT } from "../http/limits";
import { toOpenApi30 } from "./openapi30";
import { DetailSchema, FieldErrorsSchema, type RouteDef } from "../http/route";

type JsonObject = Record<string, unknown>;

/** `/api/v1/keys/:id/` → `/api/v1/keys/{id}/`, as the document writes paths. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

function operationId(def: RouteDef): string {
  const words = def.path
    .replace(/^\/api\/v1\//, "")
    .split("/")
    .filter(Boolean)
    .map((part) => (part.startsWith(":") ? `by_${part.slice(1)}` : part.replace(/[^a-zA-Z0-9]+/g, "_")));
  // The indexes (`/` and `/api/v1/`) have no words of their own once the prefix is gone.
  if (words.length === 0) words.push(...def.path.split("/").filter(Boolean), "index");
  return [def.method.toLowerCase(), ...words].join("_");
}

/** A success response that is not JSON (YAML, HTML, text): documented under its media type. */
export function rawContent(mediaTypes: string[], description: string): TSchema {
  // Text, or a JSON document of its own (the OpenAPI document as JSON): an object, free-form.
  const schemaOf = (type: string) => (type === "application/json" ? { type: "object", additionalProperties: true } : { type: "string" });
  const content = Object.fromEntries(mediaTypes.map((type) => [type, { schema: schemaOf(type) }]));
  return Type.Unsafe<string>({ description, content });
}

function isRawContent(schema: object): schema is { description?: string; content: Record<string, unknown> } {
  return "content" in schema && typeof schema.content === "object";
}

const RATE_LIMIT_HEADERS = {
  "X-RateLimit-Limit": { type: "integer", description: "Requests allowed per minute for this key" },
  "X-RateLimit-Remaining": { type: "integer", description: "Requests left in the current window" },
  "X-RateLimit-Reset": { type: "integer", description: "Seconds until a request is available again" },
};
const RETRY_AFTER = { "Retry-After": { type: "integer", description: "Seconds to wait before retrying" } };

function errorResponse(def: RouteDef, status: number): JsonObject {
  const members: TSchema[] = status === 400 ? [DetailSchema, FieldErrorsSchema] : [DetailSchema];
  if (def.failureReport?.statuses.includes(status)) members.push(def.failureReport.schema);
  const body = members.length === 1 ? DetailSchema : { anyOf: members };
  const response: JsonObject = { ...(toOpenApi30(body) as JsonObject), "x-response-description": errorText(def, status) };
  // A key that fails authentication is never counted, so a 401 carries no rate-limit headers.
  if (def.auth === "key" && status !== 401)
    response.headers = status === 429 ? { ...RATE_LIMIT_HEADERS, ...RETRY_AFTER } : RATE_LIMIT_HEADERS;
  return response;
}

function successResponse(def: RouteDef): JsonObject {
  const description = def.metaDescription ?? def.summary;
  const schema = def.schemas.response;
  let response: JsonObject;
  if (!schema || def.status === 204) response = { type: "null", description };
  else if (isRawContent(schema)) response = { ...schema, description: schema.description ?? description };
  else if (def.alternatives?.length) {
    // Every media type under one status: the JSON document, or the same data as a CSV or text.
    const content: JsonObject = { "application/json": { schema: toOpenApi30(schema) } };
    for (const { mediaType, description: text } of def.alternatives) content[mediaType] = { schema: { type: "string", description: text } };
    response = { description, content };
  } else response = { ...(toOpenApi30(schema) as JsonObject), "x-response-description": description };
  if (def.auth === "key") response.headers = RATE_LIMIT_HEADERS;
  return response;
}

function requestHeaders(def: RouteDef): JsonObject | undefined {
  if (def.auth !== "key") return undefined;
  const properties: JsonObject = {};
  if (def.workspaced) {
    properties["X-Team-ID"] = {
      type: "string",
      format: "uuid",
      description:
        "The id (not the slug) of the team whose workspace the request acts in, as GET /api/v1/me/teams/ lists it; omitted: your personal workspace",
    };
  }
  if (def.idempotent) {
    properties["Idempotency-Key"] = {
      type: "string",
      minLength: 1,
      maxLength: 255,
      description: "Replays the first answer for a repeated request with the same key instead of doing the work twice",
    };
  }
  return Object.keys(properties).length > 0 ? { type: "object", properties } : undefined;
}

/** The request body: JSON, and the other media types the route decodes, each as text. */
function documentedBody(def: RouteDef, body: TSchema): unknown {
  const json = toOpenApi30(body);
  if (!def.bodyDecoders) return json;
  const content: JsonObject = { "application/json": { schema: json } };
  // A text body is bounded by the route's body limit: as many characters as bytes at most.
  const maxLength = def.bodyLimit ?? DEFAULT_BODY_LIMIT;
  for (const [mediaType, decoder] of Object.entries(def.bodyDecoders))
    content[mediaType] = { schema: { type: "string", maxLength, description: decoder.description } };
  return { content };
}

/** The operation as the document shows it; `def.schemas` stay what Fastify validates with. */
export function documentedSchema(def: RouteDef): JsonObject {
  const schema: JsonObject = { summary: def.summary, tags: [def.tag], operationId: operationId(def) };
  if (def.auth === "key") {
    const scopeText = def.scope ? `Scope: \`${def.scope}\`.` : "Any valid key.";
    schema.description = [def.description, scopeText].filter(Boolean).join("\n\n");
    schema.security = [{ ApiKey: [] }];
    schema["x-scope"] = def.scope;
  } else {
    if (def.description) schema.description = def.description;
    schema.security = [];
  }
  if (def.schemas.params) schema.params = toOpenApi30(def.schemas.params);
  if (def.schemas.querystring) schema.querystring = toOpenApi30(def.schemas.querystring);
  if (def.schemas.body) schema.body = documentedBody(def, def.schemas.body);
  const headers = requestHeaders(def);
  if (headers) schema.headers = headers;
  const response: JsonObject = { [def.status]: successResponse(def) };
  for (const status of errorStatuses(def)) response[status] = errorResponse(def, status);
  schema.response = response;
  return schema;
}

export function isDocumented(def: RouteDef): boolean {
  return !(def.auth === "public" && def.hidden);
}
