// The printed result of a fault run: jobs by kind and outcome, the faults dealt, the invariant
// figures, and, on a violation, the offending rows.
import { textTable } from "../../bench/lib/text-table";
import type { ChaosResult } from "./chaos";
import type { Figures, LogFigures, Violation } from "./checks";
import type { Unexpected } from "./fleet";
import { KINDS, KIND_LABELS } from "./plan";
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
  timings: { startsMs: number; settleMs: number; wallMs: number };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function jobsTable(s: RunSummary): string {
  const apis = [...new Set(s.accepted.map((a) => a.api))].sort();
  const rows = KINDS.map((kind) => {
    const mine = s.accepted.filter((a) => a.kind === kind);
    const status = (wanted: string) => mine.filter((a) => s.figures.outcomes.get(a.taskId)?.status === wanted).length;
    const reruns = mine.filter((a) => (s.figures.outcomes.get(a.taskId)?.attempts ?? 0) > 1).length;
    return [KIND_LABELS[kind], String(mine.length), String(status("completed")), String(status("failed")), String(reruns), ...apis.map((api) => String(mine.filter((a) => a.api === api).length))];
  });
  const total = (i: number) => String(rows.reduce((sum, r) => sum + Number(r[i]), 0));
  rows.push(["total", ...Array.from({ length: 4 + apis.length }, (_, i) => total(i + 1))]);
  return textTable(["job", "accepted", "completed", "failed", "ran again", ...apis.map((api) => `via ${api}`)], rows);
}

function reasonsTable(s: RunSummary): string {
  const reasons = new Map<string, number>();
  for (const { status, error } of s.figures.outcomes.values()) {
    if (status !== "failed") continue;
    const reason = (error ?? "(none)").slice(0, 90);
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  if (reasons.size === 0) return "failed tasks: none";
  return textTable(["failure reason", "tasks"], [...reasons].sort((a, b) => b[1] - a[1]).map(([r, n]) => [r, String(n)]));
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
    ["worker kills (SIGKILL)", `${chaos.kills.length} (tasks in status running at each: ${chaos.kills.map((k) => k.runningTasks ?? "?").join(", ")})`],
    ["PostgreSQL restarts", `${chaos.pgRestarts.length}${restart ? ` (${restart})` : ""}`],
    ["tasks run more than once", `${rerunTasks} ("task started" lines: ${s.logs.startedLines})`],
    ["ledger rows", `${figures.charges} charges, ${figures.refunds} refunds`],
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
