// The invariants a fault run must keep, checked on the rows of the run's database and on the
// processes' JSON logs: no accepted task lost, every task ended, none completed twice, every
// charge settled by its work completing or by exactly one refund (settlement.ts, with briefs
// and their resumes; article-settlement.ts, with articles and their versions), and the balances
// equal to the ledger.
import fs from "node:fs";
import type pg from "pg";
import {
  ARTICLE_TASK_TYPE,
  settleArticles,
  type ArticleFact,
  type ArticleFigures,
  type DraftFact,
  type VersionFact,
} from "./article-settlement";
import { BRIEF_KINDS } from "./plan";
import { BRIEF_TASK_TYPE, settleBriefs, settleCharges, type BriefFact, type LedgerFact, type TaskFact, type Violation } from "./settlement";
import type { Accepted } from "./workload";

export type { Violation } from "./settlement";

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
      if (entry.msg === "task completed" && entry.task_id)
        figures.completedLines.set(entry.task_id, (figures.completedLines.get(entry.task_id) ?? 0) + 1);
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
  /** Tasks in the database that no 202 answered for (a start whose answer was lost); resumes aside. */
  unacknowledged: number;
  charges: number;
  refunds: number;
  /** Outcome per task id, from the tasks table. */
  outcomes: Map<string, { status: string; attempts: number; error: string | null }>;
  /** Each brief's status by the database, and its tasks (the charged one first). */
  briefs: Map<string, { status: string; tasks: TaskFact[] }>;
  /** Violations of the brief checks (settlement.ts). */
  briefViolations: number;
  /** Each article's machine state by the database and its versions; drafting tasks by status. */
  articles: ArticleFigures["articles"];
  drafts: ArticleFigures["drafts"];
  /** Violations of the article checks (article-settlement.ts). */
  articleViolations: number;
}

/** What the run saw through the API, for the checks that compare it with the database. */
export interface Observed {
  /** Each brief's status, each article's machine_state, at its last poll. */
  briefs: ReadonlyMap<string, string>;
  articles: ReadonlyMap<string, string>;
  /** Regenerations answered 202, by article. */
  regenerations: ReadonlyMap<string, number>;
}

async function rows<T extends pg.QueryResultRow>(db: pg.Pool, text: string, values: unknown[] = []): Promise<T[]> {
  return (await db.query<T>(text, values)).rows;
}

/**
 * Fills in the task of each accepted brief, which its 202 did not name: its charged (first)
 * task. A brief the database does not have, or that has no such task, keeps null: lost.
 */
export async function resolveBriefTasks(db: pg.Pool, accepted: Accepted[]): Promise<void> {
  const briefs = accepted.filter((a) => BRIEF_KINDS.includes(a.kind));
  const found = await rows<{ brief_id: string; task_id: string }>(
    db,
    `select subject_id::text as brief_id, id::text as task_id from tasks
     where type = $1 and charge_reference_id is null and subject_id = any($2::uuid[]) order by created_at desc`,
    [BRIEF_TASK_TYPE, briefs.map((a) => a.subject)],
  );
  // Newest first, so the first charge wins: a brief charged twice is the brief checks' to report.
  const taskOf = new Map(found.map((r) => [r.brief_id, r.task_id]));
  for (const a of briefs) a.taskId = taskOf.get(a.subject) ?? null;
}

