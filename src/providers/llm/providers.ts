// Builds SDK-backed providers from the configuration. Keys and base URLs are always passed
// explicitly so the SDKs never fall back to reading the environment themselves.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import type { Config } from "../../platform/config";
import { cappedFetch, type FetchFunction } from "./capped-fetch";
import { SdkLlmProvider, type RetryPolicy } from "./sdk-provider";
import type { LlmProvider } from "./types";

/** Briefs and trees are tens of kilobytes; anything near this is not an answer. */
const DEFAULT_RESPONSE_CAP_BYTES = 2 * 1024 * 1024;

export interface ProviderTuning {
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  responseCapBytes?: number;
  /** Tests may wrap the transport; the size cap still applies. */
  fetch?: FetchFunction;
}

// Passed explicitly: left unset, the SDKs would read the environment themselves.
const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
const ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com/v1";

// The SDKs demand a key; a compatible server configured without one gets this value and the
// Authorization header is dropped before the request leaves.
const NO_KEY = "no-key-configured";

export function openAiProvider(config: Config, model: string, tuning: ProviderTuning = {}): LlmProvider {
  const { apiKey, baseUrl } = config.openai;
  const client = createOpenAI({
    apiKey: apiKey ?? NO_KEY,
    baseURL: baseUrl ?? OPENAI_DEFAULT_BASE_URL,
    fetch: cappedFetch({
      limitBytes: tuning.responseCapBytes ?? DEFAULT_RESPONSE_CAP_BYTES,
      dropAuthorization: apiKey === null,
      base: tuning.fetch,
    }),
  });
  return new SdkLlmProvider({
    modelId: `openai:${model}`,
    // Chat Completions is what OpenAI and every compatible server (Ollama, vLLM, LM Studio)
    // share; the Responses API exists on OpenAI only.
    model: client.chat(model),
    timeoutMs: tuning.timeoutMs ?? config.llmModelSettings[`openai:${model}`]?.timeoutMs ?? config.llmTimeoutMs,
    retry: { retryAfterMaxMs: config.llmRetryAfterMaxMs, ...tuning.retry },
    secrets: [apiKey],
    family: "openai",
    jsonSchema: config.llmModelSettings[`openai:${model}`]?.jsonSchema,
  });
}

export function anthropicProvider(config: Config, model: string, tuning: ProviderTuning = {}): LlmProvider {
  const { apiKey, baseUrl } = config.anthropic;
  const client = createAnthropic({
    apiKey: apiKey ?? NO_KEY,
    baseURL: baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL,
    fetch: cappedFetch({ limitBytes: tuning.responseCapBytes ?? DEFAULT_RESPONSE_CAP_BYTES, base: tuning.fetch }),
  });
  return new SdkLlmProvider({
    modelId: `anthropic:${model}`,
    model: client.messages(model),
    timeoutMs: tuning.timeoutMs ?? config.llmModelSettings[`anthropic:${model}`]?.timeoutMs ?? config.llmTimeoutMs,
    retry: { retryAfterMaxMs: config.llmRetryAfterMaxMs, ...tuning.retry },
    secrets: [apiKey],
    family: "anthropic",
    jsonSchema: config.llmModelSettings[`anthropic:${model}`]?.jsonSchema,
  });
}
