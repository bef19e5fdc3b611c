// Operator commands while `canopy serve` holds the embedded database: they run in the server
// through its operator socket, and a key revoked or a user changed that way is refused on the
// server's very next request. Also the socket itself (lock, stale files, permissions), and the
// command line on a PostgreSQL server when CANOPY_TEST_PG names one.
import { lstat } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceCtx } from "../../src/platform/context";
import type { Platform } from "../../src/platform/context";
import { users } from "../../src/platform/db/schema";
import { busy, operatorSocketPath } from "../../src/operator/protocol";
import { ServerOperatorEndpoint } from "../../src/operator/server-socket";
import { askOperatorSocket } from "../../src/operator/socket-client";
import { claimOperatorSocket, SocketHeld } from "../../src/operator/socket-server";
import { freePort, jsonOf, leaveStaleSocket, runCli, spawnCanopy, startServe, tempDataDir, type ServeProcess } from "../helpers/cli";
import { createTestDatabase, TEST_PG_URL } from "../helpers/database";
import type { Schemas } from "../helpers/harness";
import { parseJson } from "../helpers/json";

const SLOW = 120_000;

function expectRefusedByServer(result: { code: number | null; stdout: string; stderr: string }, message: RegExp): void {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe("");
  expect(result.stderr).toMatch(message);
}

