// The article rules of the fault run (test/faults/article-settlement.ts) on hand-made rows: what a
// run should end with passes, and each way an article can end wrongly is named.
import { describe, expect, it } from "vitest";
import {
  ARTICLE_API,
  ARTICLE_CHARGES,
  ARTICLE_CURRENT,
  ARTICLE_DRAFTS,
  ARTICLE_KIND,
  ARTICLE_OUTCOME,
  ARTICLE_REFUNDS,
  ARTICLE_SECTIONS,
  ARTICLE_STATE,
  ARTICLE_TASK_TYPE,
  ARTICLE_VERSIONS,
  settleArticles,
  type ArticleFact,
  type DraftFact,
  type VersionFact,
} from "./article-settlement";
import type { LedgerFact } from "./settlement";

const draft = (article: string, version: number, status: string, credits = 10): DraftFact => ({
  id: `${article}-v${version}`,
  type: ARTICLE_TASK_TYPE,
  status,
  creditsCharged: credits,
  chargeReferenceId: null,
  subjectId: article,
  version,
});
/** A version of 4 sections, `undrafted` of them not drafted and `unapproved` (those among them) not approved. */
const version = (articleId: string, n: number, extra: Partial<VersionFact> = {}): VersionFact => ({
  articleId,
  version: n,
  specialists: 0,
  sections: 4,
  undrafted: 0,
  unapproved: 0,
  ...extra,
});
const article = (id: string, current: number, outcome: string, authority = false): ArticleFact => ({
  id,
  taskId: `${id}-v${current}`,
  outcome,
  version: current,
  authority,
});
const charge = (ref: string, credits = 10): LedgerFact => ({ referenceId: ref, kind: "charge", credits });
const refund = (ref: string, credits = 10): LedgerFact => ({ referenceId: ref, kind: "refund", credits });
const checksOf = (violations: { check: string }[]) => violations.map((v) => v.check).sort();
const made = (...ids: [string, boolean][]) => new Map(ids.map(([id, authority]) => [id, { authority }]));

