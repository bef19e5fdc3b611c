// How every credit of a fault run must end up, as pure functions of the rows its database ends
// with (checks.ts reads them; test/faults/settlement.test.ts tries each rule). A charge pays
// for a task and for the free follow-ups that name it (tasks.charge_reference_id: a brief's
// resume after its outline review), so a charge is settled by its whole chain: every task of it
// completed and no refund, or one task failed and exactly one refund of the charged amount.
// Briefs are checked once more as users see them: see settleBriefs.

export interface Violation {
  check: string;
  rows: unknown[];
}

export interface TaskFact {
  id: string;
  type: string;
  status: string;
  creditsCharged: number;
  /** The task whose charge this one's failure refunds; null for a task that pays for itself. */
  chargeReferenceId: string | null;
  subjectId: string | null;
}

export interface LedgerFact {
  referenceId: string;
  kind: "charge" | "refund";
  /** Credits the row moved, as a positive number. */
  credits: number;
}

export interface BriefFact {
  id: string;
  /** The brief's current task: its generation, or the resume after its review. */
  taskId: string | null;
  outcome: string;
}

export const BRIEF_TASK_TYPE = "brief_generation";
const OPEN = new Set(["queued", "running"]);
/** Where a brief may be when a run ends: terminal, or waiting for a review nobody gave. */
const SETTLED_BRIEF = new Set(["COMPLETE", "PARTIAL_COMPLETE", "FAILED", "AWAITING_OUTLINE_REVIEW"]);

function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k !== null) groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return groups;
}

/** Collects rows under named checks; only checks with rows become violations. */
class Findings {
  private readonly found = new Map<string, unknown[]>();
  add(check: string, row: unknown): void {
    this.found.set(check, [...(this.found.get(check) ?? []), row]);
  }
  count(check: string): number {
    return this.found.get(check)?.length ?? 0;
  }
  violations(): Violation[] {
    return [...this.found].map(([check, rows]) => ({ check, rows }));
  }
}

export const CHARGE_UNSETTLED = "charge not settled by its tasks completing or by exactly one refund of its amount";
export const REFUND_WITHOUT_CHARGE = "refund without a charge";
export const REFUND_WITHOUT_FAILURE = "refund of a charge none of whose tasks failed";
export const COST_UNCHARGED = "task with a cost but no charge in the ledger";
export const FOLLOW_UP_CHARGED = "follow-up task with a charge of its own";
const FOLLOW_UP_ORPHAN = "follow-up task naming a task that was not charged";

export interface ChargeFigures {
  violations: Violation[];
  /** Charges not settled, refunds without a charge, costs not charged, follow-ups charged or orphaned. */
  unmatched: number;
  /** Refunds of work that completed: it was both paid back and delivered. */
  refundedCompleted: number;
}

export function settleCharges(tasks: readonly TaskFact[], ledger: readonly LedgerFact[]): ChargeFigures {
  const f = new Findings();
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const followUps = groupBy(tasks, (t) => t.chargeReferenceId);
  const charges = groupBy(
    ledger.filter((l) => l.kind === "charge"),
    (l) => l.referenceId,
  );
  const refunds = groupBy(
    ledger.filter((l) => l.kind === "refund"),
    (l) => l.referenceId,
  );
  const chainOf = (ref: string) => {
    const task = byId.get(ref);
    return task ? [task, ...(followUps.get(ref) ?? [])] : [];
  };

  for (const [ref, rows] of charges) {
    const charged = rows[0]!.credits;
    const task = byId.get(ref);
    const chain = chainOf(ref);
    const back = refunds.get(ref) ?? [];
    const failed = chain.some((t) => t.status === "failed");
    if (!failed && back.length > 0) continue; // reported below, as a refund without a failure
    const settled =
      rows.length === 1 &&
      task !== undefined &&
      task.creditsCharged === charged &&
      !chain.some((t) => OPEN.has(t.status)) &&
      (failed ? back.length === 1 && back[0]!.credits === charged : back.length === 0);
    if (!settled) {
      f.add(CHARGE_UNSETTLED, {
        reference_id: ref,
        charged,
        charges: rows.length,
        task_credits: task?.creditsCharged ?? null,
        chain: chain.map((t) => `${t.type}:${t.status}`),
        refunds: back.map((r) => r.credits),
      });
    }
  }
  for (const [ref, back] of refunds) {
    if (!charges.has(ref)) f.add(REFUND_WITHOUT_CHARGE, { reference_id: ref, refunds: back.length });
    else if (!chainOf(ref).some((t) => t.status === "failed")) {
      f.add(REFUND_WITHOUT_FAILURE, { reference_id: ref, chain: chainOf(ref).map((t) => `${t.id} ${t.type}:${t.status}`) });
    }
  }
  for (const t of tasks) {
    if (t.creditsCharged > 0 && !charges.has(t.id)) f.add(COST_UNCHARGED, { id: t.id, type: t.type, credits_charged: t.creditsCharged });
    if (t.chargeReferenceId === null) continue;
    if (t.creditsCharged !== 0 || charges.has(t.id))
      f.add(FOLLOW_UP_CHARGED, { id: t.id, type: t.type, credits_charged: t.creditsCharged });
    if (!charges.has(t.chargeReferenceId)) f.add(FOLLOW_UP_ORPHAN, { id: t.id, charge_reference_id: t.chargeReferenceId });
  }
  const unmatchedChecks = [CHARGE_UNSETTLED, REFUND_WITHOUT_CHARGE, COST_UNCHARGED, FOLLOW_UP_CHARGED, FOLLOW_UP_ORPHAN];
  return {
    violations: f.violations(),
    unmatched: unmatchedChecks.reduce((sum, check) => sum + f.count(check), 0),
    refundedCompleted: f.count(REFUND_WITHOUT_FAILURE),
  };
}

