// The console's layout in Chromium against a real server, at a phone's 390 px and a laptop's
// 1366 px: no screen scrolls sideways on a phone and the header's controls all stay on screen;
// wide tables show keywords whole, fit the laptop's width and keep their sticky header opaque; and
// a brand's screens are joined by one tab bar that marks where the strategist is.
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Schemas } from "../../clients/typescript/src/index";
import { poll } from "../helpers/poll";
import { accessibilityViolations } from "./accessibility";
import { createBrand, signedInConsole, type SignedInConsole } from "./signed-in";

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
// A keyword longer than any column is wide: shown whole, it must wrap.
const LONG_KEYWORD = "best quiet conical burr grinder for espresso beginners under two hundred dollars";

let opened: SignedInConsole;
let page: Page;
let brandId = "";
let briefId = "";
let articleId = "";

beforeAll(async () => {
  opened = await signedInConsole({ credits: 500 });
  page = opened.page;
  brandId = await createBrand(page, { name: "Bean There", description: "Specialty coffee roaster and shop for home espresso gear." });
  // The research, its clustering, a brief and an article are made through the API: their own
  // screens have their tests; this one only looks at how the screens are laid out.
  await opened.api("POST", `/api/v1/research/${brandId}/generate/`, { core_topic: "home espresso" });
  await poll("the research generation to end", 120_000, async () =>
    (await opened.api<{ has_running_task: boolean }>("GET", `/api/v1/research/${brandId}/task-status/`)).has_running_task
      ? undefined
      : true,
  );
  // A long keyword on a Resource: the nodes are added, as the generated tree's depth follows the demand.
  const research = await opened.api<Schemas["ResearchTree"]>("GET", `/api/v1/research/${brandId}/`);
  const pillar = research.research_data[0]?.main_topic;
  if (!pillar) throw new Error("the research tree has no pillar");
  const path = [pillar, "espresso grinders", "burr grinders", "grinders for beginners"];
  for (let depth = 1; depth < path.length; depth += 1) {
    await opened.api("POST", `/api/v1/research/${brandId}/nodes/add/`, { parent_path: path.slice(0, depth), name: path[depth] });
  }
  await opened.api("PATCH", `/api/v1/research/${brandId}/nodes/keywords/`, { path, add: [LONG_KEYWORD] });
  await opened.api("POST", `/api/v1/authority/${brandId}/clustering/start/`, {});
  const clustering = await poll("the brand clustering to end", 120_000, async () => {
    const status = await opened.api<Schemas["BrandClusteringStatus"]>("GET", `/api/v1/authority/${brandId}/clustering/status/`);
    return status.status === "in_progress" ? undefined : status.status;
  });
  expect(clustering).toBe("completed");
  const brief = await opened.api<{ id: string }>("POST", "/api/v1/briefs/generate/", {
    brand_id: brandId,
    query_text: LONG_KEYWORD,
    interactive: false,
  });
  briefId = brief.id;
  const written = await poll("the brief to be written", 120_000, async () => {
    const { status } = await opened.api<Schemas["Brief"]>("GET", `/api/v1/briefs/${briefId}/`);
    return ["PROCESSING", "PENDING", "DRAFT", "RESUMING_PROCESSING"].includes(status) ? undefined : status;
  });
  expect(written).toBe("COMPLETE");
  articleId = (await opened.api<{ id: string }>("POST", "/api/v1/content/articles/create-from-brief/", { brief_id: briefId })).id;
}, 300_000);

afterAll(async () => {
  await opened.close();
});

const open = async (path: string, ready: () => Locator) => {
  await page.goto(`${opened.baseUrl}/console/#${path}`);
  await ready().first().waitFor();
};

/** Every screen the strategist uses, with what shows once it has its data. */
const SCREENS: Array<{ name: string; path: () => string; ready: () => Locator }> = [
  { name: "brands", path: () => "/", ready: () => page.getByRole("link", { name: "Bean There" }) },
  { name: "brand", path: () => `/brands/${brandId}`, ready: () => page.getByRole("heading", { name: "Bean There" }) },
  { name: "research", path: () => `/brands/${brandId}/research`, ready: () => page.getByRole("list", { name: "Research tree" }) },
  { name: "clustering", path: () => `/brands/${brandId}/clustering`, ready: () => page.getByRole("table", { name: "Clustered keywords" }) },
  { name: "topical map", path: () => `/brands/${brandId}/map`, ready: () => page.getByRole("table", { name: "Topical map keywords" }) },
  { name: "authority", path: () => `/brands/${brandId}/authority`, ready: () => page.getByRole("table", { name: "Planner nodes" }) },
  { name: "brand briefs", path: () => `/brands/${brandId}/briefs`, ready: () => page.getByRole("table", { name: "Briefs" }) },
  { name: "brand articles", path: () => `/brands/${brandId}/articles`, ready: () => page.getByRole("table", { name: "Articles" }) },
  { name: "briefs", path: () => "/briefs", ready: () => page.getByRole("table", { name: "Briefs" }) },
  { name: "a brief", path: () => `/briefs/${briefId}`, ready: () => page.getByRole("status", { name: "Brief status" }) },
  { name: "articles", path: () => "/articles", ready: () => page.getByRole("table", { name: "Articles" }) },
  { name: "an article", path: () => `/articles/${articleId}`, ready: () => page.locator('dl[aria-label="About this article"]') },
  { name: "account", path: () => "/account", ready: () => page.getByRole("columnheader", { name: "Last used" }) },
];

