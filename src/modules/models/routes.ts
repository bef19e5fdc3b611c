import { keyedRoute, type RouteDef } from "../../platform/http/route";
import { ModelListSchema } from "./schemas";
import { listModels } from "./service";

export const modelRoutes: RouteDef[] = [
  keyedRoute({
    method: "GET",
    path: "/api/v1/models/",
    tag: "Models",
    summary: "Models available as ai_model_id",
    description:
      "The model registry: `offline` (built in, deterministic, no network: it composes research trees, briefs " +
      "and drafts from the SERP data and the outline) and every model of a configured provider, as " +
      "`openai:<model>` (OpenAI or any OpenAI-compatible server set with OPENAI_BASE_URL) and " +
      "`anthropic:<model>`. Any valid key may read it. A body that names an `ai_model_id` not listed here " +
      "answers 400.",
    metaDescription: "Models available as ai_model_id, and the default used when a request names none.",
    scope: null,
    workspaced: false,
    status: 200,
    schemas: { response: ModelListSchema },
    handler: async ({ ctx }) => listModels(ctx),
  }),
];