describe("settleArticles", () => {
  it("accepts an article drafted once, one regenerated twice (a failed version refunded between), an authority one and a failed drafting", () => {
    const articles = [
      article("one", 1, "draft_done"),
      article("regen", 3, "incomplete"),
      article("auth", 1, "incomplete", true),
      article("failed", 1, "ready"),
    ];
    const versions = [
      version("one", 1),
      version("regen", 1),
      version("regen", 2, { undrafted: 3, unapproved: 4 }),
      version("regen", 3, { unapproved: 1 }),
      version("auth", 1, { specialists: 2, unapproved: 2 }),
      version("failed", 1, { undrafted: 4, unapproved: 4 }),
    ];
    const drafts = [
      draft("one", 1, "completed"),
      draft("regen", 1, "completed"),
      draft("regen", 2, "failed"),
      draft("regen", 3, "completed"),
      draft("auth", 1, "completed", 14),
      draft("failed", 1, "failed"),
    ];
    const ledger = [
      charge("one-v1"),
      charge("regen-v1"),
      charge("regen-v2"),
      refund("regen-v2"),
      charge("regen-v3"),
      charge("auth-v1", 14),
      charge("failed-v1"),
      refund("failed-v1"),
    ];
    const result = settleArticles(articles, versions, drafts, ledger, {
      created: made(["one", false], ["regen", false], ["auth", true], ["failed", false]),
      regenerations: new Map([["regen", 2]]),
      polled: new Map([
        ["one", "draft_done"],
        ["failed", "incomplete"],
      ]),
    });
    expect(result.violations).toEqual([]);
    expect([...result.articles].map(([id, a]) => [id, a.state, a.versions])).toEqual([
      ["one", "draft_done", 1],
      ["regen", "incomplete", 3],
      ["auth", "incomplete", 1],
      ["failed", "incomplete", 1],
    ]);
    expect(Object.fromEntries(result.drafts)).toEqual({ completed: 4, failed: 2 });
  });

  it("names an open article, a regeneration without its version, a version drafted by two tasks and a current task of another version", () => {
    const articles = [
      article("open", 1, "ready"),
      article("short", 1, "draft_done"),
      article("twice", 1, "draft_done"),
      { ...article("stale", 2, "draft_done"), taskId: "stale-v1" },
    ];
    const versions = [version("open", 1), version("short", 1), version("twice", 1), version("stale", 1), version("stale", 2)];
    const drafts = [
      draft("open", 1, "running"),
      draft("short", 1, "completed"),
      draft("twice", 1, "completed"),
      { ...draft("twice", 1, "completed"), id: "twice-again" },
      draft("stale", 1, "completed"),
      draft("stale", 2, "completed"),
    ];
    const ledger = drafts.map((d) => charge(d.id));
    const result = settleArticles(articles, versions, drafts, ledger, {
      created: made(["open", false], ["short", false], ["twice", false], ["stale", false]),
      regenerations: new Map([
        ["short", 1],
        ["stale", 1],
      ]),
      polled: new Map(),
    });
    expect(checksOf(result.violations)).toEqual([ARTICLE_CURRENT, ARTICLE_DRAFTS, ARTICLE_STATE, ARTICLE_VERSIONS].sort());
  });

  it("names a drafting charged the wrong amount or twice, a failed one unrefunded, a completed one refunded, and undrafted or misjudged sections", () => {
    const articles = ["cost", "double", "unrefunded", "refunded", "undrafted", "outcome"].map((id) =>
      article(id, 1, id === "outcome" ? "draft_done" : "incomplete"),
    );
    const versions = [
      version("cost", 1, { specialists: 1, unapproved: 1 }),
      version("double", 1, { unapproved: 1 }),
      version("unrefunded", 1, { undrafted: 2, unapproved: 2 }),
      version("refunded", 1, { unapproved: 1 }),
      version("undrafted", 1, { undrafted: 1, unapproved: 1 }),
      version("outcome", 1, { unapproved: 1 }),
    ];
    const drafts = [
      draft("cost", 1, "completed"),
      draft("double", 1, "completed"),
      draft("unrefunded", 1, "failed"),
      draft("refunded", 1, "completed"),
      draft("undrafted", 1, "completed"),
      draft("outcome", 1, "completed"),
    ];
    const ledger = [...drafts.map((d) => charge(d.id)), charge("double-v1"), refund("refunded-v1")];
    const result = settleArticles(articles, versions, drafts, ledger, {
      created: made(...articles.map((a): [string, boolean] => [a.id, false])),
      regenerations: new Map(),
      polled: new Map(),
    });
    const rowsOf = (check: string) =>
      (result.violations.find((v) => v.check === check)?.rows ?? []).map((r) => (r as { article_id: string }).article_id);
    expect(rowsOf(ARTICLE_CHARGES)).toEqual(["cost", "double"]);
    expect(rowsOf(ARTICLE_REFUNDS)).toEqual(["unrefunded", "refunded"]);
    expect(rowsOf(ARTICLE_SECTIONS)).toEqual(["undrafted"]);
    expect(rowsOf(ARTICLE_OUTCOME)).toEqual(["outcome"]);
  });

  it("names an article the run did not make, one made the other way, and one the API showed otherwise", () => {
    const articles = [article("stranger", 1, "draft_done"), article("swapped", 1, "draft_done", true), article("polled", 1, "draft_done")];
    const versions = articles.map((a) => version(a.id, 1));
    const drafts = articles.map((a) => draft(a.id, 1, "completed"));
    const result = settleArticles(
      articles,
      versions,
      drafts,
      drafts.map((d) => charge(d.id)),
      {
        created: made(["swapped", false], ["polled", false]),
        regenerations: new Map(),
        polled: new Map([["polled", "incomplete"]]),
      },
    );
    expect(checksOf(result.violations)).toEqual([ARTICLE_API, ARTICLE_KIND].sort());
    expect(result.violations.find((v) => v.check === ARTICLE_KIND)!.rows).toHaveLength(2);
  });
});
