// Turns whatever a provider call threw into an LlmError and a decision: try again or stop.
// The message is built here from known parts, with provider text scrubbed of secrets.
import {
  APICallError,
  EmptyResponseBodyError,
  InvalidResponseDataError,
  JSONParseError,
  LoadAPIKeyError,
  NoContentGeneratedError,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  TypeValidationError,
} from "ai";
import { ResponseTooLargeError } from "./capped-fetch";
import { providerExcerpt } from "./redact";
import { LlmError } from "./types";

export interface Classified {
  error: LlmError;
  /** Worth another attempt within this call. */
  retry: boolean;
  /** Server-suggested wait (Retry-After), in milliseconds. */
  retryAfterMs?: number;
}

export interface ClassifyContext {
  modelId: string;
  secrets: readonly (string | null | undefined)[];
  /** Our per-attempt timer fired. */
  timedOut: boolean;
  timeoutMs: number;
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && !chain.includes(current) && chain.length < 10) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

/** Socket errors of Node's fetch (undici) and of the operating system that mean the connection was lost. */
const DROPPED_CONNECTION_CODES = new Set(["UND_ERR_SOCKET", "ECONNRESET", "EPIPE", "UND_ERR_CLOSED"]);

function isDroppedConnection(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && DROPPED_CONNECTION_CODES.has(code);
}

function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  const raw = headers?.["retry-after"];
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function apiMessage(error: APICallError, secrets: ClassifyContext["secrets"]): string {
  const text = error.responseBody ? providerExcerpt(error.responseBody, secrets) : providerExcerpt(error.message, secrets);
  return text ? `: ${text}` : "";
}

export function classifyError(error: unknown, ctx: ClassifyContext): Classified {
  const { modelId, secrets } = ctx;
  const details = { modelId };
  const chain = causes(error);
  // A bad or cut-off answer is worth one more try (a repair, or twice the budget), no more (sdk-provider.ts).
  if (error instanceof LlmError) return { error, retry: error.transient || error.kind === "invalid_output" || error.kind === "cut_off" };
  if (chain.some((e) => e instanceof ResponseTooLargeError)) {
    const limit = (chain.find((e) => e instanceof ResponseTooLargeError) as ResponseTooLargeError).limitBytes;
    // A provider that answered megabytes once will likely do it again: do not pay for it twice.
    return { error: new LlmError("invalid_output", `${modelId}: the answer exceeded the ${limit}-byte cap.`, details), retry: false };
  }
  // A connection that dropped half-way through an answer (its status already a success, or the
  // stream under way) is a passing fault of the network, not a bad answer: the job may retry it.
  if (chain.some(isDroppedConnection)) {
    return {
      error: new LlmError("transient", `${modelId}: the connection dropped before the answer was complete.`, details),
      retry: true,
    };
  }
  if (ctx.timedOut) {
    return { error: new LlmError("timeout", `${modelId}: no answer within ${ctx.timeoutMs} ms.`, details), retry: true };
  }
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    const withStatus = { ...details, status };
    if (status === undefined) {
      return {
        error: new LlmError("transient", `${modelId}: could not reach the provider${apiMessage(error, secrets)}`, withStatus),
        retry: true,
      };
    }
    if (status >= 200 && status < 300) {
      return { error: new LlmError("invalid_output", `${modelId}: the provider's answer could not be read.`, withStatus), retry: true };
    }
    if (status === 429 || status === 408 || status === 409 || status >= 500) {
      return {
        error: new LlmError("transient", `${modelId}: provider answered ${status}${apiMessage(error, secrets)}`, withStatus),
        retry: true,
        retryAfterMs: retryAfterMs(error.responseHeaders),
      };
    }
    if (status === 401 || status === 403) {
      return {
        error: new LlmError("config", `${modelId}: the provider rejected the credentials (${status}).`, withStatus),
        retry: false,
      };
    }
    if (status === 404) {
      return {
        error: new LlmError(
          "config",
          `${modelId}: the provider does not know this model or path (404)${apiMessage(error, secrets)}`,
          withStatus,
        ),
        retry: false,
      };
    }
    return {
      error: new LlmError("refused", `${modelId}: provider answered ${status}${apiMessage(error, secrets)}`, withStatus),
      retry: false,
    };
  }
  if (
    NoObjectGeneratedError.isInstance(error) ||
    NoOutputGeneratedError.isInstance(error) ||
    NoContentGeneratedError.isInstance(error) ||
    JSONParseError.isInstance(error) ||
    TypeValidationError.isInstance(error) ||
    InvalidResponseDataError.isInstance(error) ||
    EmptyResponseBodyError.isInstance(error)
  ) {
    return { error: new LlmError("invalid_output", `${modelId}: the answer was not valid output.`, details), retry: true };
  }
  if (LoadAPIKeyError.isInstance(error)) {
    return { error: new LlmError("config", `${modelId}: no API key is configured.`, details), retry: false };
  }
  const text = error instanceof Error ? providerExcerpt(error.message, secrets) : "unknown error";
  return { error: new LlmError("transient", `${modelId}: the call failed: ${text}`, details), retry: true };
}
