// The console's built files (dist/console, made by `npm run build` with Vite), read into memory
// on first use. The page is small and the assets carry content hashes in their names, so the
// whole console is a few hundred kilobytes held once per process.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PACKAGE_ROOT } from "../../platform/package-root";
import { contentTypeOf, type StaticFile } from "../../platform/http/static-files";

const CONSOLE_DIR = path.join(PACKAGE_ROOT, "dist", "console");

export interface ConsoleFiles {
  page: StaticFile;
  /** By file name, as the page links them under /console/assets/. */
  assets: Map<string, StaticFile>;
}

let loaded: ConsoleFiles | null = null;

/** The built console, or null when it has not been built (a checkout run without `npm run build`). */
export function consoleFiles(): ConsoleFiles | null {
  if (loaded) return loaded;
  const index = path.join(CONSOLE_DIR, "index.html");
  if (!existsSync(index)) return null;
  const assetDir = path.join(CONSOLE_DIR, "assets");
  const assets = new Map<string, StaticFile>();
  for (const name of existsSync(assetDir) ? readdirSync(assetDir) : []) {
    assets.set(name, { contentType: contentTypeOf(name), body: readFileSync(path.join(assetDir, name)) });
  }
  loaded = { page: { contentType: contentTypeOf(index), body: readFileSync(index) }, assets };
  return loaded;
}
