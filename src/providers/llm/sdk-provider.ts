// An LlmProvider over one AI SDK language model: a time limit per attempt, retries with backoff
// for what may pass (timeouts, 429, 5xx, dropped connections, unusable output), TypeBox checks
// on structured answers, and errors that never carry a secret.
import { jsonSchema, NoObjectGeneratedError, Output, streamText, type LanguageModel } from "ai";
import { present } from "../../platform/present";
import { recordModelUsage, recordStreamedPieces } from "../../platform/tasks/usage";
import { classifyError, type Classified } from "./classify";
import { checkAgainst, extractJson, isStrictCompatible, toJsonSchema } from "./schema";
import { LlmError, type LlmProvider, type ObjectRequest, type TextRequest } from "./types";
import { setTimeout as wait } from "node:timers/promises";

// The SDK prints provider warnings (unknown model, ignored settings) straight to the console;
// this service logs structured JSON only.
globalThis.AI_SDK_LOG_WARNINGS = false;

export interface RetryPolicy {
  /** Total attempts, the first included. */
  attempts: number;
  /** First wait; doubles on each retry. */
  backoffMs: number;
  /** Longest wait of canopy's own backoff between attempts. */
  maxBackoffMs: number;
  /**
   * Longest Retry-After waited out. No call goes out sooner than the provider asked: a shorter
   * one is waited before the next attempt (and, after the last, before the call gives up, so the
   * job's own retry cannot come sooner either); a longer one fails the call at once, refused.
   */
  retryAfterMaxMs: number;
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 3, backoffMs: 1000, maxBackoffMs: 15_000, retryAfterMaxMs: 60_000 };

export interface SdkProviderOptions {
  modelId: string;
  model: LanguageModel;
  /** Per attempt. */
  timeoutMs: number;
  retry?: Partial<RetryPolicy>;
  /** Values to scrub from any message (API keys). */
  secrets: readonly (string | null | undefined)[];
  /** OpenAI-style providers take a strict-mode flag for JSON schemas. */
  family: "openai" | "anthropic";
  /** false: the server has a JSON mode but no JSON schemas; the schema is written into the prompt. */
  jsonSchema?: boolean;
}

/** What a stream reports as its failure is an Error in practice; anything else is wrapped so that it is one. */
function asError(reported: unknown): Error {
  return reported instanceof Error ? reported : new Error(String(reported));
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

/** Waits `ms`, or rejects with the signal's own reason when it aborts first (callers tell a timeout by it). */
async function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await wait(ms, undefined, signal ? { signal } : undefined);
  } catch (err) {
    throw signal?.aborted ? abortReason(signal) : err;
  }
}

export class SdkLlmProvider implements LlmProvider {
  readonly modelId: string;
  private readonly retry: RetryPolicy;

  constructor(private readonly options: SdkProviderOptions) {
    this.modelId = options.modelId;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
  }

  /**
   * The answer's text. One that stops at its output budget (`finishReason: "length"`) is asked
   * for again with twice the budget; cut off again, the call fails `cut_off` with the text as far
   * as it went, so that nothing cut off is taken for a whole answer.
   */
  async generateText(req: TextRequest): Promise<string> {
    const first = await this.textOnce(req, req.maxOutputTokens);
    if (!first.cutOff) return first.text;
    const larger = req.maxOutputTokens === undefined ? undefined : req.maxOutputTokens * 2;
    const second = larger === undefined ? first : await this.textOnce(req, larger);
    if (!second.cutOff) return second.text;
    const budget = larger === undefined ? "the model's output limit" : `its output budget (${larger} tokens)`;
    throw new LlmError(
      "cut_off",
      `${this.modelId}: the answer stopped at ${budget}${larger === undefined ? "" : ", asked twice"}.`,
      { modelId: this.modelId },
      second.text,
    );
  }

