// The model registry: every `ai_model_id` this deployment can use, built once from the
// configuration. It stands above both the language-model clients (../llm) and the generators
// that use them (../generation), so neither imports the other's way back. `offline` is always there; each configured provider adds its models.
import { ConfigError, type Config } from "../../platform/config";
import { ValidationFailed } from "../../platform/errors";
import { LlmGenerator } from "../generation/llm/llm-generator";
import { OFFLINE_MODEL_ID } from "../generation/offline-model";
import { OfflineGenerator } from "../generation/offline/offline-generator";
import type { ContentGenerator } from "../generation/types";
import { LazyLlmProvider } from "../llm/lazy-provider";
import type { ProviderTuning } from "../llm/providers";

declare module "../../platform/context" {
  interface Platform {
    /** The usable `ai_model_id`s and their content generators. */
    models: ModelRegistry;
  }
}

type ModelProvider = "offline" | "openai" | "anthropic";

export interface ModelEntry {
  id: string;
  provider: ModelProvider;
  model: string;
  default: boolean;
}

export class UnknownModelError extends Error {
  override readonly name = "UnknownModelError";
  constructor(readonly modelId: string) {
    super(`Unknown model "${modelId.length > 100 ? `${modelId.slice(0, 100)}…` : modelId}".`);
  }
}

export class ModelRegistry {
  private readonly entries = new Map<string, Omit<ModelEntry, "default">>();
  private readonly generators = new Map<string, ContentGenerator>();
  readonly defaultId: string;

  constructor(
    private readonly config: Config,
    private readonly tuning: ProviderTuning = {},
  ) {
    this.entries.set(OFFLINE_MODEL_ID, { id: OFFLINE_MODEL_ID, provider: "offline", model: OFFLINE_MODEL_ID });
    if (config.openai.apiKey || config.openai.baseUrl) {
      for (const model of config.openai.models) this.entries.set(`openai:${model}`, { id: `openai:${model}`, provider: "openai", model });
    }
    if (config.anthropic.apiKey) {
      for (const model of config.anthropic.models) {
        this.entries.set(`anthropic:${model}`, { id: `anthropic:${model}`, provider: "anthropic", model });
      }
    }
    for (const id of Object.keys(config.llmModelSettings)) {
      if (!this.entries.has(id) || id === OFFLINE_MODEL_ID) {
        throw new ConfigError(
          "LLM_MODEL_SETTINGS",
          `"${id}" is not an available language model (available: ${[...this.entries.keys()].filter((known) => known !== OFFLINE_MODEL_ID).join(", ") || "none"})`,
        );
      }
    }
    if (!this.entries.has(config.defaultAiModel)) {
      throw new ConfigError(
        "DEFAULT_AI_MODEL",
        `"${config.defaultAiModel}" is not an available model (available: ${[...this.entries.keys()].join(", ")})`,
      );
    }
    this.defaultId = config.defaultAiModel;
  }

  list(): ModelEntry[] {
    return [...this.entries.values()].map((e) => ({ ...e, default: e.id === this.defaultId }));
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** The generator for a model id, created on first use and kept (SDK clients are reusable). */
  generator(id: string): ContentGenerator {
    const entry = this.entries.get(id);
    if (!entry) throw new UnknownModelError(id);
    let generator = this.generators.get(id);
    if (!generator) {
      generator =
        entry.provider === "offline"
          ? new OfflineGenerator()
          : new LlmGenerator(
              // The SDKs load on the first call, not when the service starts (lazy-provider.ts).
              new LazyLlmProvider(entry.id, async () => {
                const { anthropicProvider, openAiProvider } = await import("../llm/providers");
                return entry.provider === "openai"
                  ? openAiProvider(this.config, entry.model, this.tuning)
                  : anthropicProvider(this.config, entry.model, this.tuning);
              }),
              this.config.llmModelSettings[entry.id]?.maxOutputTokens,
            );
      this.generators.set(id, generator);
    }
    return generator;
  }

  /** The id a request named, or the configured default when it named none. */
  resolveOrDefault(id: string | null | undefined): string {
    if (id === undefined || id === null || id === "") return this.defaultId;
    if (!this.entries.has(id)) throw new UnknownModelError(id);
    return id;
  }
}

const registries = new WeakMap<Config, ModelRegistry>();

/**
 * One registry per Config object, built on first use. Calling it at start-up makes a bad
 * DEFAULT_AI_MODEL stop the process with a ConfigError.
 */
export function getModelRegistry(config: Config): ModelRegistry {
  let registry = registries.get(config);
  if (!registry) {
    registry = new ModelRegistry(config);
    registries.set(config, registry);
  }
  return registry;
}

/** For the modules: an `ai_model_id` in a body that names no registry entry is a 400 on that field. */
export function assertKnownModel(registry: ModelRegistry, id: string, field = "ai_model_id"): void {
  if (!registry.has(id)) {
    const available = registry
      .list()
      .map((e) => e.id)
      .join(", ");
    const shown = id.length > 100 ? `${id.slice(0, 100)}…` : id;
    throw new ValidationFailed({ [field]: [`Unknown model "${shown}". Available models: ${available}.`] });
  }
}
