// What the console shows while it waits and when a request fails, in Chromium against a real
// server: a loading skeleton that names what is loading until the data comes; a failed read
// explained (the server unreachable, the server failing) with a Retry that recovers; and a map
// upload that shows its progress and the file's row count until the server has answered. The
// requests are held or failed in the browser (page.route), so the test decides when they end.
import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessibilityViolations } from "./accessibility";
import { createBrand, signedInConsole, type SignedInConsole } from "./signed-in";

let opened: SignedInConsole;
let page: Page;
let brandId = "";
let visits = 0;

const WIDTHS = [1366, 390];
const KEYWORDS = [
  { keyword: "espresso machine", cluster: "machines", search_volume: 74000, main_topic: "espresso machines" },
  {
    keyword: "best espresso machine",
    cluster: "machines",
    search_volume: 33100,
    main_topic: "espresso machines",
    subtopic_2: "buying guides",
  },
  { keyword: "burr grinder", cluster: "grinders", search_volume: 12100, main_topic: "coffee grinders", subtopic_2: "burr grinders" },
];

beforeAll(async () => {
  opened = await signedInConsole();
  page = opened.page;
  brandId = await createBrand(page, { name: "Bean There" });
  await opened.api("PUT", `/api/v1/maps/${brandId}/`, { keywords: KEYWORDS });
}, 180_000);

afterAll(async () => {
  await opened.close();
});

/** Loads the console afresh at `path` (a new document: nothing cached from an earlier visit). */
async function visit(path: string) {
  visits += 1;
  await page.goto(`${opened.baseUrl}/console/?visit=${visits}#${path}`);
}

/** Holds the `method` requests to `url` until `release` is called; then they go to the server. */
async function hold(url: string, method: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    await released;
    return route.fallback();
  };
  await page.route(url, handler);
  return {
    release,
    done: () => page.unroute(url, handler),
  };
}

/** Answers the first GET of `url` with `fail`, and lets later ones through. */
async function failFirst(url: string, fail: (route: Route) => Promise<void>) {
  let failed = false;
  await page.route(url, async (route) => {
    if (failed || route.request().method() !== "GET") return route.fallback();
    failed = true;
    return fail(route);
  });
  return () => page.unroute(url);
}

const signedInKey = async () => (await page.evaluate<string | null>('sessionStorage.getItem("canopy.apiKey")')) ?? "";
const authorityUrl = () => `**/api/v1/authority/${brandId}/`;
const mapUrl = () => `**/api/v1/maps/${brandId}/`;
const nodeCount = () => page.getByText(/^\d+ nodes, 0 published\.$/);

describe("the console: loading and errors", () => {
  it("shows a skeleton while the authority view loads, then the view", async () => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const held = await hold(authorityUrl(), "GET");
      await visit(`/brands/${brandId}/authority`);
      const skeleton = page.getByRole("status", { name: "Loading the authority view" });
      await skeleton.waitFor();
      expect(await skeleton.getAttribute("aria-busy")).toBe("true");
      expect(await nodeCount().count()).toBe(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      held.release();
      await nodeCount().waitFor();
      await skeleton.waitFor({ state: "detached" });
      await held.done();
    }
  });

  it("shows a skeleton while the topical map loads", async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const held = await hold(mapUrl(), "GET");
    await visit(`/brands/${brandId}/map`);
    const skeleton = page.getByRole("status", { name: "Loading the topical map" });
    await skeleton.waitFor();
    held.release();
    await page.getByRole("table", { name: "Topical map keywords" }).waitFor();
    await skeleton.waitFor({ state: "detached" });
    await held.done();
  });

  it("explains a server it cannot reach, and Retry brings the view", async () => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const done = await failFirst(authorityUrl(), (route) => route.abort("failed"));
      await visit(`/brands/${brandId}/authority`);
      const notice = page.getByRole("alert").filter({ hasText: "Could not reach the canopy server." });
      await notice.waitFor();
      expect(await notice.textContent()).toContain("Check that it is running and your connection, then retry.");
      expect(await notice.textContent()).not.toContain("Failed to fetch");
      expect(await accessibilityViolations(page)).toEqual([]);
      await notice.getByRole("button", { name: "Retry" }).click();
      await nodeCount().waitFor();
      await notice.waitFor({ state: "detached" });
      await done();
    }
  });

  it("says when the server failed, and Retry brings the map", async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    // A proxy in front of a failed server answers in its own words, not the API's.
    const done = await failFirst(mapUrl(), (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
    );
    await visit(`/brands/${brandId}/map`);
    const notice = page.getByRole("alert").filter({ hasText: "The canopy server failed (502)." });
    await notice.waitFor();
    expect(await notice.textContent()).toContain("retry in a moment");
    expect(await accessibilityViolations(page)).toEqual([]);
    await notice.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("table", { name: "Topical map keywords" }).waitFor();
    await notice.waitFor({ state: "detached" });
    await done();
  });

  it("says a brand deleted meanwhile is gone, and what to do", async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const gone = await opened.api<{ id: string }>("POST", "/api/v1/brands/", { brand_name: "Gone Coffee" });
    await fetch(`${opened.baseUrl}/api/v1/brands/${gone.id}/`, { method: "DELETE", headers: { "X-API-Key": await signedInKey() } });
    await visit(`/brands/${gone.id}`);
    const notice = page.getByRole("alert").filter({ hasText: "It is no longer there" });
    await notice.waitFor();
    expect(await notice.textContent()).toContain("Go back to the list and open it again.");
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("shows an upload's progress with the file's row count until the server answers", async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await visit(`/brands/${brandId}/map`);
    await page.getByRole("table", { name: "Topical map keywords" }).waitFor();
    const lines = ["keyword,cluster,search_volume"];
    for (let i = 1; i <= 5_000; i += 1) lines.push(`espresso keyword ${i},group ${i % 300},${i}`);
    // A blank line at the end is not a row.
    await page
      .getByLabel("Map CSV file")
      .setInputFiles({ name: "big-map.csv", mimeType: "text/csv", buffer: Buffer.from(`${lines.join("\n")}\n\n`) });
    const held = await hold(mapUrl(), "PUT");
    await page.getByRole("button", { name: "Upload and replace the map" }).click();
    const progress = page.getByRole("progressbar", { name: /^Uploading big-map\.csv \(5,000 rows\): the server checks every row/ });
    await progress.waitFor();
    expect(await page.getByRole("button", { name: "Upload and replace the map" }).isDisabled()).toBe(true);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      expect(await progress.isVisible()).toBe(true);
      expect(await accessibilityViolations(page)).toEqual([]);
    }
    held.release();
    await page.getByRole("status").filter({ hasText: "Uploaded big-map.csv: 5,000 keywords" }).waitFor({ timeout: 60_000 });
    await progress.waitFor({ state: "detached" });
    await held.done();
    // The failures above were made on purpose; nothing else went wrong in the page.
    const provoked = /Failed to load resource: (net::ERR_FAILED|the server responded with a status of (404|502))/;
    expect(opened.problems.filter((problem) => !provoked.test(problem))).toEqual([]);
  }, 120_000);
});
