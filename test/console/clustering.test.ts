// The clustering screens in Chromium against a real server (offline SERP data): a standalone
// report started from pasted keywords with its cost confirmed, its progress followed, its
// keywords in the virtual table (sorted, filtered, hostile text shown as text), reclustered at
// another overlap from the slider, exported as CSV with formulas neutralised, found again after
// a reload; then a brand's clustering started from its research tree.
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Schemas } from "../../clients/typescript/src/index";
import { accessibilityViolations } from "./accessibility";
import { screenshot } from "./screenshots";
import { createBrand, signedInConsole, type SignedInConsole } from "./signed-in";

let opened: SignedInConsole | undefined;
let page: Page;

beforeAll(async () => {
  opened = await signedInConsole({ credits: 200 });
  page = opened.page;
}, 180_000);

afterAll(async () => {
  await opened?.close();
});

const HOSTILE = "<img src=x onerror=alert(1)>";
const FORMULA = "=sum(1+1) espresso";
const KEYWORDS = [
  "espresso machine",
  "best espresso machine",
  "home espresso machine",
  "espresso machine for beginners",
  "dual boiler espresso machine",
  "single boiler espresso machine",
  "heat exchanger espresso machine",
  "espresso grinder",
  "best espresso grinder",
  "burr grinder for espresso",
  "flat burr espresso grinder",
  "conical burr grinder",
  "single dose grinder",
  "espresso tamper",
  "calibrated espresso tamper",
  "espresso distribution tool",
  "wdt tool espresso",
  "milk frothing pitcher",
  "latte art milk pitcher",
  "steam wand technique",
  "espresso knock box",
  "bottomless portafilter",
  "espresso scale with timer",
  "espresso puck screen",
  "descaling espresso machine",
  "backflush espresso machine",
  "espresso machine water filter",
  "how to dial in espresso",
  HOSTILE,
  FORMULA,
];

const STATUS = /\/api\/v1\/clustering\/[0-9a-f-]{36}\/status\/$/;
const signedInKey = () => page.evaluate<string | null>('sessionStorage.getItem("canopy.apiKey")');
const table = () => page.getByRole("table", { name: "Clustered keywords" });
// The rendered rows only (the virtual table keeps the rest out of the DOM); spacer rows carry no index.
const cellTexts = (column: number) => table().locator(`tbody tr[aria-rowindex] > :nth-child(${column})`).allTextContents();
const stat = (name: string) =>
  page.getByRole("definition").filter({ has: page.locator(`xpath=preceding-sibling::dt[normalize-space()="${name}"]`) });
const number = (text: string) => Number(text.replace(/[^0-9.]/g, ""));

