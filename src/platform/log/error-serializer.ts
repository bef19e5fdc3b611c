// The `err` serializer of every log line. pino's standard one copies every enumerable property of
// an error, and the database layer's errors carry what docs/conventions.md §10 keeps out of logs: drizzle's
// DrizzleQueryError holds the statement's parameters in `params` and in its message and stack
// ("Failed query: <sql>\nparams: <values>"), PGlite adds `params` to its own errors, and
// PostgreSQL's `detail` repeats row values ("Key (email)=(...) already exists"). Parameters can
// be key digests and email addresses. So this serializer keeps a fixed set of fields (type,
// message, stack, the SQL text, the PostgreSQL code and the names of what failed) and removes
// parameter values that PostgreSQL echoes in its message (`invalid input syntax for type uuid:
// "..."`).

export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  /** The SQL text of a failed statement, without its parameters. */
  query?: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

/** Fields of primitive value that name or classify a failure and hold no data of a request. */
const KEPT_FIELDS = [
  "code",
  "statusCode",
  "status",
  "errno",
  "syscall",
  "kind",
  "transient",
  "severity",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "routine",
  "position",
] as const;
const MAX_CAUSES = 5;
// Shorter values ("1", "ok") would blank out ordinary words of a message and are no secret.
const MIN_REDACTED_LENGTH = 4;
const REDACTED = "<param>";
const PARAMS_SUFFIX = "\nparams: ";

/**
 * An Error, or an object that passes for one (a message and a stack, as some libraries throw):
 * beyond the message, nothing about its fields is known, its name included.
 */
interface ErrorLike {
  message: string;
  [field: string]: unknown;
}

function isErrorLike(value: unknown): value is ErrorLike {
  if (value instanceof Error) return true;
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.message === "string" && typeof candidate.stack === "string";
}

function causesOf(err: ErrorLike): ErrorLike[] {
  const chain: ErrorLike[] = [err];
  let current: unknown = err.cause;
  while (isErrorLike(current) && chain.length <= MAX_CAUSES && !chain.includes(current)) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

function collectParams(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectParams(item, into);
    return;
  }
  const text = paramText(value);
  if (text !== null && text.length >= MIN_REDACTED_LENGTH) into.add(text);
}

/** A statement parameter as a message may quote it: a primitive's text, a date's ISO form, any other object as JSON; null for none. */
function paramText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") return value;
  if (
    typeof value === "number" ||
    typeof value === "boolean" ||
    typeof value === "bigint" ||
    typeof value === "symbol" ||
    typeof value === "function"
  ) {
    return String(value);
  }
  return JSON.stringify(value);
}

function redact(text: string, params: readonly string[]): string {
  let result = text;
  for (const param of params) if (result.includes(param)) result = result.split(param).join(REDACTED);
  return result;
}

/** The message without drizzle's parameter list, and without parameter values anywhere in it. */
function safeMessage(err: ErrorLike, params: readonly string[]): string {
  const message = err.message;
  const cut = message.indexOf(PARAMS_SUFFIX);
  return redact(cut === -1 ? message : message.slice(0, cut), params);
}

/** The stack's frames under a header rebuilt from the safe message (the original repeats the message). */
function safeStack(err: ErrorLike, type: string, message: string, params: readonly string[]): string | undefined {
  if (typeof err.stack !== "string") return undefined;
  const frames = err.stack.indexOf("\n    at ");
  return `${type}: ${message}${frames === -1 ? "" : redact(err.stack.slice(frames), params)}`;
}

function typeOf(err: ErrorLike): string {
  // PostgreSQL's error reported by either driver (PGlite's class name is minified to a letter).
  if (typeof err.severity === "string" && typeof err.code === "string") return "DatabaseError";
  const constructorName = (err.constructor as { name?: unknown } | undefined)?.name;
  if (typeof constructorName === "string" && constructorName !== "Object") return constructorName;
  return typeof err.name === "string" ? err.name : "Error";
}

function serializeOne(err: ErrorLike, params: readonly string[]): SerializedError {
  const type = typeOf(err);
  const message = safeMessage(err, params);
  const out: SerializedError = { type, message };
  const stack = safeStack(err, type, message, params);
  if (stack !== undefined) out.stack = stack;
  if (typeof err.query === "string") out.query = redact(err.query, params);
  for (const field of KEPT_FIELDS) {
    const value = err[field];
    if (typeof value === "string") out[field] = redact(value, params);
    else if (typeof value === "number" || typeof value === "boolean") out[field] = value;
  }
  return out;
}

/** pino's `err` serializer: anything that is not an error passes through as pino's own does. */
export function serializeError(value: unknown): unknown {
  if (!isErrorLike(value)) return value;
  const chain = causesOf(value);
  const found = new Set<string>();
  for (const err of chain) collectParams(err.params, found);
  // Longest first, so that a value containing a shorter one is removed whole.
  const params = [...found].sort((a, b) => b.length - a.length);
  // Built from the last cause back, each serialized error linked to the one it was caused by.
  let serialized: SerializedError | undefined;
  for (const err of chain.toReversed()) {
    const one = serializeOne(err, params);
    if (serialized) one.cause = serialized;
    serialized = one;
  }
  return serialized;
}

/** The error's message as logs may hold it: a one-line reason for a failure line. */
export function safeErrorMessage(err: unknown): string {
  if (!isErrorLike(err)) return String(err);
  return (serializeError(err) as SerializedError).message;
}
