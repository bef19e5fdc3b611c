// An article's two states as the console names them: the machine state (the API's drafting
// progress, derived from its job) and the editorial state (the user's, set with PATCH).
import type { Schemas } from "../api";

export type MachineState = Schemas["Article"]["machine_state"];
export type SectionStatus = Schemas["ArticleSection"]["status"];

export const MACHINE_TEXT: Readonly<Record<MachineState, string>> = {
  ready: "Ready to draft",
  in_progress: "Drafting",
  draft_done: "Drafted",
  incomplete: "Drafted, some sections need attention",
};

export const SECTION_TEXT: Readonly<Record<SectionStatus, string>> = {
  not_started: "Not started",
  drafting: "Drafting",
  approved: "Drafted",
  needs_attention: "Needs attention",
};

/** The values PATCH /content/articles/{id}/ takes for `editorial_state`. */
export const EDITORIAL_STATES = [
  { value: "draft", label: "Draft" },
  { value: "in_review", label: "In review" },
  { value: "approved", label: "Approved" },
  { value: "published", label: "Published" },
] as const;

export type EditorialState = (typeof EDITORIAL_STATES)[number]["value"];

export const editorialLabel = (value: string): string => EDITORIAL_STATES.find((state) => state.value === value)?.label ?? value;
