// An unsupported Node.js is refused at once, naming the supported versions: by `canopy` before it
// loads anything, and by `npm ci` before it installs anything. The old Node is the machine's own
// /usr/bin/node (Node 20 on this project's machine image, CI's included), with its npm.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/repo-root";

const OLD_NODE = "/usr/bin/node";
const OLD_NPM = "/usr/bin/npm";
const SUPPORTED = "^22.12.0 || ^24.0.0 || ^26.0.0";

function versionOf(node: string): string | null {
  const result = spawnSync(node, ["--version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : null;
}

const oldVersion = fs.existsSync(OLD_NODE) ? versionOf(OLD_NODE) : null;
const oldIsUnsupported = oldVersion !== null && /^v(1\d|20|21)\./.test(oldVersion);
// With only the old Node's directory on PATH, `npm` and the `node` it starts are the old ones.
const OLD_PATH = `${path.dirname(OLD_NODE)}:/bin`;

describe("an unsupported Node.js", () => {
  const temporary: string[] = [];
  afterEach(() => {
    for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is told from a supported one: the Node running the tests passes the check and runs canopy", () => {
    expect(spawnSync(process.execPath, [path.join(REPO_ROOT, "scripts", "node-version.cjs")]).status).toBe(0);
    const help = spawnSync(process.execPath, [path.join(REPO_ROOT, "bin", "canopy.js"), "--help"], { encoding: "utf8" });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: canopy/);
  });

  it.runIf(oldIsUnsupported)(`is refused by canopy at once, naming the supported versions (${OLD_NODE} ${oldVersion ?? "absent"})`, () => {
    for (const args of [["--help"], ["serve"]]) {
      const result = spawnSync(OLD_NODE, [path.join(REPO_ROOT, "bin", "canopy.js"), ...args], {
        encoding: "utf8",
        env: { PATH: OLD_PATH },
      });
      expect(result.status).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain(
        `canopy needs Node.js 22 (22.12 or later), 24 or 26 (package.json engines: ${SUPPORTED}); this is Node.js ${oldVersion}.`,
      );
    }
  });

  it.runIf(oldIsUnsupported && fs.existsSync(OLD_NPM))("is refused by npm ci before anything is installed", { timeout: 120_000 }, () => {
    // The project's install files in an empty directory. --offline with an empty cache: a check
    // that let the old Node through fails on the first package instead of fetching it.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "canopy-npm-ci-"));
    temporary.push(dir);
    for (const file of ["package.json", "package-lock.json", ".npmrc", "scripts/node-version.cjs"]) {
      if (!fs.existsSync(path.join(REPO_ROOT, file))) continue;
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.copyFileSync(path.join(REPO_ROOT, file), path.join(dir, file));
    }
    const result = spawnSync(OLD_NPM, ["ci", "--offline", "--no-audit", "--no-fund", "--cache", path.join(dir, ".cache")], {
      cwd: dir,
      encoding: "utf8",
      env: { PATH: OLD_PATH, HOME: dir },
      timeout: 100_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("EBADENGINE");
    expect(result.stderr).toContain(`Required: {"node":"${SUPPORTED}"}`);
    expect(fs.existsSync(path.join(dir, "node_modules"))).toBe(false);
  });
});
