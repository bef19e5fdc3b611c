// The invariants a fault run must keep, checked with SQL on the run's database and on the
// processes' JSON logs: no accepted task lost, every task ended, none completed twice, every
// charge settled by exactly one completion or one refund, and the balances equal to the ledger.
import fs from "node:fs";
import type pg from "pg";
import type { Accepted } from "./workload";

export interface Violation {
  check: string;
  rows: unknown[];
}

export interface LogFigures {
  /** "task completed" lines per task id, over every process that ever ran. */
  completedLines: Map<string, number>;
  startedLines: number;
  /** Lines at level error or fatal, by message: what the faults made the processes report. */
  errorsByMessage: Map<string, number>;
}

/** Reads every process's log; a SIGKILLed process may have left half a line, which is skipped. */
export function readLogs(files: string[]): LogFigures {
  const figures: LogFigures = { completedLines: new Map(), startedLines: 0, errorsByMessage: new Map() };
  for (const file of files) {
    for (const line of fs.readFileSync(file, "utf8").split("\n")) {
      if (!line.startsWith("{")) continue;
      let entry: { msg?: string; task_id?: string; level?: number };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        continue;
      }
      if (entry.msg === "task completed" && entry.task_id) figures.completedLines.set(entry.task_id, (figures.completedLines.get(entry.task_id) ?? 0) + 1);
      if (entry.msg === "task started") figures.startedLines++;
      if ((entry.level ?? 0) >= 50) figures.errorsByMessage.set(entry.msg ?? "?", (figures.errorsByMessage.get(entry.msg ?? "?") ?? 0) + 1);
    }
  }
  return figures;
}

export interface Figures {
  lost: number;
  notTerminal: number;
  doubleRun: number;
  unmatchedCharges: number;
  ledgerDifference: number;
  /** Tasks in the database that no 202 answered for (a start whose answer was lost). */
  unacknowledged: number;
  charges: number;
  refunds: number;
  /** Outcome per task id, from the tasks table. */
  outcomes: Map<string, { status: string; attempts: number; error: string | null }>;
}

async function rows<T extends pg.QueryResultRow>(db: pg.Pool, text: string, values: unknown[] = []): Promise<T[]> {
  return (await db.query<T>(text, values)).rows;
}