describe("the operator socket", () => {
  let dir: Awaited<ReturnType<typeof tempDataDir>>;
  beforeAll(async () => {
    dir = await tempDataDir();
  });
  afterAll(async () => dir.remove());

  it("lives in DATA_DIR, or under the temporary directory when DATA_DIR is too deep for a socket address", () => {
    expect(operatorSocketPath("/srv/canopy")).toBe("/srv/canopy/canopy.sock");
    const deep = `/srv/${"nested/".repeat(20)}data`;
    const fallback = operatorSocketPath(deep);
    expect(path.dirname(fallback)).toBe(os.tmpdir());
    expect(Buffer.byteLength(fallback)).toBeLessThanOrEqual(90);
    expect(operatorSocketPath(deep)).toBe(fallback);
    expect(operatorSocketPath(`${deep}2`)).not.toBe(fallback);
  });

  it("is owner-only, answers requests, and is removed on close", async () => {
    const socketPath = path.join(dir.dir, "a.sock");
    const socket = await claimOperatorSocket(socketPath, async (request) =>
      "argv" in request ? { ok: true, result: { echoed: request.argv } } : { ok: true, result: { owner: "serve", pid: 1 } },
    );
    const stat = await lstat(socketPath);
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
    expect(await askOperatorSocket(socketPath, { argv: ["keys", "list"] }, 5000)).toEqual({
      status: "answered",
      response: { ok: true, result: { echoed: ["keys", "list"] } },
    });
    await socket.close();
    await expect(lstat(socketPath)).rejects.toThrow(/ENOENT/);
    expect(await askOperatorSocket(socketPath, { probe: true }, 5000)).toEqual({ status: "absent" });
  });

  it("answers a malformed request with exit code 2", async () => {
    const socketPath = path.join(dir.dir, "b.sock");
    const socket = await claimOperatorSocket(socketPath, async () => ({ ok: true, result: {} }));
    const answer = await new Promise<string>((resolve, reject) => {
      let text = "";
      const client = net.createConnection({ path: socketPath }, () => client.write("not json\n"));
      client.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      client.on("end", () => resolve(text)).on("error", reject);
    });
    expect(parseJson(answer)).toMatchObject({ ok: false, exitCode: 2 });
    await socket.close();
  });

  it("takes over a socket file nobody answers on, and refuses one a live process holds", async () => {
    const socketPath = path.join(dir.dir, "c.sock");
    await leaveStaleSocket(socketPath);
    expect(await askOperatorSocket(socketPath, { probe: true }, 5000)).toEqual({ status: "absent" });
    const holder = await claimOperatorSocket(socketPath, async () => ({ ok: true, result: { owner: "serve", pid: 42 } }));
    const second = await claimOperatorSocket(socketPath, async () => ({ ok: true, result: {} })).catch((err: unknown) => err);
    expect(second).toBeInstanceOf(SocketHeld);
    expect((second as SocketHeld).answer).toEqual({ ok: true, result: { owner: "serve", pid: 42 } });
    await holder.close();
  });

  it("waits for a busy holder only as long as asked to", async () => {
    const socketPath = path.join(dir.dir, "d.sock");
    const holder = await claimOperatorSocket(socketPath, async () => busy("holding it"));
    const refused = await claimOperatorSocket(socketPath, async () => ({ ok: true, result: {} }), { waitWhileBusyMs: 0 }).catch(
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(SocketHeld);
    expect((refused as SocketHeld).message).toBe("holding it");
    const waiting = claimOperatorSocket(socketPath, async () => ({ ok: true, result: { second: true } }), { waitWhileBusyMs: 60_000 });
    await holder.close();
    const second = await waiting;
    expect(await askOperatorSocket(socketPath, { argv: [] }, 5000)).toEqual({
      status: "answered",
      response: { ok: true, result: { second: true } },
    });
    await second.close();
  });

  it("the server's endpoint answers busy until it is ready and once it is stopping", async () => {
    const endpoint = new ServerOperatorEndpoint();
    expect(await endpoint.handle({ argv: ["migrate"] })).toMatchObject({ ok: false, busy: true });
    expect(await endpoint.handle({ probe: true })).toEqual({ ok: true, result: { owner: "serve", pid: process.pid } });
    // Neither command below reaches the database: a stand-in platform is enough.
    const platform = { database: { kind: "pglite" }, log: pino({ level: "silent" }) } as unknown as Platform;
    endpoint.ready({ db: null, platform } as unknown as ServiceCtx);
    expect(await endpoint.handle({ argv: ["migrate"] })).toMatchObject({ ok: true, result: { migrated: true, database: "pglite" } });
    expect(await endpoint.handle({ argv: ["keys", "drop"] })).toMatchObject({ ok: false, exitCode: 2 });
    await endpoint.drain();
    expect(await endpoint.handle({ argv: ["migrate"] })).toMatchObject({ ok: false, busy: true });
    expect(await endpoint.handle({ probe: true })).toMatchObject({ ok: false, busy: true });
  });
});

describe("operator commands while canopy serve runs on the embedded database", () => {
  let dataDir: Awaited<ReturnType<typeof tempDataDir>>;
  let server: ServeProcess | undefined;
  let socketPath: string;
  const cli = (...args: string[]) => runCli(args, { DATA_DIR: dataDir.dir });
  const profile = (key: string) => fetch(`${server!.baseUrl}/api/v1/me/profile/`, { headers: { "x-api-key": key } });
  const keys: { first?: { id: string; key: string }; second?: { id: string; key: string } } = {};

  beforeAll(async () => {
    dataDir = await tempDataDir();
    socketPath = path.join(dataDir.dir, "canopy.sock");
    // Left by a server that crashed: it must not keep the next one from starting.
    await leaveStaleSocket(socketPath);
    server = await startServe({ env: { DATA_DIR: dataDir.dir } });
  }, SLOW);
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await dataDir.remove();
  });

  it("serves on an owner-only socket in DATA_DIR and tells how to create the first user", async () => {
    const stat = await lstat(socketPath);
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
    // Printed after the server answers /healthz, once it has counted its users.
    await server!.waitForOutput(/canopy has no users yet/);
    expect(server!.stdout()).toContain("canopy users create --email");
  });

  it("a second server on the same DATA_DIR refuses to start", { timeout: SLOW }, async () => {
    const second = await runCli(["serve"], { DATA_DIR: dataDir.dir, PORT: String(await freePort()) });
    expect(second.code).not.toBe(0);
    expect(second.stderr).toMatch(/another canopy server \(pid \d+\) is using the embedded database/);
    expect((await fetch(`${server!.baseUrl}/healthz`)).status).toBe(200);
  });

  it("keys created through the CLI work at once; revoking one refuses it on the very next request", { timeout: SLOW }, async () => {
    const user = jsonOf(await cli("users", "create", "--email", "owner@example.com"));
    expect(user).toMatchObject({ email: "owner@example.com", plan: "agency", beta_access: true });
    const [first, second] = (
      await Promise.all([
        cli("keys", "create", "--email", "owner@example.com", "--name", "first", "--type", "Integration", "--scopes", "user:read"),
        cli("keys", "create", "--email", "owner@example.com", "--name", "second", "--type", "Integration", "--scopes", "user:read"),
      ])
    ).map(jsonOf);
    keys.first = { id: first!.id as string, key: first!.key as string };
    keys.second = { id: second!.id as string, key: second!.key as string };
    expect(first).toMatchObject({ name: "first", scopes: ["user:read"] });

    const before = await profile(keys.first.key);
    expect(before.status).toBe(200);
    expect((await before.json()) as Schemas["Profile"]).toMatchObject({ email: "owner@example.com" });
    // The server's principal cache now holds the key; the revocation must clear it.
    expect((await profile(keys.first.key)).status).toBe(200);

    expect(jsonOf(await cli("keys", "revoke", "--id", keys.first.id))).toMatchObject({ id: keys.first.id, status: "Revoked" });
    const after = await profile(keys.first.key);
    expect(after.status).toBe(401);
    expect((await after.json()) as Schemas["Error"]).toEqual({ detail: "API key has been revoked." });
  });

  it("a user changed through the CLI is refused on the next request", { timeout: SLOW }, async () => {
    expect((await profile(keys.second!.key)).status).toBe(200);
    expect(jsonOf(await cli("users", "update", "--email", "owner@example.com", "--beta", "false"))).toMatchObject({ beta_access: false });
    const res = await profile(keys.second!.key);
    expect(res.status).toBe(401);
    expect((await res.json()) as Schemas["Error"]).toEqual({ detail: "API access is in beta and limited to approved users." });
  });

  it("refusals come back from the server as a non-zero exit with the message and no output", { timeout: SLOW }, async () => {
    const refused = await cli("keys", "create", "--email", "owner@example.com", "--name", "adm", "--type", "Admin");
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toMatch(/beta|staff/);
  });

  it("migrate answers that the running server applied the migrations", { timeout: SLOW }, async () => {
    expect(jsonOf(await cli("migrate"))).toMatchObject({ migrated: true, database: "pglite", by: "running server" });
  });

  it("users list and teams list are answered by the running server, as one object each", { timeout: SLOW }, async () => {
    const team = jsonOf(await cli("teams", "create", "--name", "Ops", "--owner", "owner@example.com"));
    const [users, teams] = (await Promise.all([cli("users", "list"), cli("teams", "list", "--email", "owner@example.com")])).map(jsonOf);
    expect(users).toEqual({ users: [expect.objectContaining({ email: "owner@example.com", beta_access: false })] });
    expect(teams).toEqual({
      email: "owner@example.com",
      teams: [
        expect.objectContaining({
          id: team.id,
          name: "Ops",
          owner: "owner@example.com",
          members: [{ email: "owner@example.com", role: "owner", status: "active" }],
        }),
      ],
    });
    expectRefusedByServer(await cli("teams", "create", "--name", "ops", "--owner", "owner@example.com"), /already owns a team named "Ops"/);
  });

  it("SIGTERM stops the server gracefully: exit 0 and the socket file is gone", { timeout: SLOW }, async () => {
    expect(await server!.stop("SIGTERM")).toEqual({ code: 0, signal: null });
    await expect(lstat(socketPath)).rejects.toThrow(/ENOENT/);
  });

  it("with the server stopped, commands open the embedded database themselves and see its data", { timeout: SLOW }, async () => {
    const listed = jsonOf(await cli("keys", "list", "--email", "owner@example.com"));
    const statuses = Object.fromEntries((listed.keys as { id: string; status: string }[]).map((k) => [k.id, k.status]));
    expect(statuses).toEqual({ [keys.first!.id]: "Revoked", [keys.second!.id]: "Active" });
  });

  it("serve refuses an unknown option with exit 2", { timeout: SLOW }, async () => {
    const result = await runCli(["serve", "--workers"], { DATA_DIR: dataDir.dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown option --workers/);
  });
});