describe("the console: clustering", () => {
  it("starts a report from pasted keywords after confirming its cost", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clustering" }).click();
    await page.getByRole("heading", { name: "Clustering", level: 1 }).waitFor();
    await page.getByText("No clustering reports yet").waitFor();
    await page.getByLabel("Report name").fill("Home espresso gear");
    // A spreadsheet's CSV: its first column is read, past a header and quoted commas.
    const csv = 'Keyword,Volume\r\nespresso machine,100\r\n"tamper, 58mm",20\r\n"the ""best"" grinder",5\r\n';
    await page
      .getByLabel(/^Or read keywords from a file/)
      .setInputFiles({ name: "keywords.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("status").filter({ hasText: "Read 3 keywords from keywords.csv." }).waitFor();
    expect(await page.getByLabel("Keywords, one per line").inputValue()).toBe('espresso machine\ntamper, 58mm\nthe "best" grinder');
    await page.getByText("3 unique keywords: 1 credit.").waitFor();
    // A repeat in other case and blank lines are dropped, as the API drops them.
    await page.getByLabel("Keywords, one per line").fill([...KEYWORDS, "", "Espresso Machine"].join("\n"));
    await page.getByText("30 unique keywords: 3 credits.").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Cluster keywords" }).click();
    const confirm = page.getByRole("group", { name: "Confirm clustering" });
    expect(await confirm.textContent()).toMatch(/Clustering 30 keywords costs 3 credits/);
    // Offline, 30 keywords cluster in a blink: the status stays "running" (as a slow SERP fetch
    // would keep it) until the test lets the real answer through.
    await page.route(STATUS, async (route) => {
      const real = await route.fetch();
      await route.fulfill({
        response: real,
        json: {
          ...((await real.json()) as object),
          status: "in_progress",
          state: "STARTED",
          progress: 40,
          message: "Fetching search results: batch 1 of 1",
        },
      });
    });
    await confirm.getByRole("button", { name: "Cluster for 3 credits" }).click();
  });

  it("follows the progress, finds it again after a reload, then shows the clusters in the table", async () => {
    const progress = page.getByRole("progressbar", { name: "Fetching search results: batch 1 of 1" });
    await progress.waitFor();
    expect(page.url()).toMatch(/#\/clustering\/[0-9a-f-]{36}$/);
    expect(await progress.getAttribute("value")).toBe("40");
    await page.getByText("40% done").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.reload();
    await progress.waitFor();
    await page.unroute(STATUS);
    await table().waitFor();
    expect(await progress.count()).toBe(0);
    await page.getByRole("heading", { name: "Home espresso gear" }).waitFor();
    expect(number((await stat("Keywords").textContent()) ?? "")).toBe(30);
    expect(await stat("Clustered at overlap").textContent()).toBe("40%");
    expect(await page.getByRole("status").filter({ hasText: "30 keywords" }).count()).toBe(1);
    await page.getByText("197 credits").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "clustering");
  });

  it("sorts by a column either way", async () => {
    const volumeHeader = table().getByRole("columnheader", { name: "Search volume" });
    await volumeHeader.getByRole("button").click();
    expect(await volumeHeader.getAttribute("aria-sort")).toBe("descending");
    const down = (await cellTexts(3)).map(number);
    expect(down.length).toBeGreaterThan(5);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    await volumeHeader.getByRole("button").click();
    expect(await volumeHeader.getAttribute("aria-sort")).toBe("ascending");
    const up = (await cellTexts(3)).map(number);
    expect(up).toEqual([...up].sort((a, b) => a - b));

    const keywordHeader = table().getByRole("columnheader", { name: "Keyword", exact: true });
    await keywordHeader.getByRole("button").click();
    expect(await keywordHeader.getAttribute("aria-sort")).toBe("ascending");
    expect(await volumeHeader.getAttribute("aria-sort")).toBeNull();
    const names = await cellTexts(2);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { numeric: true, sensitivity: "base" })));
  });

  it("filters rows, announcing how many match, and shows hostile text as text", async () => {
    await page.getByLabel("Filter keywords").fill("grinder");
    await page
      .getByRole("status")
      .filter({ hasText: /^\d+ of 30 keywords match$/ })
      .waitFor();
    // A row matches by any of its columns: its keyword, or its cluster's name (its main keyword).
    const keywords = await cellTexts(2);
    const centroids = await cellTexts(1);
    expect(keywords).toEqual(expect.arrayContaining(KEYWORDS.filter((keyword) => keyword.includes("grinder"))));
    keywords.forEach((keyword, index) => {
      expect(`${keyword} ${centroids[index] ?? ""}`).toContain("grinder");
    });
    expect(
      await page
        .getByRole("status")
        .filter({ hasText: `${keywords.length} of 30 keywords match` })
        .count(),
    ).toBe(1);

    await page.getByLabel("Filter keywords").fill("onerror");
    await expect.poll(() => cellTexts(2)).toContain(HOSTILE);
    expect(await page.locator("img").count()).toBe(0);
    await page.getByLabel("Filter keywords").fill("");
    await page
      .getByRole("status")
      .filter({ hasText: /^30 keywords$/ })
      .waitFor();
  });

  it("names each cluster by its main keyword, and groups the keywords under it at 1366 and 390 px", async () => {
    if (!opened) throw new Error("the console did not open");
    const id = /#\/clustering\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? "";
    const report = await opened.api<Schemas["ClusteringReport"]>("GET", `/api/v1/clustering/${id}/`);
    const names = new Set(report.clusters.map((cluster) => cluster.centroid));
    // The flat table names a keyword's cluster by its main keyword, never by its id.
    const shownNames = await cellTexts(1);
    expect(shownNames.length).toBeGreaterThan(5);
    for (const name of shownNames) expect(names).toContain(name);

    await page.getByRole("radio", { name: "Clusters" }).check();
    const list = page.getByRole("list", { name: "Clusters" });
    await list.waitFor();
    expect(await table().count()).toBe(0);
    await page
      .getByRole("status")
      .filter({ hasText: `${report.clusters.length} clusters` })
      .waitFor();
    for (const cluster of report.clusters) {
      const item = list.getByRole("listitem").filter({ has: page.getByRole("button", { name: cluster.centroid, exact: true }) });
      const text = (await item.textContent()) ?? "";
      expect(text).toMatch(new RegExp(`(?:^|\\D)${cluster.keyword_count} keywords?`));
      expect(text).toMatch(new RegExp(`(?:^|\\D)${cluster.total_search_volume.toLocaleString("en")} searche?s? a month`));
    }

    const largest = [...report.clusters].sort((a, b) => b.keyword_count - a.keyword_count)[0];
    if (!largest || largest.keyword_count < 2) throw new Error("no cluster holds two keywords");
    const disclosure = list.getByRole("button", { name: largest.centroid, exact: true });
    const keywordsOf = () => page.getByRole("table", { name: `Keywords in ${largest.centroid}` });
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 768 : 844 });
      expect(await disclosure.getAttribute("aria-expanded")).toBe("false");
      await disclosure.click();
      expect(await disclosure.getAttribute("aria-expanded")).toBe("true");
      expect(await keywordsOf().getByRole("rowheader").allTextContents()).toEqual(largest.keywords.map((keyword) => keyword.keyword));
      // The cluster's row fits the page: its name and figures are read without scrolling sideways.
      const row = await list
        .getByRole("listitem")
        .filter({ has: page.getByRole("button", { name: largest.centroid, exact: true }) })
        .boundingBox();
      expect((row?.x ?? 0) + (row?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(width);
      expect(await accessibilityViolations(page)).toEqual([]);
      await disclosure.click();
      expect(await keywordsOf().count()).toBe(0);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The filter finds clusters by a keyword they hold, not only by their name.
    const holding = report.clusters.filter((cluster) => cluster.keywords.some((keyword) => keyword.keyword.includes("tamper")));
    await page.getByLabel("Filter clusters").fill("tamper");
    await page
      .getByRole("status")
      .filter({ hasText: `${holding.length} of ${report.clusters.length} clusters match` })
      .waitFor();
    expect(await list.getByRole("listitem").count()).toBe(holding.length);
    await page.getByRole("radio", { name: "Keywords" }).check();
    await table().waitFor();
  });

  it("reclusters at the overlap chosen on the slider, and shows the new clusters", async () => {
    const before = number((await stat("Clusters").textContent()) ?? "");
    const slider = page.getByRole("slider", { name: "Overlap to recluster at" });
    await slider.focus();
    await page.keyboard.press("End");
    expect(await slider.inputValue()).toBe("0.9");
    await page.getByRole("form", { name: "Recluster" }).getByText("90%").waitFor();
    await page.getByRole("button", { name: "Recluster" }).click();
    await expect.poll(async () => stat("Clustered at overlap").textContent()).toBe("90%");
    // A stricter overlap splits clusters: never fewer than before.
    expect(number((await stat("Clusters").textContent()) ?? "")).toBeGreaterThanOrEqual(before);
    await table().waitFor();
  });

  it("exports the keywords as CSV, with formulas neutralised", async () => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toBe("home-espresso-gear.csv");
    const text = await readFile(await download.path(), "utf8");
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "cluster_id,centroid,keyword,is_centroid,search_volume,cpc,competition,cluster_keyword_count,cluster_search_volume,has_serp_data,serp_fetched_at",
    );
    expect(lines).toHaveLength(31);
    expect(lines.some((line) => line.includes(`,'${FORMULA},`))).toBe(true);
    expect(lines.some((line) => line.includes(`,${HOSTILE},`))).toBe(true);
    expect(lines.slice(1).every((line) => /^c\d+,/.test(line))).toBe(true);
  });

  it("finds the report again after a reload, and lists it", async () => {
    await page.reload();
    await table().waitFor();
    expect(await stat("Clustered at overlap").textContent()).toBe("90%");
    await page.getByRole("link", { name: "Clustering", exact: true }).first().click();
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Home espresso gear" }) });
    await row.waitFor();
    expect(await row.textContent()).toContain("Done");
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("clusters a brand's research tree, and shows its results", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Brands" }).click();
    await createBrand(page, { name: "Bean There", description: "Specialty coffee roaster and shop for home espresso gear." });
    const brandId = /#\/brands\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? "";
    // The research comes through the API, with the console's own key: the research screen has its own test.
    const headers = { "X-API-Key": (await signedInKey()) ?? "", "Content-Type": "application/json" };
    const api = `${opened?.baseUrl ?? ""}/api/v1/research/${brandId}`;
    expect(
      (await fetch(`${api}/generate/`, { method: "POST", headers, body: JSON.stringify({ core_topic: "home espresso" }) })).status,
    ).toBe(202);
    const running = async () =>
      ((await (await fetch(`${api}/task-status/`, { headers })).json()) as { has_running_task: boolean }).has_running_task;
    await expect.poll(running, { timeout: 60_000 }).toBe(false);

    await page.getByRole("navigation", { name: "Brand" }).getByRole("link", { name: "Clustering" }).click();
    await page.getByText("Not clustered yet.").waitFor();
    await page.getByRole("button", { name: "Start clustering" }).click();
    const confirm = page.getByRole("group", { name: "Confirm clustering" });
    expect(await confirm.textContent()).toMatch(/Clustering \d+ keywords costs \d+ credits?/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await confirm.getByRole("button", { name: /^Cluster for \d+ credits?$/ }).click();

    await table().waitFor({ timeout: 60_000 });
    expect(number((await stat("Clusters").textContent()) ?? "")).toBeGreaterThan(0);
    const positions = await table().locator("tbody tr[aria-rowindex] > :nth-child(9)").allTextContents();
    expect(positions.some((position) => position.length > 0)).toBe(true);
    await page.getByRole("main").getByRole("paragraph").getByRole("link", { name: "topical map" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // Reclustered at the slider's lowest overlap: looser clusters, never more of them.
    const before = number((await stat("Clusters").textContent()) ?? "");
    await page.getByRole("slider", { name: "Overlap to recluster at" }).focus();
    await page.keyboard.press("Home");
    await page.getByRole("button", { name: "Recluster" }).click();
    await expect.poll(async () => stat("Clustered at overlap").textContent()).toBe("20%");
    expect(number((await stat("Clusters").textContent()) ?? "")).toBeLessThanOrEqual(before);

    // The results are the brand's: a reload finds them.
    await page.reload();
    await table().waitFor();
    await page.getByRole("button", { name: "Cluster again" }).waitFor();
    // The brand had never been clustered when the screen first asked (404).
    const provoked = /Failed to load resource: the server responded with a status of 404/;
    expect((opened?.problems ?? []).filter((problem) => !provoked.test(problem))).toEqual([]);
    // Research and clustering run on the server: room for a busy machine.
  }, 150_000);
});
