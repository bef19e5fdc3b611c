import Type from "typebox";
import { withMeta } from "../../platform/http/route";

export const ModelListSchema = withMeta({
  default_model: Type.String({ description: "The model used when a request names no `ai_model_id`." }),
  results: Type.Array(
    Type.Object({
      id: Type.String({ description: "The value to send as `ai_model_id`." }),
      provider: Type.Union([Type.Literal("offline"), Type.Literal("openai"), Type.Literal("anthropic")]),
      model: Type.String({ description: "The provider's own model name." }),
      default: Type.Boolean(),
    }),
  ),
});
