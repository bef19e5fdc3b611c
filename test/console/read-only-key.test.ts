// A read-only key in the console, in Chromium against a real server: a strategist's work (a brand
// with its research, clustering, map, a brief and an article) is made with a full key, then the
// same user signs in with a key that may read all of it and change nothing. On every screen each
// button that would change something is disabled and described by the scope to ask for, and the
// screen says so once in words, at 1366 and 390 px, with no accessibility violation.
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Schemas } from "../../clients/typescript/src/index";
import { poll } from "../helpers/poll";
import { accessibilityViolations } from "./accessibility";
import { signedInConsole, type SignedInConsole } from "./signed-in";

let opened: SignedInConsole;
let page: Page;
let brandId = "";
let briefId = "";
let articleId = "";

const WIDTHS = [1366, 390];
const AREAS: Record<string, string> = {
  "brands:write": "brands",
  "research:write": "research",
  "clustering:write": "clusterings",
  "maps:write": "topical maps",
  "briefs:write": "briefs",
  "content:write": "articles",
  "authority:write": "the authority view",
  "keys:write": "API keys",
};
const reasonFor = (scope: string) => `This key can only read ${AREAS[scope] ?? "?"}: ask for a key with the ${scope} scope.`;

async function untilDone<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  return poll(what, 120_000, read);
}

/** The strategist's work, made with the full key through the API: each screen has its own tests. */
async function prepareWork(): Promise<void> {
  brandId = (await opened.api<Schemas["Brand"]>("POST", "/api/v1/brands/", { brand_name: "Bean There" })).id;
  await opened.api("POST", `/api/v1/research/${brandId}/generate/`, { core_topic: "home espresso" });
  await untilDone("the research generation to end", async () =>
    (await opened.api<{ has_running_task: boolean }>("GET", `/api/v1/research/${brandId}/task-status/`)).has_running_task
      ? undefined
      : true,
  );
  await opened.api("POST", `/api/v1/authority/${brandId}/clustering/start/`, {});
  await untilDone("the brand clustering to end", async () => {
    const status = await opened.api<Schemas["BrandClusteringStatus"]>("GET", `/api/v1/authority/${brandId}/clustering/status/`);
    return status.status === "in_progress" ? undefined : status.status;
  });
  briefId = (
    await opened.api<{ id: string }>("POST", "/api/v1/briefs/generate/", {
      query_text: "how to dial in espresso",
      brand_id: brandId,
      selected_serp_data: [{ url: "https://baristaguide.example/dial-in-espresso", title: "How to Dial In Espresso" }],
      ai_model_id: "offline",
    })
  ).id;
  await untilDone("the brief to complete", async () => {
    const status = await opened.api<{ status: string }>("GET", `/api/v1/briefs/${briefId}/status/`);
    return status.status === "COMPLETE" ? true : undefined;
  });
  articleId = (
    await opened.api<{ id: string }>("POST", "/api/v1/content/articles/generate/", { brief_id: briefId, ai_model_id: "offline" })
  ).id;
  await untilDone("the article's draft to end", async () => {
    const article = await opened.api<{ machine_state: string }>("GET", `/api/v1/content/articles/${articleId}/`);
    return article.machine_state === "in_progress" ? undefined : true;
  });
}

beforeAll(async () => {
  opened = await signedInConsole({ credits: 300, readOnlyKey: true });
  page = opened.page;
  await prepareWork();
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByLabel("API key").fill(opened.readOnlyKey ?? "");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Brands" }).waitFor();
}, 300_000);

afterAll(async () => {
  await opened.close();
});

/** The text of whatever describes `control` (aria-describedby), as a screen reader reads it after its name. */
async function descriptionOf(control: Locator): Promise<string> {
  const ids = ((await control.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(" ").trim();
}

/** `control` is offered disabled, described by the scope to ask for. */
async function expectRefused(control: Locator, scope: string): Promise<void> {
  await expect.poll(() => control.isDisabled()).toBe(true);
  expect(await descriptionOf(control)).toBe(reasonFor(scope));
}

/** At each width: the screen's note says what the key cannot do, `check` passes, and axe finds nothing. */
async function atEachWidth(notes: string[], check: () => Promise<void>): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const scope of notes) await page.getByText(reasonFor(scope), { exact: true }).first().waitFor();
    await check();
    expect(await accessibilityViolations(page), `at ${String(width)} px`).toEqual([]);
  }
}

const go = async (hash: string, heading: string | RegExp) => {
  await page.setViewportSize({ width: WIDTHS[0] ?? 1366, height: 900 });
  await page.goto(`${opened.baseUrl}/console/#${hash}`);
  await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
};

