// The content score is bundled into the console as it is (console/src/articles/content-score.ts),
// so none of its files may import anything outside its own folder: no server module, no package.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const folder = path.resolve(import.meta.dirname, "../../../src/platform/content-score");

describe("the content score's module", () => {
  it("imports only its own files", () => {
    const files = readdirSync(folder).filter((name) => name.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(3);
    for (const name of files) {
      const source = readFileSync(path.join(folder, name), "utf8");
      const specifiers = [...source.matchAll(/\bfrom\s+"([^"]+)"|\bimport\s*\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1] ?? m[2]);
      for (const specifier of specifiers) expect(specifier, `${name} imports ${specifier}`).toMatch(/^\.\/[\w-]+$/);
    }
  });
});
