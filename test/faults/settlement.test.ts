// The settlement rules of the fault run (test/faults/settlement.ts) on hand-made rows: each
// rule holds for what a run should end with and names what it must not.
import { describe, expect, it } from "vitest";
import {
  BRIEF_API,
  BRIEF_CHARGES,
  BRIEF_OPEN,
  BRIEF_REFUNDS,
  BRIEF_RESUME_EXPECTED,
  BRIEF_RESUMES,
  BRIEF_TASK_TYPE,
  CHARGE_UNSETTLED,
  COST_UNCHARGED,
  FOLLOW_UP_CHARGED,
  REFUND_WITHOUT_CHARGE,
  REFUND_WITHOUT_FAILURE,
  settleBriefs,
  settleCharges,
  type BriefFact,
  type LedgerFact,
  type TaskFact,
} from "./settlement";

const task = (id: string, status: string, extra: Partial<TaskFact> = {}): TaskFact => ({
  id,
  type: "clustering",
  status,
  creditsCharged: 10,
  chargeReferenceId: null,
  subjectId: null,
  ...extra,
});
const charge = (ref: string, credits = 10): LedgerFact => ({ referenceId: ref, kind: "charge", credits });
const refund = (ref: string, credits = 10): LedgerFact => ({ referenceId: ref, kind: "refund", credits });
const checksOf = (violations: { check: string }[]) => violations.map((v) => v.check).sort();

/** A brief's outline task (charged 5) and, when given, its free resume task. */
function brief(id: string, outline: string, resume?: string): TaskFact[] {
  const first = task(`${id}-outline`, outline, { type: BRIEF_TASK_TYPE, creditsCharged: 5, subjectId: id });
  if (resume === undefined) return [first];
  return [first, task(`${id}-resume`, resume, { type: BRIEF_TASK_TYPE, creditsCharged: 0, subjectId: id, chargeReferenceId: first.id })];
}
const briefRow = (id: string, tasks: TaskFact[], outcome: string): BriefFact => ({ id, taskId: tasks.at(-1)!.id, outcome });

describe("settleCharges", () => {
  it("accepts a completed task without a refund and a failed one with one refund of its amount", () => {
    const result = settleCharges([task("a", "completed"), task("b", "failed")], [charge("a"), charge("b"), refund("b")]);
    expect(result).toMatchObject({ violations: [], unmatched: 0, refundedCompleted: 0 });
  });

  it("names a failed task left unrefunded, a refund of another amount, an open task and a cost never charged", () => {
    const tasks = [task("a", "failed"), task("b", "failed"), task("c", "running"), task("d", "completed")];
    const result = settleCharges(tasks, [charge("a"), charge("b"), refund("b", 3), charge("c")]);
    expect(checksOf(result.violations)).toEqual([CHARGE_UNSETTLED, COST_UNCHARGED].sort());
    expect(result.violations.find((v) => v.check === CHARGE_UNSETTLED)!.rows).toHaveLength(3);
    expect(result.unmatched).toBe(4);
  });

  it("settles a charge by its chain: an outline that completed and a resume that failed is one refund", () => {
    const tasks = brief("x", "completed", "failed");
    expect(settleCharges(tasks, [charge("x-outline", 5), refund("x-outline", 5)]).violations).toEqual([]);
    // Without the refund, the resume's failure lost the user's credits.
    expect(checksOf(settleCharges(tasks, [charge("x-outline", 5)]).violations)).toEqual([CHARGE_UNSETTLED]);
  });

  it("names a refund of work that completed, a refund without a charge, and a resume that charges", () => {
    const tasks = [
      ...brief("x", "completed", "completed"),
      task("y-resume", "completed", { creditsCharged: 5, chargeReferenceId: "x-outline" }),
    ];
    const result = settleCharges(tasks, [charge("x-outline", 5), refund("x-outline", 5), refund("nothing"), charge("y-resume", 5)]);
    expect(checksOf(result.violations)).toEqual([FOLLOW_UP_CHARGED, REFUND_WITHOUT_CHARGE, REFUND_WITHOUT_FAILURE].sort());
    expect(result.refundedCompleted).toBe(1);
  });
});

