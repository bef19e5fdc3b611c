// What an operator should check when a model call fails for good. The failure's message says
// what happened (written in classify.ts); this adds where to look, by the failure's kind and the
// provider's status, naming the settings of the model's provider (its id's prefix).
import type { LlmError } from "./types";

/** The settings of each provider family, as the configuration reads them. */
const SETTINGS: Record<string, { baseUrl: string; apiKey: string }> = {
  openai: { baseUrl: "OPENAI_BASE_URL", apiKey: "OPENAI_API_KEY" },
  anthropic: { baseUrl: "ANTHROPIC_BASE_URL", apiKey: "ANTHROPIC_API_KEY" },
};

function settingsOf(modelId: string | undefined) {
  const family = modelId?.split(":", 1)[0] ?? "";
  return SETTINGS[family] ?? { baseUrl: "the model's base URL", apiKey: "the model's API key" };
}

/** One sentence saying what to check for this failure. */
export function whatToCheck(error: LlmError): string {
  const { baseUrl, apiKey } = settingsOf(error.details.modelId);
  const status = error.details.status;
  switch (error.kind) {
    case "timeout":
      return `Check that the model's server (${baseUrl}) is running and answering; a slow local model may need a longer LLM_TIMEOUT_MS.`;
    case "transient":
      if (status === 429) return "The provider's rate limit was reached: wait, or raise the limit with the provider.";
      if (status !== undefined && status >= 500) return "The provider failed on its side: try again later.";
      return `Check ${baseUrl} and that the model's server is reachable from canopy.`;
    case "config":
      if (status === 404) return `Check the model's name (OPENAI_MODELS, ANTHROPIC_MODELS) and ${baseUrl}.`;
      return `Check ${apiKey}.`;
    case "invalid_output":
      return "The model's answer did not have the shape asked for: try again, or a model that follows JSON schemas more closely.";
    case "cut_off":
      return "Ask for a shorter section, or use a model with a larger output limit (or a larger max_output_tokens in LLM_MODEL_SETTINGS).";
    case "refused":
      if (status === 429) return "The provider's rate limit or quota was reached: wait, or raise it with the provider.";
      return "The provider refused the request: check the model's name and its limits (context length, content policy).";
  }
}

/** The failure as a task's reason: what was being done, what happened, what to check. */
export function failureReason(doing: string, error: LlmError): string {
  // A provider's own text (quoted in the message) may end anywhere: close the sentence first.
  const happened = /[.!?…]$/.test(error.message) ? error.message : `${error.message}.`;
  return `${doing}: ${happened} ${whatToCheck(error)}`;
}
