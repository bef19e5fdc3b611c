// Articles drafted by a model behind a local fake OpenAI-compatible server, each job run in this
// process when the test says: drafts that miss their checks leave the article `incomplete`, and a
// drafting that fails part-way (the model down for a while) resumes at the first section not
// drafted: no section drafted twice, charged once.
import { NO_LIMITS, fundedOwner } from "../../helpers/owners";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Platform } from "../../../src/platform/context";
import { FAKE_MODEL, fakeModelHarness, type FakeModelHarness } from "../../helpers/fake-model";
import type { Harness, Schemas } from "../../helpers/harness";
import type { FakeLlmServer } from "../../providers/llm/fake-llm-server";
import { goodDraft, headingOf, promptOf } from "../../providers/llm/section-drafts";
import { completeBrief, progressOf, runArticle } from "./helpers";
import { credits, newBrand } from "../briefs/helpers";
import type { Owner } from "../clustering/helpers";

const MODEL = FAKE_MODEL;

describe("articles drafted by a model", () => {
  let h: Harness;
  let server: FakeLlmServer;
  let owner: Owner;
  let briefId: string;
  let quick: Platform;
  let fake: FakeModelHarness;
  const start = async () => {
    const res = await h.request("POST", "/api/v1/content/articles/generate/", {
      key: owner.key,
      body: { brief_id: briefId, ai_model_id: MODEL },
    });
    expect(res.statusCode, res.payload).toBe(202);
    return res.json<Schemas["ArticleDraftingStarted"]>().id;
  };
  const headingsSeen = () => server.seen.map((s) => headingOf(s.body)).filter(Boolean);

  beforeAll(async () => {
    fake = await fakeModelHarness({ env: NO_LIMITS, timeoutMs: 2000 });
    ({ h, server, quick } = fake);
    owner = await fundedOwner(h, 200);
    briefId = await completeBrief(h, owner, await newBrand(h, owner), "how to brew coffee at home");
  });
  afterAll(async () => fake.close());
  beforeEach(() => fake.reset());

  it("leaves the article incomplete when drafts miss their checks, each saying why", async () => {
    server.respond(() => ({ text: "Too short." }));
    const id = await start();
    await runArticle(h, id, { platform: quick });
    const article = (await h.request("GET", `/api/v1/content/articles/${id}/`, { key: owner.key })).json<Schemas["Article"]>();
    expect(article.machine_state).toBe("incomplete");
    // A model's draft is prose, held to the prose checks.
    expect(article.draft_kind).toBe("prose");
    expect(
      article.sections.every((s: { status: string; problems: string[] }) => s.status === "needs_attention" && s.problems.length > 0),
    ).toBe(true);
    expect((await progressOf(h, owner, id)).sections_needs_attention).toBe(article.sections.length);
  });

  it("says nothing of a placeholder for an article a language model drafted", async () => {
    server.respond(goodDraft);
    const id = await start();
    await runArticle(h, id, { platform: quick });
    for (const url of [`/api/v1/content/articles/${id}/`, `/api/v1/content/articles/${id}/status/`]) {
      const meta = (await h.request("GET", url, { key: owner.key })).json<Schemas["Article"] | Schemas["ArticleProgress"]>()._meta;
      expect(meta.description).toBeTruthy();
      expect(meta).not.toHaveProperty("placeholder");
      expect(meta).not.toHaveProperty("note");
    }
  });

  it("tells the model the sections before and after the one it drafts", async () => {
    server.respond(goodDraft);
    const id = await start();
    await runArticle(h, id, { platform: quick });
    const article = (await h.request("GET", `/api/v1/content/articles/${id}/`, { key: owner.key })).json<Schemas["Article"]>();
    const headings: string[] = article.sections.map((s: { heading: string }) => s.heading);
    const prompts = server.seen.map((s) => promptOf(s.body)).filter((p) => /Write the section/.test(p));
    expect(prompts).toHaveLength(headings.length);
    expect(prompts[0]).not.toContain("Sections before this one");
    expect(prompts[0]).toContain(`Sections after this one: ${headings.slice(1).join(" | ")}`);
    expect(prompts[1]).toContain(`Sections before this one: ${headings[0]}`);
    expect(prompts.at(-1)).not.toContain("Sections after this one");
    // One call a section, each reporting 10 prompt and 10 completion tokens (the fake's usage).
    const tokens = { calls: headings.length, prompt_tokens: 10 * headings.length, completion_tokens: 10 * headings.length };
    expect(article.usage).toEqual({ ...tokens, by_model: [{ model_id: MODEL, ...tokens }] });
  });

  it("resumes a drafting that failed part-way at the first section not drafted, charged once", async () => {
    const before = await credits(h, owner);
    let calls = 0;
    // The third section's request fails on both of the provider's tries; the job is retried later.
    server.respond((body) => (++calls === 3 || calls === 4 ? { status: 503, body: "{}" } : goodDraft(body)));
    const id = await start();
    await expect(runArticle(h, id, { platform: quick })).rejects.toThrow();
    const paused = await progressOf(h, owner, id);
    expect(paused).toMatchObject({ machine_state: "in_progress", sections_approved: 2 });
    // While it waits for its retry, the progress says what the last try hit.
    expect(paused.failure).toEqual({
      error: expect.stringMatching(/^The model could not draft the article: .*503.* failed on its side/),
      will_retry: true,
    });
    await runArticle(h, id, { platform: quick, retryCount: 1 });

    const article = (await h.request("GET", `/api/v1/content/articles/${id}/`, { key: owner.key })).json<Schemas["Article"]>();
    expect(article.machine_state).toBe("draft_done");
    expect(article.failure).toBeUndefined();
    const headings: string[] = article.sections.map((s: { heading: string }) => s.heading);
    const seen = headingsSeen();
    // Each section drafted once; only the third was asked again (its two failed tries).
    expect(headings.map((heading) => seen.filter((s) => s === heading).length)).toEqual(headings.map((_, i) => (i === 2 ? 3 : 1)));
    expect(await credits(h, owner)).toBe(before - 10);
  });

  it("keeps a section cut off at its budget, twice, as needing attention, and gives back its share of the price", async () => {
    const before = await credits(h, owner);
    const cutHeading = { value: "" };
    server.respond((body) => {
      const heading = headingOf(body);
      // The second section always stops at its output budget, however large.
      if (heading !== undefined && (cutHeading.value === "" || cutHeading.value === heading) && server.seen.length >= 2) {
        cutHeading.value = heading;
        return { text: "Water temperature matters because", cutOff: true };
      }
      return goodDraft(body);
    });
    const id = await start();
    await runArticle(h, id, { platform: quick });
    const article = (await h.request("GET", `/api/v1/content/articles/${id}/`, { key: owner.key })).json<Schemas["Article"]>();
    expect(article.machine_state).toBe("incomplete");
    const cut = article.sections.filter((s: { heading: string }) => s.heading === cutHeading.value);
    expect(cut).toHaveLength(1);
    expect(cut[0]).toMatchObject({ status: "needs_attention", ai_draft: "Water temperature matters because" });
    expect(cut[0]?.problems).toEqual([
      expect.stringMatching(
        /^Cut off: openai:test-model: the answer stopped at its output budget \(\d+ tokens\), asked twice\. Ask for a shorter section/,
      ),
    ]);
    // Asked twice: the second time with twice the budget.
    const asks = server.seen
      .filter((s) => headingOf(s.body) === cutHeading.value)
      .map((s) => Number(s.body.max_tokens ?? s.body.max_completion_tokens));
    expect(asks).toHaveLength(2);
    expect(asks[1]).toBe(asks[0]! * 2);
    // The other sections are whole and approved; the cut one's share of the 10 credits comes back.
    const total = article.sections.length;
    expect(article.sections.filter((s: { status: string }) => s.status === "approved")).toHaveLength(total - 1);
    expect(await credits(h, owner)).toBe(before - 10 + Math.ceil(10 / total));
  });

  it("ends a drafting that fails for good incomplete and refunded, no section left drafting", async () => {
    const before = await credits(h, owner);
    let calls = 0;
    // The first section drafts; then the model is down for every later try.
    server.respond((body) => (++calls === 1 ? goodDraft(body) : { status: 503, body: "{}" }));
    const id = await start();
    for (let retry = 0; retry < 4; retry++) await expect(runArticle(h, id, { platform: quick, retryCount: retry })).rejects.toThrow();
    await runArticle(h, id, { platform: quick, retryCount: 4 });
    const progress = await progressOf(h, owner, id);
    expect(progress).toMatchObject({
      machine_state: "incomplete",
      sections_approved: 1,
      sections_drafting: 0,
      sections_not_started: progress.sections_total - 1,
    });
    const article = (await h.request("GET", `/api/v1/content/articles/${id}/`, { key: owner.key })).json<Schemas["Article"]>();
    expect(article.sections.map((s: { status: string }) => s.status)).not.toContain("drafting");
    expect(await credits(h, owner)).toBe(before);
    // Why, on the article and its progress, and on each section that was not drafted.
    const failure = {
      error: expect.stringMatching(/^The model could not draft the article: .*503.*\. The provider failed on its side: try again later\.$/),
      will_retry: false,
    };
    expect(article.failure).toEqual(failure);
    expect(progress.failure).toEqual(failure);
    const [first, second, ...rest] = article.sections;
    expect(first?.problems).toEqual([]);
    expect(second?.problems).toEqual([`Not drafted: ${article.failure?.error}`]);
    for (const section of rest) expect(section.problems).toEqual(["Not drafted: the drafting stopped at an earlier section."]);
  });
});