  private async textOnce(req: TextRequest, maxOutputTokens: number | undefined): Promise<{ text: string; cutOff: boolean }> {
    return this.withRetries(req.signal, async (abortSignal, heard) => {
      const answer = await this.streamed({ system: req.system, prompt: req.prompt, maxOutputTokens }, abortSignal, heard);
      if (answer.finishReason === "content-filter") {
        throw new LlmError("refused", `${this.modelId}: the provider's content filter stopped the answer.`, { modelId: this.modelId });
      }
      const text = answer.text.trim();
      const cutOff = answer.finishReason === "length";
      if (text === "" && !cutOff) throw new LlmError("invalid_output", `${this.modelId}: the answer was empty.`, { modelId: this.modelId });
      return { text, cutOff };
    });
  }

  /**
   * One call, streamed: a slow model keeps the connection alive, and `heard` is told of every
   * part that arrives (the attempt's timeout measures silence, not the whole answer). A failure the
   * stream reports (the provider's status, a dropped connection) is thrown as the call's.
   */
  private async streamed(
    call: {
      system?: string;
      prompt: string;
      maxOutputTokens?: number;
      providerOptions?: Parameters<typeof streamText>[0]["providerOptions"];
      schema?: { json: ReturnType<typeof toJsonSchema>; name: string; inPrompt: boolean };
    },
    abortSignal: AbortSignal,
    heard: () => void,
  ) {
    let failure: Error | undefined;
    const result = streamText({
      model: this.options.model,
      system: call.system,
      prompt: call.prompt,
      maxOutputTokens: call.maxOutputTokens,
      maxRetries: 0,
      abortSignal,
      providerOptions: call.providerOptions,
      ...(call.schema
        ? {
            output: call.schema.inPrompt
              ? Output.json({ name: call.schema.name })
              : Output.object({ schema: jsonSchema(call.schema.json), name: call.schema.name }),
          }
        : {}),
      onError: ({ error }) => {
        failure ??= asError(error);
      },
    });
    let pieces = 0;
    for await (const part of result.fullStream) {
      heard();
      if (part.type === "error") failure ??= asError(part.error);
      // Each delta is about a token: of text, of a tool's input (Anthropic's structured answers)
      // or of a reasoning model's thinking.
      if (part.type === "text-delta" || part.type === "tool-input-delta" || part.type === "reasoning-delta") recordStreamedPieces(++pieces);
    }
    if (abortSignal.aborted) throw abortSignal.reason;
    if (failure !== undefined) throw failure;
    const [text, finishReason, usage] = await Promise.all([result.text, result.finishReason, result.totalUsage]);
    recordModelUsage(this.modelId, usage.inputTokens, usage.outputTokens);
    return { text, finishReason, output: () => result.output };
  }

  /**
   * A schema-checked object. An answer that is not JSON, or does not match the schema, gets one
   * repair try: the same request with what was wrong with the answer; then the call fails.
   */
  async generateObject<T>(req: ObjectRequest): Promise<T> {
    const json = toJsonSchema(req.schema);
    const providerOptions = this.options.family === "openai" ? { openai: { strictJsonSchema: isStrictCompatible(json) } } : undefined;
    let repair: string | null = null;
    // An answer cut off at its budget is asked for again with twice the budget (when one is set).
    let budget = req.maxOutputTokens;
    // A server with only a JSON mode is told the schema in words; the answer is checked below.
    const inPrompt = this.options.jsonSchema === false;
    const prompt = inPrompt
      ? `${req.prompt}\n\nAnswer with one JSON object, and nothing else, that matches this JSON Schema exactly:\n${JSON.stringify(json)}`
      : req.prompt;
    return this.withRetries(req.signal, async (abortSignal, heard) => {
      const answer = await this.streamed(
        {
          system: req.system,
          prompt: repair === null ? prompt : `${prompt}\n\n${repair}`,
          maxOutputTokens: budget,
          providerOptions: inPrompt ? undefined : providerOptions,
          schema: { json, name: req.schemaName, inPrompt },
        },
        abortSignal,
        heard,
      );
      if (answer.finishReason === "length") {
        const limit = budget === undefined ? "the model's output limit" : `its output budget (${budget} tokens)`;
        if (budget !== undefined) budget *= 2;
        repair = "Your previous answer was cut off before it was complete. Answer again, completely and more concisely.";
        throw new LlmError("cut_off", `${this.modelId}: the answer stopped at ${limit}.`, { modelId: this.modelId });
      }
      let raw: unknown;
      try {
        raw = await answer.output();
      } catch (err) {
        // Local models often fence their JSON or add a sentence around it: salvage what parses.
        if (!NoObjectGeneratedError.isInstance(err)) throw err;
        raw = extractJson(err.text || answer.text);
        if (raw === undefined) {
          repair = `Your previous answer was not valid JSON. Answer again with the JSON object only, matching the ${req.schemaName} schema.`;
          throw err;
        }
      }
      const checked = checkAgainst<T>(req.schema, raw);
      if (!checked.ok) {
        repair = `Your previous answer did not match the ${req.schemaName} schema: ${checked.problems.join("; ")}. Answer again with JSON that matches it exactly.`;
        throw new LlmError(
          "invalid_output",
          `${this.modelId}: the answer did not match ${req.schemaName} (${checked.problems.join("; ")}).`,
          {
            modelId: this.modelId,
          },
        );
      }
      return checked.value;
    });
  }

