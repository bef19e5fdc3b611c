import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../src/platform/config";
import { ValidationFailed } from "../../../src/platform/errors";
import { LlmGenerator } from "../../../src/providers/generation/llm/llm-generator";
import { OfflineGenerator } from "../../../src/providers/generation/offline/offline-generator";
import { assertKnownModel, getModelRegistry, ModelRegistry, UnknownModelError } from "../../../src/providers/models/registry";

const base = { LOG_LEVEL: "silent" };

describe("model registry", () => {
  it("holds only offline when no provider is configured, and makes it the default", () => {
    const registry = new ModelRegistry(loadConfig(base));
    expect(registry.list()).toEqual([{ id: "offline", provider: "offline", model: "offline", default: true }]);
    expect(registry.generator("offline")).toBeInstanceOf(OfflineGenerator);
  });

  it("adds openai models with a key or a base URL, and anthropic models with a key", () => {
    const withKey = new ModelRegistry(loadConfig({ ...base, OPENAI_API_KEY: "sk-x", OPENAI_MODELS: "gpt-4o-mini,gpt-4o" }));
    expect(withKey.list().map((m) => m.id)).toEqual(["offline", "openai:gpt-4o-mini", "openai:gpt-4o"]);

    const compatible = new ModelRegistry(loadConfig({ ...base, OPENAI_BASE_URL: "http://127.0.0.1:11434/v1", OPENAI_MODELS: "llama3.1" }));
    expect(compatible.list().map((m) => m.id)).toEqual(["offline", "openai:llama3.1"]);

    const anthropic = new ModelRegistry(loadConfig({ ...base, ANTHROPIC_API_KEY: "ant-x", ANTHROPIC_MODELS: "claude-sonnet-4-5" }));
    expect(anthropic.list()).toContainEqual({
      id: "anthropic:claude-sonnet-4-5",
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      default: false,
    });

    // A base URL alone does not make Anthropic usable: it always needs a key.
    const noKey = new ModelRegistry(loadConfig({ ...base, ANTHROPIC_BASE_URL: "http://127.0.0.1:1/v1" }));
    expect(noKey.has("anthropic:claude-sonnet-4-5")).toBe(false);
  });

  it("marks the configured default and resolves a missing id to it", () => {
    const registry = new ModelRegistry(loadConfig({ ...base, OPENAI_API_KEY: "sk-x", DEFAULT_AI_MODEL: "openai:gpt-4o" }));
    expect(
      registry
        .list()
        .filter((m) => m.default)
        .map((m) => m.id),
    ).toEqual(["openai:gpt-4o"]);
    expect(registry.resolveOrDefault(undefined)).toBe("openai:gpt-4o");
    expect(registry.resolveOrDefault(null)).toBe("openai:gpt-4o");
    expect(registry.resolveOrDefault("offline")).toBe("offline");
    expect(() => registry.resolveOrDefault("openai:gpt-5-imaginary")).toThrow(UnknownModelError);
  });

  it("refuses to start with a default that is not available", () => {
    expect(() => new ModelRegistry(loadConfig({ ...base, DEFAULT_AI_MODEL: "openai:gpt-4o" }))).toThrow(ConfigError);
    expect(() => new ModelRegistry(loadConfig({ ...base, DEFAULT_AI_MODEL: "anthropic:claude" }))).toThrow(
      expect.objectContaining({ variable: "DEFAULT_AI_MODEL" }),
    );
  });

  it("refuses to start with settings for a model that is not available, naming the variable", () => {
    const settings = '{"openai:gpt-5-imaginary": {"timeout_ms": 60000}}';
    expect(() => new ModelRegistry(loadConfig({ ...base, OPENAI_API_KEY: "sk-x", LLM_MODEL_SETTINGS: settings }))).toThrow(
      expect.objectContaining({ variable: "LLM_MODEL_SETTINGS" }),
    );
    expect(() => new ModelRegistry(loadConfig({ ...base, LLM_MODEL_SETTINGS: '{"offline": {"timeout_ms": 60000}}' }))).toThrow(ConfigError);
    const known = '{"openai:gpt-4o": {"timeout_ms": 60000}}';
    expect(new ModelRegistry(loadConfig({ ...base, OPENAI_API_KEY: "sk-x", LLM_MODEL_SETTINGS: known })).has("openai:gpt-4o")).toBe(true);
  });

  it("builds one generator per model and throws a typed error for unknown ids", () => {
    const registry = new ModelRegistry(loadConfig({ ...base, OPENAI_API_KEY: "sk-x" }));
    const generator = registry.generator("openai:gpt-4o-mini");
    expect(generator).toBeInstanceOf(LlmGenerator);
    expect(generator.modelId).toBe("openai:gpt-4o-mini");
    expect(registry.generator("openai:gpt-4o-mini")).toBe(generator);
    expect(() => registry.generator("nope")).toThrow(UnknownModelError);
  });

  it("caches one registry per config object", () => {
    const config = loadConfig(base);
    expect(getModelRegistry(config)).toBe(getModelRegistry(config));
    expect(getModelRegistry(loadConfig(base))).not.toBe(getModelRegistry(config));
  });

  it("turns an unknown id into a field error for the named field", () => {
    const registry = new ModelRegistry(loadConfig(base));
    expect(() => assertKnownModel(registry, "offline")).not.toThrow();
    try {
      assertKnownModel(registry, "gpt-9", "ai_model_id");
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationFailed);
      const fields = (err as ValidationFailed).fields;
      expect(Object.keys(fields)).toEqual(["ai_model_id"]);
      expect(fields.ai_model_id![0]).toMatch(/Unknown model "gpt-9".*offline/);
    }
  });
});
