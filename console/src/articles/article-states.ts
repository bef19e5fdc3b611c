// An article's two states as the console names them: the machine state (the API's drafting
// progress, derived from its job) and the editorial state (the user's, set with PATCH).
import type { Schemas } from "@canopy/client";

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

/** A section's status counts as drafted once it has a draft: approved, or drafted but needing attention. */
const DRAFTED: ReadonlySet<SectionStatus> = new Set(["approved", "needs_attention"]);

/**
 * How many of the sections are drafted, out of how many, counted from the sections themselves:
 * the count shown beside their badges then agrees with them at every moment. (The status
 * endpoint's counts are read at another moment than the article, a poll apart.)
 */
export function draftedSections(sections: readonly { status: SectionStatus }[]): { drafted: number; total: number } {
  return { drafted: sections.filter((section) => DRAFTED.has(section.status)).length, total: sections.length };
}

/** The values PATCH /content/articles/{id}/ takes for `editorial_state`. */
export const EDITORIAL_STATES = [
  { value: "draft", label: "Draft" },
  { value: "in_review", label: "In review" },
  { value: "approved", label: "Approved" },
  { value: "published", label: "Published" },
] as const;

export type EditorialState = (typeof EDITORIAL_STATES)[number]["value"];

export const editorialLabel = (value: string): string => EDITORIAL_STATES.find((state) => state.value === value)?.label ?? value;
