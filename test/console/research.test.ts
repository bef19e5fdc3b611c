// The research screen in Chromium against a real server: generate a brand's tree with its cost
// confirmed and its progress followed, read it with its level labels and counts, collapse it,
// and edit it node by node (rename, add, keywords, delete), each an atomic operation whose result
// the screen shows from the server.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Schemas } from "../helpers/harness";
import { accessibilityViolations } from "./accessibility";
import { screenshot } from "./screenshots";
import { createBrand, signedInConsole, type SignedInConsole } from "./signed-in";

let opened: SignedInConsole | undefined;
let page: Page;

beforeAll(async () => {
  opened = await signedInConsole({ credits: 100 });
  page = opened.page;
  await createBrand(page, { name: "Bean There", description: "Specialty coffee roaster and shop for home espresso gear." });
}, 180_000);

afterAll(async () => {
  await opened?.close();
});

const tree = () => page.getByRole("list", { name: "Research tree" });
const pillarNames = () => tree().locator(":scope > li > .node-row .node-name").allTextContents();

describe("the console: research", () => {
  it("starts with no research, and asks to confirm the generation's cost", async () => {
    await page.getByRole("link", { name: "Research", exact: true }).click();
    await page.getByText("No research yet").waitFor();
    await page.getByLabel("Core topic").fill("home espresso");
    await page.getByRole("button", { name: "Generate research" }).click();
    const confirm = page.getByRole("group", { name: "Confirm generation" });
    expect(await confirm.textContent()).toMatch(/Generating a tree for home espresso costs 5 credits\./);
    expect(await accessibilityViolations(page)).toEqual([]);
    await confirm.getByRole("button", { name: "Generate for 5 credits" }).click();
  });

  it("follows the generation to its end, then shows the tree with its labels and counts", async () => {
    await tree().waitFor({ timeout: 120_000 });
    const pillars = await pillarNames();
    // The organiser makes as many Pillars as the discovered demand holds; the edits below need two.
    expect(pillars.length).toBeGreaterThanOrEqual(2);
    expect(await tree().locator(".level-label").first().textContent()).toBe("Pillar");
    // Built offline, from the simulator's keywords: the screen says so.
    expect(await page.getByRole("complementary", { name: "Simulated data" }).textContent()).toContain(
      "The keywords this tree was built from, and their demand, come from canopy's offline simulator",
    );
    expect(await tree().getByText("Hub", { exact: true }).count()).toBeGreaterThan(0);
    const counts = page.getByRole("definition").first();
    expect(Number(await counts.textContent())).toBe(pillars.length);
    // Keywords are counted once each, as the clustering screen counts what it will take.
    const brands = await opened!.api<Schemas["BrandList"]>("GET", "/api/v1/brands/");
    const brandId = brands.find((brand) => brand.brand_name === "Bean There")?.id ?? "";
    const detail = await opened!.api<Schemas["ResearchTree"]>("GET", `/api/v1/research/${brandId}/`);
    // Every node's keywords, at any depth of the answer (subtopic_2, subtopic_3, subtopic_4), each once.
    const unique = new Set<string>();
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) for (const item of value) visit(item);
      else if (value && typeof value === "object") {
        for (const [field, inner] of Object.entries(value)) {
          if (field === "keywords" && Array.isArray(inner)) for (const keyword of inner) unique.add(String(keyword).trim().toLowerCase());
          else visit(inner);
        }
      }
    };
    visit(detail.research_data);
    expect(unique.size).toBeGreaterThan(0);
    const keywordsFigure = page
      .locator('dl[aria-label="Research counts"] > div')
      .filter({ has: page.getByText("Keywords", { exact: true }) });
    expect(Number(await keywordsFigure.locator("dd").textContent())).toBe(unique.size);
    await page.getByText("95 credits").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "research");
  });

  it("keeps the tree's core topic across a reload, and names it before a regeneration replaces the tree", async () => {
    await page.reload();
    await tree().waitFor();
    expect(await page.getByLabel("Core topic").inputValue()).toBe("home espresso");
    await page.getByLabel("Core topic").fill("espresso machines");
    await page.getByRole("button", { name: "Generate again" }).click();
    const confirm = page.getByRole("group", { name: "Confirm generation" });
    expect(await confirm.textContent()).toMatch(
      /Generating a tree for espresso machines costs 5 credits and replaces the current tree, made for home espresso\./,
    );
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await page.getByLabel("Core topic").fill("");
    // An emptied field generates for the brand's name, and says so.
    await page.getByRole("button", { name: "Generate again" }).click();
    expect(await page.getByRole("group", { name: "Confirm generation" }).textContent()).toMatch(
      /Generating a tree for Bean There costs 5 credits/,
    );
    await page.getByRole("group", { name: "Confirm generation" }).getByRole("button", { name: "Cancel" }).click();
  });

  it("collapses and expands a pillar", async () => {
    const [first] = await pillarNames();
    const pillar = first ?? "";
    const children = tree().locator(":scope > li").first().locator(":scope > ul");
    expect(await children.count()).toBe(1);
    await page.getByRole("button", { name: `Collapse ${pillar}`, exact: true }).click();
    expect(await children.count()).toBe(0);
    await page.getByRole("button", { name: `Expand ${pillar}`, exact: true }).click();
    expect(await children.count()).toBe(1);
  });

  it("renames a pillar, adds a hub under it, and gives the hub keywords as chips", async () => {
    const [first] = await pillarNames();
    const pillar = first ?? "";
    await page.getByRole("button", { name: `Rename ${pillar}`, exact: true }).click();
    const rename = page.getByRole("form", { name: `Rename ${pillar}`, exact: true });
    await rename.getByLabel(`New name for ${pillar}`).fill("Espresso Machines");
    await rename.getByRole("button", { name: "Rename" }).click();
    // Names are stored lowercase.
    await expect.poll(pillarNames).toContain("espresso machines");

    await page.getByRole("button", { name: "Add Hub under espresso machines", exact: true }).click();
    const add = page.getByRole("form", { name: "Add Hub under espresso machines", exact: true });
    await add.getByLabel("Name of the new Hub").fill("Dual boiler machines");
    await add.getByRole("button", { name: "Add" }).click();
    await page.getByText("dual boiler machines", { exact: true }).waitFor();

    await page.getByLabel("Add a keyword to dual boiler machines").fill("best dual boiler espresso machine");
    await page.getByLabel("Add a keyword to dual boiler machines").press("Enter");
    const chips = page.getByRole("list", { name: "Keywords of dual boiler machines" });
    await chips.getByText("best dual boiler espresso machine").waitFor();
    await page.getByRole("button", { name: "Remove keyword best dual boiler espresso machine from dual boiler machines" }).click();
    await expect.poll(() => chips.getByRole("listitem").count()).toBe(0);
  });

  it("moves a hub under another pillar, and merges a sibling into it", async () => {
    const [, second] = await pillarNames();
    const other = second ?? "";
    await page.getByRole("button", { name: "Move dual boiler machines", exact: true }).click();
    const move = page.getByRole("form", { name: "Move dual boiler machines", exact: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await move.getByLabel("Move dual boiler machines under").selectOption({ label: `Pillar: ${other}` });
    await move.getByRole("button", { name: "Move" }).click();
    const otherPillar = tree()
      .locator(":scope > li")
      .filter({ has: page.getByRole("button", { name: `Rename ${other}`, exact: true }) });
    await expect.poll(() => otherPillar.getByText("dual boiler machines", { exact: true }).count()).toBe(1);

    await page.getByRole("button", { name: `Add Hub under ${other}`, exact: true }).click();
    const add = page.getByRole("form", { name: `Add Hub under ${other}`, exact: true });
    await add.getByLabel("Name of the new Hub").fill("dual boilers");
    await add.getByRole("button", { name: "Add" }).click();
    await page.getByLabel("Add a keyword to dual boilers").fill("dual boiler vs heat exchanger");
    await page.getByLabel("Add a keyword to dual boilers").press("Enter");
    await page.getByRole("list", { name: "Keywords of dual boilers" }).getByText("dual boiler vs heat exchanger").waitFor();

    await page.getByRole("button", { name: "Merge dual boilers", exact: true }).click();
    const merge = page.getByRole("form", { name: "Merge dual boilers", exact: true });
    await merge.getByLabel("Merge dual boilers into").selectOption("dual boiler machines");
    await merge.getByRole("button", { name: "Merge" }).click();
    await expect.poll(() => page.getByText("dual boilers", { exact: true }).count()).toBe(0);
    // The merged node's keywords joined the one kept.
    await page.getByRole("list", { name: "Keywords of dual boiler machines" }).getByText("dual boiler vs heat exchanger").waitFor();
  });

  it("finds near-duplicate siblings to review, and merges one into the other", async () => {
    for (const name of ["espresso grinders", "espresso grinder"]) {
      await page.getByRole("button", { name: "Add Hub under espresso machines", exact: true }).click();
      const add = page.getByRole("form", { name: "Add Hub under espresso machines", exact: true });
      await add.getByLabel("Name of the new Hub").fill(name);
      await add.getByRole("button", { name: "Add" }).click();
      await page.getByText(name, { exact: true }).waitFor();
    }
    await page.getByRole("button", { name: "Find near-duplicates" }).click();
    const groups = page.getByRole("list", { name: "Near-duplicate groups" });
    const mergeButton = groups.getByRole("button", { name: /^Merge espresso grinders? into espresso grinders?$/ });
    await mergeButton.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await mergeButton.click();
    await expect.poll(async () => await page.getByText(/^espresso grinders?$/).count()).toBe(1);
  });

  it("shows the API's refusal beside the node, and deletes a node after confirming", async () => {
    const [, second] = await pillarNames();
    const other = second ?? "";
    await page.getByRole("button", { name: `Rename ${other}`, exact: true }).click();
    const rename = page.getByRole("form", { name: `Rename ${other}`, exact: true });
    await rename.getByLabel(`New name for ${other}`).fill("espresso machines");
    await rename.getByRole("button", { name: "Rename" }).click();
    // Sibling names are unique: the API's refusal shows beside the node, which keeps its name.
    const refusal = page.getByRole("alert").first();
    await refusal.waitFor();
    expect((await refusal.textContent())?.length ?? 0).toBeGreaterThan(10);
    await rename.getByRole("button", { name: "Cancel" }).click();
    expect(await pillarNames()).toContain(other);

    await page.getByRole("button", { name: "Delete dual boiler machines", exact: true }).click();
    await page.getByRole("group", { name: "Confirm deleting dual boiler machines" }).getByRole("button", { name: "Delete Hub" }).click();
    await expect.poll(() => page.getByText("dual boiler machines", { exact: true }).count()).toBe(0);
  });

  it("finds the tree again after a reload, and broke no policy", async () => {
    await page.reload();
    await tree().waitFor();
    expect(await pillarNames()).toContain("espresso machines");
    const provoked = /Failed to load resource: the server responded with a status of (404|409)/;
    expect((opened?.problems ?? []).filter((p) => !provoked.test(p))).toEqual([]);
  });
});
