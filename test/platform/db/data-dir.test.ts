// DATA_DIR checks: created owner-only, tightened when looser, refused at once with the variable
// named when it cannot be used, and PGlite's world-readable files closed to other users.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/platform/config";
import { prepareDataDir, restrictToOwner } from "../../../src/platform/db/data-dir";

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe("prepareDataDir", () => {
  let root: string;
  let umask: number;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "canopy-datadir-"));
    // Read by setting it (the argument-less read is deprecated), then put straight back.
    umask = process.umask(0o022);
    process.umask(umask);
  });

  afterEach(() => {
    process.umask(umask);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("creates missing directories, the data directory itself 0700, and reports a fresh database", () => {
    const dir = path.join(root, "a", "b", "data");
    expect(prepareDataDir(dir)).toEqual({ dir, fresh: true });
    expect(modeOf(dir)).toBe(0o700);
    // Later files of this process are owner-only.
    fs.writeFileSync(path.join(dir, "x"), "");
    expect(modeOf(path.join(dir, "x"))).toBe(0o600);
  });

  it("closes an existing directory to other users and sees an existing database", () => {
    const dir = path.join(root, "data");
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    fs.writeFileSync(path.join(dir, "PG_VERSION"), "18");
    expect(prepareDataDir(dir).fresh).toBe(false);
    expect(modeOf(dir)).toBe(0o700);
  });

  it.each([
    [
      "under a file",
      (r: string) => {
        fs.writeFileSync(path.join(r, "file"), "");
        return path.join(r, "file", "data");
      },
    ],
    [
      "a file",
      (r: string) => {
        fs.writeFileSync(path.join(r, "file"), "");
        return path.join(r, "file");
      },
    ],
    ["under /proc (where a recursive mkdir spins forever)", () => "/proc/canopy-nope/data"],
  ])("refuses a path %s, naming DATA_DIR and the path", (_what, make) => {
    const dir = make(root);
    const error = (() => {
      try {
        prepareDataDir(dir);
      } catch (err) {
        return err;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(`DATA_DIR: ${dir} cannot be used`);
  });
});

describe("restrictToOwner", () => {
  it("takes group and other bits off files and directories at any depth", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "canopy-restrict-"));
    try {
      fs.mkdirSync(path.join(root, "base", "5"), { recursive: true });
      const files = [path.join(root, "PG_VERSION"), path.join(root, "base", "5", "1259")];
      for (const file of files) {
        fs.writeFileSync(file, "");
        fs.chmodSync(file, 0o666);
      }
      fs.chmodSync(path.join(root, "base"), 0o755);
      restrictToOwner(root);
      expect(files.map(modeOf)).toEqual([0o600, 0o600]);
      expect(modeOf(path.join(root, "base"))).toBe(0o700);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
