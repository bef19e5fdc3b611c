// The README's pictures of the console are taken by its end-to-end tests, on the screens they
// reach: with CONSOLE_SCREENSHOTS naming a folder (`docs/console` for the README), each named
// screen is saved there as a PNG; without it nothing is written.
import path from "node:path";
import type { Page } from "playwright-core";

export async function screenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.CONSOLE_SCREENSHOTS;
  if (!folder) return;
  // The top of the screen, the viewport only: a long tree would make a picture too tall to read.
  await page.evaluate("window.scrollTo(0, 0)");
  await page.screenshot({ path: path.resolve(folder, `${name}.png`) });
}
