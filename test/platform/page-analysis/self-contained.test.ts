// The page analysis is pure: none of its files may import anything outside its own folder.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const folder = path.resolve(import.meta.dirname, "../../../src/platform/page-analysis");

describe("the page analysis module", () => {
  it("imports only its own files", () => {
    const files = readdirSync(folder).filter((name) => name.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(5);
    for (const name of files) {
      const source = readFileSync(path.join(folder, name), "utf8");
      const specifiers = [...source.matchAll(/\bfrom\s+"([^"]+)"|\bimport\s*\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1] ?? m[2]);
      for (const specifier of specifiers) expect(specifier, `${name} imports ${specifier}`).toMatch(/^\.\/[\w-]+$/);
    }
  });
});
