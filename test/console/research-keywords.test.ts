// The research screen's Keywords view in Chromium against a real server: a brand's research is
// generated offline (the built-in simulator), then the view lists the discovered keywords with
// their sources in words, their demand and their node, says the data is simulated, filters by
// source, text and "Unattached only", and adds an unattached keyword to a node, which the list
// and the tree then show. A read-only key is offered "Add to node" disabled with the scope to ask
// for; the view shows a skeleton while it loads and a failed read with a Retry; it is accessible
// and does not scroll sideways on a phone.
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Schemas } from "../../clients/typescript/src/index";
import { poll } from "../helpers/poll";
import { accessibilityViolations } from "./accessibility";
import { screenshot } from "./screenshots";
import { createBrand, signedInConsole, type SignedInConsole } from "./signed-in";

type KeywordPage = Schemas["ResearchKeywordPage"];

// The labels the view gives the API's sources, as a strategist reads them.
const SOURCE_LABELS: Record<string, string> = {
  ideas: "Keyword ideas",
  suggestions: "Suggestions",
  related: "Related keywords",
  autocomplete: "Autocomplete",
  paa: "People also ask",
  related_search: "Related searches",
  proposed: "Proposed by the model",
  user: "Added by you",
};
const READ_ONLY_REASON = "This key can only read research: ask for a key with the research:write scope.";

let opened: SignedInConsole;
let page: Page;
let brandId = "";

beforeAll(async () => {
  opened = await signedInConsole({ credits: 100, readOnlyKey: true });
  page = opened.page;
  brandId = await createBrand(page, { name: "Bean There", description: "Specialty coffee roaster and shop for home espresso gear." });
  // The generation has its own tests (research.test.ts): here it is made through the API.
  await opened.api("POST", `/api/v1/research/${brandId}/generate/`, { core_topic: "home espresso" });
  await poll("the research generation to end", 120_000, async () =>
    (await opened.api<{ has_running_task: boolean }>("GET", `/api/v1/research/${brandId}/task-status/`)).has_running_task
      ? undefined
      : true,
  );
  // The organiser places every keyword it finds: those taken off their nodes (one from each of
  // two hubs) are the strategist's to place again, one by the full key and one for the read-only key.
  const tree = await opened.api<Schemas["ResearchTree"]>("GET", `/api/v1/research/${brandId}/`);
  const pillar = tree.research_data[0];
  for (const hub of pillar?.subtopic_2.slice(0, 2) ?? []) {
    const taken = hub.keywords[0];
    if (!pillar || !taken) throw new Error(`the hub ${hub.name} has no keyword`);
    await opened.api("PATCH", `/api/v1/research/${brandId}/nodes/keywords/`, { path: [pillar.main_topic, hub.name], remove: [taken] });
  }
  const unattached = await opened.api<KeywordPage>("GET", `/api/v1/research/${brandId}/keywords/?attached=false`);
  expect(unattached.count).toBe(2);
}, 300_000);

afterAll(async () => {
  await opened.close();
});

/** The keywords as the API lists them, with the same filters the view sends. */
const listed = (query = "") => opened.api<KeywordPage>("GET", `/api/v1/research/${brandId}/keywords/?page_size=200${query}`);

const table = () => page.getByRole("table", { name: "Discovered keywords" });
const rows = () => table().locator("tbody tr");
const rowOf = (keyword: string) => rows().filter({ has: page.getByRole("rowheader", { name: keyword, exact: true }) });
const keywordsShown = () => table().getByRole("rowheader").allTextContents();
/** The column's cell in each row, by its position (Keyword, Found by, Volume, Intent, Difficulty, Node). */
const column = (index: number) => rows().locator(`:scope > :nth-child(${index})`).allTextContents();
const NODE_COLUMN = 6;
const search = () => page.getByRole("searchbox", { name: "Search keywords" });

async function openKeywords(): Promise<void> {
  await page.goto(`${opened.baseUrl}/console/#/brands/${brandId}/research`);
  await page.getByRole("tab", { name: "Keywords" }).click();
  await table().waitFor();
}

