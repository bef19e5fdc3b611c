// The document's reusable parts. @fastify/swagger writes every schema inline, where each route
// uses it; this pass over the finished document publishes each named schema (see `named` in
// route.ts: its `title`) once under `components.schemas` and puts a `$ref` wherever it was used,
// and does the same for the rate-limit headers and the error responses most operations share.
// A generated client then gets one type per name, and the document stays small. Only the
// document changes: Fastify validates and serializes with the route's own inline schemas.

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** JSON with the keys of every object sorted: equal for schemas that differ only in key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

/** Short names of the error responses the document shares, by status. */
const RESPONSE_NAMES: Record<string, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  402: "PaymentRequired",
  403: "Forbidden",
  404: "NotFound",
  405: "MethodNotAllowed",
  409: "Conflict",
  413: "PayloadTooLarge",
  415: "UnsupportedMediaType",
  429: "TooManyRequests",
  500: "ServerError",
  503: "ServiceUnavailable",
};

const SCHEMA_REF = "#/components/schemas/";

class SchemaNames {
  readonly schemas: Record<string, JsonObject> = {};
  /** Each name's schema as published, with its canonical text (the description left out). */
  private readonly published = new Map<string, { text: string; schema: JsonObject }>();

  /** `schema` with every named schema in it (itself included) replaced by a reference. */
  hoist(schema: unknown): unknown {
    if (Array.isArray(schema)) return schema.map((s) => this.hoist(s));
    if (!isObject(schema)) return schema;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === "properties" && isObject(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, this.hoist(s)]));
      } else if (key === "items" || key === "not" || (key === "additionalProperties" && isObject(value))) {
        out[key] = this.hoist(value);
      } else if ((key === "allOf" || key === "anyOf" || key === "oneOf") && Array.isArray(value)) {
        out[key] = value.map((s) => this.hoist(s));
      } else {
        // `example` and the other annotations are values, not schemas: copied as they are.
        out[key] = value;
      }
    }
    return typeof out.title === "string" ? this.reference(out.title, out) : out;
  }

  private reference(name: string, schema: JsonObject): JsonObject {
    // OpenAPI 3.0 has no nullable reference (`nullable` needs a `type` beside it, and a null
    // fails the referenced schema): a nullable use stays inline, its nested names referenced.
    if (schema.nullable === true) return schema;
    const { description, ...shape } = schema;
    const text = canonical(shape);
    let known = this.published.get(name);
    if (known === undefined) {
      known = { text, schema };
      this.published.set(name, known);
      this.schemas[name] = schema;
    } else if (known.text !== text) {
      throw new Error(`Two different schemas are named "${name}" (see named() in route.ts):\n${known.text}\n${text}`);
    }
    const ref = { $ref: `${SCHEMA_REF}${name}` };
    // A use that describes itself otherwise keeps its own words: `$ref` takes no siblings in 3.0.
    if (description !== undefined && description !== known.schema.description) return { allOf: [ref], description };
    return ref;
  }
}

interface Operation {
  parameters?: Array<{ schema?: unknown } | JsonObject>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, JsonObject>;
}

function operationsOf(document: JsonObject): Operation[] {
  const paths = isObject(document.paths) ? document.paths : {};
  return Object.values(paths).flatMap((item) => (isObject(item) ? Object.values(item).filter(isObject) : []));
}

function hoistSchemas(document: JsonObject, names: SchemaNames): void {
  for (const op of operationsOf(document)) {
    for (const parameter of op.parameters ?? []) parameter.schema = names.hoist(parameter.schema);
    for (const media of Object.values(op.requestBody?.content ?? {})) media.schema = names.hoist(media.schema);
    for (const response of Object.values(op.responses ?? {})) {
      for (const media of Object.values((response.content ?? {}) as Record<string, { schema?: unknown }>))
        media.schema = names.hoist(media.schema);
    }
  }
}

