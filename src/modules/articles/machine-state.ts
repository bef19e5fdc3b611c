// An article's machine_state (spec "Article machine_state"): `ready` (created, not drafted),
// `in_progress` (a drafting runs), `draft_done` (every section approved), `incomplete` (drafted,
// some sections need attention; also a drafting that failed for good, its credits refunded).
// Derived from the article's current task and its last outcome, as a brief's status is, so a
// drafting whose job died never reads as running.
import { sql, type SQL } from "drizzle-orm";
import { tasks } from "../../platform/db/schema";
import { articles } from "./table";

export const MACHINE_STATES = ["ready", "in_progress", "draft_done", "incomplete"] as const;
export type MachineState = (typeof MACHINE_STATES)[number];

export const EDITORIAL_STATES = ["draft", "in_review", "approved", "published"] as const;

/** The machine state of the article rows of a query that left-joins their current task (`tasks`). */
export const machineStateSql: SQL<MachineState> = sql<MachineState>`case
  when ${tasks.id} is null then ${articles.outcome}
  when ${tasks.status} in ('queued', 'running') then 'in_progress'
  when ${tasks.status} = 'failed' then 'incomplete'
  else ${articles.outcome} end`;

export const MACHINE_STATE_DESCRIPTION =
  "machine_state: `ready` (created, waiting for a drafting), `in_progress` (drafting), `draft_done` (every section approved), " +
  "`incomplete` (drafted, some sections need attention; also a drafting that failed for good, refunded). Sections go " +
  "`not_started` -> `drafting` -> `approved` (non-empty, within 25% of its word target, its heading's topic present) or " +
  "`needs_attention`. A drafting resumed after a worker's death starts at the first section not drafted.";
