// The article's content score over HTTP with the offline generator: present on the detail of a
// drafted article and of one not drafted yet, moved by the writer's own text through the
// sections' edit (a missing term added turns ok and raises the score), read from the brief's
// `terms` when it has them; and the edit's 400/409s.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { briefs } from "../../../src/modules/briefs";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { fundedOwner, NO_LIMITS } from "../../helpers/owners";
import { newBrand } from "../briefs/helpers";
import type { Owner } from "../clustering/helpers";
import { completeBrief, runArticle } from "./helpers";

const base = "/api/v1/content/articles/";
type Article = Schemas["Article"];
type Score = NonNullable<Article["content_score"]>;

describe("the article's content score", () => {
  let h: Harness;
  let owner: Owner;
  let briefId: string;
  const request = (method: "GET" | "POST" | "PATCH", url: string, body?: unknown) => h.request(method, url, { key: owner.key, body });
  const editSections = (id: string, sections: { id: string; ai_draft: string }[]) =>
    request("PATCH", `${base}${id}/sections/`, { sections });

  async function draftedArticle(): Promise<Article> {
    const started = await request("POST", `${base}generate/`, { brief_id: briefId, ai_model_id: "offline" });
    expect(started.statusCode, started.payload).toBe(202);
    const id = started.json<Schemas["ArticleDraftingStarted"]>().id;
    await runArticle(h, id);
    return (await request("GET", `${base}${id}/`)).json<Article>();
  }

  const scoreOf = (article: Article): Score => {
    expect(article.content_score).not.toBeNull();
    return article.content_score as Score;
  };

  beforeAll(async () => {
    h = await createHarness({ workers: false, env: NO_LIMITS });
    owner = await fundedOwner(h, 500);
    const brandId = await newBrand(h, owner);
    briefId = await completeBrief(h, owner, brandId, "how to brew coffee at home");
  });
  afterAll(async () => h.close());

  it("scores a drafted article per section and whole, its terms the brief's query and keywords", async () => {
    const article = await draftedArticle();
    const score = scoreOf(article);
    expect(score.score).toBeGreaterThan(0);
    expect(score.score).toBeLessThanOrEqual(100);
    expect(score.sections.map((s) => s.heading)).toEqual(article.sections.map((s) => s.heading));
    expect(score.sections.map((s) => s.target)).toEqual(article.sections.map((s) => s.word_count_target));
    for (const section of score.sections) expect(section.words).toBeGreaterThan(0);
    expect(score.terms[0]).toMatchObject({ term: "how to brew coffee at home", min: 1 });
    for (const term of score.terms) expect(["missing", "under", "ok", "over"]).toContain(term.status);
  });

  it("scores an article not drafted yet 0, every term missing", async () => {
    const made = await request("POST", `${base}create-from-brief/`, { brief_id: briefId });
    expect(made.statusCode, made.payload).toBe(201);
    const score = scoreOf(made.json<Article>());
    expect(score.score).toBe(0);
    expect(score.sections.every((s) => s.words === 0 && !s.covered)).toBe(true);
    expect(score.terms.every((t) => t.status === "missing")).toBe(true);
  });

  it("moves with the writer's text: emptied sections score low, a missing term added turns ok and raises the score", async () => {
    const article = await draftedArticle();
    const before = scoreOf(article);
    const emptied = await editSections(
      article.id,
      article.sections.map((s) => ({ id: s.id, ai_draft: "" })),
    );
    expect(emptied.statusCode, emptied.payload).toBe(200);
    const empty = scoreOf(emptied.json<Article>());
    expect(empty.score).toBeLessThan(before.score);
    expect(empty.terms.every((t) => t.status === "missing")).toBe(true);
    expect(emptied.json<Article>()).toMatchObject({ machine_state: "incomplete" });
    expect(emptied.json<Article>().sections.every((s) => s.status === "needs_attention")).toBe(true);

    const first = article.sections[0];
    const term = empty.terms[0]?.term ?? "";
    const written = await editSections(article.id, [{ id: first?.id ?? "", ai_draft: `${first?.ai_draft ?? ""}\n\nThis is ${term}.` }]);
    expect(written.statusCode, written.payload).toBe(200);
    const after = scoreOf(written.json<Article>());
    expect(after.terms.find((t) => t.term === term)?.status).toBe("ok");
    expect(after.score).toBeGreaterThan(empty.score);
    expect(written.json<Article>().sections[0]?.ai_draft).toContain(term);

    // What the edit answered is what a read finds.
    const read = (await request("GET", `${base}${article.id}/`)).json<Article>();
    expect(read.content_score).toEqual(after);
  });

  it("uses the brief's own terms and their counts when the brief has them", async () => {
    const article = await draftedArticle();
    const [row] = await h.testDb.database.db.select({ resultJson: briefs.resultJson }).from(briefs).where(eq(briefs.id, briefId));
    const terms = [{ term: "kettle", pages: 6, min_count: 2, max_count: 4 }];
    await h.testDb.database.db
      .update(briefs)
      .set({ resultJson: { ...row?.resultJson, terms } })
      .where(eq(briefs.id, briefId));
    try {
      const first = article.sections[0];
      const res = await editSections(article.id, [
        { id: first?.id ?? "", ai_draft: "Heat the kettle. Pour from the kettle. Kettles vary." },
      ]);
      expect(scoreOf(res.json<Article>()).terms).toEqual([{ term: "kettle", count: 3, min: 2, max: 4, status: "ok" }]);
    } finally {
      await h.testDb.database.db
        .update(briefs)
        .set({ resultJson: row?.resultJson ?? null })
        .where(eq(briefs.id, briefId));
    }
  });

  it("refuses a section of another article (400) and an edit while a drafting runs (409)", async () => {
    const one = await draftedArticle();
    const other = await draftedArticle();
    const foreign = await editSections(one.id, [{ id: other.sections[0]?.id ?? "", ai_draft: "Text." }]);
    expect(foreign.statusCode, foreign.payload).toBe(400);

    const again = await request("POST", `${base}${one.id}/generate/`, { ai_model_id: "offline" });
    expect(again.statusCode, again.payload).toBe(202);
    const running = (await request("GET", `${base}${one.id}/`)).json<Article>();
    const busy = await editSections(one.id, [{ id: running.sections[0]?.id ?? "", ai_draft: "Text." }]);
    expect(busy.statusCode, busy.payload).toBe(409);
  });
});
