// `canopy serve` start-up as docs/conventions.md §10 asks: it says what it does, it fails at once naming the
// variable when DATA_DIR, DATABASE_URL or REDIS_URL cannot be used, and the embedded data
// directory, its files and the operator socket are closed to other users.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { freePort, runCli, spawnCanopy, startServe, tempDataDir } from "../helpers/cli";
import type { Schemas } from "../helpers/harness";

describe("canopy serve start-up", () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;

  beforeEach(async () => {
    data = await tempDataDir();
  });

  afterEach(async () => {
    await data.remove();
  });

  it("says what it is doing, and leaves nothing readable by other users", { timeout: 180_000 }, async () => {
    const dir = path.join(data.dir, "data");
    const server = await startServe({ env: { DATA_DIR: dir, LOG_LEVEL: "info" } });
    try {
      await server.waitForOutput(/operator commands accepted/);
      const messages = server
        .stdout()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
      // The build's template is unpacked (embedded-template.test.ts), not a database made from nothing.
      const steps = [
        "creating the embedded database from its template (first start)",
        "applying database migrations",
        `Server listening at ${server.baseUrl}`,
      ];
      expect(messages.filter((message) => steps.includes(message))).toEqual(steps);

      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(dir, "canopy.sock")).mode & 0o777).toBe(0o600);
      const open = fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .map((entry) => path.join(entry.parentPath, entry.name))
        .filter((file) => (fs.lstatSync(file).mode & 0o077) !== 0);
      expect(open).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  it("fails naming DATA_DIR when the directory cannot be made", async () => {
    const file = path.join(data.dir, "file");
    fs.writeFileSync(file, "");
    for (const dir of [path.join(file, "data"), "/proc/canopy-nope"]) {
      const result = await runCli(["serve"], { DATA_DIR: dir, PORT: String(await freePort()) });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`DATA_DIR: ${dir} cannot be used`);
    }
  });

  it("fails at once naming PORT and the address when the port is taken, creating nothing in DATA_DIR", async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", () => resolve()));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const dir = path.join(data.dir, "data");
      const result = await runCli(["serve"], { DATA_DIR: dir, HOST: "127.0.0.1", PORT: String(port) });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`PORT: 127.0.0.1:${port} is already in use by another process`);
      expect(fs.existsSync(dir)).toBe(false);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

  it("answers 503 on its port while it starts, then serves on it", { timeout: 180_000 }, async () => {
    const port = await freePort();
    const server = spawnCanopy(["serve"], {
      DATA_DIR: path.join(data.dir, "data"),
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "info",
    });
    try {
      await server.waitForOutput(/creating the embedded database/);
      const starting = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(starting.status).toBe(503);
      expect(starting.headers.get("retry-after")).toBe("1");
      expect(starting.headers.get("x-content-type-options")).toBe("nosniff");
      expect((await starting.json()) as Schemas["Error"]).toEqual({ detail: "canopy is starting; try again in a moment." });
      await server.waitForOutput(/operator commands accepted/);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it("fails naming DATABASE_URL or REDIS_URL when nothing answers there", async () => {
    const closed = await freePort();
    const database = await runCli(["serve"], {
      DATABASE_URL: `postgres://canopy@127.0.0.1:${closed}/canopy`,
      PORT: String(await freePort()),
    });
    expect(database.code).toBe(1);
    expect(database.stderr).toContain(`DATABASE_URL: cannot use the PostgreSQL server at 127.0.0.1:${closed}/canopy`);

    const redis = await runCli(["serve"], {
      DATA_DIR: path.join(data.dir, "data"),
      REDIS_URL: `redis://127.0.0.1:${closed}`,
      PORT: String(await freePort()),
    });
    expect(redis.code).toBe(1);
    expect(redis.stderr).toContain(`REDIS_URL: cannot use the Redis server at 127.0.0.1:${closed}`);
  });
});
