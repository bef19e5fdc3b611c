// What a fault run has started, as its users see it: each subject (a brand's research, a
// report, a brand's clustering, a brief, an article) with its state at its last poll of the
// status endpoint a user would poll. The workload's watcher refreshes the open ones; later
// starts read them to learn what they may start on.
import type { Client } from "./client";

/** "review": a brief in AWAITING_OUTLINE_REVIEW, which stays there until the run resumes it. */
type State = "open" | "review" | "completed" | "failed" | "deleted";

export interface Subject {
  kind: "research" | "report" | "brand_report" | "brief" | "article";
  state: State;
  /** A report that completed once has stored SERP data: it may be reclustered whenever it is not open. */
  everCompleted: boolean;
  /** A brief's status, an article's machine_state, at its last poll. */
  status?: string;
  /** A brief's or an article's brand. */
  brand?: string;
  /** An authority brief (of a node of `brand`), or an article drafted from one: read through the authority routes. */
  authority?: boolean;
}

/** A brief's status as the run's state: only PENDING, PROCESSING, RESUMING_PROCESSING and RETRY_PAUSED are open. */
const BRIEF_STATES: Record<string, State> = {
  AWAITING_OUTLINE_REVIEW: "review",
  COMPLETE: "completed",
  PARTIAL_COMPLETE: "completed",
  FAILED: "failed",
};

/** Polls the subject's status endpoint once and records what it says. */
export async function refreshSubject(client: Client, id: string, subject: Subject): Promise<void> {
  if (subject.kind === "brief") {
    const res = await client.request("GET", `/api/v1/briefs/${id}/status/`);
    if (res.status !== 200) throw new Error(`brief ${id}'s status answered ${res.status}: ${JSON.stringify(res.body)}`);
    subject.status = String(res.body.status);
    subject.state = BRIEF_STATES[subject.status] ?? "open";
    return;
  }
  if (subject.kind === "article") {
    const path = subject.authority ? `/api/v1/authority/${subject.brand}/articles/${id}/status/` : `/api/v1/content/articles/${id}/status/`;
    const res = await client.request("GET", path);
    if (res.status !== 200) throw new Error(`article ${id}'s status answered ${res.status}: ${JSON.stringify(res.body)}`);
    subject.status = String(res.body.machine_state);
    // Ended, whichever way (draft_done, incomplete): the checks say whether it ended as it may.
    subject.state = subject.status === "in_progress" ? "open" : "completed";
    return;
  }
  if (subject.kind === "research") {
    const res = await client.request("GET", `/api/v1/research/${id}/task-status/`);
    if (res.body.has_running_task === true) return;
    // Ended: a research record exists exactly when it completed.
    const stats = await client.request("GET", `/api/v1/research/${id}/stats/`);
    subject.state = stats.status === 200 ? "completed" : "failed";
    return;
  }
  const path =
    subject.kind === "report" ? `/api/v1/clustering/${id}/status/` : `/api/v1/authority/${id.slice("brand:".length)}/clustering/status/`;
  const res = await client.request("GET", path);
  if (res.status === 404) {
    subject.state = "deleted";
    return;
  }
  const status = res.body.status;
  if (status === "completed") {
    subject.state = "completed";
    subject.everCompleted = true;
  } else if (status === "failed") subject.state = "failed";
}
