// The account screen in Chromium against a real server: the credit balance, and the keys: one
// made with chosen scopes (its plaintext shown once), the signed-in key rotated (the console
// carries on with its successor), and one revoked after a confirmation.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessibilityViolations } from "./accessibility";
import { screenshot } from "./screenshots";
import { signedInConsole, type SignedInConsole } from "./signed-in";

let opened: SignedInConsole | undefined;
let page: Page;

beforeAll(async () => {
  opened = await signedInConsole({ credits: 250 });
  page = opened.page;
}, 180_000);

afterAll(async () => {
  await opened?.close();
});

const keyRow = (name: string) =>
  page
    .getByRole("region", { name: "API keys" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name, exact: true }) });
const signedInKey = () => page.evaluate<string | null>('sessionStorage.getItem("canopy.apiKey")');

describe("the console: account", () => {
  it("shows the credit balance and the user's keys", async () => {
    await page.getByRole("link", { name: "Account" }).click();
    await page.getByRole("heading", { name: "Account" }).waitFor();
    const balance = page.getByLabel("Credit balance");
    await balance.waitFor();
    expect(await balance.textContent()).toContain("Total250");
    await keyRow("test").waitFor();
    expect(await keyRow("test").textContent()).toContain("Active");
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("makes a key with chosen scopes and shows its plaintext once", async () => {
    await page.getByLabel("Name", { exact: true }).fill("reporting dashboard");
    await page.getByRole("checkbox", { name: /^brands:read/ }).check();
    await page.getByRole("checkbox", { name: /^research:read/ }).check();
    await page.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByRole("dialog", { name: "Store this key now" });
    const plaintext = await shown.getByLabel("New key").inputValue();
    expect(plaintext).toMatch(/^cnpy_live_[0-9a-f]{32}$/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shown.getByRole("button", { name: "Done" }).click();
    await keyRow("reporting dashboard").waitFor();
    expect(await keyRow("reporting dashboard").textContent()).toContain("brands:read, research:read");
    expect(await page.getByText(plaintext).count()).toBe(0);
    await screenshot(page, "account");
  });

  it("rotates the key the console is signed in with, and carries on with the new one", async () => {
    const before = await signedInKey();
    await page.getByRole("button", { name: "Rotate test", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Rotate test?" });
    expect(await confirm.textContent()).toMatch(/stops working at once/);
    await confirm.getByRole("button", { name: "Rotate key" }).click();
    const shown = page.getByRole("dialog", { name: "Store this key now" });
    const plaintext = await shown.getByLabel("New key").inputValue();
    await shown.getByRole("button", { name: "Done" }).click();
    expect(plaintext).not.toBe(before);
    expect(await signedInKey()).toBe(plaintext);
    // The old key is revoked, the new one answers: the brands screen still loads.
    await page.getByRole("link", { name: "Brands" }).first().click();
    await page.getByText("No brands yet").waitFor();
  });

  it("revokes a key after a confirmation", async () => {
    await page.getByRole("link", { name: "Account" }).click();
    await page.getByRole("button", { name: "Revoke reporting dashboard", exact: true }).click();
    await page.getByRole("dialog", { name: "Revoke reporting dashboard?" }).getByRole("button", { name: "Revoke key" }).click();
    await expect.poll(async () => keyRow("reporting dashboard").textContent()).toContain("Revoked");
    expect(await page.getByRole("button", { name: "Revoke reporting dashboard", exact: true }).count()).toBe(0);
  });

  it("reads the audit log a page at a time, filtered by method, endpoint and key", async () => {
    // Thirty more requests with the signed-in key, so the log runs past one page of 25.
    const key = (await signedInKey()) ?? "";
    const headers = { "X-API-Key": key };
    for (let i = 0; i < 30; i += 1) await fetch(`${opened?.baseUrl ?? ""}/api/v1/models/`, { headers });
    // The log is written in batches off the request path: wait until the API lists them all,
    // so that the page loaded next has more than one page to show.
    const logged = async () => {
      const res = await fetch(`${opened?.baseUrl ?? ""}/api/v1/me/audit-logs/?page_size=1`, { headers });
      return ((await res.json()) as { count: number }).count;
    };
    await expect.poll(logged).toBeGreaterThan(30);
    await page.reload();
    const panel = page.getByRole("region", { name: "Audit log" });
    await expect.poll(async () => (await panel.getByText(/requests; page 1 of/).textContent()) ?? "").toMatch(/page 1 of [2-9]/);
    expect(await panel.getByRole("row").count()).toBe(26);
    await panel.getByRole("button", { name: "Next page" }).click();
    await panel.getByText(/page 2 of/).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await panel.getByLabel("Method").selectOption("POST");
    // The previous page stays on screen (marked busy) until the filtered one is answered.
    const methods = async () => new Set(await panel.locator("table:not([aria-busy='true']) tbody tr td:nth-child(3)").allTextContents());
    await expect.poll(methods).toEqual(new Set(["POST"]));
    await panel.getByLabel("Endpoint contains").fill("/rotate/");
    await expect.poll(() => panel.locator("tbody tr").count()).toBe(1);
    expect(await panel.locator("tbody tr td:nth-child(4)").textContent()).toMatch(/\/api\/v1\/keys\/[0-9a-f-]{36}\/rotate\/$/);

    await panel.getByLabel("Method").selectOption("");
    await panel.getByLabel("Endpoint contains").fill("");
    const revoked = (await panel.getByLabel("Key").locator("option", { hasText: "reporting dashboard" }).textContent()) ?? "";
    await panel.getByLabel("Key").selectOption({ label: revoked });
    await panel.getByText("No request matches.").waitFor();
    expect(opened?.problems ?? []).toEqual([]);
  });
});