/** The text of whatever describes `control` (aria-describedby). */
async function descriptionOf(control: Locator): Promise<string> {
  const ids = ((await control.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(" ").trim();
}

describe("the console: the research's keywords", () => {
  it("lists every discovered keyword with its sources in words, its demand and its node, and says the data is simulated", async () => {
    await openKeywords();
    const all = await listed();
    expect(all._meta.data_source).toBe("offline");
    expect(all.count).toBeGreaterThan(10);
    await page.getByRole("complementary", { name: "Simulated data" }).waitFor();
    await page.getByText(`${all.count} keywords found for this research`).waitFor();
    // Most searched first, as the API orders them.
    await expect.poll(keywordsShown).toEqual(all.results.map((row) => row.keyword));

    // Every source the API names is shown in words, as badges of the keyword's row.
    const first = all.results[0];
    if (!first) throw new Error("no keyword listed");
    const badges = await rowOf(first.keyword)
      .getByRole("list", { name: `Sources of ${first.keyword}` })
      .getByRole("listitem")
      .allTextContents();
    expect(badges).toEqual(first.sources.map((source) => SOURCE_LABELS[source]));
    const named = new Set(all.results.flatMap((row) => row.sources.map((source) => SOURCE_LABELS[source])));
    expect(named.size).toBeGreaterThan(2);
    const shown = new Set(await table().locator(".badge").allTextContents());
    expect(shown).toEqual(named);

    // A node is its path of names; a keyword without one says so; one without demand is marked, not hidden.
    expect(await column(NODE_COLUMN)).toEqual(all.results.map((row) => (row.node ? row.node.path.join(" › ") : "Not in the tree")));
    expect(await table().getByText("No searches", { exact: true }).count()).toBe(all.results.filter((row) => row.no_demand).length);
    expect(await column(3)).toEqual(
      all.results.map((row) => (row.no_demand ? "No searches" : row.search_volume === null ? "—" : row.search_volume.toLocaleString("en"))),
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "research-keywords");
  });

  it("filters by source, by text, and to the keywords no node holds", async () => {
    const paa = await listed("&source=paa");
    await page.getByLabel("Found by").selectOption({ label: "People also ask" });
    await expect.poll(keywordsShown).toEqual(paa.results.map((row) => row.keyword));
    for (const badges of await column(2)) expect(badges).toContain("People also ask");

    await page.getByLabel("Found by").selectOption({ label: "Any source" });
    await search().fill("espresso");
    const matching = await listed("&search=espresso");
    expect(matching.count).toBeGreaterThan(0);
    await expect.poll(keywordsShown).toEqual(matching.results.map((row) => row.keyword));
    await page.getByText(`${matching.count} keywords match the filters.`).waitFor();
    await search().fill("");

    const unattached = await listed("&attached=false");
    expect(unattached.count).toBeGreaterThan(0);
    await page.getByLabel("Unattached only").check();
    await expect.poll(keywordsShown).toEqual(unattached.results.map((row) => row.keyword));
    expect(new Set(await column(NODE_COLUMN))).toEqual(new Set(["Not in the tree"]));
  });

  it("adds an unattached keyword to a node: the list and the tree show it there", async () => {
    const [keyword] = await keywordsShown();
    if (!keyword) throw new Error("no unattached keyword shown");
    const tree = await opened.api<Schemas["ResearchTree"]>("GET", `/api/v1/research/${brandId}/`);
    const pillar = tree.research_data[0];
    const hub = pillar?.subtopic_2[0];
    if (!pillar || !hub) throw new Error("the research tree has no hub");

    await page.getByRole("button", { name: `Add to node: ${keyword}`, exact: true }).click();
    const form = page.getByRole("form", { name: `Add ${keyword} to a node`, exact: true });
    await form.getByLabel("Node").selectOption({ label: `Hub: ${pillar.main_topic} › ${hub.name}` });
    expect(await accessibilityViolations(page)).toEqual([]);
    await form.getByRole("button", { name: "Add", exact: true }).click();
    // Unattached only: it leaves the list...
    await expect.poll(async () => (await keywordsShown()).includes(keyword)).toBe(false);
    // ...and with every keyword shown, it sits on the hub.
    await page.getByLabel("Unattached only").uncheck();
    await search().fill(keyword);
    await expect
      .poll(() => rowOf(keyword).locator(`:scope > :nth-child(${NODE_COLUMN})`).textContent())
      .toBe(`${pillar.main_topic} › ${hub.name}`);
    expect(await rowOf(keyword).getByRole("button").count()).toBe(0);

    await page.getByRole("tab", { name: "Tree" }).click();
    // The chip of the keyword on the hub, known by its own remove button.
    const chips = page.getByRole("list", { name: `Keywords of ${hub.name}`, exact: true });
    await chips.getByRole("button", { name: `Remove keyword ${keyword} from ${hub.name}`, exact: true }).waitFor();
  });

  it("moves between its views with the arrow keys, as tabs do", async () => {
    await page.getByRole("tab", { name: "Tree" }).click();
    await page.getByRole("list", { name: "Research tree" }).waitFor();
    await page.keyboard.press("ArrowRight");
    await table().waitFor();
    expect(await page.getByRole("tab", { name: "Keywords" }).getAttribute("aria-selected")).toBe("true");
    expect(await page.getByRole("list", { name: "Research tree" }).count()).toBe(0);
  });

  it("shows a skeleton while the keywords load, and a failed read with a Retry that recovers", async () => {
    // The list's first read is held, then failed as a proxy in front of a failed server would;
    // the read of the totals (one row) goes through. The page is loaded afresh: nothing cached.
    const isList = (url: URL) => url.pathname === `/api/v1/research/${brandId}/keywords/` && url.searchParams.get("page_size") === "200";
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let failed = false;
    await page.route(isList, async (route) => {
      if (failed) return route.fallback();
      failed = true;
      await released;
      return route.fulfill({ status: 502, contentType: "text/plain", body: "Bad Gateway" });
    });
    await page.goto(`${opened.baseUrl}/console/?fresh=1#/brands/${brandId}/research`);
    await page.getByRole("tab", { name: "Keywords" }).click();
    const skeleton = page.getByRole("status", { name: "Loading the keywords" });
    await skeleton.waitFor();
    expect(await table().count()).toBe(0);
    release();
    const notice = page.getByRole("alert").filter({ hasText: "The canopy server failed (502)." });
    await notice.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await notice.getByRole("button", { name: "Retry" }).click();
    await table().waitFor();
    await notice.waitFor({ state: "detached" });
    await page.unroute(isList);
  });

  it("fits a phone: the table scrolls inside its own region, never the page", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openKeywords();
    await expect.poll(() => page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth")).toBe(false);
    const region = page.getByRole("region", { name: "Discovered keywords, scrolls sideways" });
    await region.waitFor();
    expect(await region.getAttribute("tabindex")).toBe("0");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("with a read-only key, offers Add to node disabled with the scope to ask for", async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByLabel("API key").fill(opened.readOnlyKey ?? "");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    await openKeywords();
    // Said once on the screen (each disabled button repeats it to screen readers only).
    await page.locator(".read-only-note").getByText(READ_ONLY_REASON, { exact: true }).waitFor();
    await page.getByLabel("Unattached only").check();
    const unattached = await listed("&attached=false");
    expect(unattached.count).toBe(1);
    await expect.poll(keywordsShown).toEqual(unattached.results.map((row) => row.keyword));
    const add = page.getByRole("button", { name: /^Add to node: / }).first();
    await expect.poll(() => add.isDisabled()).toBe(true);
    expect(await descriptionOf(add)).toBe(READ_ONLY_REASON);
    expect(await accessibilityViolations(page)).toEqual([]);
    // Nothing went wrong in the page but the failure the test itself provoked.
    const provoked = /Failed to load resource: the server responded with a status of 502/;
    expect(opened.problems.filter((problem) => !provoked.test(problem))).toEqual([]);
  });
});