/**
 * A brief's status from its current task and stored outcome, as src/modules/briefs/status.ts
 * derives it for a finished task; an open one reads "open (<task status>)".
 */
function briefStatusOf(current: TaskFact | undefined, outcome: string): string {
  if (current === undefined) return outcome;
  if (current.status === "failed") return "FAILED";
  if (current.status === "completed") return outcome;
  return `open (${current.status})`;
}

export const BRIEF_CHARGES = "brief not charged exactly once";
export const BRIEF_RESUMES = "brief with more than one resume task";
export const BRIEF_RESUME_EXPECTED = "brief the run resumed without exactly one resume task (or one it never resumed with one)";
const BRIEF_CURRENT = "brief whose current task is not the last of its tasks";
export const BRIEF_OPEN = "brief neither terminal nor in AWAITING_OUTLINE_REVIEW at the end";
export const BRIEF_REFUNDS = "brief not refunded exactly once if FAILED and never otherwise";
export const BRIEF_API = "brief whose last polled status differs from the database's";

export interface BriefFigures {
  violations: Violation[];
  /** Each brief's status by the database, and its tasks (the charged one first). */
  briefs: Map<string, { status: string; tasks: TaskFact[] }>;
}

/**
 * Every brief: charged once (its first task), resumed at most once and only if the run resumed
 * it, at its end terminal or in review, and its charge matched by exactly one of a completed
 * brief (COMPLETE, PARTIAL_COMPLETE), a brief still in review (its outline task completed, never
 * resumed), or one refund of a FAILED brief. `resumed`: the briefs the run resumed; `polled`:
 * the status the API gave each brief last.
 */
export function settleBriefs(
  briefs: readonly BriefFact[],
  tasks: readonly TaskFact[],
  ledger: readonly LedgerFact[],
  resumed: ReadonlySet<string>,
  polled: ReadonlyMap<string, string>,
): BriefFigures {
  const f = new Findings();
  const own = groupBy(
    tasks.filter((t) => t.type === BRIEF_TASK_TYPE),
    (t) => t.subjectId,
  );
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const refunds = groupBy(
    ledger.filter((l) => l.kind === "refund"),
    (l) => l.referenceId,
  );
  const out = new Map<string, { status: string; tasks: TaskFact[] }>();
  for (const brief of briefs) {
    const mine = own.get(brief.id) ?? [];
    const charged = mine.filter((t) => t.chargeReferenceId === null);
    const resumes = mine.filter((t) => t.chargeReferenceId !== null);
    const first = charged[0];
    const status = briefStatusOf(brief.taskId === null ? undefined : byId.get(brief.taskId), brief.outcome);
    out.set(brief.id, { status, tasks: [...charged, ...resumes] });
    const row = { brief_id: brief.id, status, tasks: mine.map((t) => `${t.id} ${t.status}${t.chargeReferenceId ? " (resume)" : ""}`) };
    if (charged.length !== 1) f.add(BRIEF_CHARGES, row);
    if (resumes.length > 1) f.add(BRIEF_RESUMES, row);
    const outlineDone = first?.status === "completed";
    if (outlineDone && resumes.length !== (resumed.has(brief.id) ? 1 : 0))
      f.add(BRIEF_RESUME_EXPECTED, { ...row, resumed_by_the_run: resumed.has(brief.id) });
    const last = resumes.at(-1) ?? charged.at(-1);
    if (last !== undefined && brief.taskId !== last.id) f.add(BRIEF_CURRENT, { ...row, current: brief.taskId });
    if (!SETTLED_BRIEF.has(status)) f.add(BRIEF_OPEN, row);
    const back = first === undefined ? 0 : (refunds.get(first.id)?.length ?? 0);
    if (back !== (status === "FAILED" ? 1 : 0)) f.add(BRIEF_REFUNDS, { ...row, refunds: back });
    const seen = polled.get(brief.id);
    if (seen !== undefined && seen !== status) f.add(BRIEF_API, { ...row, polled: seen });
  }
  return { violations: f.violations(), briefs: out };
}
