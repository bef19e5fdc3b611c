// What a version's sections hold, derived from the model that drafts it (nothing is stored): the
// built-in offline model writes each section as a writer's skeleton (what to cover, its terms, its
// sources), any language model writes prose.
import { OFFLINE_MODEL_ID } from "../../providers/generation";

export type DraftKind = "skeleton" | "prose";

export function draftKindOf(aiModelId: string | null | undefined): DraftKind {
  return aiModelId === OFFLINE_MODEL_ID ? "skeleton" : "prose";
}
