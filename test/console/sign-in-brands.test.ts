// The console in Chromium against a real `canopy serve`: sign in with a key, switch nothing yet,
// then the brands a strategist keeps: create, find, edit, delete with its confirmation. Every
// screen passes the accessibility check, nothing breaks the Content-Security-Policy, and text
// from the API (here a hostile brand name) is shown as text, never run.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessibilityViolations } from "./accessibility";
import { launchBrowser, watchPage } from "./browser";
import { startConsoleServer, type ConsoleServer } from "./console-server";
import { screenshot } from "./screenshots";

const HOSTILE_NAME = `Bean <img src=x onerror="window.__pwned=1"> "><script>window.__pwned=2</script>`;

// Undefined only when beforeAll failed part-way; afterAll then closes what was started.
let server: ConsoleServer | undefined;
let browser: Browser | undefined;
let context: BrowserContext;
let page: Page;
let watched: { problems: string[] };
let baseUrl: string;
let apiKey: string;

beforeAll(async () => {
  const started = await startConsoleServer();
  server = started;
  const launched = await launchBrowser();
  browser = launched;
  context = await launched.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  baseUrl = started.serve.baseUrl;
  apiKey = started.apiKey;
  watched = watchPage(page, baseUrl);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the console: sign-in and brands", () => {
  it("serves the page under a strict Content-Security-Policy with no inline script", async () => {
    const response = await page.goto(`${baseUrl}/console/`);
    expect(response?.status()).toBe(200);
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(await page.locator("script:not([src])").count()).toBe(0);
    await expect.poll(() => page.getByLabel("API key").count()).toBe(1);
  });

  it("refuses a wrong key with the API's own reason and what to do", async () => {
    await page.getByLabel("API key").fill("cnpy_live_00000000000000000000000000000000");
    await page.getByRole("button", { name: "Sign in" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^Invalid API key\..*Sign in again with a valid key\.$/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "sign-in");
  });

  it("signs in, keeps the key in sessionStorage only, and never puts it in the address", async () => {
    await page.getByLabel("API key").fill(apiKey);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Brands" }).waitFor();
    // Browser-side expressions as text: the tests are compiled without the DOM's types.
    const stored = await page.evaluate('({ session: sessionStorage.getItem("canopy.apiKey"), local: localStorage.length })');
    expect(stored).toEqual({ session: apiKey, local: 0 });
    expect(page.url()).not.toContain(apiKey);
    await page.getByText("No brands yet").waitFor();
    await page.getByText("500 credits").waitFor();
  });

  it("creates a brand whose hostile name is shown as text and never run", async () => {
    await page.getByRole("button", { name: "New brand" }).click();
    const dialog = page.getByRole("dialog", { name: "New brand" });
    await dialog.getByLabel("Name").fill(HOSTILE_NAME);
    await dialog.getByLabel("Website").fill("beanthere.example");
    await dialog.getByLabel("What the brand does").fill("Specialty coffee roaster for home espresso.");
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Create brand" }).click();
    const link = page.getByRole("link", { name: HOSTILE_NAME });
    await link.waitFor();
    expect(await link.textContent()).toBe(HOSTILE_NAME);
    expect(await page.evaluate("typeof window.__pwned")).toBe("undefined");
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.getByRole("cell", { name: "https://beanthere.example" }).count()).toBe(1);
  });

  it("shows a field error from the API under its field", async () => {
    await page.getByRole("button", { name: "New brand" }).click();
    const dialog = page.getByRole("dialog", { name: "New brand" });
    await dialog.getByLabel("Name").fill("Second brand");
    await dialog.getByLabel("Website").fill("not a url at all");
    await dialog.getByRole("button", { name: "Create brand" }).click();
    const website = dialog.getByLabel("Website");
    await expect.poll(() => website.getAttribute("aria-invalid")).toBe("true");
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });

  it("finds brands by name, and edits one", async () => {
    await page.getByRole("button", { name: "New brand" }).click();
    const create = page.getByRole("dialog", { name: "New brand" });
    await create.getByLabel("Name").fill("Trail Mix Co");
    await create.getByRole("button", { name: "Create brand" }).click();
    await page.getByRole("link", { name: "Trail Mix Co" }).waitFor();

    await page.getByLabel("Search brands").fill("trail");
    await expect.poll(() => page.getByRole("link", { name: HOSTILE_NAME }).count()).toBe(0);
    await expect.poll(() => page.getByRole("link", { name: "Trail Mix Co" }).count()).toBe(1);
    await page.getByLabel("Search brands").fill("");
    await page.getByRole("link", { name: HOSTILE_NAME }).waitFor();

    await page.getByRole("button", { name: "Edit Trail Mix Co" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Trail Mix Co" });
    await edit.getByLabel("Name").fill("Trail Mix Company");
    await edit.getByLabel("Target audience").fill("Weekend hikers");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("link", { name: "Trail Mix Company" }).click();
    await page.getByRole("heading", { name: "Trail Mix Company" }).waitFor();
    await page.getByText("Weekend hikers").waitFor();
    expect(page.url()).toMatch(/\/console\/#\/brands\/[0-9a-f-]{36}$/);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("finds the same screen again after a reload", async () => {
    await page.reload();
    await page.getByRole("heading", { name: "Trail Mix Company" }).waitFor();
    await page.getByRole("link", { name: "Brands" }).first().click();
    await page.getByRole("link", { name: "Trail Mix Company" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "brands");
  });

  it("deletes a brand only after a confirmation that says what goes with it", async () => {
    await page.getByRole("button", { name: "Delete Trail Mix Company" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Trail Mix Company?" });
    expect(await confirm.textContent()).toMatch(/research tree, clusterings, topical map, published toggles, briefs and articles/);
    await confirm.getByRole("button", { name: "Keep it" }).click();
    expect(await page.getByRole("link", { name: "Trail Mix Company" }).count()).toBe(1);

    await page.getByRole("button", { name: "Delete Trail Mix Company" }).click();
    await page.getByRole("dialog", { name: "Delete Trail Mix Company?" }).getByRole("button", { name: "Delete brand" }).click();
    await expect.poll(() => page.getByRole("link", { name: "Trail Mix Company" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: HOSTILE_NAME }).count()).toBe(1);
  });

  it("forgets the key on sign-out", async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByLabel("API key").waitFor();
    expect(await page.evaluate('sessionStorage.getItem("canopy.apiKey")')).toBeNull();
    await page.reload();
    await page.getByLabel("API key").waitFor();
  });

  it("has an accessibility check that does find an unlabelled control", async () => {
    await page.evaluate('document.body.append(Object.assign(document.createElement("input"), { type: "text" }))');
    expect((await accessibilityViolations(page)).join("\n")).toMatch(/^label /m);
    await page.reload();
  });

  it("broke no policy and asked no other origin for anything", () => {
    // The browser logs every error answer it fetched; the wrong key's 401 and the invalid
    // website's 400 were provoked above. Anything else (a policy violation, a script error) is not.
    const provoked = /Failed to load resource: the server responded with a status of (401|400)/;
    expect(watched.problems.filter((p) => !provoked.test(p))).toEqual([]);
  });
});
