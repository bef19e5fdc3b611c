// The article's content score in Chromium against a real server: the score of the saved text
// with its sections and terms; then text typed into a section's editor moves the score and a
// missing term's status at once, before anything is saved; saving stores what the score was
// computed on. Axe-clean, and no sideways scroll at 390 px.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERP } from "../modules/briefs/helpers";
import { accessibilityViolations } from "./accessibility";
import { createBrand, signedInConsole, type SignedInConsole } from "./signed-in";

let opened: SignedInConsole | undefined;
let page: Page;
let articleId = "";
let firstSectionHeading = "";
let brandId = "";

interface Article {
  sections: { id: string; heading: string; ai_draft: string | null }[];
  content_score: { score: number; terms: { term: string; status: string }[] } | null;
}

const consoleApi = () => {
  if (!opened) throw new Error("the console did not open");
  return opened;
};

beforeAll(async () => {
  opened = await signedInConsole({ credits: 100 });
  page = opened.page;
  brandId = await createBrand(page, { name: "Bean There", description: "Specialty coffee roaster and shop for home espresso gear." });
}, 180_000);

afterAll(async () => {
  await opened?.close();
});

const scorePanel = () => page.getByRole("region", { name: "Content score" });
const wholeScore = async () => Number((await scorePanel().locator(".score-number").textContent()) ?? "NaN");
const termRow = (term: string) =>
  page
    .getByRole("table", { name: "Terms" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: term, exact: true }) });
const termStatus = async (term: string) => (await termRow(term).locator(".term-state").textContent()) ?? "";

describe("the console: an article's content score", () => {
  it("has an article drafted from a brief, each section then cut to a line naming none of its terms", async () => {
    const api = consoleApi();
    const brief = await api.api<{ id: string }>("POST", "/api/v1/briefs/generate/", {
      brand_id: brandId,
      query_text: "how to brew coffee at home",
      selected_serp_data: SERP,
    });
    await expect
      .poll(async () => (await api.api<{ status: string }>("GET", `/api/v1/briefs/${brief.id}/status/`)).status, { timeout: 60_000 })
      .toBe("COMPLETE");
    const started = await api.api<{ id: string }>("POST", "/api/v1/content/articles/generate/", {
      brief_id: brief.id,
      ai_model_id: "offline",
    });
    articleId = started.id;
    await expect
      .poll(async () => (await api.api<{ machine_state: string }>("GET", `/api/v1/content/articles/${articleId}/status/`)).machine_state, {
        timeout: 60_000,
      })
      .toMatch(/^(draft_done|incomplete)$/);
    // Every section made a one-liner naming none of the brief's terms, so each term starts missing.
    const article = await api.api<Article>("GET", `/api/v1/content/articles/${articleId}/`);
    firstSectionHeading = article.sections[0]?.heading ?? "";
    await api.api("PATCH", `/api/v1/content/articles/${articleId}/sections/`, {
      sections: article.sections.map((s) => ({ id: s.id, ai_draft: "A line to start from." })),
    });
  }, 150_000);

  it("shows the saved text's score, its sections and its terms", async () => {
    await page.goto(`${consoleApi().baseUrl}/console/#/articles/${articleId}`);
    await scorePanel().waitFor();
    const saved = await consoleApi().api<Article>("GET", `/api/v1/content/articles/${articleId}/`);
    expect(await wholeScore()).toBe(saved.content_score?.score);
    expect(await scorePanel().textContent()).toContain("for the saved text");
    const sections = page.getByRole("table", { name: "Sections" });
    expect(await sections.getByRole("rowheader").count()).toBe(saved.sections.length);
    const terms = saved.content_score?.terms ?? [];
    expect(terms.length).toBeGreaterThan(0);
    for (const term of terms) expect(await termStatus(term.term)).toBe("Missing");
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("moves the score and a term's status as text is typed, before saving, and saves that text", async () => {
    const saved = await consoleApi().api<Article>("GET", `/api/v1/content/articles/${articleId}/`);
    const term = saved.content_score?.terms[0]?.term ?? "";
    const before = await wholeScore();
    let saves = 0;
    page.on("request", (request) => {
      if (request.method() === "PATCH") saves++;
    });

    await page.getByRole("button", { name: "Edit the text" }).click();
    const editor = page.getByRole("textbox", { name: `Section 1: ${firstSectionHeading}`, exact: true });
    await editor.fill(`A line to start from. Here is ${term}, said plainly for the reader.`);
    await expect.poll(() => termStatus(term)).toBe("Good");
    await expect.poll(wholeScore).toBeGreaterThan(before);
    expect(await scorePanel().textContent()).toContain("not saved yet");
    expect(saves).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    const live = await wholeScore();
    await page.getByRole("button", { name: "Save the text" }).click();
    await expect.poll(async () => scorePanel().textContent()).toContain("for the saved text");
    expect(saves).toBe(1);
    const stored = await consoleApi().api<Article>("GET", `/api/v1/content/articles/${articleId}/`);
    expect(stored.sections[0]?.ai_draft).toContain(term);
    expect(stored.content_score?.score).toBe(live);
    expect(await wholeScore()).toBe(live);
  });

  it("fits the score and the editor into 390 px without sideways scroll", async () => {
    await page.getByRole("button", { name: "Edit the text" }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await scorePanel().waitFor();
    expect(await page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth")).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("meets no script error or policy violation", () => {
    expect(consoleApi().problems).toEqual([]);
  });
});
