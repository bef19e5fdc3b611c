// How every article of a fault run must end, as pure functions of the rows its database ends
// with (checks.ts reads them; test/faults/settlement.test.ts tries each rule). An article
// has one version per drafting the run had accepted (its creation, then each regeneration), each
// version drafted by exactly one task, charged once for what it enabled and refunded exactly
// when it failed; the article ends draft_done or incomplete, and every version whose drafting
// completed has each of its sections drafted (approved or needs_attention).
import type { LedgerFact, TaskFact, Violation } from "./settlement";

export const ARTICLE_TASK_TYPE = "article_draft";
const BASE_COST = 10;
const SPECIALIST_COST = 2;
const ENDED = new Set(["draft_done", "incomplete"]);

export interface ArticleFact {
  id: string;
  /** The article's current task: the drafting of its current version. */
  taskId: string | null;
  outcome: string;
  /** The version the article shows now. */
  version: number;
  authority: boolean;
}

export interface VersionFact {
  articleId: string;
  version: number;
  /** The specialists enabled for its drafting (after filtering by type). */
  specialists: number;
  sections: number;
  /** Sections neither approved nor needs_attention. */
  undrafted: number;
  /** Sections not approved. */
  unapproved: number;
}

/** An article's drafting task, with the version it drafts (its input). */
export type DraftFact = TaskFact & { version: number };

/** What the run did, to hold the rows against. */
export interface ArticleExpectations {
  /** Articles the run created (a 202), with whether through the authority routes. */
  created: ReadonlyMap<string, { authority: boolean }>;
  /** Regenerations answered 202, by article. */
  regenerations: ReadonlyMap<string, number>;
  /** The machine_state the API gave each article at its last poll. */
  polled: ReadonlyMap<string, string>;
}

export const ARTICLE_STATE = "article neither draft_done nor incomplete at the end";
export const ARTICLE_VERSIONS = "article whose versions are not 1 + its accepted regenerations (or whose current version is not its last)";
export const ARTICLE_DRAFTS = "article version without exactly one drafting task";
export const ARTICLE_CURRENT = "article whose current task is not the drafting of its current version";
export const ARTICLE_CHARGES = "article drafting not charged exactly once, 10 + 2 per enabled specialist";
export const ARTICLE_REFUNDS = "article drafting not refunded exactly once if failed and never otherwise";
export const ARTICLE_SECTIONS = "article version drafted (task completed) with a section neither approved nor needs_attention";
export const ARTICLE_OUTCOME = "article whose outcome is not draft_done exactly when every section of its version is approved";
export const ARTICLE_KIND = "article not made by the run, or standalone/authority other than it was made";
export const ARTICLE_API = "article whose last polled machine_state differs from the database's";

export interface ArticleFigures {
  violations: Violation[];
  /** Each article's machine state by the database, and its version count. */
  articles: Map<string, { state: string; versions: number }>;
  /** Drafting tasks by status. */
  drafts: Map<string, number>;
}

/** The machine state of an article whose current task is `current`, as machine-state.ts derives it. */
function machineStateOf(current: TaskFact | undefined, outcome: string): string {
  if (current === undefined) return outcome;
  if (current.status === "failed") return "incomplete";
  if (current.status === "completed") return outcome;
  return `open (${current.status})`;
}

export function settleArticles(
  articles: readonly ArticleFact[],
  versions: readonly VersionFact[],
  drafts: readonly DraftFact[],
  ledger: readonly LedgerFact[],
  expected: ArticleExpectations,
): ArticleFigures {
  const found = new Map<string, unknown[]>();
  const add = (check: string, row: unknown) => found.set(check, [...(found.get(check) ?? []), row]);
  const ledgerOf = (taskId: string, kind: LedgerFact["kind"]) => ledger.filter((l) => l.referenceId === taskId && l.kind === kind);
  const out = new Map<string, { state: string; versions: number }>();
  const draftCounts = new Map<string, number>();

  for (const article of articles) {
    const mine = versions.filter((v) => v.articleId === article.id).sort((a, b) => a.version - b.version);
    const tasks = drafts.filter((d) => d.subjectId === article.id);
    const current = tasks.find((t) => t.id === article.taskId);
    const state = machineStateOf(current, article.outcome);
    out.set(article.id, { state, versions: mine.length });
    const row = { article_id: article.id, state, version: article.version, tasks: tasks.map((t) => `v${t.version} ${t.id} ${t.status}`) };

    if (!ENDED.has(state)) add(ARTICLE_STATE, row);
    const made = expected.created.get(article.id);
    if (made === undefined || made.authority !== article.authority)
      add(ARTICLE_KIND, { ...row, authority: article.authority, made_as: made ?? null });
    const wanted = 1 + (expected.regenerations.get(article.id) ?? 0);
    if (mine.length !== wanted || article.version !== mine.length)
      add(ARTICLE_VERSIONS, { ...row, versions: mine.map((v) => v.version), wanted });
    const polled = expected.polled.get(article.id);
    if (polled !== undefined && polled !== state) add(ARTICLE_API, { ...row, polled });

    for (const version of mine) {
      const own = tasks.filter((t) => t.version === version.version);
      if (own.length !== 1) {
        add(ARTICLE_DRAFTS, { ...row, of_version: version.version, drafting_tasks: own.length });
        continue;
      }
      const task = own[0]!;
      draftCounts.set(task.status, (draftCounts.get(task.status) ?? 0) + 1);
      const cost = BASE_COST + SPECIALIST_COST * version.specialists;
      const charges = ledgerOf(task.id, "charge");
      if (charges.length !== 1 || charges[0]!.credits !== cost || task.creditsCharged !== cost) {
        add(ARTICLE_CHARGES, { ...row, task: task.id, cost, charges: charges.map((c) => c.credits), task_credits: task.creditsCharged });
      }
      const refunds = ledgerOf(task.id, "refund");
      if (refunds.length !== (task.status === "failed" ? 1 : 0)) add(ARTICLE_REFUNDS, { ...row, task: task.id, refunds: refunds.length });
      if (task.status === "completed" && version.undrafted > 0)
        add(ARTICLE_SECTIONS, { ...row, of_version: version.version, undrafted: version.undrafted, sections: version.sections });
      if (version.version === article.version) {
        if (task.id !== article.taskId) add(ARTICLE_CURRENT, { ...row, current: article.taskId, drafting: task.id });
        const allApproved = version.unapproved === 0;
        if (task.status === "completed" && (article.outcome === "draft_done") !== allApproved)
          add(ARTICLE_OUTCOME, { ...row, outcome: article.outcome, unapproved: version.unapproved });
      }
    }
    const versionNumbers = new Set(mine.map((v) => v.version));
    for (const stray of tasks.filter((t) => !versionNumbers.has(t.version)))
      add(ARTICLE_DRAFTS, { ...row, task_of_missing_version: stray.id });
  }
  return { violations: [...found].map(([check, rows]) => ({ check, rows })), articles: out, drafts: draftCounts };
}
