// The canopy client: openapi-fetch over the types openapi-typescript generates from canopy's
// OpenAPI document (schema.d.ts, by `npm run client:generate` in the repository). Every call is
// typed by its path and method: path and query parameters, body, answer and error bodies. An
// answer carries its HTTP status beside `data` or `error`; errors are values, typed as the
// document lists them (`{detail}`, or field errors for invalid input), never exceptions. `unwrap`
// turns an error into a thrown CanopyError for code that prefers to throw.
import createClient, { type Client, type ClientOptions, type FetchResponse, type MaybeOptionalInit } from "openapi-fetch";
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from "openapi-typescript-helpers";
import type { components, operations, paths } from "./schema.js";

export type { components, operations, paths };

/** Every named schema of the API: `Schemas["Brand"]`, `Schemas["TopicalMap"]`, ... */
export type Schemas = components["schemas"];
/** `{"detail": "..."}`: what went wrong, in a sentence. */
export type ErrorDetail = Schemas["Error"];
/** Invalid input: each invalid field with its messages, `{"brand_name": ["This field is required."]}`. */
export type FieldErrors = Schemas["FieldErrors"];

/** An answer: the operation's success body in `data`, or its documented error body in `error`, and the HTTP status. */
export type CanopyResponse<R> = R & { status: number };

// As openapi-fetch types a call's options: required when the operation has required parameters or a body.
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

// Answers are read as JSON: `data` is the JSON body's type. A CSV or Markdown alternative (the
// `format` parameter) is read with `raw` and `parseAs: "text"`.
type JsonMedia = `${string}/json`;

// The operation at a path and method (a path lists the methods it lacks as `never`).
type Operation<P extends keyof paths, M extends HttpMethod> = Extract<paths[P][M], Record<string | number, unknown>>;

type Method<M extends HttpMethod> = <P extends PathsWithMethod<paths, M>, I extends MaybeOptionalInit<paths[P], M>>(
  url: P,
  ...init: InitParam<I>
) => Promise<CanopyResponse<FetchResponse<Operation<P, M>, I, JsonMedia>>>;

export interface CanopyClient {
  GET: Method<"get">;
  POST: Method<"post">;
  PUT: Method<"put">;
  PATCH: Method<"patch">;
  DELETE: Method<"delete">;
  /** The openapi-fetch client underneath, for middleware (`raw.use(...)`) and other media types. */
  raw: Client<paths>;
}

export interface CanopyClientOptions {
  /** Where canopy serves, e.g. `http://127.0.0.1:8000` (the paths carry `/api/v1/`). */
  baseUrl: string;
  /** An API key (`cnpy_live_...`): sent as X-API-Key on every request. */
  apiKey: string;
  /** A team whose workspace every request acts in (X-Team-ID); omitted: the key user's own. */
  teamId?: string;
  /** Headers added to every request. */
  headers?: Record<string, string>;
  /** A fetch of your own (tests, proxies); default: the global fetch. */
  fetch?: ClientOptions["fetch"];
}

export function createCanopyClient(options: CanopyClientOptions): CanopyClient {
  const raw = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers: { ...options.headers, "X-API-Key": options.apiKey, ...(options.teamId ? { "X-Team-ID": options.teamId } : {}) },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  // Each method as openapi-fetch's, with the status added; its types are openapi-fetch's (Method above).
  type Call = (url: string, ...init: unknown[]) => Promise<{ response: Response }>;
  const method =
    (call: Call): unknown =>
    async (url: string, ...init: unknown[]) => {
      const answer = await call(url, ...init);
      return Object.assign(answer, { status: answer.response.status });
    };
  return {
    GET: method(raw.GET as unknown as Call) as Method<"get">,
    POST: method(raw.POST as unknown as Call) as Method<"post">,
    PUT: method(raw.PUT as unknown as Call) as Method<"put">,
    PATCH: method(raw.PATCH as unknown as Call) as Method<"patch">,
    DELETE: method(raw.DELETE as unknown as Call) as Method<"delete">,
    raw,
  };
}

// ---- errors -----------------------------------------------------------------------------------

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `{"detail": "..."}`, the error of every status. */
export function isErrorDetail(error: unknown): error is ErrorDetail {
  return isRecord(error) && typeof error.detail === "string";
}

/** Field errors, the 400 of invalid input: every value a list of messages. */
export function isFieldErrors(error: unknown): error is FieldErrors {
  return (
    isRecord(error) && !isErrorDetail(error) && Object.values(error).every((v) => Array.isArray(v) && v.every((m) => typeof m === "string"))
  );
}

/** An error body in a sentence: the detail, or each field with its messages. */
export function errorMessage(error: unknown): string {
  if (isErrorDetail(error)) return error.detail;
  if (isFieldErrors(error))
    return Object.entries(error)
      .map(([field, messages]) => `${field}: ${messages.join(" ")}`)
      .join("; ");
  return JSON.stringify(error);
}

/** An error answer, thrown by `unwrap`: its status and body, typed as far as the document says. */
export class CanopyError extends Error {
  readonly detail: string | undefined;
  readonly fieldErrors: FieldErrors | undefined;

  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`canopy answered ${status}: ${errorMessage(body)}`);
    this.name = "CanopyError";
    this.detail = isErrorDetail(body) ? body.detail : undefined;
    this.fieldErrors = isFieldErrors(body) ? body : undefined;
  }
}

/** The answer's data, or a thrown CanopyError for an error answer. */
export function unwrap<D>(answer: { data?: D; error?: unknown; status: number }): D {
  if (answer.error !== undefined) throw new CanopyError(answer.status, answer.error);
  return answer.data as D;
}

/**
 * Polls `read` every `intervalMs` until `done` holds for what it returned (a background task has
 * finished), and answers that; throws once `timeoutMs` has passed.
 */
export async function poll<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: { intervalMs?: number; timeoutMs?: number } = {},
): Promise<T> {
  const { intervalMs = 1000, timeoutMs = 300_000 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() + intervalMs > deadline) throw new Error(`canopy: still not done after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
