// The authority screen in Chromium against a real server: a brand's research clustered into its
// topical map, then the Visual Map coloured by each figure, its legend in view and its labels
// inside their boxes, a node's details opened from it, zooming into a pillar and back out, the
// planner's filters answering what the API's own figures say, publish toggles moving coverage as
// they are clicked, and a brief generated for a node from its details.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Schemas } from "../../clients/typescript/src/index";
import { poll } from "../helpers/poll";
import { accessibilityViolations } from "./accessibility";
import { screenshot } from "./screenshots";
import { createBrand, signedInConsole, type SignedInConsole } from "./signed-in";

type Hierarchy = Schemas["AuthorityHierarchy"];
type AuthorityNode = Schemas["AuthorityNode"];

let opened: SignedInConsole;
let page: Page;
let brandId = "";

const hierarchy = () => opened.api<Hierarchy>("GET", `/api/v1/authority/${brandId}/`);

beforeAll(async () => {
  opened = await signedInConsole({ credits: 200 });
  page = opened.page;
  brandId = await createBrand(page, { name: "Bean There", description: "Specialty coffee roaster and shop for home espresso gear." });
  // The research and its clustering are made through the API: their own screens have their tests.
  await opened.api("POST", `/api/v1/research/${brandId}/generate/`, { core_topic: "home espresso" });
  await poll("the research generation to end", 120_000, async () =>
    (await opened.api<{ has_running_task: boolean }>("GET", `/api/v1/research/${brandId}/task-status/`)).has_running_task
      ? undefined
      : true,
  );
  await opened.api("POST", `/api/v1/authority/${brandId}/clustering/start/`, {});
  const clustering = await poll("the brand clustering to end", 120_000, async () => {
    const status = await opened.api<Schemas["BrandClusteringStatus"]>("GET", `/api/v1/authority/${brandId}/clustering/status/`);
    return status.status === "in_progress" ? undefined : status.status;
  });
  expect(clustering).toBe("completed");
}, 300_000);

afterAll(async () => {
  await opened.close();
});

const planner = () => page.getByRole("region", { name: "Planner", exact: true });
const plannerCount = async () =>
  Number((/^[\d,]+/.exec((await planner().getByRole("status").textContent()) ?? "")?.[0] ?? "").replace(/,/g, ""));
const detailsOf = (node: AuthorityNode) => page.getByRole("region", { name: `Pillar ${node.name}` });
const shownFact = (region: ReturnType<Page["locator"]>, term: string) =>
  region.locator("div", { has: page.locator("dt", { hasText: term }) }).locator("dd");
const mapBoxes = () => page.locator(".visual-map g.box");
const trail = () => page.getByRole("navigation", { name: "Map level" });
const drawnIds = async () => (await mapBoxes().evaluateAll((boxes) => boxes.map((box) => box.getAttribute("data-node-id")))).sort();
/** A node and the nodes under it: the API lists them depth first, the node's subtree right after it. */
const subtreeOf = (nodes: readonly AuthorityNode[], root: AuthorityNode): AuthorityNode[] => {
  const level = (node: AuthorityNode) => ["PILLAR", "CLUSTER", "TOPIC", "PAGE"].indexOf(node.type);
  const start = nodes.indexOf(root);
  const end = nodes.findIndex((node, index) => index > start && level(node) <= level(root));
  return nodes.slice(start, end === -1 ? undefined : end);
};
// Read in the page (the tests' own code has no DOM): the labels whose drawn text reaches outside
// their box, and the smallest label as seen on screen (its font size times the map's scale).
const LABELS_OUTSIDE = `[...document.querySelectorAll(".visual-map g.box")].flatMap((box) => {
  const text = box.querySelector("text");
  if (!text) return [];
  const t = text.getBBox();
  const r = box.querySelector("rect").getBBox();
  return t.x >= r.x && t.y >= r.y && t.x + t.width <= r.x + r.width && t.y + t.height <= r.y + r.height ? [] : [text.textContent];
})`;
const SMALLEST_LABEL = `(() => {
  const svg = document.querySelector(".visual-map svg");
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const sizes = [...svg.querySelectorAll("text")].map((text) => parseFloat(getComputedStyle(text).fontSize) * scale);
  return sizes.length === 0 ? 0 : Math.min(...sizes);
})()`;
const labelsOutside = () => page.evaluate<string[]>(LABELS_OUTSIDE);
const smallestLabel = () => page.evaluate<number>(SMALLEST_LABEL);

