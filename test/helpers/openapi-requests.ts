// Requests generated from the served OpenAPI document, for test/app/fuzz-openapi.api.test.ts: the
// operations as the document lists them, and for each a fast-check arbitrary of whole requests
// (path, query string, headers, body) made from its parameter and body schemas by
// schema-arbitrary.ts, mostly well-formed and often hostile. The document's references (named
// schemas, shared responses and parameters) are resolved first.
import fc from "fast-check";
import { dereference } from "./openapi-document";
import { invalidValue, isAnySchema, isFreeFormObject, mutatedValue, TRICKY_TEXT, validValue, type SchemaObject } from "./schema-arbitrary";

interface Parameter {
  in: "path" | "query" | "header";
  name: string;
  required?: boolean;
  schema: SchemaObject;
}

interface DocOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: SchemaObject }> };
  responses: Record<string, { content?: Record<string, { schema?: SchemaObject }> }>;
  security?: unknown[];
}

export interface Operation {
  method: string;
  /** As the document writes it: `/api/v1/brands/{id}/`. */
  path: string;
  parameters: Parameter[];
  body: SchemaObject | null;
  /** Every status the document lists for it. */
  statuses: Set<number>;
  /** A success answered as something other than JSON (YAML, HTML, text). */
  raw: boolean;
  /** By status, the error bodies the document gives besides `{detail}` and field errors (a failure report). */
  failureReports: Map<number, SchemaObject[]>;
}

/** An error body other than `{detail}` (which requires only "detail") and field errors (which require nothing). */
const isFailureReport = (schema: SchemaObject) => (schema.required ?? ["detail"]).join() !== "detail";

/** The OpenAPI document as /api/v1/schema/?format=json serves it, as far as the fuzzing reads it. */
export interface ServedDocument {
  paths: Record<string, Record<string, DocOperation>>;
}

/** The document's operations, with every `$ref` of the document resolved in them. */
export function operationsOf(served: ServedDocument): Operation[] {
  const document = dereference(served);
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const statuses = Object.keys(op.responses).map(Number);
      const success = statuses.filter((s) => s < 300).map((s) => op.responses[s]!);
      return {
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content["application/json"]?.schema ?? null,
        statuses: new Set(statuses),
        raw: success.some((r) => Object.keys(r.content ?? {}).some((type) => type !== "application/json")),
        failureReports: new Map(
          statuses.map((status) => {
            const schema = op.responses[status]!.content?.["application/json"]?.schema ?? {};
            return [status, (schema.anyOf ?? [schema]).filter(isFailureReport)];
          }),
        ),
      };
    }),
  );
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Ids the requests may name, looked up as each request is made (the pool grows during a run). */
export interface IdSource {
  /** The team the key's user owns. */
  team: string;
  /** Ids of resources made for this path (as the document writes it), if any. */
  fitting(path: string): readonly string[];
  /** Every id known: the team, the resources made, ids seen in answers. */
  any(): readonly string[];
}

/** Percent-encodes text; a lone surrogate (which has no UTF-8) as the bytes of its would-be encoding. */
export function encodeText(text: string): string {
  let out = "";
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** A value as query-string text: a list repeats the parameter, anything else is written as text. */
function queryPairs(name: string, value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => queryPairs(name, item));
  const text = typeof value === "string" ? value : value === null ? "" : JSON.stringify(value);
  return [`${encodeText(name)}=${encodeText(text)}`];
}

/** Path segments that name nothing: malformed ids, an escaped slash, escapes of NUL, of a surrogate or of no UTF-8 at all, overlong ones. */
const GARBAGE_SEGMENTS = [
  "not-a-uuid",
  "1e20",
  "0",
  "-1",
  "a%2Fb",
  "%00",
  "%ED%A0%80",
  "%ff",
  "%20",
  "x".repeat(600),
  "00000000-0000-0000-0000-00000000000g",
];

/** One of `ids()`, or a random UUID when there is none; read when the request is made. */
const oneOf = (ids: () => readonly string[]): fc.Arbitrary<string> =>
  fc.tuple(fc.nat(), fc.uuid()).map(([i, random]) => {
    const list = ids();
    return list.length === 0 ? random : list[i % list.length]!;
  });

/** Random UUIDs (404 for anything the user lacks), ids of the user's resources, garbage. */
function idArb(op: Operation, source: IdSource, garbage: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: oneOf(() => source.fitting(op.path)) },
    { weight: 2, arbitrary: oneOf(() => source.any()) },
    { weight: 2, arbitrary: garbage },
  );
}