  /**
   * Runs `run` up to `attempts` times. An attempt times out after `timeoutMs` of silence: `run`
   * calls `heard` whenever part of the answer arrives, which starts the wait again.
   */
  private async withRetries<T>(signal: AbortSignal | undefined, run: (signal: AbortSignal, heard: () => void) => Promise<T>): Promise<T> {
    const { attempts, backoffMs, maxBackoffMs, retryAfterMaxMs } = this.retry;
    let last: Classified | undefined;
    let attempt = 0;
    // Invalid output gets one more try (a repair, when the caller says what was wrong), not more.
    let invalidAnswers = 0;
    while (attempt < attempts) {
      attempt += 1;
      if (signal?.aborted) throw abortReason(signal);
      const timer = new AbortController();
      let timedOut = false;
      let timeout: NodeJS.Timeout | undefined;
      const heard = () => {
        clearTimeout(timeout);
        timeout = setTimeout(() => {
          timedOut = true;
          timer.abort(new DOMException("The provider went silent for too long.", "TimeoutError"));
        }, this.options.timeoutMs);
      };
      heard();
      const combined = signal ? AbortSignal.any([signal, timer.signal]) : timer.signal;
      try {
        return await run(combined, heard);
      } catch (err) {
        // The caller's own cancellation is theirs to handle, not a provider failure.
        if (signal?.aborted) throw abortReason(signal);
        last = classifyError(err, { modelId: this.modelId, secrets: this.options.secrets, timedOut, timeoutMs: this.options.timeoutMs });
      } finally {
        clearTimeout(timeout);
      }
      const asked = last.retryAfterMs ?? 0;
      if (asked > retryAfterMaxMs) {
        throw new LlmError(
          "refused",
          `${this.modelId}: the provider asked to wait ${Math.ceil(asked / 1000)} s before another call, longer than LLM_RETRY_AFTER_MAX_SECONDS allows (${Math.round(retryAfterMaxMs / 1000)} s).`,
          { ...last.error.details, attempts: attempt },
        );
      }
      if (!last.retry) break;
      if ((last.error.kind === "invalid_output" || last.error.kind === "cut_off") && ++invalidAnswers > 1) break;
      if (attempt >= attempts) {
        // The job may try again later: not before the provider said.
        if (asked > 0) await sleep(asked, signal);
        break;
      }
      await sleep(Math.max(asked, Math.min(backoffMs * 2 ** (attempt - 1), maxBackoffMs)), signal);
    }
    // The loop ran at least once (attempts >= 1) and every run that did not return set it.
    const final = present(last, "the failure of the last attempt").error;
    const suffix = attempt > 1 ? ` (after ${attempt} attempts)` : "";
    throw new LlmError(final.kind, `${final.message}${suffix}`, { ...final.details, attempts: attempt });
  }
}
