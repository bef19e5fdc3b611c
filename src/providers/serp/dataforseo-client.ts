// One DataForSEO task per call, for every adapter that speaks to DataForSEO (the SERP provider
// here, the page reader in providers/pages): the credentials, the bounded JSON POST, the retries
// and the checks of both status codes live here once. Whatever it throws is a ProviderError
// whose message has passed the redactor, or the provider's own cancellation.
import { cancelled } from "./concurrency";
import { isServerStatus, isTransientStatus, parseEnvelope, STATUS_NO_RESULTS, STATUS_OK, type WireTask } from "./dataforseo-wire";
import { postJson } from "./http-json";
import { basicAuthSecrets, SecretRedactor } from "./redact";
import { realSleep, RetryableError, withRetries, type RetryPolicy } from "./retry";
import { ProviderError } from "./types";

const DEFAULT_MAX_RESPONSE_BYTES = 20 * 1024 * 1024;
const LABEL = "DataForSEO";

export interface DataForSeoSettings {
  login: string;
  password: string;
  baseUrl: string;
  concurrency: number;
  timeoutMs: number;
}

export interface DataForSeoOptions {
  fetch?: typeof fetch;
  maxResponseBytes?: number;
  retry?: Partial<RetryPolicy>;
  clock?: () => Date;
}

export class DataForSeoClient {
  // Private fields stay out of JSON.stringify and util.inspect, so logging a client is safe.
  readonly #authorization: string;
  readonly #redactor: SecretRedactor;
  readonly #baseUrl: string;
  readonly #timeoutMs: number;
  readonly #maxBytes: number;
  readonly #fetch: typeof fetch;
  readonly #retry: RetryPolicy;
  /** Calls in flight at once, as configured (DATAFORSEO_CONCURRENCY). */
  readonly concurrency: number;
  readonly clock: () => Date;

  constructor(settings: DataForSeoSettings, options: DataForSeoOptions = {}) {
    if (!settings.login || !settings.password) {
      throw new ProviderError("DataForSEO needs a login and a password.", { transient: false });
    }
    this.#authorization = `Basic ${Buffer.from(`${settings.login}:${settings.password}`).toString("base64")}`;
    this.#redactor = new SecretRedactor(basicAuthSecrets(settings.login, settings.password));
    this.#baseUrl = settings.baseUrl.replace(/\/+$/, "");
    this.concurrency = Math.max(1, Math.floor(settings.concurrency));
    this.#timeoutMs = settings.timeoutMs;
    this.#maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#retry = {
      attempts: 3,
      baseDelayMs: 500,
      maxDelayMs: 60_000,
      sleep: realSleep,
      random: Math.random,
      ...options.retry,
    };
    this.clock = options.clock ?? (() => new Date());
  }

  /** A cancellation when the caller aborted; a ProviderError as is; anything else, redacted. */
  asProviderError(err: unknown, signal: AbortSignal | undefined): ProviderError {
    if (signal?.aborted) return cancelled();
    if (err instanceof ProviderError) return err;
    return new ProviderError(this.#redactor.clean(`${LABEL} call failed unexpectedly (${err instanceof Error ? err.name : "unknown"}).`), {
      transient: false,
    });
  }

  /** Text that came from DataForSEO, made safe to show (no credential, no control character). */
  clean(text: string): string {
    return this.#redactor.clean(text);
  }

  /** One task, retried as the policy allows; resolves with the task when both statuses are fine. */
  async call(path: string, task: Record<string, unknown>, signal: AbortSignal | undefined): Promise<WireTask> {
    return withRetries(
      async () => {
        const reply = await postJson(this.#baseUrl + path, { authorization: this.#authorization }, [task], {
          fetch: this.#fetch,
          timeoutMs: this.#timeoutMs,
          maxBytes: this.#maxBytes,
          label: LABEL,
          redactor: this.#redactor,
          signal,
        });
        if (reply.status < 200 || reply.status >= 300) throw this.#httpFailure(reply.status, reply.body, reply.retryAfterMs);
        if (reply.body === undefined) {
          throw new ProviderError(`${LABEL} sent an answer that is not JSON.`, { transient: true, httpStatus: reply.status });
        }
        const envelope = parseEnvelope(reply.body);
        if (envelope.statusCode !== STATUS_OK) throw this.#statusFailure(envelope.statusCode, envelope.statusMessage, "request");
        const first = envelope.tasks[0];
        if (!first) throw new ProviderError(`${LABEL} sent an answer without a task.`, { transient: true });
        if (first.statusCode === STATUS_OK || first.statusCode === STATUS_NO_RESULTS) return first;
        throw this.#statusFailure(first.statusCode, first.statusMessage, "task");
      },
      this.#retry,
      signal,
    );
  }

  #statusFailure(code: number, message: string, level: "request" | "task"): Error {
    const shown = this.#redactor.clean(message) || "no message";
    const error = new ProviderError(`${LABEL} ${level} failed with status ${code}: ${shown}`, {
      transient: isTransientStatus(code),
      providerCode: code,
    });
    return isServerStatus(code) ? new RetryableError(error) : error;
  }

  #httpFailure(status: number, body: unknown, retryAfterMs: number | null): Error {
    let detail: string;
    try {
      detail = this.#redactor.clean(parseEnvelope(body).statusMessage);
    } catch {
      // A body that is no envelope has no message to add.
      detail = "";
    }
    const reason =
      status === 401 ? "rejected the credentials" : status === 402 ? "refused the call: payment required" : `answered HTTP ${status}`;
    const retryable = status === 429 || status >= 500;
    const error = new ProviderError(`${LABEL} ${reason}${detail ? `: ${detail}` : ""} (HTTP ${status}).`, {
      transient: retryable,
      httpStatus: status,
    });
    return retryable ? new RetryableError(error, retryAfterMs) : error;
  }
}