describe("the console: authority", () => {
  it("draws the Visual Map of the hierarchy, coloured by the chosen figure", async () => {
    await page.getByRole("link", { name: "Authority" }).click();
    await page.getByRole("group", { name: /^Treemap of \d+ nodes/ }).waitFor();
    const nodes = (await hierarchy()).hierarchy;
    expect(await mapBoxes().count()).toBe(nodes.length);
    const legend = page.getByRole("list", { name: "Legend" });
    expect(await legend.getByRole("listitem").allTextContents()).toEqual(["High", "Medium", "Low"]);
    await page.getByLabel("Colour by").selectOption({ label: "Best position" });
    expect(await legend.getByRole("listitem").allTextContents()).toContain("Not ranking");
    // Each box's fill follows the node's own figure: a node that does not rank is grey.
    const notRanking = nodes.find((node) => node.serp_position === null && node.search_volume > 0);
    if (notRanking) expect(await page.locator(`g.box[data-node-id="${notRanking.node_id}"] > rect`).getAttribute("fill")).toBe("#e1e6e8");
    await page.getByLabel("Colour by").selectOption({ label: "AI Overview presence" });
    expect(await legend.getByRole("listitem").allTextContents()).toEqual(["Cited", "Mentioned", "Not present", "Not tracked"]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel("Colour by").selectOption({ label: "Priority" });
  });

  it("shows the legend and the map's level without scrolling on a 1366 x 768 screen, and its labels fit their boxes", async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.reload();
    await page.getByRole("group", { name: /^Treemap of \d+ nodes/ }).waitFor();
    for (const region of [page.getByRole("list", { name: "Legend" }), trail()]) {
      const box = await region.boundingBox();
      expect(box?.y).toBeGreaterThanOrEqual(0);
      expect((box?.y ?? 0) + (box?.height ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(768);
    }
    expect(await trail().textContent()).toBe("All pillars");
    expect(await page.locator(".visual-map text").count()).toBeGreaterThan(0);
    expect(await labelsOutside()).toEqual([]);
    expect(await smallestLabel()).toBeGreaterThanOrEqual(12);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("opens a node's details from the map: figures, keywords and stored SERP", async () => {
    const nodes = (await hierarchy()).hierarchy;
    const pillar = nodes.find((node) => node.type === "PILLAR" && node.search_volume > 0) ?? nodes[0];
    if (!pillar) throw new Error("the hierarchy has no node");
    // A pillar's box is mostly covered by its hubs': click its header band, where its name is.
    const pillarBox = page.locator(`g.box[data-node-id="${pillar.node_id}"] > rect`);
    // Pointing at a box names it under the map.
    await pillarBox.hover({ position: { x: 20, y: 6 } });
    await expect
      .poll(() => page.locator(".visual-map .pointed").textContent())
      .toMatch(new RegExp(`^Pillar: ${pillar.name}\\. [\\d,]+ searches a month`));
    await pillarBox.click({ position: { x: 20, y: 6 } });
    const details = detailsOf(pillar);
    await details.waitFor();
    expect(await details.getByRole("list", { name: "Keywords" }).getByRole("listitem").allTextContents()).toEqual(pillar.keywords);
    await details.locator(".serp-results li, .hint").first().waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "authority");
  });

  it("zooms into the pillar clicked: only its subtree is drawn, and the trail or Escape goes back out", async () => {
    const nodes = (await hierarchy()).hierarchy;
    const pillar = nodes.find((node) => node.type === "PILLAR" && node.search_volume > 0) ?? nodes[0];
    if (!pillar) throw new Error("the hierarchy has no node");
    // The click of the test before opened the pillar's details and zoomed the map into it.
    await expect.poll(() => trail().textContent()).toBe(`All pillars › ${pillar.name}`);
    expect(await trail().locator("[aria-current]").textContent()).toBe(pillar.name);
    const subtree = subtreeOf(nodes, pillar);
    expect(subtree.length).toBeLessThan(nodes.length);
    expect(await drawnIds()).toEqual(subtree.map((node) => node.node_id).sort());
    expect(await page.getByRole("group", { name: /^Treemap of/ }).getAttribute("aria-label")).toMatch(
      new RegExp(`^Treemap of ${subtree.length} nodes`),
    );
    // The pillar fills the map: its whole name shows in its header band.
    expect(await page.locator(`g.box[data-node-id="${pillar.node_id}"] > text`).textContent()).toBe(pillar.name);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 768 : 844 });
      await expect.poll(labelsOutside).toEqual([]);
      expect(await page.locator(".visual-map text").count()).toBeGreaterThan(0);
      expect(await smallestLabel()).toBeGreaterThanOrEqual(12);
      expect(await accessibilityViolations(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Out by the trail: every node is drawn again, and the focus is on the pillar's box.
    await trail().getByRole("button", { name: "All pillars" }).click();
    await expect.poll(() => mapBoxes().count()).toBe(nodes.length);
    expect(await trail().textContent()).toBe("All pillars");
    await expect.poll(() => page.evaluate("document.activeElement.getAttribute('data-node-id')")).toBe(pillar.node_id);

    // In by the keyboard, and out with Escape: first the details close, then the map goes out.
    await page.keyboard.press("Enter");
    await detailsOf(pillar).waitFor();
    await expect.poll(() => trail().textContent()).toBe(`All pillars › ${pillar.name}`);
    expect(await mapBoxes().count()).toBe(subtree.length);
    await page.keyboard.press("Escape");
    await expect.poll(() => detailsOf(pillar).count()).toBe(0);
    expect(await mapBoxes().count()).toBe(subtree.length);
    await page.keyboard.press("Escape");
    await expect.poll(() => mapBoxes().count()).toBe(nodes.length);
    expect(await trail().textContent()).toBe("All pillars");
  });

  it("reaches the map's Pillars and Hubs by keyboard, and opens one with Enter", async () => {
    const nodes = (await hierarchy()).hierarchy;
    const hub = nodes.find((node) => node.type === "CLUSTER");
    if (!hub) throw new Error("the hierarchy has no hub");
    const buttons = page.locator(".visual-map g.box[role=button]");
    expect(await buttons.count()).toBe(nodes.filter((node) => node.type === "PILLAR" || node.type === "CLUSTER").length);
    const box = page.locator(`g.box[data-node-id="${hub.node_id}"]`);
    expect(await box.getAttribute("aria-label")).toMatch(new RegExp(`^Hub ${hub.name}: `));
    await box.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("region", { name: `Hub ${hub.name}` }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    // Escape closes the details, and opening them again works as before.
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("region", { name: `Hub ${hub.name}` }).count()).toBe(0);
    await box.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("region", { name: `Hub ${hub.name}` }).waitFor();
  });

  it("filters the planner by each of its questions, as the API's figures answer them", async () => {
    const nodes = (await hierarchy()).hierarchy;
    const expected: Record<string, (node: AuthorityNode) => boolean> = {
      "High priority, not published": (node) => node.priority_category === "High" && !node.published,
      "Ranking 4 to 20 (quick wins)": (node) => node.serp_position !== null && node.serp_position >= 4 && node.serp_position <= 20,
      "Not present in AI answers": (node) => node.aio_status === "not_present" || node.aimode_status === "not_present",
      "Not ranking": (node) => node.serp_position === null,
      "All nodes": () => true,
    };
    for (const [label, test] of Object.entries(expected)) {
      await planner().getByRole("radio", { name: label }).check();
      await expect.poll(plannerCount).toBe(nodes.filter(test).length);
    }
    await planner().getByRole("radio", { name: "Not ranking" }).check();
    const positions = new Set(await planner().locator("tbody tr:not(.vt-spacer) td:nth-child(5)").allTextContents());
    expect([...positions]).toEqual(positions.size === 0 ? [] : ["—"]);
    await planner()
      .getByLabel("Find a node or keyword")
      .fill(nodes[0]?.name ?? "");
    await expect.poll(async () => planner().getByRole("rowheader").first().textContent()).toContain(nodes[0]?.name ?? "");
    // A keyword that is in no node's name finds the nodes holding it, whatever its case.
    const names = nodes.map((node) => node.name).join("\n");
    const keyword = nodes.flatMap((node) => node.keywords).find((candidate) => !names.includes(candidate));
    if (!keyword) throw new Error("every keyword is some node's name");
    const holding = nodes.filter((node) => node.keywords.some((candidate) => candidate.includes(keyword)));
    await planner().getByRole("radio", { name: "All nodes" }).check();
    await planner().getByLabel("Find a node or keyword").fill(keyword.toUpperCase());
    await expect.poll(plannerCount).toBe(holding.length);
    expect((await planner().getByRole("rowheader").getByRole("button").allTextContents()).sort()).toEqual(
      holding.map((node) => node.name).sort(),
    );
    await planner().getByLabel("Find a node or keyword").fill("");
  });

  it("publishes from the planner, and coverage follows the click and the server", async () => {
    await planner().getByRole("radio", { name: "All nodes" }).check();
    const before = (await hierarchy()).hierarchy;
    const pillar = before.find((node) => node.type === "PILLAR");
    if (!pillar) throw new Error("the hierarchy has no pillar");
    const under = before.filter((node) => node.mt === pillar.mt && node.node_id !== pillar.node_id);
    const leaf = under.find((node) => node.type !== "CLUSTER") ?? under[0];
    if (!leaf) throw new Error("the pillar has nothing under it");
    await planner().getByLabel("Find a node or keyword").fill(leaf.name);
    // The box is ticked once the screen has taken the click (the cache changes, then it renders).
    const leafBox = planner()
      .getByRole("checkbox", { name: `Published: ${leaf.name}` })
      .first();
    await leafBox.click();
    await expect.poll(() => leafBox.isChecked()).toBe(true);
    // The pillar's coverage as shown, read from its details, follows the server's.
    await expect.poll(async () => (await hierarchy()).hierarchy.find((node) => node.node_id === leaf.node_id)?.published).toBe(true);
    const after = (await hierarchy()).hierarchy.find((node) => node.node_id === pillar.node_id);
    expect(after?.coverage).toBeGreaterThan(pillar.coverage);
    await planner().getByLabel("Find a node or keyword").fill(pillar.name);
    await planner().getByRole("button", { name: pillar.name, exact: true }).first().click();
    const details = detailsOf(pillar);
    await expect.poll(async () => shownFact(details, "Coverage").textContent()).toBe(`${after?.coverage} %`);
    const pillarBox = page.getByLabel("Published", { exact: true });
    await pillarBox.click();
    await expect.poll(() => pillarBox.isChecked()).toBe(true);
    await expect.poll(async () => (await hierarchy()).hierarchy.find((node) => node.node_id === pillar.node_id)?.published).toBe(true);
    expect(await page.getByText(/nodes, 2 published\.$/).count()).toBe(1);
    await planner().getByLabel("Find a node or keyword").fill("");
  });

  it("generates a brief for a node from its details, with its cost confirmed first", async () => {
    const details = page.locator(".node-details");
    await details.getByRole("button", { name: "Generate a brief" }).click();
    const confirm = page.getByRole("group", { name: "Confirm brief" });
    expect(await confirm.textContent()).toMatch(/costs 5 credits/);
    await confirm.getByRole("button", { name: "Generate for 5 credits" }).click();
    await expect.poll(() => page.url()).toMatch(/#\/briefs\/[0-9a-f-]{36}$/);
    const briefId = /#\/briefs\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
    const briefs = await opened.api<Schemas["AuthorityBriefList"]>("GET", `/api/v1/authority/${brandId}/briefs/`);
    expect(briefs.results.map((brief) => brief.id)).toEqual([briefId]);
    // Back on the map, the node's details list its brief.
    await page.goBack();
    const pillar = (await hierarchy()).hierarchy.find((node) => node.published && node.type === "PILLAR");
    if (!pillar) throw new Error("the published pillar is gone");
    await planner().getByLabel("Find a node or keyword").fill(pillar.name);
    await planner().getByRole("button", { name: pillar.name, exact: true }).first().click();
    await detailsOf(pillar)
      .getByRole("link", { name: briefs.results[0]?.generated_title || (briefs.results[0]?.query_text ?? ""), exact: true })
      .waitFor();
    expect(opened.problems).toEqual([]);
  });

  it("marks the offline simulator's data as simulated on every screen that shows it, and offers none of its addresses as links", async () => {
    const simulatedNote = page.getByRole("complementary", { name: "Simulated data" });
    const open = async (route: string, heading: string) => {
      await page.goto(`${opened.baseUrl}/console/#${route}`);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
    };

    await open(`/brands/${brandId}/authority`, "Authority");
    await expect.poll(() => simulatedNote.textContent()).toMatch(/^Simulated data\. The search volumes, rankings, SERP results/);
    const nodes = (await hierarchy()).hierarchy;
    const pillar = nodes.find((node) => node.type === "PILLAR" && node.search_volume > 0) ?? nodes[0];
    if (!pillar) throw new Error("the hierarchy has no node");
    await planner().getByLabel("Find a node or keyword").fill(pillar.name);
    await planner().getByRole("button", { name: pillar.name, exact: true }).first().click();
    const results = detailsOf(pillar).locator(".serp-results li");
    await results.first().waitFor();
    expect(await detailsOf(pillar).locator(".node-serp").textContent()).toMatch(
      /^Simulated “.+”: results invented by the offline simulator/,
    );
    // The simulator's addresses are real sites' that never ranked for this: shown, never linked.
    expect(await results.count()).toBeGreaterThan(0);
    expect(await detailsOf(pillar).locator(".serp-results a").count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await planner().getByLabel("Find a node or keyword").fill("");

    await open(`/brands/${brandId}/map`, "Topical map");
    await expect.poll(() => simulatedNote.textContent()).toMatch(/^Simulated data\. The search volumes, costs per click/);

    await open(`/brands/${brandId}/clustering`, "Clustering");
    await expect.poll(() => simulatedNote.textContent()).toMatch(/^Simulated data\. The SERP results these keywords were clustered by/);
    expect(await page.getByRole("definition").filter({ hasText: "Simulated (offline)" }).count()).toBe(1);

    // The brief made from the node's stored (simulated) SERP says so, above its competitors.
    const [brief] = (await opened.api<Schemas["AuthorityBriefList"]>("GET", `/api/v1/authority/${brandId}/briefs/`)).results;
    if (!brief) throw new Error("the node's brief is gone");
    await poll("the node's brief to finish", 120_000, async () => {
      const status = (await opened.api<Schemas["BriefStatus"]>("GET", `/api/v1/briefs/${brief.id}/status/`)).status;
      return status === "COMPLETE" || status === "PARTIAL_COMPLETE" ? status : undefined;
    });
    await page.goto(`${opened.baseUrl}/console/#/briefs/${brief.id}`);
    await page.getByRole("heading", { name: "Competitors Simulated", level: 2 }).waitFor();
    expect(await simulatedNote.textContent()).toMatch(/^Simulated data\. The ranking pages this brief was written from/);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(opened.problems).toEqual([]);
  });
});
