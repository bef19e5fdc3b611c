// The models a request may name as `ai_model_id`, from the registry built at start-up.
import type { RequestContext } from "../../platform/context";
import { getModelRegistry, type ModelEntry } from "../../providers/llm/registry";

export function listModels(ctx: Pick<RequestContext, "platform">): { default_model: string; results: ModelEntry[] } {
  const registry = getModelRegistry(ctx.platform.config);
  return { default_model: registry.defaultId, results: registry.list() };
}
