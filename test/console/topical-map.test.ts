// The topical map screen in Chromium against a real server: "No map yet", then the map a brand
// clustering wrote, with its SERP-derived fields; an upload with a bad row refused with the
// problem shown against its row number and the map unchanged; a good upload replacing it; the
// API's CSV export saved; and a 10,000-keyword map kept smooth by the virtual table.
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessibilityViolations } from "./accessibility";
import { screenshot } from "./screenshots";
import { createBrand, signedInConsole, type SignedInConsole } from "./signed-in";

let opened: SignedInConsole | undefined;
let page: Page;
let brandId = "";

beforeAll(async () => {
  opened = await signedInConsole({ credits: 100 });
  page = opened.page;
  await createBrand(page, { name: "Bean There", description: "Specialty coffee roaster and shop for home espresso gear." });
  brandId = /#\/brands\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? "";
}, 180_000);

afterAll(async () => {
  await opened?.close();
});

const signedInKey = () => page.evaluate<string | null>('sessionStorage.getItem("canopy.apiKey")');
const table = () => page.getByRole("table", { name: "Topical map keywords" });
const cellTexts = (column: number) => table().locator(`tbody tr[aria-rowindex] > :nth-child(${column})`).allTextContents();
const stat = (name: string) =>
  page.getByRole("definition").filter({ has: page.locator(`xpath=preceding-sibling::dt[normalize-space()="${name}"]`) });
const csvFile = (name: string, lines: string[]) => ({ name, mimeType: "text/csv", buffer: Buffer.from(`${lines.join("\r\n")}\r\n`) });

async function upload(file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel("Map CSV file").setInputFiles(file);
  await page.getByRole("button", { name: /^Upload (and replace )?the map$/ }).click();
}

/** A brand clustering through the API, with the console's key: the clustering screen has its own test. */
async function clusterTheBrand() {
  const headers = { "X-API-Key": (await signedInKey()) ?? "", "Content-Type": "application/json" };
  const api = `${opened?.baseUrl ?? ""}/api/v1`;
  expect(
    (
      await fetch(`${api}/research/${brandId}/generate/`, {
        method: "POST",
        headers,
        body: JSON.stringify({ core_topic: "home espresso" }),
      })
    ).status,
  ).toBe(202);
  const researching = async () =>
    ((await (await fetch(`${api}/research/${brandId}/task-status/`, { headers })).json()) as { has_running_task: boolean })
      .has_running_task;
  await expect.poll(researching, { timeout: 60_000 }).toBe(false);
  expect((await fetch(`${api}/authority/${brandId}/clustering/start/`, { method: "POST", headers, body: "{}" })).status).toBe(202);
  const clustering = async () =>
    ((await (await fetch(`${api}/authority/${brandId}/clustering/status/`, { headers })).json()) as { status: string }).status;
  await expect.poll(clustering, { timeout: 60_000 }).toBe("completed");
}

const GOOD = [
  "keyword,cluster,search_volume,cpc,competition,main_topic,subtopic_2",
  "espresso machine,machines,74000,1.35,0.82,espresso machines,",
  "best espresso machine,machines,33100,1.10,0.75,espresso machines,buying guides",
  "burr grinder,grinders,12100,0.90,0.40,coffee grinders,burr grinders",
  "conical burr grinder,grinders,5400,0.80,0.35,coffee grinders,burr grinders",
  "espresso tamper,tools,2900,0.50,0.20,espresso tools,",
  "=cmd|' /C calc'!A0 tamper,tools,10,0.10,0.05,espresso tools,",
  "Espresso Machine,machines,1,0,0,,",
];

