// The directory of canopy's package.json, found by walking up from this module. The same
// answer holds for the TypeScript sources (tests, benchmarks) and for the compiled bundle in
// dist/, whose chunks sit at another depth: files shipped beside the code (the migrations) are
// found from here, never from a path relative to one source file.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name === "canopy") return dir;
    if (path.dirname(dir) === dir) throw new Error(`canopy's package.json was not found above ${start}`);
  }
}

export const PACKAGE_ROOT = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));