/** Response headers used more than once become `components.headers`, by header name. */
function shareHeaders(document: JsonObject): Record<string, JsonObject> {
  const seen = new Map<string, { name: string; header: JsonObject; count: number }>();
  const responses = operationsOf(document).flatMap((op) => Object.values(op.responses ?? {}));
  for (const response of responses) {
    for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, JsonObject>)) {
      const key = `${name} ${canonical(header)}`;
      seen.set(key, { name, header, count: (seen.get(key)?.count ?? 0) + 1 });
    }
  }
  const shared: Record<string, JsonObject> = {};
  for (const { name, header, count } of seen.values()) if (count > 1 && !(name in shared)) shared[name] = header;
  for (const response of responses) {
    const headers = (response.headers ?? {}) as Record<string, unknown>;
    for (const [name, header] of Object.entries(headers)) {
      if (shared[name] && canonical(shared[name]) === canonical(header)) headers[name] = { $ref: `#/components/headers/${name}` };
    }
  }
  return shared;
}

/**
 * For each error status, the response most operations give (the same description, body and
 * headers) becomes `components.responses[BadRequest|Unauthorized|...]`; the others, which say
 * something of their own (a failure report, another media type), stay with their operation.
 */
function shareErrorResponses(document: JsonObject): Record<string, JsonObject> {
  const counts = new Map<string, { status: string; name: string; response: JsonObject; count: number }>();
  const operations = operationsOf(document);
  for (const op of operations) {
    for (const [status, response] of Object.entries(op.responses ?? {})) {
      const name = Object.hasOwn(RESPONSE_NAMES, status) ? RESPONSE_NAMES[status] : undefined;
      if (Number(status) < 400 || name === undefined) continue;
      const key = `${status} ${canonical(response)}`;
      counts.set(key, { status, name, response, count: (counts.get(key)?.count ?? 0) + 1 });
    }
  }
  const commonest = new Map<string, { key: string; name: string; response: JsonObject; count: number }>();
  for (const [key, { status, name, response, count }] of counts) {
    if (count > 1 && count > (commonest.get(status)?.count ?? 0)) commonest.set(status, { key, name, response, count });
  }
  const shared: Record<string, JsonObject> = {};
  for (const { name, response } of commonest.values()) shared[name] = response;
  for (const op of operations) {
    const responses = op.responses;
    if (!responses) continue;
    for (const [status, response] of Object.entries(responses)) {
      const chosen = commonest.get(status);
      if (chosen && chosen.key === `${status} ${canonical(response)}`)
        responses[status] = { $ref: `#/components/responses/${chosen.name}` };
    }
  }
  return shared;
}

/** The request headers many operations take (X-Team-ID, Idempotency-Key) become `components.parameters`. */
function shareHeaderParameters(document: JsonObject): Record<string, JsonObject> {
  const shared: Record<string, JsonObject> = {};
  const texts = new Map<string, string>();
  for (const op of operationsOf(document)) {
    op.parameters = op.parameters?.map((parameter) => {
      const header = parameter as JsonObject;
      if (header.in !== "header" || typeof header.name !== "string") return parameter;
      // X-Team-ID -> TeamId, Idempotency-Key -> IdempotencyKey.
      const words = header.name.replace(/^X-/i, "").split("-");
      const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join("");
      const text = canonical(header);
      if (!texts.has(name)) {
        texts.set(name, text);
        shared[name] = header;
      } else if (texts.get(name) !== text) {
        return parameter;
      }
      return { $ref: `#/components/parameters/${name}` };
    });
  }
  return shared;
}

function sortedByName<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

/** Publishes the document's shared schemas, headers and error responses as components. Modifies `document`. */
export function addComponents(document: JsonObject): JsonObject {
  const names = new SchemaNames();
  hoistSchemas(document, names);
  const headers = shareHeaders(document);
  const responses = shareErrorResponses(document);
  const parameters = shareHeaderParameters(document);
  const components = isObject(document.components) ? document.components : {};
  document.components = {
    ...components,
    schemas: sortedByName({ ...(isObject(components.schemas) ? components.schemas : {}), ...names.schemas }),
    responses: sortedByName(responses),
    headers: sortedByName(headers),
    parameters: sortedByName(parameters),
  };
  return document;
}
