// The briefs screens in Chromium against a real server: an interactive brief generated from a
// query with its cost confirmed, followed to its outline review, reordered and edited there,
// resumed and followed to COMPLETE; its SERP analysis, competitors and keywords; its curated
// outline edited; hostile text in a query shown as text; and a reload finding the brief again.
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessibilityViolations } from "./accessibility";
import { screenshot } from "./screenshots";
import { createBrand, signedInConsole, type SignedInConsole } from "./signed-in";

let opened: SignedInConsole | undefined;
let page: Page;

const HOSTILE = "<img src=x onerror=alert(1)>";
const PAGES = [
  "https://baristaguide.example/dial-in-espresso How to Dial In Espresso: A Step-by-Step Guide",
  "https://homebarista.example/grind-size Espresso Grind Size: What You Need to Know",
  "https://coffeelab.example/brew-ratio Espresso Brew Ratio Explained for Beginners",
  "https://roastery.example/shot-time Why Shot Time Matters When Dialling In",
].join("\n");

beforeAll(async () => {
  opened = await signedInConsole({ credits: 100 });
  page = opened.page;
  await createBrand(page, { name: "Bean There", description: "Specialty coffee roaster and shop for home espresso gear." });
}, 180_000);

afterAll(async () => {
  await opened?.close();
});

const statusPanel = () => page.getByRole("status", { name: "Brief status" });
const waitForStatus = async (label: string) =>
  expect.poll(async () => statusPanel().textContent(), { timeout: 60_000 }).toContain(`Status: ${label}`);
const headingInputs = (form: Locator) => form.getByRole("textbox", { name: /^Heading of section \d+$/ });
const outlineHeadings = () =>
  page.getByRole("list", { name: "Final outline" }).locator(":scope > li > .outline-item-heading").allTextContents();

/** Opens the generate dialog from the briefs screen and fills the query and ranking pages. */
async function startBrief(query: string, options: { interactive: boolean }): Promise<Locator> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Briefs" }).click();
  await page.getByRole("button", { name: "New brief" }).click();
  const dialog = page.getByRole("dialog", { name: "Generate a brief" });
  await dialog.getByLabel("Query").fill(query);
  await dialog.getByLabel(/^Ranking pages/).fill(PAGES);
  await dialog.getByLabel(/^Keywords to work in/).fill("espresso grind size, espresso brew ratio");
  await dialog.getByRole("checkbox", { name: /outline review/ }).setChecked(options.interactive);
  await dialog.getByRole("button", { name: "Generate brief…" }).click();
  return dialog;
}

let generated: string[] = [];

