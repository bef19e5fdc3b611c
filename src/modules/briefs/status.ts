// A brief's status (spec "Brief status", docs/conventions.md §6). Derived, never stored on its own: while a
// task works on the brief the task says where it is (queued, running, waiting for a retry, or
// failed and refunded); otherwise the brief's outcome does. So a job that dies, or is failed by
// the reconciler, can never leave a brief "processing", and the refund and FAILED are one write.
//
//   (none)                  POST generate (charged)           PENDING
//   (none)                  POST /briefs/ (no charge)         DRAFT
//   DRAFT                   POST /briefs/{id}/generate/       PENDING (charged)
//   PENDING, RETRY_PAUSED   the job starts                    PROCESSING
//   PROCESSING              outline done, `interactive`       AWAITING_OUTLINE_REVIEW
//   PROCESSING              outline and every part done       COMPLETE
//   PROCESSING              outline done, an optional part
//                           refused, wrong, or still failing
//                           on the last try                   PARTIAL_COMPLETE
//   AWAITING_OUTLINE_REVIEW POST /briefs/{id}/resume/         RESUMING_PROCESSING
//   RESUMING_PROCESSING     the parts done                    COMPLETE or PARTIAL_COMPLETE
//   PROCESSING, RESUMING_   a transient provider error, in    RETRY_PAUSED (retried with
//   PROCESSING              the outline or a part (timeout,   backoff by itself, keeping
//                           429, 5xx), tries left             the outline written)
//   any in progress         another error in the outline, or  FAILED (credits refunded)
//                           its last try
import { sql, type SQL } from "drizzle-orm";
import { tasks } from "../../platform/db/schema";
import { briefs } from "./table";

export const BRIEF_STATUSES = [
  "DRAFT",
  "PENDING",
  "PROCESSING",
  "AWAITING_OUTLINE_REVIEW",
  "RESUMING_PROCESSING",
  "RETRY_PAUSED",
  "COMPLETE",
  "PARTIAL_COMPLETE",
  "FAILED",
] as const;
export type BriefStatus = (typeof BRIEF_STATUSES)[number];

/** The summary filter values of the spec, as sets of statuses (docs/conventions.md §6). */
export const STATUS_ALIASES = {
  IN_PROGRESS: ["PROCESSING", "AWAITING_OUTLINE_REVIEW", "RESUMING_PROCESSING", "RETRY_PAUSED"],
  ERROR: ["FAILED"],
} as const satisfies Record<string, readonly BriefStatus[]>;
export const STATUS_FILTERS = [...BRIEF_STATUSES, ...(Object.keys(STATUS_ALIASES) as (keyof typeof STATUS_ALIASES)[])] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export function statusesOf(filter: StatusFilter): readonly BriefStatus[] {
  return filter in STATUS_ALIASES ? STATUS_ALIASES[filter as keyof typeof STATUS_ALIASES] : [filter as BriefStatus];
}

/** The status of the brief rows of a query that left-joins their current task (`tasks`). */
export const briefStatusSql: SQL<BriefStatus> = sql<BriefStatus>`case
  when ${tasks.id} is null then ${briefs.outcome}
  when ${tasks.status} = 'failed' then 'FAILED'
  when ${tasks.status} = 'completed' then ${briefs.outcome}
  when ${tasks.status} = 'queued' and ${tasks.attempts} > 0 then 'RETRY_PAUSED'
  when ${tasks.input}->>'phase' = 'resume' then 'RESUMING_PROCESSING'
  when ${tasks.status} = 'queued' then 'PENDING'
  else 'PROCESSING' end`;

export const TRANSITIONS_DESCRIPTION =
  "Statuses: DRAFT (created, not started), PENDING (queued), PROCESSING, AWAITING_OUTLINE_REVIEW (interactive: paused for review), " +
  "RESUMING_PROCESSING (continuing after review), RETRY_PAUSED (a transient provider error; retried with backoff by itself), " +
  "COMPLETE, PARTIAL_COMPLETE (the outline exists, an optional part could not be produced), FAILED (credits refunded). " +
  "Transitions: generate -> PENDING (charged); create -> DRAFT; DRAFT -generate-> PENDING; PENDING/RETRY_PAUSED -> PROCESSING; " +
  "PROCESSING -> AWAITING_OUTLINE_REVIEW (interactive) | COMPLETE | PARTIAL_COMPLETE | RETRY_PAUSED | FAILED; " +
  "AWAITING_OUTLINE_REVIEW -resume-> RESUMING_PROCESSING -> COMPLETE | PARTIAL_COMPLETE | RETRY_PAUSED | FAILED. " +
  "Any other request for a transition answers 409 naming the current status.";
