// The models a request may name as `ai_model_id`, from the registry built at start-up.
import type { RequestContext } from "../../platform/context";
import type { ModelEntry } from "../../providers/models/registry";

export function listModels(ctx: Pick<RequestContext, "platform">): { default_model: string; results: ModelEntry[] } {
  const registry = ctx.platform.models;
  return { default_model: registry.defaultId, results: registry.list() };
}