const pathArb = (op: Operation, source: IdSource): fc.Arbitrary<string> => {
  const garbage = fc.oneof(
    fc.constantFrom(...GARBAGE_SEGMENTS),
    invalidValue({ type: "string" }).map((v) => encodeText(String(v))),
  );
  const segments = op.parameters.filter((p) => p.in === "path").map((p) => idArb(op, source, garbage).map((id) => [p.name, id] as const));
  return fc.tuple(...segments).map((pairs) => pairs.reduce((path, [name, id]) => path.replace(`{${name}}`, id), op.path));
};

function queryArb(op: Operation): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === "query");
  const pairs = params.map((p) => {
    const value = fc.oneof(
      { weight: 6, arbitrary: validValue(p.schema) },
      { weight: 2, arbitrary: mutatedValue(p.schema) },
      // The parameter given twice or more.
      { weight: 1, arbitrary: fc.array(validValue(p.schema), { minLength: 2, maxLength: 3 }) },
    );
    const present = p.required ? 9 : 4;
    return fc.oneof(
      { weight: present, arbitrary: value.map((v) => queryPairs(p.name, v)) },
      { weight: 10 - present, arbitrary: fc.constant([]) },
    );
  });
  // Now and then a parameter no operation takes, its text as hostile as any.
  const unknown = fc.oneof(
    { weight: 9, arbitrary: fc.constant([] as string[]) },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...TRICKY_TEXT), invalidValue({ type: "string" })).map((v) => queryPairs("zz", v)) },
  );
  return fc.tuple(unknown, ...pairs).map((lists) => lists.flat().join("&"));
}

/** Header text is Latin-1 at most: anything else is written as "?", keeping the length. */
const headerText = (value: unknown): string =>
  Array.from(String(value))
    .map((c) => (/^[\x20-\x7e]$/.test(c) ? c : "?"))
    .join("");

function headersArb(op: Operation, source: IdSource): fc.Arbitrary<Record<string, string>> {
  const entries = op.parameters
    .filter((p) => p.in === "header")
    .map((p) => {
      let value: fc.Arbitrary<string>;
      if (p.name.toLowerCase() === "x-team-id") {
        // The team the user owns, most of the time; else an id of no team of theirs, or garbage.
        value = fc.oneof(
          { weight: 3, arbitrary: fc.constant(source.team) },
          {
            weight: 2,
            arbitrary: fc.oneof(
              fc.uuid(),
              oneOf(() => source.any()),
              fc.constantFrom("not-a-uuid", "", " "),
            ),
          },
        );
      } else {
        value = fc.oneof({ weight: 3, arbitrary: validValue(p.schema) }, { weight: 1, arbitrary: mutatedValue(p.schema) }).map(headerText);
      }
      return fc.option(
        value.map((v) => [p.name, v] as const),
        { freq: 2 },
      );
    });
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter((pair) => pair !== null)));
}

/** `[[[...]]]` as text, `depth` levels. */
const deepText = (depth: number): string => "[".repeat(depth) + "]".repeat(depth);

/** Over the 3 MB a body may have. */
const OVERSIZED = `{"x":"${"x".repeat(3 * 1024 * 1024)}"}`;

/** A valid body with one field very deep: a new one (which validation passes over) or one of its own. */
function deepFieldArb(schema: SchemaObject): fc.Arbitrary<string> {
  const name = fc.oneof(fc.constant("deep"), fc.constantFrom("deep", ...Object.keys(schema.properties ?? {})));
  return fc.tuple(validValue(schema), name, fc.integer({ min: 10_000, max: 200_000 })).map(([value, field, depth]) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return JSON.stringify(value);
    const rest = JSON.stringify({ ...value, [field]: undefined });
    return `{${JSON.stringify(field)}:${deepText(depth)}${rest === "{}" ? "" : ","}${rest.slice(1)}`;
  });
}

/** `{"a":{"a":...{}}}` as text, `depth` levels: a free-form field's value, as deep as JSON allows. */
const deepObjectText = (depth: number): string => `${'{"a":'.repeat(depth - 1)}{}${"}".repeat(depth - 1)}`;

/** The top-level fields of a body that hold free-form JSON: any value, a free-form object, or a list of any values. */
export function freeFormFields(schema: SchemaObject): string[] {
  return Object.entries(schema.properties ?? {})
    .filter(
      ([, field]) =>
        isAnySchema(field) || isFreeFormObject(field) || (field.type === "array" && field.items !== undefined && isAnySchema(field.items)),
    )
    .map(([name]) => name);
}

/** What a free-form value is made to hold: 5,000 levels of nesting, or a key with a NUL or a lone surrogate. */
export const FREE_FORM_ABUSES = {
  deep: deepObjectText(5000),
  "nul-key": '{"a\\u0000b": 1}',
  "surrogate-key": '{"\\ud800": 1}',
} as const;
export type FreeFormAbuse = keyof typeof FREE_FORM_ABUSES;

