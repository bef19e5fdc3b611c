// One JSON POST to a provider, bounded in time and size. A slow, huge or garbled answer ends
// as a ProviderError; nothing a provider sends can hang or crash the caller. Credentials
// travel only in the headers given here and never appear in what this module throws.
import { cancelled } from "./concurrency";
import type { SecretRedactor } from "./redact";
import { parseRetryAfter, RetryableError } from "./retry";
import { ProviderError } from "./types";

export interface JsonPostOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  maxBytes: number;
  /** Provider name for messages: "DataForSEO". */
  label: string;
  redactor: SecretRedactor;
  signal?: AbortSignal;
}

export interface JsonReply {
  status: number;
  retryAfterMs: number | null;
  /** undefined when the body was not JSON. */
  body: unknown;
}

function errorCode(err: unknown): string {
  // undici reports the system error (ECONNREFUSED, ECONNRESET...) as the cause.
  const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
  const code = cause && typeof cause.code === "string" ? cause.code : err instanceof Error ? err.name : "unknown";
  return code.replace(/[^\w-]/g, "").slice(0, 40) || "unknown";
}

function failure(err: unknown, timeout: AbortSignal, options: JsonPostOptions): Error {
  if (err instanceof ProviderError) return err;
  if (options.signal?.aborted) return cancelled();
  if (timeout.aborted) {
    return new ProviderError(`${options.label} did not answer within ${options.timeoutMs} ms.`, { transient: true });
  }
  // Connection refused or reset and the like: worth another try.
  const message = options.redactor.clean(`${options.label} could not be reached (${errorCode(err)}).`);
  return new RetryableError(new ProviderError(message, { transient: true }));
}

function tooLarge(options: JsonPostOptions): ProviderError {
  return new ProviderError(`${options.label} sent an answer larger than ${options.maxBytes} bytes.`, { transient: false });
}

async function readCapped(response: Response, options: JsonPostOptions): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(options);
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const read = await reader.read();
    if (read.done) break;
    // The fetch types leave the chunk untyped; a response body streams bytes.
    const value: unknown = read.value;
    if (!(value instanceof Uint8Array)) throw new TypeError(`${options.label} answered with a body that is not bytes.`);
    total += value.byteLength;
    if (total > options.maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(options);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total).toString("utf8");
}

export async function postJson(
  url: string,
  headers: Record<string, string>,
  payload: unknown,
  options: JsonPostOptions,
): Promise<JsonReply> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await options.fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify(payload),
      signal,
      // A redirect would carry the credentials somewhere unplanned.
      redirect: "error",
    });
    const text = await readCapped(response, options);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, retryAfterMs: parseRetryAfter(response.headers.get("retry-after")), body };
  } catch (err) {
    throw failure(err, timeout, options);
  }
}
