// A test file's name says which project runs it (vitest.config.ts), and so what is set up for it:
// a unit test gets no database template and no build, an api test no build. A file that needs
// more than its name gives would fail on a clean clone only, or only when run alone; this holds
// each file's name to what it imports, directly or through the helpers it uses.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, sourceFiles } from "./source-imports";

const TEST = path.resolve(import.meta.dirname, "..");
const NEEDS_DATABASE = [path.join(TEST, "helpers", "database.ts")];
const NEEDS_BUILD = [path.join(TEST, "helpers", "build-dist.ts"), path.join(TEST, "helpers", "cli.ts")];

/** The files `npm test` runs: not the browser and scale-out suites, which have configs of their own. */
function testFiles(): string[] {
  return sourceFiles(TEST).filter((file) => {
    const name = path.relative(TEST, file);
    return name.endsWith(".test.ts") && !name.startsWith("scaleout/") && !/^console\/[^/]+\.test\.ts$/.test(name);
  });
}

/** The test-tree files a file loads, itself included, following imports that stay under test/. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const target of importsOf(file)) {
    if (target.startsWith(TEST + path.sep) && fs.existsSync(target)) closure(target, seen);
  }
  return seen;
}

const kindOf = (file: string): "cli" | "api" | "unit" =>
  file.endsWith(".cli.test.ts") ? "cli" : /\.(api|db|server)\.test\.ts$/.test(file) ? "api" : "unit";

describe("the test files' names", () => {
  const files = testFiles();

  it("say what the file needs: a database (.api, .db, .server) or the build (.cli)", () => {
    const wrong: string[] = [];
    for (const file of files) {
      const loaded = closure(file);
      const kind = kindOf(file);
      const needsBuild = NEEDS_BUILD.some((helper) => loaded.has(helper));
      const needsDatabase = NEEDS_DATABASE.some((helper) => loaded.has(helper));
      if (needsBuild && kind !== "cli") wrong.push(`${path.relative(TEST, file)} builds canopy: name it *.cli.test.ts`);
      if (needsDatabase && kind === "unit")
        wrong.push(`${path.relative(TEST, file)} uses a test database: name it *.api.test.ts or *.db.test.ts`);
    }
    expect(wrong).toEqual([]);
  });

  it("are read from the files this check can see", () => {
    expect(files.filter((file) => kindOf(file) === "cli").length).toBeGreaterThan(5);
    expect(files.filter((file) => kindOf(file) === "api").length).toBeGreaterThan(50);
    expect(files.filter((file) => kindOf(file) === "unit").length).toBeGreaterThan(50);
  });
});
