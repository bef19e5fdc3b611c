// One definition per route: its path, method, scope and schemas feed request validation,
// response serialization, the OpenAPI document, llms.txt and the shared security suite.
import type { FastifyReply, FastifyRequest } from "fastify";
import Type, { type Static, type TSchema } from "typebox";
import type { Scope } from "../auth/scopes";
import type { RequestContext } from "../context";
import { MAX_LENGTH } from "./limits";
import type { ResourceKind } from "./resources";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteSchemas {
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  /** The success response; error responses are added for every route by the registry. */
  response: TSchema | null;
}

type StaticOr<T, F> = T extends TSchema ? Static<T> : F;

interface HandlerInput<out S extends RouteSchemas> {
  params: StaticOr<S["params"], Record<string, never>>;
  query: StaticOr<S["querystring"], Record<string, never>>;
  body: StaticOr<S["body"], undefined>;
  ctx: RequestContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

interface RouteBase<S extends RouteSchemas> {
  method: Method;
  /** Fastify path with `:params` and the trailing slash, e.g. `/api/v1/brands/:id/`. */
  path: string;
  summary: string;
  /** Longer text for the OpenAPI document and llms-full.txt. */
  description?: string;
  tag: string;
  /** What `_meta.description` says in the response. */
  metaDescription?: string;
  /** Further fixed `_meta` fields (hierarchy routes add `level_labels`). */
  meta?: Record<string, unknown>;
  status: number;
  schemas: S;
  /** Error statuses this route can answer beyond the shared ones (401/403/429 for keyed routes). */
  errors?: number[];
  /** A failure answered in its own shape (a FailureReport) besides `{detail}`, and its statuses. */
  failureReport?: { statuses: number[]; schema: TSchema };
  /** Accepts an `Idempotency-Key` header (generate/start endpoints). */
  idempotent?: boolean;
  /**
   * Request bodies the route takes besides JSON, by media type (lowercase, without parameters):
   * each decodes the body's text into the value the body schema then validates. Every other
   * route answers 415 to a body that is not JSON.
   */
  bodyDecoders?: Readonly<Record<string, BodyDecoder>>;
  /**
   * The resource this route's body writes, as the API answers it (e.g. BrandSchema): its fields that
   * the body schema does not define are read-only, accepted and dropped unread, so that a resource
   * read with GET, edited and sent back is taken (read-only.ts). Any other field the body schema does
   * not define answers 400.
   */
  readOnlyFrom?: TSchema;
  /** The largest body the route takes, in bytes (default: the server's 3 MB). */
  bodyLimit?: number;
  /**
   * Other media types the route answers the same data in (a CSV export, rendered text), each with
   * how to ask for it and what it holds, for the documents.
   */
  alternatives?: readonly { mediaType: string; description: string }[];
  /**
   * What the OpenAPI document shows as this operation's sample: a request the API accepts (its
   * JSON body and query parameters; path parameters come from `resources`, see examples.ts) and,
   * where the response schema's own example does not fit this route, the answer. The examples
   * test sends each request to a seeded server and checks the answer against the document.
   */
  examples?: RouteExamples;
}

interface RouteExamples {
  request?: { body?: unknown; query?: Readonly<Record<string, string | number | boolean>> };
  response?: unknown;
}

export interface BodyDecoder {
  /** What the body holds, for the OpenAPI document and llms-full.txt. */
  description: string;
  /**
   * Rejects with a ServiceError or a ValidationFailed to refuse the body. A promise, so that a large
   * body can be decoded in slices with other requests served between them.
   */
  decode(text: string): Promise<unknown>;
}

export interface KeyedRoute<S extends RouteSchemas = RouteSchemas> extends RouteBase<S> {
  auth: "key";
  /** null: any valid key may call it. */
  scope: Scope | null;
  /** Admin analytics: only keys of staff users. */
  staffOnly?: boolean;
  /** The route reads or writes workspace-owned data, so X-Team-ID selects where. */
  workspaced: boolean;
  /**
   * The kind of owned resource each path parameter names (see resources.ts): required, in
   * effect, for a route with path parameters, which the BOLA matrix refuses without it.
   */
  resources?: Readonly<Record<string, ResourceKind>>;
  handler(input: HandlerInput<S>): Promise<unknown>;
}

export interface PublicRoute<S extends RouteSchemas = RouteSchemas> extends RouteBase<S> {
  auth: "public";
  /** Omitted from the OpenAPI document (docs assets). */
  hidden?: boolean;
  /** Public routes answer raw content (YAML, HTML, text) and set their own content type. */
  handler(input: Omit<HandlerInput<S>, "ctx">): Promise<unknown>;
}

export type RouteDef = KeyedRoute | PublicRoute;

/** A kind for each parameter of the params schema, and no other key (a typo does not compile). */
type ParamKinds<S extends RouteSchemas> = S["params"] extends TSchema
  ? { readonly [P in keyof Static<S["params"]> & string]: ResourceKind }
  : never;

/** What a module writes for a keyed route: its `resources` checked against its params schema. */
export type KeyedRouteInput<S extends RouteSchemas> = Omit<KeyedRoute<S>, "auth" | "resources"> & { resources?: ParamKinds<S> };

export function keyedRoute<S extends RouteSchemas>(def: KeyedRouteInput<S>): RouteDef {
  return { ...def, auth: "key" } as unknown as RouteDef;
}

export function publicRoute<S extends RouteSchemas>(def: Omit<PublicRoute<S>, "auth">): RouteDef {
  return { ...def, auth: "public" } as unknown as RouteDef;
}

// ---- named schemas ----------------------------------------------------------------------

/**
 * Names a schema for the OpenAPI document: it is published once under
 * `components.schemas[name]` and referenced everywhere it is used (see components.ts). The name
 * is the schema's `title`, a JSON Schema annotation that Ajv and fast-json-stringify ignore, so
 * request validation and response serialization compile the schema as before. `example` is a
 * value the schema accepts (as the API really answers it; the examples test checks that), which
 * documentation viewers show as the sample. Two different schemas may not share a name: the
 * document builder refuses them.
 */
export function named<T extends TSchema>(name: string, schema: T, example?: unknown): T {
  // A copy with every property, TypeBox's hidden ones too: the original may be used unnamed elsewhere.
  const prototype = Object.getPrototypeOf(schema) as object | null;
  const copy = Object.create(prototype, Object.getOwnPropertyDescriptors(schema)) as T;
  const annotations: Record<string, unknown> = { title: name };
  if (example !== undefined) annotations.examples = [example];
  return Object.assign(copy, annotations);
}

// ---- shared wire shapes ---------------------------------------------------------------

const MetaSchema = named(
  "Meta",
  Type.Object(
    {
      description: Type.String(),
      level_labels: Type.Optional(Type.Record(Type.String(), Type.String())),
      node_type_labels: Type.Optional(Type.Record(Type.String(), Type.String())),
      data_source: Type.Optional(Type.String()),
      placeholder: Type.Optional(
        Type.Boolean({ description: "True when the content is a placeholder draft by the built-in offline model" }),
      ),
      note: Type.Optional(Type.String({ description: "A sentence for the reader about the content, such as why it is a placeholder" })),
    },
    { additionalProperties: true, description: "What the response is, and facts shared by every response of the endpoint" },
  ),
);

/** An object response: its fields plus `_meta`. */
export function withMeta<P extends Record<string, TSchema>>(properties: P, options: { description?: string } = {}) {
  return Type.Object({ _meta: MetaSchema, ...properties }, options);
}

/** Array.isArray, without its `any[]`: an enum's values are unknown until looked at. */
function isArray(value: unknown): value is unknown[] {
  return Array.isArray(value);
}

/** OpenAPI 3.0 nullable: Ajv and fast-json-stringify both honour `nullable: true`. */
export function Nullable<T extends TSchema>(schema: T) {
  // An enum must list null itself: `nullable` widens the type, not the enum (OpenAPI 3.0.3, Ajv).
  const values: unknown = (schema as { enum?: unknown }).enum;
  const widened = isArray(values) && !values.includes(null) ? { enum: [...values, null] } : {};
  return Type.Unsafe<Static<T> | null>({ ...schema, ...widened, nullable: true });
}

export const Timestamp = Type.String({ format: "date-time" });
export const Uuid = Type.String({ format: "uuid" });

export const DetailSchema = named(
  "Error",
  Type.Object({ detail: Type.String() }, { description: "An error: what went wrong, in a sentence" }),
  {
    detail: "Not found.",
  },
);
export const FieldErrorsSchema = named(
  "FieldErrors",
  Type.Record(Type.String(), Type.Array(Type.String()), {
    description:
      "Invalid input: each invalid field (nested ones as `parent.child`) with its messages; errors about the whole body under `non_field_errors`",
  }),
  { brand_name: ["This field is required."] },
);

/** A language code of a request (`en`, `pt-BR`). */
export const LanguageCode = Type.String({
  pattern: "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$",
  maxLength: MAX_LENGTH.languageCode,
  description: "Language code; default `en`",
});

/** A string limited to `values`: one JSON-schema enum (clear 400 messages, clean OpenAPI). */
export function StringEnum<const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) {
  return Type.Unsafe<T[number]>({ type: "string", enum: [...values], ...options });
}
