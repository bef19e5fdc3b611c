// Standalone articles over HTTP with the offline generator, jobs run in this process when the
// test says: drafting from a brief with its progress, specialists filtered by the article's type
// and charged, create-from-brief, regeneration into a new version with the old one readable,
// editorial edits, the rendered text, and the 400/402/404/409s.
import { NO_LIMITS, fundedOwner } from "../../helpers/owners";
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { credits, generate, newBrand } from "../briefs/helpers";
import { completeBrief, progressOf, runArticle } from "./helpers";
import type { Owner } from "../clustering/helpers";
import type { SomeFieldsOf } from "../../helpers/matchers";

const base = "/api/v1/content/articles/";
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A brief as these tests read it: the document leaves `result_json` open; the generated outline is in it. */
type GeneratedBrief = Schemas["Brief"] & { result_json: { header_sections: Schemas["OutlineSection"][] } };

describe("standalone articles", () => {
  let h: Harness;
  let owner: Owner;
  let brandId: string;
  let briefId: string;
  const post = (url: string, body?: unknown, key = owner.key) => h.request("POST", url, { key, body });
  const get = (url: string, query?: Record<string, string>) => h.request("GET", url, { key: owner.key, query });

  beforeAll(async () => {
    h = await createHarness({ workers: false, env: NO_LIMITS });
    owner = await fundedOwner(h, 500);
    brandId = await newBrand(h, owner);
    briefId = await completeBrief(h, owner, brandId, "how to brew coffee at home");
  });
  afterAll(async () => h.close());

  it("drafts every section of the brief's outline in turn, charged 10, with its progress", async () => {
    const before = await credits(h, owner);
    const res = await post(`${base}generate/`, { brief_id: briefId, ai_model_id: "offline" });
    expect(res.statusCode, res.payload).toBe(202);
    const started = res.json<Schemas["ArticleDraftingStarted"]>();
    expect(started).toMatchObject<SomeFieldsOf<Schemas["ArticleDraftingStarted"]>>({
      brief_id: briefId,
      status: "generating",
      credits_charged: 10,
      task_id: expect.any(String),
    });
    expect(await credits(h, owner)).toBe(before - 10);
    const queued = await progressOf(h, owner, started.id);
    expect(queued).toMatchObject({ machine_state: "in_progress", sections_not_started: queued.sections_total, completion_percentage: 0 });
    expect(queued.sections_total).toBeGreaterThan(2);

    await runArticle(h, started.id);
    const done = await progressOf(h, owner, started.id);
    expect(done.sections_not_started).toBe(0);
    expect(done.completion_percentage).toBe(100);
    expect(done.specialists_complete).toBe(true);
    const article = (await get(`${base}${started.id}/`)).json<Schemas["Article"]>();
    // Without a model each section is a writer's skeleton, complete as one: the article is done.
    expect(article.machine_state).toBe("draft_done");
    expect(article.sections.every((s: { status: string }) => s.status === "approved")).toBe(true);
    const brief = (await get(`/api/v1/briefs/${briefId}/`)).json<GeneratedBrief>();
    expect(article.sections.map((s: { heading: string }) => s.heading)).toEqual(
      brief.result_json.header_sections.map((s: { heading: string }) => s.heading),
    );
    for (const section of article.sections) expect(section.ai_draft?.length).toBeGreaterThan(0);
    expect(article).toMatchObject({ title: brief.generated_title, editorial_state: "draft", version: 1, brand_name: "Bean Co" });
  });

  it("tells its reader in `_meta` that an article drafted by the offline model is a placeholder", async () => {
    const res = await post(`${base}generate/`, { brief_id: briefId, ai_model_id: "offline" });
    expect(res.statusCode, res.payload).toBe(202);
    const id = res.json<Schemas["ArticleDraftingStarted"]>().id;
    await runArticle(h, id);
    const note: SomeFieldsOf<Schemas["Meta"]> = {
      placeholder: true,
      note: expect.stringMatching(
        /placeholder draft by the built-in offline model: each section is a writer's skeleton.*configure a language model/,
      ),
    };
    expect((await get(`${base}${id}/`)).json<Schemas["Article"]>()._meta).toMatchObject<SomeFieldsOf<Schemas["Meta"]>>({
      description: expect.stringMatching(/^An article\./),
      ...note,
    });
    expect((await get(`${base}${id}/status/`)).json<Schemas["ArticleProgress"]>()._meta).toMatchObject(note);
    const edited = await h.request("PATCH", `${base}${id}/`, { key: owner.key, body: { editorial_state: "in_review" } });
    expect(edited.json<Schemas["Article"]>()._meta).toMatchObject(note);
  });

  it("says an offline-drafted article's sections are writers' skeletons, approved, in its detail and its version", async () => {
    const res = await post(`${base}generate/`, { brief_id: briefId, ai_model_id: "offline" });
    const id = res.json<Schemas["ArticleDraftingStarted"]>().id;
    await runArticle(h, id);
    const article = (await get(`${base}${id}/`)).json<Schemas["Article"]>();
    expect(article.draft_kind).toBe("skeleton");
    const brief = (await get(`/api/v1/briefs/${briefId}/`)).json<GeneratedBrief>();
    article.sections.forEach((section, i) => {
      const outline = brief.result_json.header_sections[i]!;
      expect(section).toMatchObject({ status: "approved", problems: [] });
      expect(section.ai_draft, section.heading).toMatch(new RegExp(`^\\*\\*Goal:\\*\\* .*"${escapeRegExp(section.heading)}"`));
      expect(section.ai_draft).toContain(`**Length:** about ${outline.word_count_target} words.`);
      for (const point of [...outline.subheadings, ...outline.talking_points])
        expect(section.ai_draft).toContain(`- ${point.replace(/\s+/g, " ").trim()}`);
    });
    // Prose sentences of its own it has none: every line is a label, a list item or the goal.
    for (const line of article.sections.flatMap((s) => (s.ai_draft ?? "").split("\n")))
      expect(line, line).toMatch(/^(\*\*[A-Z][a-z ]+:\*\*.*|- .+|> .+|)$/);
    const version = (await get(`${base}${id}/versions/1/`)).json<Schemas["ArticleVersion"]>();
    expect(version).toMatchObject({ ai_model_id: "offline", draft_kind: "skeleton" });
    // An article not drafted yet names no model, and reads as the prose a model would write.
    const made = (await post(`${base}create-from-brief/`, { brief_id: briefId })).json<Schemas["Article"]>();
    expect(made.draft_kind).toBe("prose");
  });

  it("keeps the specialists that apply to the article's type, charges 2 for each, and runs them", async () => {
    const res = await post(`${base}generate/`, {
      brief_id: briefId,
      ai_model_id: "offline",
      specialists: {
        web_research: true,
        fact_check: true,
        intro_key_takeaways: true,
        conversion_coach: true,
        web_research_mode: "advanced",
      },
    });
    expect(res.json<Schemas["ArticleDraftingStarted"]>()).toMatchObject<SomeFieldsOf<Schemas["ArticleDraftingStarted"]>>({
      credits_charged: 16,
      message: expect.stringContaining("conversion_coach"),
    });
    await runArticle(h, res.json<Schemas["ArticleDraftingStarted"]>().id);
    const article = (await get(`${base}${res.json<Schemas["ArticleDraftingStarted"]>().id}/`)).json<Schemas["Article"]>();
    expect([...article.specialists].sort()).toEqual(["fact_check", "intro_key_takeaways", "web_research"]);
    expect(Object.keys(article.specialist_results).sort()).toEqual(["fact_check", "intro_key_takeaways", "web_research"]);

    // A landing page gets the conversion coach whether asked or not, and nothing else.
    const landing = await completeBrief(h, owner, brandId, "buy espresso machine price");
    const landed = await post(`${base}generate/`, { brief_id: landing, ai_model_id: "offline", specialists: { fact_check: true } });
    expect(landed.json<Schemas["ArticleDraftingStarted"]>()).toMatchObject({ credits_charged: 12 });
    await runArticle(h, landed.json<Schemas["ArticleDraftingStarted"]>().id);
    expect((await get(`${base}${landed.json<Schemas["ArticleDraftingStarted"]>().id}/`)).json<Schemas["Article"]>().specialists).toEqual([
      "conversion_coach",
    ]);
  });

  it("creates an article from another article's answer sent back: its read-only fields accepted and not written", async () => {
    const first = (await post(`${base}create-from-brief/`, { brief_id: briefId })).json<Schemas["Article"]>();
    const again = await post(`${base}create-from-brief/`, { ...first, version: 7, created_at: "2000-01-01T00:00:00.000Z" });
    expect(again.statusCode, again.payload).toBe(201);
    const made = again.json<Schemas["Article"]>();
    expect(made.id).not.toBe(first.id);
    expect(made).toMatchObject({ brief_id: briefId, machine_state: "ready", version: 1 });
    expect(made.created_at).not.toBe("2000-01-01T00:00:00.000Z");
    const typo = await post(`${base}create-from-brief/`, { brief_id: briefId, brif_title: "x" });
    expect(typo.statusCode).toBe(400);
    expect(typo.json<Schemas["FieldErrors"]>()).toEqual({ brif_title: ["Unknown field."] });
  });

  it("creates an article without drafting, then drafts it again as a new version, the old one readable", async () => {
    const before = await credits(h, owner);
    const made = await post(`${base}create-from-brief/`, { brief_id: briefId });
    expect(made.statusCode, made.payload).toBe(201);
    const id = made.json<Schemas["Article"]>().id;
    expect(made.json<Schemas["Article"]>()).toMatchObject({ machine_state: "ready", version: 1, brief_id: briefId });
    expect(made.json<Schemas["Article"]>().sections.every((s: { status: string }) => s.status === "not_started")).toBe(true);
    expect(await credits(h, owner)).toBe(before);

    const other = await completeBrief(h, owner, brandId, "french press coffee ratio");
    const again = await post(`${base}${id}/generate/`, { ai_model_id: "offline", brief_id: other });
    expect(again.statusCode, again.payload).toBe(202);
    expect(again.json<Schemas["ArticleDraftingStarted"]>()).toMatchObject({
      id,
      status: "regenerating",
      brief_id: other,
      credits_charged: 10,
    });
    const busy = await post(`${base}${id}/generate/`, { ai_model_id: "offline" });
    expect(busy.statusCode).toBe(409);
    await runArticle(h, id);

    const versions = (await get(`${base}${id}/versions/`)).json<Schemas["ArticleVersionList"]>();
    expect(versions.map((v) => [v.version, v.brief_id])).toEqual([
      [2, other],
      [1, briefId],
    ]);
    expect(versions[1]!.sections.every((s: { status: string }) => s.status === "not_started")).toBe(true);
    expect((await get(`${base}${id}/versions/1/`)).json<Schemas["ArticleVersion"]>().version).toBe(1);
    expect((await get(`${base}${id}/versions/9/`)).statusCode).toBe(404);
    expect((await get(`${base}${id}/`)).json<Schemas["Article"]>()).toMatchObject({ version: 2, brief_id: other });
  });

  it("stores editorial edits, and renders the article as Markdown and HTML", async () => {
    const id = (await post(`${base}create-from-brief/`, { brief_id: briefId })).json<Schemas["Article"]>().id;
    const edited = await h.request("PATCH", `${base}${id}/`, {
      key: owner.key,
      body: { editorial_state: "in_review", title: "My <Coffee> Guide" },
    });
    expect(edited.json<Schemas["Article"]>()).toMatchObject({ editorial_state: "in_review", title: "My <Coffee> Guide" });
    expect((await h.request("PATCH", `${base}${id}/`, { key: owner.key, body: { editorial_state: "shipped" } })).statusCode).toBe(400);
    const markdown = await get(`${base}${id}/`, { format: "markdown" });
    expect(markdown.headers["content-type"]).toMatch(/^text\/markdown/);
    const [title, ...rest] = markdown.payload.split("\n");
    // The title is one heading line; the angle brackets are escaped so a renderer shows them as text.
    expect(title).toMatch(/^# My .*Coffee.* Guide$/);
    expect(title).not.toContain("<Coffee>");
    expect(rest.filter((line) => line.startsWith("## ")).length).toBe(edited.json<Schemas["Article"]>().sections.length);
    const html = await get(`${base}${id}/`, { format: "html" });
    expect(html.headers["content-type"]).toMatch(/^text\/html/);
    expect(html.payload).toContain("My &lt;Coffee&gt; Guide");
    expect(html.payload).not.toContain("<Coffee>");
  });

  it("serves the HTML export under a Content-Security-Policy that allows its own inline style and nothing else", async () => {
    const id = (await post(`${base}create-from-brief/`, { brief_id: briefId })).json<Schemas["Article"]>().id;
    const html = await get(`${base}${id}/`, { format: "html" });
    expect(html.statusCode).toBe(200);
    const directives = new Map(
      (html.headers["content-security-policy"] ?? "")
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name!, values] as const),
    );
    expect(directives.get("default-src")).toEqual(["'none'"]);
    expect(directives.has("script-src")).toBe(false);
    expect(directives.has("sandbox")).toBe(true);
    // The one <style> of the document is allowed by its hash; nothing is allowed by origin or as 'unsafe-inline'.
    const styles = [...html.payload.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    expect(directives.get("style-src")).toEqual([`'sha256-${createHash("sha256").update(styles[0]!).digest("base64")}'`]);
    expect(html.headers["x-content-type-options"]).toBe("nosniff");
    // Nothing in it loads anything: no script, image, frame or stylesheet link.
    expect(html.payload).not.toMatch(/<(?:script|img|iframe|link|object|embed)\b|\ssrc=/i);
    // The Markdown export is not HTML: no policy needed.
    expect((await get(`${base}${id}/`, { format: "markdown" })).headers["content-security-policy"]).toBeUndefined();
  });

  it("lists articles by brand and title", async () => {
    const list = (await get(base, { brand_id: brandId, search: "COFFEE" })).json<Schemas["ArticleList"]>();
    expect(list.length).toBeGreaterThan(0);
    expect(Object.keys(list[0]!).sort()).toEqual([
      "brand_id",
      "brand_name",
      "created_at",
      "editorial_state",
      "id",
      "machine_state",
      "title",
      "updated_at",
    ]);
    expect((await get(base, { brand_id: randomUUID() })).json<Schemas["ArticleList"]>()).toEqual([]);
  });

  it("answers 400 for an unfinished brief or a missing model, 402 without credits, 404 for another's brief", async () => {
    const pending = await generate(h, owner, { query_text: "espresso crema", brand_id: brandId });
    const unfinished = await post(`${base}generate/`, { brief_id: pending.id, ai_model_id: "offline" });
    expect([unfinished.statusCode, unfinished.json<Schemas["Error"]>().detail]).toEqual([400, expect.stringContaining("PENDING")]);
    expect((await post(`${base}create-from-brief/`, { brief_id: pending.id })).statusCode).toBe(400);
    const noModel = await post(`${base}generate/`, { brief_id: briefId });
    expect([noModel.statusCode, Object.keys(noModel.json<Schemas["FieldErrors"]>())]).toEqual([400, ["ai_model_id"]]);
    expect((await post(`${base}generate/`, { brief_id: briefId, ai_model_id: "nope" })).statusCode).toBe(400);
    expect((await post(`${base}generate/`, { brief_id: randomUUID(), ai_model_id: "offline" })).statusCode).toBe(404);
    const poor = await h.userWithKey();
    await h.grant(poor.user, 9);
    const poorBrand = await newBrand(h, poor);
    const poorBrief = await completeBrief(h, poor, poorBrand, "cold brew");
    const refused = await h.request("POST", `${base}generate/`, { key: poor.key, body: { brief_id: poorBrief, ai_model_id: "offline" } });
    expect(refused.statusCode).toBe(402);
    expect((await h.request("GET", base, { key: poor.key })).json<Schemas["ArticleList"]>()).toEqual([]);
  });
});
