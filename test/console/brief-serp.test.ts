// One step from a new query to its brief, in Chromium against a real server: a brief on a query the
// brand's map does not hold has no search results to be written from; the console says so in the
// confirmation and offers to fetch them, then generates the brief from them, charged once.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Schemas } from "../helpers/harness";
import { accessibilityViolations } from "./accessibility";
import { createBrand, signedInConsole, type SignedInConsole } from "./signed-in";

let opened: SignedInConsole | undefined;
let page: Page;

beforeAll(async () => {
  opened = await signedInConsole({ credits: 20 });
  page = opened.page;
  await createBrand(page, { name: "Bean There", description: "Specialty coffee roaster and shop for home espresso gear." });
}, 180_000);

afterAll(async () => {
  await opened?.close();
});

describe("the console: a brief on a query with no search results yet", () => {
  it("offers to fetch the query's results, then writes the brief from them", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Briefs" }).click();
    await page.getByRole("button", { name: "New brief" }).click();
    const dialog = page.getByRole("dialog", { name: "Generate a brief" });
    await dialog.getByLabel("Query").fill("how to descale an espresso machine");
    await dialog.getByRole("button", { name: "Generate brief…" }).click();
    const confirm = dialog.getByRole("group", { name: "Confirm generation" });
    await confirm.getByRole("button", { name: "Generate for 5 credits" }).click();

    const offer = confirm.getByRole("group", { name: "No search results yet" });
    expect(await offer.textContent()).toContain("canopy has no search results for how to descale an espresso machine yet");
    expect(await accessibilityViolations(page)).toEqual([]);
    // Refused before anything was charged.
    await page.getByText("20 credits").waitFor();

    await offer.getByRole("button", { name: "Fetch the search results, then generate" }).click();
    await page.getByRole("status", { name: "Brief status" }).waitFor();
    await page.getByText("15 credits").waitFor();
    const briefs = await opened!.api<Schemas["BriefList"]>("GET", "/api/v1/briefs/");
    expect(briefs.map((b) => b.query_text)).toEqual(["how to descale an espresso machine"]);
    const brief = await opened!.api<Schemas["Brief"]>("GET", `/api/v1/briefs/${briefs[0]!.id}/`);
    expect(brief.input_params).toMatchObject({ serp_source: "stored", serp_data_source: "offline" });
  });
});