const pageScrollsSideways = () => page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth");

/** Whether the whole of the element is inside the viewport's width (nothing cut off at its sides). */
async function withinViewport(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= width;
}

// The colour of the lines between rows (styles.css, --line), as the screenshot has it.
const LINE = "211,218,222";

/** The distinct colours of each row of pixels in a PNG, read by a blank page's canvas. */
async function pixelRows(png: Buffer): Promise<string[][]> {
  const reader = await page.context().newPage();
  try {
    return await reader.evaluate<string[][]>(`(async () => {
      const image = new Image();
      image.src = "data:image/png;base64,${png.toString("base64")}";
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext("2d");
      context.drawImage(image, 0, 0);
      const rows = [];
      for (let y = 0; y < image.height; y += 1) {
        const data = context.getImageData(0, y, image.width, 1).data;
        const colours = new Set();
        for (let x = 0; x < data.length; x += 4) colours.add(data[x] + "," + data[x + 1] + "," + data[x + 2]);
        rows.push([...colours]);
      }
      return rows;
    })()`);
  } finally {
    await reader.close();
  }
}

const header = () => page.getByRole("banner");
const HEADER_CONTROLS: Array<[string, () => Locator]> = [
  ["Account", () => header().getByRole("link", { name: "Account" })],
  ["Workspace", () => header().getByLabel("Workspace")],
  ["credits", () => header().getByText(/^[\d,]+ credits$/)],
  ["Sign out", () => header().getByRole("button", { name: "Sign out" })],
];