export async function checkInvariants(db: pg.Pool, accepted: Accepted[], logs: LogFigures): Promise<{ figures: Figures; violations: Violation[] }> {
  const violations: Violation[] = [];
  const fail = (check: string, found: unknown[]) => {
    if (found.length > 0) violations.push({ check, rows: found });
  };
  const ids = accepted.map((a) => a.taskId);

  // Lost: a 202 named a task the database does not have.
  const present = await rows<{ id: string }>(db, "select id::text from tasks where id = any($1::uuid[])", [ids]);
  const presentIds = new Set(present.map((r) => r.id));
  const lost = accepted.filter((a) => !presentIds.has(a.taskId));
  fail("accepted (202) task missing from the tasks table", lost);

  const all = await rows<{ id: string; type: string; status: string; attempts: number; error: string | null; credits_charged: number }>(
    db,
    "select id::text, type, status, attempts, error, credits_charged from tasks order by created_at",
  );
  const outcomes = new Map(all.map((t) => [t.id, { status: t.status, attempts: t.attempts, error: t.error }]));
  const acceptedIds = new Set(ids);
  const unacknowledged = all.filter((t) => !acceptedIds.has(t.id));

  const notTerminal = all.filter((t) => t.status !== "completed" && t.status !== "failed");
  fail("task not terminal (neither completed nor failed)", notTerminal);

  // Double run: more than one "task completed" line for a task, or a line for a task that did not complete.
  const doubled = [...logs.completedLines].filter(([, n]) => n > 1).map(([id, n]) => ({ task_id: id, completed_lines: n }));
  fail('task logged "task completed" more than once', doubled);
  const wrongLine = [...logs.completedLines.keys()].filter((id) => outcomes.get(id)?.status !== "completed").map((id) => ({ task_id: id, status: outcomes.get(id)?.status }));
  fail('"task completed" logged for a task that is not completed', wrongLine);

  const refundedCompleted = await rows(
    db,
    `select t.id::text, t.type, l.id as ledger_id from tasks t join credit_ledger l on l.reference_id = t.id::text and l.kind = 'refund'
     where t.status = 'completed'`,
  );
  fail("completed task with a refund", refundedCompleted);

  // Every charge settled exactly once: its task completed with no refund, or failed with one refund of the same amount.
  const unmatched = await rows(
    db,
    `select c.reference_id, c.operation, -(c.free_delta + c.monthly_delta + c.payg_delta) as charged, t.status, t.credits_charged,
            r.refunds, r.refunded
     from credit_ledger c
     left join tasks t on t.id::text = c.reference_id
     left join (select reference_id, count(*)::int as refunds, sum(free_delta + monthly_delta + payg_delta)::int as refunded
                from credit_ledger where kind = 'refund' group by reference_id) r on r.reference_id = c.reference_id
     where c.kind = 'charge' and (
       t.id is null
       or t.credits_charged <> -(c.free_delta + c.monthly_delta + c.payg_delta)
       or not coalesce(
         (t.status = 'completed' and r.refunds is null)
         or (t.status = 'failed' and r.refunds = 1 and r.refunded = -(c.free_delta + c.monthly_delta + c.payg_delta)),
         false)
     )`,
  );
  fail("charge not settled by exactly one completion or one refund of its amount", unmatched);
  const orphanRefunds = await rows(
    db,
    `select r.reference_id, r.id from credit_ledger r
     where r.kind = 'refund' and not exists (select 1 from credit_ledger c where c.kind = 'charge' and c.reference_id = r.reference_id)`,
  );
  fail("refund without a charge", orphanRefunds);
  const uncharged = await rows(
    db,
    `select t.id::text, t.type, t.credits_charged from tasks t
     where t.credits_charged > 0 and not exists (select 1 from credit_ledger c where c.kind = 'charge' and c.reference_id = t.id::text)`,
  );
  fail("task with a cost but no charge in the ledger", uncharged);

  // The balance is the ledger's sum, bucket by bucket, for every user either table knows.
  const drift = await rows<{ user_id: string; bucket: string; balance: number; ledger: number }>(
    db,
    `with sums as (select user_id, sum(free_delta)::int as free, sum(monthly_delta)::int as monthly, sum(payg_delta)::int as payg
                   from credit_ledger group by user_id),
          joined as (select coalesce(b.user_id, s.user_id)::text as user_id,
                            coalesce(b.free, 0) as b_free, coalesce(s.free, 0) as l_free,
                            coalesce(b.monthly, 0) as b_monthly, coalesce(s.monthly, 0) as l_monthly,
                            coalesce(b.payg, 0) as b_payg, coalesce(s.payg, 0) as l_payg
                     from credit_balances b full join sums s on s.user_id = b.user_id)
     select user_id, 'free' as bucket, b_free as balance, l_free as ledger from joined where b_free <> l_free
     union all select user_id, 'monthly', b_monthly, l_monthly from joined where b_monthly <> l_monthly
     union all select user_id, 'payg', b_payg, l_payg from joined where b_payg <> l_payg`,
  );
  fail("balance differs from the sum of its ledger rows", drift);

  const [counts] = await rows<{ charges: number; refunds: number }>(
    db,
    "select count(*) filter (where kind = 'charge')::int as charges, count(*) filter (where kind = 'refund')::int as refunds from credit_ledger",
  );
  return {
    figures: {
      lost: lost.length,
      notTerminal: notTerminal.length,
      doubleRun: doubled.length + wrongLine.length + refundedCompleted.length,
      unmatchedCharges: unmatched.length + orphanRefunds.length + uncharged.length,
      ledgerDifference: drift.reduce((sum, d) => sum + Math.abs(d.balance - d.ledger), 0),
      unacknowledged: unacknowledged.length,
      charges: counts?.charges ?? 0,
      refunds: counts?.refunds ?? 0,
      outcomes,
    },
    violations,
  };
}
