// An article drafted by the built-in offline model is a placeholder: each section is a writer's
// skeleton (what to cover, its terms, its sources), not prose. A reader of the API learns it from
// `_meta` (and `draft_kind`), not by reading the draft and wondering why it is a list.
import type { ModelRegistry } from "../../providers/models/registry";

export const PLACEHOLDER_NOTE =
  "A placeholder draft by the built-in offline model: each section is a writer's skeleton (what it must cover, its terms and its " +
  "sources), not prose. Write the text from it, or configure a language model and draft the article again.";

/** What `_meta` says of `placeholder` and `note` in the OpenAPI description of an article response. */
export const PLACEHOLDER_META_DESCRIPTION =
  "`_meta.placeholder` is `true`, with a sentence in `_meta.note`, when the article's current version was drafted by the built-in offline model.";

/** The `_meta` fields of an article drafted (or to be drafted) by a model: a note where that model is the offline one. */
export function draftMeta(models: ModelRegistry, aiModelId: string | null | undefined): { placeholder?: true; note?: string } {
  // A version that named no model is drafted by the default one.
  const id = aiModelId || models.defaultId;
  const offline = models.list().some((entry) => entry.id === id && entry.provider === "offline");
  return offline ? { placeholder: true, note: PLACEHOLDER_NOTE } : {};
}
