// An article drafted without a language model, in Chromium against a real server: the article
// screen says above its sections that they are writers' skeletons, renders each skeleton's
// Markdown as labelled blocks and lists (no Markdown markup left as text), keeps its content
// score, and shows the same notice on the version. Axe-clean.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERP } from "../modules/briefs/helpers";
import { accessibilityViolations } from "./accessibility";
import { createBrand, signedInConsole, type SignedInConsole } from "./signed-in";

let opened: SignedInConsole | undefined;
let page: Page;
let articleId = "";
let brandId = "";

interface Article {
  draft_kind: string;
  sections: { heading: string; status: string; ai_draft: string | null; subheadings: string[] }[];
  content_score: { score: number } | null;
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

/** Node.DOCUMENT_POSITION_FOLLOWING: the second node comes after the first. */
const FOLLOWING = 4;
const notice = () => page.getByRole("note", { name: "Writer's skeleton" });
const renderedArticle = () => page.locator("article.article-view");

describe("the console: an article drafted without a model", () => {
  it("drafts an article offline: every section an approved skeleton", async () => {
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
      .toBe("draft_done");
    const article = await api.api<Article>("GET", `/api/v1/content/articles/${articleId}/`);
    expect(article.draft_kind).toBe("skeleton");
    expect(article.sections.every((s) => s.status === "approved")).toBe(true);
  }, 150_000);

  it("says above the sections that they are writers' skeletons, and renders their blocks", async () => {
    await page.goto(`${consoleApi().baseUrl}/console/#/articles/${articleId}`);
    await notice().waitFor();
    expect(await notice().textContent()).toMatch(/no language model is configured, so canopy lists what each section must cover/);
    // The notice comes before the first section's heading, inside the article.
    const article = await consoleApi().api<Article>("GET", `/api/v1/content/articles/${articleId}/`);
    const first = article.sections[0]!;
    // The body's renderer loads on its own: its first heading says it has.
    await renderedArticle().getByRole("heading", { name: first.heading, exact: true }).waitFor();
    const order = await renderedArticle().evaluate(
      (root, [heading, following]) => {
        const note = root.querySelector('[role="note"]');
        const h = [...root.querySelectorAll("h2, h3")].find((el) => el.textContent === heading);
        return note && h ? note.compareDocumentPosition(h) & following : 0;
      },
      [first.heading, FOLLOWING] as const,
    );
    expect(order).toBeGreaterThan(0);
    // A skeleton block: its labels in bold, what to cover as a list, no Markdown markup left as text.
    const section = renderedArticle().locator(".article-section").first();
    expect(await section.locator("strong").first().textContent()).toBe("Goal:");
    await expect.poll(() => section.locator("strong", { hasText: "Length:" }).count()).toBe(1);
    const items = await section.locator("li").allTextContents();
    for (const subheading of first.subheadings) expect(items).toContain(subheading);
    expect(await renderedArticle().textContent()).not.toContain("**");
    // The API's note is not said twice: the notice takes its place.
    expect(await page.locator("p.article-note").count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("keeps scoring the content", async () => {
    const scorePanel = page.getByRole("region", { name: "Content score" });
    await scorePanel.waitFor();
    const saved = await consoleApi().api<Article>("GET", `/api/v1/content/articles/${articleId}/`);
    expect(Number(await scorePanel.locator(".score-number").textContent())).toBe(saved.content_score?.score);
  });

  it("shows the notice on the version too", async () => {
    await page.getByRole("button", { name: "View version 1" }).click();
    const version = page.getByRole("article", { name: "Version 1" });
    await version.getByRole("note", { name: "Writer's skeleton" }).waitFor();
    expect(await version.locator("li").count()).toBeGreaterThan(0);
  });

  it("meets no script error or policy violation", () => {
    expect(consoleApi().problems).toEqual([]);
  });
});