describe("the console with a read-only key", () => {
  it("brands: New brand, Edit and Delete are disabled with the reason", async () => {
    await go("/", "Brands");
    await atEachWidth(["brands:write"], async () => {
      await expectRefused(page.getByRole("button", { name: "New brand" }), "brands:write");
      await expectRefused(page.getByRole("button", { name: "Edit Bean There" }), "brands:write");
      await expectRefused(page.getByRole("button", { name: "Delete Bean There" }), "brands:write");
    });
  });

  it("a brand's page: Edit is disabled with the reason", async () => {
    await go(`/brands/${brandId}`, "Bean There");
    await atEachWidth(["brands:write"], async () => {
      await expectRefused(page.getByRole("button", { name: "Edit", exact: true }), "brands:write");
    });
  });

  it("research: the tree is shown without its edits, and generating is disabled with the reason", async () => {
    await go(`/brands/${brandId}/research`, "Research");
    await page.getByRole("list", { name: "Research tree" }).waitFor();
    await atEachWidth(["research:write"], async () => {
      await expectRefused(page.getByRole("button", { name: "Generate again" }), "research:write");
      expect(await page.getByRole("button", { name: /^(Rename|Move|Merge|Delete|Remove keyword) / }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Find near-duplicates" }).count()).toBe(0);
    });
  });

  it("clustering: starting, reclustering and a new report are disabled with the reason", async () => {
    await go(`/brands/${brandId}/clustering`, "Clustering");
    await atEachWidth(["clustering:write"], async () => {
      await expectRefused(page.getByRole("button", { name: "Cluster again" }), "clustering:write");
      await expectRefused(page.getByRole("form", { name: "Recluster" }).getByRole("button", { name: "Recluster" }), "clustering:write");
    });
    await go("/clustering", "Clustering");
    await atEachWidth(["clustering:write"], async () => {
      await expectRefused(page.getByRole("button", { name: "Cluster keywords" }), "clustering:write");
    });
  });

  it("the topical map: uploading is disabled with the reason", async () => {
    await go(`/brands/${brandId}/map`, "Topical map");
    await atEachWidth(["maps:write"], async () => {
      await expectRefused(page.getByRole("button", { name: "Upload and replace the map" }), "maps:write");
    });
  });

  it("authority: publish toggles and a node's brief are disabled with the reason", async () => {
    await go(`/brands/${brandId}/authority`, "Authority");
    const hierarchy = await opened.api<Schemas["AuthorityHierarchy"]>("GET", `/api/v1/authority/${brandId}/`);
    const pillar = hierarchy.hierarchy.find((node) => node.type === "PILLAR") ?? hierarchy.hierarchy[0];
    if (!pillar) throw new Error("the hierarchy has no node");
    const planner = page.getByRole("region", { name: "Planner", exact: true });
    await planner.getByRole("button", { name: pillar.name, exact: true }).click();
    const details = page.getByRole("region", { name: `Pillar ${pillar.name}` });
    await details.waitFor();
    await atEachWidth(["authority:write"], async () => {
      // The planner draws the rows in view: any of them stands for all.
      await planner.getByRole("table").scrollIntoViewIfNeeded();
      await expectRefused(planner.getByRole("checkbox", { name: /^Published: / }).first(), "authority:write");
      await expectRefused(details.getByRole("checkbox", { name: "Published" }), "authority:write");
      await expectRefused(details.getByRole("button", { name: "Generate a brief" }), "authority:write");
    });
  });

  it("briefs: a new brief, editing the outline and writing an article are disabled with the reason", async () => {
    await go("/briefs", "Briefs");
    await atEachWidth(["briefs:write"], async () => {
      await expectRefused(page.getByRole("button", { name: "New brief" }), "briefs:write");
    });
    await go(`/briefs/${briefId}`, /./);
    await page.getByRole("button", { name: "Edit outline" }).waitFor();
    await atEachWidth([], async () => {
      await expectRefused(page.getByRole("button", { name: "Edit outline" }), "briefs:write");
      await expectRefused(page.getByRole("button", { name: "Write an article" }), "content:write");
    });
  });

  it("articles: a new article, regenerating and saving are disabled with the reason", async () => {
    await go("/articles", "Articles");
    await atEachWidth(["content:write"], async () => {
      await expectRefused(page.getByRole("button", { name: "New article" }), "content:write");
    });
    await go(`/articles/${articleId}`, /./);
    await page.getByRole("button", { name: "Regenerate" }).waitFor();
    await atEachWidth([], async () => {
      await expectRefused(page.getByRole("button", { name: "Regenerate" }), "content:write");
      await expectRefused(page.getByRole("button", { name: "Save state" }), "content:write");
      await expectRefused(page.getByRole("button", { name: "Save title and directions" }), "content:write");
    });
  });

  it("account: creating, rotating and revoking keys are disabled with the reason", async () => {
    await go("/account", "Account");
    await atEachWidth(["keys:write"], async () => {
      await expectRefused(page.getByRole("button", { name: "Create key" }), "keys:write");
      await expectRefused(page.getByRole("button", { name: "Rotate read only" }), "keys:write");
      await expectRefused(page.getByRole("button", { name: "Revoke test" }), "keys:write");
    });
    expect(opened.problems).toEqual([]);
  });
});
