import Type from "typebox";
import { named, withMeta } from "../../platform/http/route";
import { ModelListExample } from "./examples";

export const ModelListSchema = named(
  "ModelList",
  withMeta({
    default_model: Type.String({ description: "The model used when a request names no `ai_model_id`." }),
    results: Type.Array(
      named(
        "Model",
        Type.Object({
          id: Type.String({ description: "The value to send as `ai_model_id`." }),
          provider: Type.Union([Type.Literal("offline"), Type.Literal("openai"), Type.Literal("anthropic")]),
          model: Type.String({ description: "The provider's own model name." }),
          default: Type.Boolean(),
        }),
      ),
    ),
  }),
  ModelListExample,
);