describe("the console: topical map", () => {
  it("says there is no map yet", async () => {
    await page.getByRole("navigation", { name: "Brand" }).getByRole("link", { name: "Topical map" }).click();
    await page.getByRole("heading", { name: "Topical map" }).waitFor();
    await page.getByText("No map yet").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("shows the map a brand clustering wrote, with its SERP-derived fields", async () => {
    await clusterTheBrand();
    await page.reload();
    await table().waitFor();
    expect(await stat("Made by").textContent()).toBe("Brand clustering");
    const keywords = await cellTexts(2);
    expect(keywords.length).toBeGreaterThan(3);
    // Intent, content type and title are derived from each keyword's SERP.
    expect((await cellTexts(6)).some((intent) => intent.length > 0)).toBe(true);
    expect((await cellTexts(9)).some((title) => title.length > 0)).toBe(true);
    await table().getByRole("columnheader", { name: "Search volume" }).getByRole("button").click();
    const volumes = (await cellTexts(3)).map((text) => Number(text.replace(/,/g, "")));
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "topical-map");
    // Research and clustering run on the server first: room for a busy machine.
  }, 150_000);

  it("refuses an upload with a bad row, showing the problem against its row, and keeps the map", async () => {
    const before = await stat("Keywords").textContent();
    const bad = [
      "keyword,cluster,search_volume,competition",
      "milk pitcher,milk,900,0.2",
      "latte art pitcher,milk,500,7",
      "knock box,,300,0.1",
    ];
    await upload(csvFile("bad-map.csv", bad));
    const refusal = page.getByRole("alert").filter({ hasText: "bad-map.csv was not uploaded" });
    await refusal.waitFor();
    const problem = refusal.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "3", exact: true }) });
    expect(await problem.getByRole("cell").allTextContents()).toEqual([
      "competition",
      "expected a number from 0 to 1.",
      "latte art pitcher, milk, 500, 7",
    ]);
    expect(await refusal.getByRole("row").count()).toBe(2);
    expect(await accessibilityViolations(page)).toEqual([]);
    // The map is as it was.
    await page.reload();
    await table().waitFor();
    expect(await stat("Keywords").textContent()).toBe(before);
    expect(await stat("Made by").textContent()).toBe("Brand clustering");
    expect(await page.getByText("latte art pitcher").count()).toBe(0);
  });

  it("replaces the map with a good upload, and shows its rows", async () => {
    await upload(csvFile("espresso-map.csv", GOOD));
    await page
      .getByRole("status")
      .filter({ hasText: "Uploaded espresso-map.csv: 6 keywords in 3 clusters, from 7 rows (1 repeated keyword ignored)." })
      .waitFor();
    await expect.poll(() => stat("Made by").textContent()).toBe("Upload");
    expect(await stat("Keywords").textContent()).toBe("6");
    expect(await cellTexts(2)).toEqual([
      "espresso machine",
      "best espresso machine",
      "burr grinder",
      "conical burr grinder",
      "espresso tamper",
      "=cmd|' /c calc'!a0 tamper",
    ]);
    expect(await cellTexts(14)).toContain("espresso machines › buying guides");
    await page.getByLabel("Filter keywords").fill("burr");
    await page.getByRole("status").filter({ hasText: "2 of 6 keywords match" }).waitFor();
    expect(await cellTexts(2)).toEqual(["burr grinder", "conical burr grinder"]);
    await page.getByLabel("Filter keywords").fill("");
  });

  it("exports the map as the API's CSV", async () => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toBe("bean-there-topical-map.csv");
    const lines = (await readFile(await download.path(), "utf8"))
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]?.startsWith("cluster,centroid,keyword,main_topic,")).toBe(true);
    expect(lines).toHaveLength(7);
    expect(lines[1]?.startsWith("c1,espresso machine,espresso machine,espresso machines,")).toBe(true);
    // The formula is guarded by the server.
    expect(lines.some((line) => line.includes(`"'=cmd|' /c calc'!a0 tamper"`) || line.includes(`'=cmd|' /c calc'!a0 tamper`))).toBe(true);
  });

  it("stays smooth with 10,000 keywords: only the rows in view are in the page", async () => {
    const big = ["keyword,cluster,search_volume"];
    for (let i = 1; i <= 10_000; i += 1) big.push(`espresso keyword ${i},group ${i % 500},${i}`);
    await upload(csvFile("big-map.csv", big));
    await page.getByRole("status").filter({ hasText: "Uploaded big-map.csv: 10,000 keywords" }).waitFor({ timeout: 60_000 });
    await page
      .getByRole("status")
      .filter({ hasText: /^10,000 keywords$/ })
      .waitFor();
    expect(await table().getAttribute("aria-rowcount")).toBe("10001");
    expect(await table().locator("tbody tr[aria-rowindex]").count()).toBeLessThan(80);
    // The keyboard scrolls the table's region to its end: the last rows take the place of the first.
    await page.getByRole("region", { name: "Topical map keywords" }).focus();
    await page.keyboard.press("End");
    await table().locator('tbody tr[aria-rowindex="10001"]').waitFor();
    expect(await table().locator("tbody tr[aria-rowindex]").count()).toBeLessThan(80);
    await page.getByLabel("Filter keywords").fill("keyword 1234");
    await page.getByRole("status").filter({ hasText: "1 of 10,000 keywords match" }).waitFor();
    expect(await cellTexts(2)).toEqual(["espresso keyword 1234"]);
    const provoked = /Failed to load resource: the server responded with a status of (400|404)/;
    expect((opened?.problems ?? []).filter((problem) => !provoked.test(problem))).toEqual([]);
  }, 120_000);
});
