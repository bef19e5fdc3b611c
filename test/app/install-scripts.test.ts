// No dependency's install script runs on `npm ci` unreviewed: every package the lockfile marks as
// having one has a decision in package.json's allowScripts (the reasons are in .npmrc), so npm
// prints no warning about unreviewed scripts and a new one fails here first.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/repo-root";

interface Lockfile {
  packages: Record<string, { hasInstallScript?: boolean }>;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(REPO_ROOT, file), "utf8")) as T;

describe("dependencies' install scripts", () => {
  it("are each decided in allowScripts, and none is allowed", () => {
    const lock = readJson<Lockfile>("package-lock.json");
    const { allowScripts = {} } = readJson<{ allowScripts?: Record<string, boolean> }>("package.json");
    // "node_modules/a/node_modules/esbuild" is esbuild; the project's own entry ("") is its prepare step.
    const withScripts = Object.entries(lock.packages)
      .filter(([where, entry]) => where !== "" && entry.hasInstallScript === true)
      .map(([where]) => where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(withScripts.length).toBeGreaterThan(0);
    expect([...new Set(withScripts)].filter((name) => !Object.hasOwn(allowScripts, name))).toEqual([]);
    expect(Object.entries(allowScripts).filter(([, allowed]) => allowed)).toEqual([]);
  });
});
