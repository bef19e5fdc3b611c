// The printed result of a fault run: jobs by kind and outcome, the faults dealt, the invariant
// figures, and, on a violation, the offending rows. A brief's outcome is its status (its
// resume's, once resumed); the charged task's outcome is every other job's (an article's
// drafting, a regeneration's new version among them).
import { textTable } from "../../bench/lib/text-table";
import type { ResumeFigures } from "./briefs-lane";
import type { ChaosResult } from "./chaos";
import type { Figures, LogFigures, Violation } from "./checks";
import type { Unexpected } from "./fleet";
import { BRIEF_KINDS, KINDS, KIND_LABELS, type Kind } from "./plan";
import type { Accepted } from "./workload";

export interface RunSummary {
  seed: number;
  accepted: Accepted[];
  figures: Figures;
  logs: LogFigures;
  chaos: ChaosResult;
  unexpected: Unexpected[];
  refusedStarts: Map<string, number>;
  retried: Map<string, number>;
  refusals: Map<string, number>;
  resumes: ResumeFigures;
  timings: { startsMs: number; settleMs: number; wallMs: number };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

type Outcome = "completed" | "failed" | "in review" | "open";

/** How one accepted job ended, and whether any of its tasks ran more than once. */
function outcomeOf(s: RunSummary, a: Accepted): { outcome: Outcome; ranAgain: boolean } {
  if (BRIEF_KINDS.includes(a.kind)) {
    const brief = s.figures.briefs.get(a.subject);
    const status = brief?.status ?? "";
    const outcome: Outcome =
      status === "FAILED"
        ? "failed"
        : status === "AWAITING_OUTLINE_REVIEW"
          ? "in review"
          : ["COMPLETE", "PARTIAL_COMPLETE"].includes(status)
            ? "completed"
            : "open";
    return { outcome, ranAgain: (brief?.tasks ?? []).some((t) => (s.figures.outcomes.get(t.id)?.attempts ?? 0) > 1) };
  }
  const task = a.taskId === null ? undefined : s.figures.outcomes.get(a.taskId);
  const outcome: Outcome = task?.status === "completed" ? "completed" : task?.status === "failed" ? "failed" : "open";
  return { outcome, ranAgain: (task?.attempts ?? 0) > 1 };
}

function jobsTable(s: RunSummary): string {
  const apis = [...new Set(s.accepted.map((a) => a.api))].sort();
  const rows = KINDS.map((kind: Kind) => {
    const mine = s.accepted.filter((a) => a.kind === kind).map((a) => ({ a, ...outcomeOf(s, a) }));
    const count = (wanted: Outcome) => String(mine.filter((m) => m.outcome === wanted).length);
    const reruns = mine.filter((m) => m.ranAgain).length;
    return [
      KIND_LABELS[kind],
      String(mine.length),
      count("completed"),
      count("failed"),
      count("in review"),
      String(reruns),
      ...apis.map((api) => String(mine.filter((m) => m.a.api === api).length)),
    ];
  });
  const total = (i: number) => String(rows.reduce((sum, r) => sum + Number(r[i]), 0));
  rows.push(["total", ...Array.from({ length: 5 + apis.length }, (_, i) => total(i + 1))]);
  return textTable(["job", "accepted", "completed", "failed", "in review", "ran again", ...apis.map((api) => `via ${api}`)], rows);
}

/** Briefs by status, their resume tasks, and what the resume requests were answered. */
function briefLines(s: RunSummary): [string, string][] {
  const byStatus = new Map<string, number>();
  let resumeTasks = 0;
  const resumeOutcomes = new Map<string, number>();
  for (const { status, tasks } of s.figures.briefs.values()) {
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    for (const t of tasks.filter((task) => task.chargeReferenceId !== null)) {
      resumeTasks++;
      resumeOutcomes.set(t.status, (resumeOutcomes.get(t.status) ?? 0) + 1);
    }
  }
  const format = (map: Map<string, number>) => [...map].map(([k, n]) => `${k} ${n}`).join(", ") || "none";
  const { sent, accepted, conflicts } = s.resumes;
  return [
    ["briefs by status", `${format(byStatus)} (brief checks violated: ${s.figures.briefViolations})`],
    ["resume tasks (free)", `${resumeTasks} (${format(resumeOutcomes)})`],
    ["resume requests", `${sent} sent, ${accepted} answered 202; 409s: ${format(conflicts)}`],
  ];
}

/** Articles by machine state, their versions, and their drafting tasks by status. */
function articleLines(s: RunSummary): [string, string][] {
  const byState = new Map<string, number>();
  let versions = 0;
  for (const article of s.figures.articles.values()) {
    byState.set(article.state, (byState.get(article.state) ?? 0) + 1);
    versions += article.versions;
  }
  const format = (map: Map<string, number>) => [...map].map(([k, n]) => `${k} ${n}`).join(", ") || "none";
  return [
    ["articles by machine state", `${format(byState)} (article checks violated: ${s.figures.articleViolations})`],
    ["article versions", `${versions} (drafting tasks: ${format(s.figures.drafts)})`],
  ];
}

function reasonsTable(s: RunSummary): string {
  const reasons = new Map<string, number>();
  for (const { status, error } of s.figures.outcomes.values()) {
    if (status !== "failed") continue;
    const reason = (error ?? "(none)").slice(0, 90);
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  if (reasons.size === 0) return "failed tasks: none";
  return textTable(
    ["failure reason", "tasks"],
    [...reasons].sort((a, b) => b[1] - a[1]).map(([r, n]) => [r, String(n)]),
  );
}

export function printReport(s: RunSummary, violations: Violation[], out: (line: string) => void): void {
  const { figures, chaos } = s;
  const restart = chaos.pgRestarts
    .map((r) => `at ${seconds(r.atMs)}: stop ${r.stoppedMs} ms, down ${r.downMs} ms, start ${r.startedMs} ms`)
    .join("; ");
  const rerunTasks = [...figures.outcomes.values()].filter((o) => o.attempts > 1).length;
  const format = (map: Map<string, number>) => [...map].map(([k, n]) => `${k}: ${n}`).join(", ") || "none";
  out("");
  out(jobsTable(s));
  out("");
  out(reasonsTable(s));
  out("");
  const rows: [string, string][] = [
    ["seed", String(s.seed)],
    [
      "worker kills (SIGKILL)",
      `${chaos.kills.length} (tasks in status running at each: ${chaos.kills.map((k) => k.runningTasks ?? "?").join(", ")})`,
    ],
    ["PostgreSQL restarts", `${chaos.pgRestarts.length}${restart ? ` (${restart})` : ""}`],
    ["tasks run more than once", `${rerunTasks} ("task started" lines: ${s.logs.startedLines})`],
    ["ledger rows", `${figures.charges} charges, ${figures.refunds} refunds`],
    ...briefLines(s),
    ...articleLines(s),
    ["lost", String(figures.lost)],
    ["not terminal", String(figures.notTerminal)],
    ["double-run", String(figures.doubleRun)],
    ["unmatched charges", String(figures.unmatchedCharges)],
    ["ledger difference", String(figures.ledgerDifference)],
    ["unexpected process exits", String(s.unexpected.length)],
    ["start-ups refused, started again", format(s.refusedStarts)],
    ["tasks without a 202", String(figures.unacknowledged)],
    ["requests retried", format(s.retried)],
    ["start requests refused", format(s.refusals)],
    ["error log lines", format(s.logs.errorsByMessage)],
    ["jobs started in", seconds(s.timings.startsMs)],
    ["all terminal after", seconds(s.timings.settleMs)],
    ["wall time", seconds(s.timings.wallMs)],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  for (const [name, value] of rows) out(`${name.padEnd(width)}  ${value}`);
  for (const u of s.unexpected) {
    out(`\nUNEXPECTED EXIT: ${u.name} (code ${u.code}, signal ${u.signal}); its last output:\n${u.tail}`);
  }
  for (const v of violations) {
    out(`\nVIOLATION: ${v.check} (${v.rows.length})`);
    for (const row of v.rows.slice(0, 20)) out(`  ${JSON.stringify(row)}`);
    if (v.rows.length > 20) out(`  ... and ${v.rows.length - 20} more`);
  }
}