// Only with a PostgreSQL server to test against: the command line opens it directly, and
// `canopy worker` runs beside it.
if (TEST_PG_URL) {
  describe("the command line with DATABASE_URL", () => {
    let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
    let env: Record<string, string>;
    beforeAll(async () => {
      testDb = await createTestDatabase();
      const dataDir = await tempDataDir();
      await dataDir.remove();
      // DATA_DIR points nowhere: with DATABASE_URL it must not be used.
      env = { DATABASE_URL: testDb.url!, DATA_DIR: dataDir.dir };
    });
    afterAll(async () => testDb.drop());

    it("creates users and keys in the server database", { timeout: SLOW }, async () => {
      const user = jsonOf(await runCli(["users", "create", "--email", "pg@example.com", "--staff"], env));
      expect(user).toMatchObject({ email: "pg@example.com", is_staff: true });
      const key = jsonOf(await runCli(["keys", "create", "--email", "pg@example.com", "--name", "k", "--type", "Admin"], env));
      expect(key).toMatchObject({ type: "Admin", scopes: ["admin:read", "user:read"] });
      const [row] = await testDb.database.db.select().from(users).where(eq(users.email, "pg@example.com"));
      expect(row?.id).toBe(user.id);
    });

    it("canopy worker runs on it and stops with exit 0 on SIGTERM", { timeout: SLOW }, async () => {
      const worker = spawnCanopy(["worker"], { ...env, LOG_LEVEL: "info" });
      await worker.waitForOutput(/worker started/);
      // The platform alone: migrations and the queue, no HTTP app, routes or port.
      expect(worker.stdout()).toContain("starting the job queue");
      expect(worker.stdout()).not.toMatch(/registering the routes|Server listening/);
      expect(await worker.stop("SIGTERM")).toEqual({ code: 0, signal: null });
    });
  });
}