export async function checkInvariants(
  db: pg.Pool,
  accepted: Accepted[],
  logs: LogFigures,
  observed: Observed,
): Promise<{ figures: Figures; violations: Violation[] }> {
  const violations: Violation[] = [];
  const fail = (check: string, found: unknown[]) => {
    if (found.length > 0) violations.push({ check, rows: found });
  };
  const ids = accepted.flatMap((a) => (a.taskId === null ? [] : [a.taskId]));

  // Lost: a 202 named a task (or a brief) the database does not have.
  const present = await rows<{ id: string }>(db, "select id::text from tasks where id = any($1::uuid[])", [ids]);
  const presentIds = new Set(present.map((r) => r.id));
  const lost = accepted.filter((a) => a.taskId === null || !presentIds.has(a.taskId));
  fail("accepted (202) task or brief missing from the database", lost);

  const all = await rows<{
    id: string;
    type: string;
    status: string;
    attempts: number;
    error: string | null;
    credits_charged: number;
    charge_reference_id: string | null;
    subject_id: string | null;
    version: number | null;
  }>(
    db,
    // An article's drafting names the version it drafts in its input.
    `select id::text, type, status, attempts, error, credits_charged, charge_reference_id::text, subject_id::text,
            case when type = $1 then (input->>'version')::int end as version
     from tasks order by created_at`,
    [ARTICLE_TASK_TYPE],
  );
  const outcomes = new Map(all.map((t) => [t.id, { status: t.status, attempts: t.attempts, error: t.error }]));
  const acceptedIds = new Set(ids);
  const unacknowledged = all.filter((t) => !acceptedIds.has(t.id) && t.charge_reference_id === null);

  const notTerminal = all.filter((t) => t.status !== "completed" && t.status !== "failed");
  fail("task not terminal (neither completed nor failed)", notTerminal);

  // Double run: more than one "task completed" line for a task, or a line for a task that did not complete.
  const doubled = [...logs.completedLines].filter(([, n]) => n > 1).map(([id, n]) => ({ task_id: id, completed_lines: n }));
  fail('task logged "task completed" more than once', doubled);
  const wrongLine = [...logs.completedLines.keys()]
    .filter((id) => outcomes.get(id)?.status !== "completed")
    .map((id) => ({ task_id: id, status: outcomes.get(id)?.status }));
  fail('"task completed" logged for a task that is not completed', wrongLine);

  const tasks: TaskFact[] = all.map((t) => ({
    id: t.id,
    type: t.type,
    status: t.status,
    creditsCharged: t.credits_charged,
    chargeReferenceId: t.charge_reference_id,
    subjectId: t.subject_id,
  }));
  const ledger = await rows<LedgerFact>(
    db,
    `select reference_id as "referenceId", kind, abs(free_delta + monthly_delta + payg_delta)::int as credits
     from credit_ledger where kind in ('charge', 'refund')`,
  );
  const charges = settleCharges(tasks, ledger);
  violations.push(...charges.violations);
  const briefs = await rows<BriefFact>(db, `select id::text, task_id::text as "taskId", outcome from briefs`);
  const resumed = new Set(accepted.filter((a) => a.kind === "brief_resumed").map((a) => a.subject));
  const briefFigures = settleBriefs(briefs, tasks, ledger, resumed, observed.briefs);
  violations.push(...briefFigures.violations);
  const articleFigures = await checkArticles(db, accepted, tasks, all, ledger, observed);
  violations.push(...articleFigures.violations);
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
      doubleRun: doubled.length + wrongLine.length + charges.refundedCompleted,
      unmatchedCharges: charges.unmatched,
      ledgerDifference: drift.reduce((sum, d) => sum + Math.abs(d.balance - d.ledger), 0),
      unacknowledged: unacknowledged.length,
      charges: counts?.charges ?? 0,
      refunds: counts?.refunds ?? 0,
      outcomes,
      briefs: briefFigures.briefs,
      briefViolations: briefFigures.violations.reduce((sum, v) => sum + v.rows.length, 0),
      articles: articleFigures.articles,
      drafts: articleFigures.drafts,
      articleViolations: articleFigures.violations.reduce((sum, v) => sum + v.rows.length, 0),
    },
    violations,
  };
}

/** The article checks (article-settlement.ts) on the run's articles, versions and sections. */
async function checkArticles(
  db: pg.Pool,
  accepted: Accepted[],
  tasks: TaskFact[],
  all: { id: string; version: number | null }[],
  ledger: LedgerFact[],
  observed: Observed,
): Promise<ArticleFigures> {
  const articles = await rows<ArticleFact>(
    db,
    `select id::text, task_id::text as "taskId", outcome, version, topic_node is not null as authority from articles`,
  );
  const versions = await rows<VersionFact>(
    db,
    `select v.article_id::text as "articleId", v.version, jsonb_array_length(v.specialists)::int as specialists,
            count(s.id)::int as sections,
            count(s.id) filter (where s.status not in ('approved', 'needs_attention'))::int as undrafted,
            count(s.id) filter (where s.status <> 'approved')::int as unapproved
     from article_versions v left join article_sections s on s.article_id = v.article_id and s.version = v.version
     group by v.article_id, v.version`,
  );
  const versionOf = new Map(all.map((t) => [t.id, t.version]));
  const drafts: DraftFact[] = tasks.filter((t) => t.type === ARTICLE_TASK_TYPE).map((t) => ({ ...t, version: versionOf.get(t.id) ?? 0 }));
  const created = new Map(
    accepted
      .filter((a) => a.kind === "article" || a.kind === "article_specialists" || a.kind === "article_authority")
      .map((a) => [a.subject, { authority: a.kind === "article_authority" }]),
  );
  return settleArticles(articles, versions, drafts, ledger, { created, regenerations: observed.regenerations, polled: observed.articles });
}
