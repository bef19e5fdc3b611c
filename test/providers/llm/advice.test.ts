// What a failed model call tells the operator to check, by the failure's kind and status, naming
// the settings of the model's own provider.
import { describe, expect, it } from "vitest";
import { failureReason, whatToCheck } from "../../../src/providers/llm/advice";
import { LlmError, type LlmErrorKind } from "../../../src/providers/llm/types";

const failure = (kind: LlmErrorKind, modelId: string, status?: number) =>
  new LlmError(kind, `${modelId}: something happened.`, { modelId, ...(status === undefined ? {} : { status }) });

describe("whatToCheck", () => {
  it("names the base URL of the model's provider when it cannot be reached or does not answer in time", () => {
    expect(whatToCheck(failure("transient", "openai:llama3"))).toContain("OPENAI_BASE_URL");
    expect(whatToCheck(failure("timeout", "anthropic:claude-haiku-4-5"))).toContain("ANTHROPIC_BASE_URL");
    expect(whatToCheck(failure("timeout", "openai:llama3"))).toContain("LLM_TIMEOUT_MS");
  });

  it("names the key for rejected credentials, and the model's name for an unknown model", () => {
    expect(whatToCheck(failure("config", "anthropic:claude-sonnet-4-5", 401))).toBe("Check ANTHROPIC_API_KEY.");
    expect(whatToCheck(failure("config", "openai:gpt-nope", 404))).toMatch(/model's name .*OPENAI_BASE_URL/);
  });

  it("tells a rate limit from a provider's own failure, and both from a bad answer", () => {
    expect(whatToCheck(failure("transient", "openai:gpt-4o", 429))).toMatch(/rate limit/);
    expect(whatToCheck(failure("transient", "openai:gpt-4o", 503))).toMatch(/failed on its side/);
    expect(whatToCheck(failure("invalid_output", "openai:gpt-4o"))).toMatch(/shape/);
    expect(whatToCheck(failure("refused", "openai:gpt-4o", 400))).toMatch(/refused/);
    expect(whatToCheck(failure("refused", "openai:gpt-4o", 429))).toMatch(/rate limit or quota/);
  });

  it("falls back to plain words for a provider it does not know", () => {
    expect(whatToCheck(failure("config", "mystery:model", 403))).toBe("Check the model's API key.");
  });
});

describe("failureReason", () => {
  it("says what was being done, what happened, and what to check, in that order", () => {
    expect(failureReason("The model could not generate the tree", failure("config", "openai:x", 401))).toBe(
      "The model could not generate the tree: openai:x: something happened. Check OPENAI_API_KEY.",
    );
  });

  it("closes the provider's sentence before the advice when the provider left it open", () => {
    const open = new LlmError("transient", 'openai:x: provider answered 503: {"error": "busy"} (after 2 attempts)', {
      modelId: "openai:x",
      status: 503,
    });
    expect(failureReason("The model could not write the outline", open)).toBe(
      'The model could not write the outline: openai:x: provider answered 503: {"error": "busy"} (after 2 attempts). The provider failed on its side: try again later.',
    );
  });
});