describe("settleBriefs", () => {
  const settle = (
    tasks: TaskFact[],
    briefs: BriefFact[],
    ledger: LedgerFact[],
    resumed: string[] = [],
    polled = new Map<string, string>(),
  ) => settleBriefs(briefs, tasks, ledger, new Set(resumed), polled);

  it("accepts a complete brief, a resumed one, one left in review and a failed resume refunded once", () => {
    const done = brief("done", "completed");
    const resumed = brief("resumed", "completed", "completed");
    const review = brief("review", "completed");
    const failed = brief("failed", "completed", "failed");
    const ledger = [
      charge("done-outline", 5),
      charge("resumed-outline", 5),
      charge("review-outline", 5),
      charge("failed-outline", 5),
      refund("failed-outline", 5),
    ];
    const result = settle(
      [...done, ...resumed, ...review, ...failed],
      [
        briefRow("done", done, "COMPLETE"),
        briefRow("resumed", resumed, "PARTIAL_COMPLETE"),
        briefRow("review", review, "AWAITING_OUTLINE_REVIEW"),
        briefRow("failed", failed, "AWAITING_OUTLINE_REVIEW"),
      ],
      ledger,
      ["resumed", "failed"],
      new Map([
        ["review", "AWAITING_OUTLINE_REVIEW"],
        ["failed", "FAILED"],
      ]),
    );
    expect(result.violations).toEqual([]);
    expect([...result.briefs].map(([id, b]) => [id, b.status])).toEqual([
      ["done", "COMPLETE"],
      ["resumed", "PARTIAL_COMPLETE"],
      ["review", "AWAITING_OUTLINE_REVIEW"],
      ["failed", "FAILED"],
    ]);
  });

  it("names a brief resumed twice, one the run resumed left without a resume, and one the run never resumed", () => {
    const twice = [
      ...brief("twice", "completed", "completed"),
      task("twice-resume-2", "completed", {
        type: BRIEF_TASK_TYPE,
        creditsCharged: 0,
        subjectId: "twice",
        chargeReferenceId: "twice-outline",
      }),
    ];
    const left = brief("left", "completed");
    const stray = brief("stray", "completed", "completed");
    const result = settle(
      [...twice, ...left, ...stray],
      [briefRow("twice", twice, "COMPLETE"), briefRow("left", left, "AWAITING_OUTLINE_REVIEW"), briefRow("stray", stray, "COMPLETE")],
      [charge("twice-outline", 5), charge("left-outline", 5), charge("stray-outline", 5)],
      ["twice", "left"],
    );
    expect(checksOf(result.violations)).toEqual([BRIEF_RESUME_EXPECTED, BRIEF_RESUMES].sort());
    expect(result.violations.find((v) => v.check === BRIEF_RESUME_EXPECTED)!.rows).toHaveLength(3);
  });

  it("names a brief charged twice, one still open, a refund of a complete brief, and a status the API gave otherwise", () => {
    const double = [
      ...brief("double", "completed"),
      task("double-again", "completed", { type: BRIEF_TASK_TYPE, creditsCharged: 5, subjectId: "double" }),
    ];
    const open = brief("open", "running");
    const refunded = brief("refunded", "completed");
    const result = settle(
      [...double, ...open, ...refunded],
      [briefRow("double", double, "COMPLETE"), briefRow("open", open, "DRAFT"), briefRow("refunded", refunded, "COMPLETE")],
      [
        charge("double-outline", 5),
        charge("double-again", 5),
        charge("open-outline", 5),
        charge("refunded-outline", 5),
        refund("refunded-outline", 5),
      ],
      [],
      new Map([["refunded", "FAILED"]]),
    );
    expect(checksOf(result.violations)).toEqual([BRIEF_API, BRIEF_CHARGES, BRIEF_OPEN, BRIEF_REFUNDS].sort());
  });
});
