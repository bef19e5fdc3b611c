// Operator commands with neither a running server nor a database at DATA_DIR: run in the wrong
// directory, they fail naming DATA_DIR and where they looked, and create nothing; only `migrate`
// creates a database.
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonOf, runCli, tempDataDir } from "../helpers/cli";

const SLOW = 120_000;

function expectNothingThere(result: Awaited<ReturnType<typeof runCli>>, dataDir: string): void {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe("");
  expect(result.stderr).toContain(`no canopy server and no database at DATA_DIR ${dataDir}`);
  expect(result.stderr).toContain(`looked for a running server's socket at ${path.join(dataDir, "canopy.sock")}`);
}

describe("operator commands with no server and no database", () => {
  let temp: Awaited<ReturnType<typeof tempDataDir>>;

  beforeEach(async () => {
    temp = await tempDataDir();
  });

  afterEach(async () => {
    await temp.remove();
  });

  it("fail naming the absolute DATA_DIR, the default ./data of the current directory included, and create nothing", {
    timeout: SLOW,
  }, async () => {
    const dataDir = path.join(temp.dir, "elsewhere", "data");
    expectNothingThere(await runCli(["users", "list"], { DATA_DIR: dataDir }), dataDir);
    expect(fs.existsSync(path.join(temp.dir, "elsewhere"))).toBe(false);

    // No DATA_DIR: ./data under the directory the command runs in.
    expectNothingThere(await runCli(["keys", "list", "--email", "you@example.com"], {}, { cwd: temp.dir }), path.join(temp.dir, "data"));
    expect(fs.readdirSync(temp.dir)).toEqual([]);
  });

  it("fail on an existing directory that holds no database, leaving it empty", { timeout: SLOW }, async () => {
    expectNothingThere(await runCli(["users", "create", "--email", "you@example.com"], { DATA_DIR: temp.dir }), temp.dir);
    expect(fs.readdirSync(temp.dir)).toEqual([]);
  });

  it("migrate creates the database, and commands then run on it", { timeout: SLOW }, async () => {
    const dataDir = path.join(temp.dir, "data");
    expect(jsonOf(await runCli(["migrate"], { DATA_DIR: dataDir }))).toMatchObject({ migrated: true, database: "pglite" });
    expect(jsonOf(await runCli(["users", "list"], { DATA_DIR: dataDir }))).toEqual({ users: [] });
  });
});
