// A signed-in console for the tests of its screens: a real server with a strategist's key, a
// Chromium page watched for script errors, policy violations and other origins, signed in
// through the sign-in screen itself.
import type { Browser, Page } from "playwright-core";
import { launchBrowser, watchPage } from "./browser";
import { startConsoleServer, type ConsoleServer, type ConsoleServerOptions } from "./console-server";

export interface SignedInConsole {
  page: Page;
  baseUrl: string;
  problems: string[];
  /** The user's read-only key, when `readOnlyKey` was asked for. */
  readOnlyKey: string | null;
  /** The API with the signed-in key, for what a test prepares or checks outside the screens. */
  api<T>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function signedInConsole(options: ConsoleServerOptions = {}): Promise<SignedInConsole> {
  const server: ConsoleServer = await startConsoleServer(options);
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const baseUrl = server.serve.baseUrl;
    const { problems } = watchPage(page, baseUrl);
    await page.goto(`${baseUrl}/console/`);
    await page.getByLabel("API key").fill(server.apiKey);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Brands" }).waitFor();
    const opened = browser;
    return {
      page,
      baseUrl,
      problems,
      readOnlyKey: server.readOnlyKey,
      async api<T>(method: string, path: string, body?: unknown): Promise<T> {
        const headers: Record<string, string> = { "X-API-Key": server.apiKey };
        if (body !== undefined) headers["Content-Type"] = "application/json";
        const res = await fetch(`${baseUrl}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
        if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
        return (await res.json()) as T;
      },
      async close() {
        await opened.close();
        await server.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.stop();
    throw error;
  }
}

/** Creates a brand through the brands screen and opens it; answers its id. */
export async function createBrand(page: Page, fields: { name: string; description?: string }): Promise<string> {
  await page.getByRole("button", { name: "New brand" }).click();
  const dialog = page.getByRole("dialog", { name: "New brand" });
  await dialog.getByLabel("Name").fill(fields.name);
  if (fields.description) await dialog.getByLabel("What the brand does").fill(fields.description);
  await dialog.getByRole("button", { name: "Create brand" }).click();
  await page.getByRole("link", { name: fields.name }).click();
  await page.getByRole("heading", { name: fields.name }).waitFor();
  return /#\/brands\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? "";
}