/**
 * `body` (valid, as JSON) with its free-form field `field` holding `abuse`, written as text (the
 * nesting is deeper than JSON.stringify goes): inside the list, inside the object beside its own
 * fields, or as the value itself.
 */
export function withFreeFormAbuse(schema: SchemaObject, body: Record<string, unknown>, field: string, abuse: FreeFormAbuse): string {
  const fieldSchema = schema.properties![field]!;
  const inner = FREE_FORM_ABUSES[abuse];
  let text: string;
  if (fieldSchema.type === "array") {
    text = `[${inner}]`;
  } else if (isFreeFormObject(fieldSchema)) {
    const own = body[field];
    const rest = JSON.stringify(typeof own === "object" && own !== null && !Array.isArray(own) ? own : {});
    text = `{"abused":${inner}${rest === "{}" ? "" : ","}${rest.slice(1)}`;
  } else {
    text = inner;
  }
  const rest = JSON.stringify({ ...body, [field]: undefined });
  return `{${JSON.stringify(field)}:${text}${rest === "{}" ? "" : ","}${rest.slice(1)}`;
}

/** Valid bodies with one free-form field abused; null when the body has none. */
function freeFormAbuseArb(schema: SchemaObject): fc.Arbitrary<string> | null {
  const fields = freeFormFields(schema);
  if (fields.length === 0) return null;
  const abuses = Object.keys(FREE_FORM_ABUSES) as FreeFormAbuse[];
  return fc
    .tuple(validValue(schema), fc.constantFrom(...fields), fc.constantFrom(...abuses))
    .map(([value, field, abuse]) => withFreeFormAbuse(schema, (value ?? {}) as Record<string, unknown>, field, abuse));
}

type Body = { payload: string; contentType?: string };

/** Bodies that no schema describes: empty, not JSON, not an object, prototype keys, too large, in any content type. */
function rawBodyArb(): fc.Arbitrary<Body> {
  const texts = fc.constantFrom(
    "",
    "{",
    "not json",
    "[]",
    "null",
    "1e999",
    '"text"',
    '{"a":1,"a":2}',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{}}}',
    OVERSIZED,
  );
  const contentType = fc.constantFrom(
    undefined,
    "application/json",
    "application/json; charset=utf-8",
    "text/plain",
    "application/x-www-form-urlencoded",
  );
  return fc.record({ payload: texts, contentType });
}

function bodyArb(schema: SchemaObject): fc.Arbitrary<Body> {
  const json = (arb: fc.Arbitrary<unknown>) => arb.map((value) => ({ payload: JSON.stringify(value), contentType: "application/json" }));
  const deep = fc.oneof(fc.integer({ min: 10_000, max: 200_000 }).map(deepText), deepFieldArb(schema));
  const abused = freeFormAbuseArb(schema);
  return fc.oneof(
    // Free-form fields nested 5,000 levels deep, or with a NUL or a lone surrogate in a key.
    ...(abused ? [{ weight: 1, arbitrary: abused.map((payload) => ({ payload, contentType: "application/json" })) }] : []),
    { weight: 10, arbitrary: json(validValue(schema)) },
    { weight: 7, arbitrary: json(mutatedValue(schema)) },
    { weight: 2, arbitrary: rawBodyArb() },
    // Deeper than JSON.stringify (or any recursive walk of a parsed body) goes.
    { weight: 1, arbitrary: deep.map((payload) => ({ payload, contentType: "application/json" })) },
  );
}

/** Whole requests for `op`, sent with `key` (public operations get one too: they must not care). */
export function requestArb(op: Operation, key: string, source: IdSource): fc.Arbitrary<FuzzRequest> {
  const body = op.body ? bodyArb(op.body) : fc.constant(null);
  return fc.tuple(pathArb(op, source), queryArb(op), headersArb(op, source), body).map(([path, query, headers, sent]) => {
    const request: FuzzRequest = { method: op.method, url: query ? `${path}?${query}` : path, headers: { ...headers, "x-api-key": key } };
    if (sent) {
      request.payload = sent.payload;
      if (sent.contentType) request.headers["content-type"] = sent.contentType;
    }
    // Counterexamples print short: a body may be 400 KB of brackets.
    Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request) });
    return request;
  });
}

export function describeRequest({ method, url, headers, payload }: FuzzRequest): string {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}... (${text.length} characters)` : text);
  const shown = Object.entries(headers).filter(([name]) => name !== "x-api-key");
  return `${method} ${cut(url)} ${JSON.stringify(Object.fromEntries(shown))}${payload === undefined ? "" : ` body: ${cut(payload)}`}`;
}
