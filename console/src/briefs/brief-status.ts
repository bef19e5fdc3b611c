// A brief's nine statuses as the console names and explains them (the API's own list, from its
// description of GET /briefs/), which of them mean a job is still working, and the price.
import type { Schemas } from "../api";
import { CREDIT_COSTS } from "../costs";

export type BriefStatus = Schemas["Brief"]["status"];

export const STATUS_TEXT: Readonly<Record<BriefStatus, { label: string; explanation: string }>> = {
  DRAFT: { label: "Draft", explanation: "Saved, not started: nothing has been charged yet." },
  PENDING: { label: "Queued", explanation: "Waiting for a worker to start writing the brief." },
  PROCESSING: { label: "Writing", explanation: "Writing the outline and the SERP analysis." },
  AWAITING_OUTLINE_REVIEW: { label: "Awaiting outline review", explanation: "The outline is ready: review it, then resume." },
  RESUMING_PROCESSING: { label: "Resuming", explanation: "Writing the SERP analysis, competitors and keywords for the reviewed outline." },
  RETRY_PAUSED: { label: "Retrying", explanation: "The model provider failed for a moment; the brief is retried by itself." },
  COMPLETE: { label: "Complete", explanation: "The brief is ready." },
  PARTIAL_COMPLETE: { label: "Partly complete", explanation: "The outline is ready, but an optional part could not be produced." },
  FAILED: { label: "Failed", explanation: "The brief could not be written; its credits were refunded." },
};

/** In the order a brief goes through them. */
export const BRIEF_STATUSES = Object.keys(STATUS_TEXT) as BriefStatus[];

/** Statuses in which a job works on the brief: the screen polls while it shows one. */
export const WORKING: ReadonlySet<BriefStatus> = new Set(["PENDING", "PROCESSING", "RESUMING_PROCESSING", "RETRY_PAUSED"]);

/** Statuses with a finished result, from which an article can be written. */
export const FINISHED: ReadonlySet<BriefStatus> = new Set(["COMPLETE", "PARTIAL_COMPLETE"]);

/** What a generation costs (POST /briefs/generate/ and /briefs/{id}/generate/), from the console's price table. */
export const BRIEF_CREDITS = CREDIT_COSTS.brief;