describe("the console's layout on a phone (390 px)", () => {
  beforeAll(async () => {
    await page.setViewportSize(PHONE);
  });

  for (const screen of SCREENS) {
    it(`${screen.name}: no sideways page scroll, the header's controls on screen, accessible`, async () => {
      await open(screen.path(), screen.ready);
      await expect.poll(pageScrollsSideways).toBe(false);
      for (const [name, control] of HEADER_CONTROLS) {
        await control().waitFor();
        expect(await withinViewport(control()), `${name} is within the screen's width`).toBe(true);
      }
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }

  it("a table wider than the phone scrolls inside its own named region, reachable by keyboard", async () => {
    await open("/account", () => page.getByRole("columnheader", { name: "Last used" }));
    const keys = page.getByRole("region", { name: "API keys, scrolls sideways" });
    await keys.waitFor();
    expect(await keys.getAttribute("tabindex")).toBe("0");
    expect(await keys.evaluate((region) => region.scrollWidth > region.clientWidth)).toBe(true);
  });

  it("the research tree's buttons wrap within the screen", async () => {
    await open(`/brands/${brandId}/research`, () => page.getByRole("list", { name: "Research tree" }));
    const deepest = page.getByRole("button", { name: /^Delete / }).last();
    expect(await withinViewport(deepest)).toBe(true);
  });
});

describe("the console's layout on a laptop (1366 px)", () => {
  beforeAll(async () => {
    await page.setViewportSize(LAPTOP);
  });

  /** The cell of a keyword shows all of its text: nothing hidden past its edge. */
  const shownWhole = (cell: Locator) => cell.evaluate((element) => element.scrollWidth <= element.clientWidth);
  const scrollsSideways = (region: Locator) => region.evaluate((element) => element.scrollWidth > element.clientWidth);

  it("the topical map shows a long keyword whole, and all its columns without a sideways scroll", async () => {
    await open(`/brands/${brandId}/map`, () => page.getByRole("table", { name: "Topical map keywords" }));
    await page.getByLabel("Filter keywords").fill(LONG_KEYWORD);
    const cell = page.getByRole("table", { name: "Topical map keywords" }).getByRole("rowheader", { name: LONG_KEYWORD });
    expect(await cell.textContent()).toBe(LONG_KEYWORD);
    expect(await shownWhole(cell)).toBe(true);
    expect(await scrollsSideways(page.getByRole("region", { name: "Topical map keywords" }))).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("the brand's clustering shows the long keyword whole, without a sideways scroll", async () => {
    await open(`/brands/${brandId}/clustering`, () => page.getByRole("table", { name: "Clustered keywords" }));
    await page.getByLabel("Filter keywords").fill(LONG_KEYWORD);
    const cell = page.getByRole("table", { name: "Clustered keywords" }).getByRole("rowheader", { name: LONG_KEYWORD });
    expect(await cell.textContent()).toBe(LONG_KEYWORD);
    expect(await shownWhole(cell)).toBe(true);
    expect(await scrollsSideways(page.getByRole("region", { name: "Clustered keywords" }))).toBe(false);
  });

  it("the planner fits without a sideways scroll", async () => {
    await open(`/brands/${brandId}/authority`, () => page.getByRole("table", { name: "Planner nodes" }));
    expect(await scrollsSideways(page.getByRole("region", { name: "Planner nodes" }))).toBe(false);
  });

  it("the sticky header stays whole when the rows scroll under it: its bottom border goes with it", async () => {
    await open(`/brands/${brandId}/map`, () => page.getByRole("table", { name: "Topical map keywords" }));
    const region = page.getByRole("region", { name: "Topical map keywords" });
    const firstHeader = page.getByRole("table", { name: "Topical map keywords" }).getByRole("columnheader").first();
    const before = await firstHeader.boundingBox();
    await region.evaluate((element) => {
      element.scrollTop = 400;
    });
    await expect.poll(() => region.evaluate((element) => element.scrollTop)).toBe(400);
    const [cell, area] = [await firstHeader.boundingBox(), await region.boundingBox()];
    if (!before || !cell || !area) throw new Error("the table's header is not on screen");
    // The header is still where it was (within the browser's rounding of a stuck box)...
    expect(Math.abs(cell.y - before.y)).toBeLessThan(1);
    // ...and its bottom edge is still drawn, between it and the rows scrolled under it.
    const edge = await page.screenshot({ clip: { x: area.x + 2, y: cell.y + cell.height - 3, width: area.width - 4, height: 4 } });
    expect(await pixelRows(edge)).toContainEqual([LINE]);
  });
});

describe("the brand's tab bar", () => {
  const tabs = () => page.getByRole("navigation", { name: "Brand sections" });
  const current = async () => tabs().locator('[aria-current="page"]').allTextContents();

  it("is on each of the brand's screens, marks the current one, and leads to every other", async () => {
    await page.setViewportSize(LAPTOP);
    await open(`/brands/${brandId}/research`, () => page.getByRole("heading", { name: "Research" }));
    expect(await current()).toEqual(["Research"]);
    const visits: Array<[string, () => Locator]> = [
      ["Clustering", () => page.getByRole("heading", { name: "Clustering", level: 1 })],
      ["Topical map", () => page.getByRole("heading", { name: "Topical map", level: 1 })],
      ["Authority", () => page.getByRole("heading", { name: "Authority", level: 1 })],
      ["Briefs", () => page.getByRole("heading", { name: "Briefs", level: 1 })],
      ["Articles", () => page.getByRole("heading", { name: "Articles", level: 1 })],
      ["Overview", () => page.getByRole("heading", { name: "Bean There", level: 1 })],
      ["Research", () => page.getByRole("heading", { name: "Research", level: 1 })],
    ];
    for (const [tab, heading] of visits) {
      await tabs().getByRole("link", { name: tab, exact: true }).click();
      await heading().waitFor();
      expect(await current()).toEqual([tab]);
      expect(await tabs().getByRole("link").allTextContents()).toEqual([
        "Overview",
        "Research",
        "Clustering",
        "Topical map",
        "Authority",
        "Briefs",
        "Articles",
      ]);
    }
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("lists only the brand's own briefs and articles", async () => {
    const other = await opened.api<{ id: string }>("POST", "/api/v1/brands/", { brand_name: "Other Roasters" });
    await open(`/brands/${brandId}/briefs`, () => page.getByRole("table", { name: "Briefs" }));
    expect(await page.getByRole("table", { name: "Briefs" }).getByRole("row").count()).toBe(2);
    await open(`/brands/${other.id}/briefs`, () => page.getByText("No briefs yet"));
    await tabs().getByRole("link", { name: "Articles", exact: true }).click();
    await page.getByText("No articles yet").waitFor();
    expect(await current()).toEqual(["Articles"]);
    await open(`/brands/${brandId}/articles`, () => page.getByRole("table", { name: "Articles" }));
    expect(await page.getByRole("table", { name: "Articles" }).getByRole("row").count()).toBe(2);
  });
});
