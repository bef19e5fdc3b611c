// A signed-in console for the tests of its screens: a real server with a strategist's key, a
// Chromium page watched for script errors, policy violations and other origins, signed in
// through the sign-in screen itself.
import type { Browser, Page } from "playwright-core";
import { launchBrowser, watchPage } from "./browser";
import { startConsoleServer, type ConsoleServer } from "./console-server";

export interface SignedInConsole {
  page: Page;
  baseUrl: string;
  problems: string[];
  close(): Promise<void>;
}

export async function signedInConsole(options: { credits?: number } = {}): Promise<SignedInConsole> {
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

/** Creates a brand through the brands screen and opens it. */
export async function createBrand(page: Page, fields: { name: string; description?: string }): Promise<void> {
  await page.getByRole("button", { name: "New brand" }).click();
  const dialog = page.getByRole("dialog", { name: "New brand" });
  await dialog.getByLabel("Name").fill(fields.name);
  if (fields.description) await dialog.getByLabel("What the brand does").fill(fields.description);
  await dialog.getByRole("button", { name: "Create brand" }).click();
  await page.getByRole("link", { name: fields.name }).click();
  await page.getByRole("heading", { name: fields.name }).waitFor();
}