describe("the console: briefs", () => {
  it("starts with no briefs, and confirms a generation's cost before charging it", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Briefs" }).click();
    await page.getByText("No briefs yet").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    const dialog = await startBrief("how to dial in espresso", { interactive: true });
    const confirm = dialog.getByRole("group", { name: "Confirm generation" });
    expect(await confirm.textContent()).toMatch(/costs 5 credits/);
    expect(await dialog.getByLabel("Model").locator("option:checked").textContent()).toMatch(/^Default/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await confirm.getByRole("button", { name: "Generate for 5 credits" }).click();
  });

  it("follows the brief to its outline review, and a reload finds it there", async () => {
    await page.getByRole("heading", { level: 1 }).waitFor();
    await waitForStatus("Awaiting outline review");
    expect(page.url()).toMatch(/#\/briefs\/[0-9a-f-]{36}$/);
    await page.getByText("95 credits").waitFor();
    await page.reload();
    await waitForStatus("Awaiting outline review");
    const review = page.getByRole("form", { name: "Outline review" });
    await review.waitFor();
    generated = await Promise.all((await headingInputs(review).all()).map((input) => input.inputValue()));
    expect(generated.length).toBeGreaterThan(2);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("reorders a section with the keyboard and edits a heading, then resumes", async () => {
    const review = page.getByRole("form", { name: "Outline review" });
    const [first = "", second = "", third = ""] = generated;
    // The second section moved up, by keyboard: the focus follows it to the top.
    await review.getByRole("button", { name: `Move ${second} up`, exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => headingInputs(review).nth(0).inputValue()).toBe(second);
    expect(await headingInputs(review).nth(1).inputValue()).toBe(first);
    await expect.poll(() => page.evaluate("document.activeElement.getAttribute('aria-label')")).toBe(`Move ${second} down`);
    await review.getByRole("textbox", { name: "Heading of section 2", exact: true }).fill("Dialling in, step by step");
    await review.getByRole("button", { name: "Resume with this outline" }).click();

    await waitForStatus("Complete");
    await expect.poll(outlineHeadings).toEqual([second, "Dialling in, step by step", third, ...generated.slice(3)]);
  });

  it("shows the SERP analysis, the questions, the shared terms, the competitors and the keyword recommendations", async () => {
    const serp = page.getByRole("region", { name: "SERP analysis" });
    expect(await serp.textContent()).toMatch(/\d+ results? for "how to dial in espresso"; \d+ ranking pages? read/);
    const competitors = page.getByRole("table", { name: "Competitors" });
    expect(await competitors.getByRole("row").count()).toBe(5);
    expect(await competitors.textContent()).toContain("https://homebarista.example/grind-size");
    // Pages the request selected are not made up by the offline simulator: the brief says they were not read.
    expect(await competitors.textContent()).toContain("none read");
    expect(await page.getByRole("complementary", { name: "Pages not read" }).textContent()).toMatch(/offline simulator only knows/);
    await page.getByRole("region", { name: "People also ask" }).waitFor();
    await page.getByRole("region", { name: "Terms the ranking pages share" }).waitFor();
    // Written from the SERP the request selected, not the offline simulator's: nothing is marked.
    expect(await page.getByRole("heading", { name: "Competitors", exact: true, level: 2 }).count()).toBe(1);
    expect(await page.getByRole("complementary", { name: "Simulated data" }).count()).toBe(0);
    const keywords = page.getByRole("table", { name: "Keyword recommendations" });
    expect(await keywords.getByRole("row").filter({ hasText: "how to dial in espresso" }).textContent()).toContain("primary");
    expect(await keywords.textContent()).toContain("espresso grind size");
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "brief");
  });

  it("edits the curated outline of the finished brief, and a reload finds the edit", async () => {
    const before = await outlineHeadings();
    const last = before.at(-1) ?? "";
    await page.getByRole("button", { name: "Edit outline" }).click();
    const editor = page.getByRole("form", { name: "Curated outline editor" });
    await editor.getByRole("button", { name: `Move ${last} up`, exact: true }).click();
    await editor.getByRole("textbox", { name: `Heading of section ${before.length - 1}`, exact: true }).fill("Common mistakes");
    expect(await accessibilityViolations(page)).toEqual([]);
    await editor.getByRole("button", { name: "Save outline" }).click();
    await page.getByText("Your edited outline").waitFor();
    const expected = [...before.slice(0, -2), "Common mistakes", before.at(-2) ?? ""];
    await expect.poll(outlineHeadings).toEqual(expected);
    await page.reload();
    await waitForStatus("Complete");
    await expect.poll(outlineHeadings).toEqual(expected);
  });

  it("opens the article flow from the finished brief", async () => {
    await page.getByRole("button", { name: "Write an article" }).click();
    const dialog = page.getByRole("dialog", { name: "Write an article" });
    await dialog.getByRole("checkbox", { name: /^Web research/ }).check();
    await dialog.getByRole("button", { name: "Draft article…" }).click();
    expect(await dialog.getByRole("group", { name: "Confirm drafting" }).textContent()).toMatch(/costs 12 credits/);
    await dialog.getByRole("button", { name: "Back" }).click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await dialog.isVisible()).toBe(false);
  });

  it("saves a brief with a hostile query as a free draft, shows the query as text, and generates it after confirming", async () => {
    const dialog = await startBrief(`espresso ${HOSTILE} tamping`, { interactive: false });
    await dialog.getByRole("button", { name: "Back" }).click();
    await dialog.getByRole("button", { name: "Save as draft" }).click();
    await waitForStatus("Draft");
    // The status is read apart from the brief's details, which may land a moment later.
    await expect.poll(() => page.getByRole("definition").filter({ hasText: HOSTILE }).count()).toBe(1);
    expect(await page.locator("main img").count()).toBe(0);
    await page.getByText("95 credits").waitFor();
    await page.getByRole("button", { name: "Generate brief" }).click();
    const confirm = page.getByRole("group", { name: "Confirm generation" });
    expect(await confirm.textContent()).toMatch(/costs 5 credits/);
    await confirm.getByRole("button", { name: "Generate for 5 credits" }).click();
    await waitForStatus("Complete");
    await page.getByText("90 credits").waitFor();
    expect(await page.locator("main img").count()).toBe(0);

    await page.getByRole("link", { name: "Briefs" }).first().click();
    const table = page.getByRole("table", { name: "Briefs" });
    await expect.poll(() => table.getByRole("row").count()).toBe(3);
    expect(await table.textContent()).toContain(HOSTILE);
    expect(await page.locator("main img").count()).toBe(0);
  });

  it("filters the list by status and searches it", async () => {
    const table = page.getByRole("table", { name: "Briefs" });
    await page.getByLabel("Search briefs").fill("tamping");
    await expect.poll(() => table.getByRole("row").count()).toBe(2);
    await page.getByLabel("Search briefs").fill("");
    // Each status is offered once.
    const offered = await page.getByLabel("Status").locator("option").allTextContents();
    expect(offered.length).toBe(new Set(offered).size);
    await page.getByLabel("Status").selectOption({ label: "Failed" });
    await page.getByText("No brief matches.").waitFor();
    await page.getByLabel("Status").selectOption({ label: "Complete" });
    await expect.poll(() => table.getByRole("row").count()).toBe(3);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("broke no policy", () => {
    expect(opened?.problems ?? []).toEqual([]);
  });
});
