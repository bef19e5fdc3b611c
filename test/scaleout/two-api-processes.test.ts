// Two `canopy serve --no-workers` processes and one `canopy worker` sharing one PostgreSQL
// database and one Redis, as a scaled-out deployment runs them: a key's rate limit holds across
// the processes, a revocation made through one is honoured by the other at once (LISTEN/NOTIFY,
// not the cache's TTL), and the worker starts and stops cleanly.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_PG_URL, TEST_REDIS_URL, type TestDatabase } from "../helpers/database";
import type { Schemas } from "../helpers/harness";
import {
  baseEnv,
  canopyArgs,
  freePort,
  runCanopy,
  startProcess,
  stopProcess,
  waitForHttp,
  waitForOutput,
  type Env,
  type Server,
} from "../../bench/lib/processes";

// Skipping would let CI pass without testing what this file is for: refuse to run instead.
if (!TEST_PG_URL || !TEST_REDIS_URL) {
  throw new Error(
    "The scale-out tests need a PostgreSQL and a Redis server: set CANOPY_TEST_PG " +
      "(e.g. postgres://postgres@127.0.0.1:5432/postgres) and CANOPY_TEST_REDIS (e.g. redis://127.0.0.1:6379). " +
      `Missing: ${[!TEST_PG_URL && "CANOPY_TEST_PG", !TEST_REDIS_URL && "CANOPY_TEST_REDIS"].filter(Boolean).join(", ")}.`,
  );
}
const REDIS_URL: string = TEST_REDIS_URL;
const LIMIT = 10;
const PROFILE = "/api/v1/me/profile/";

interface CreatedKey {
  id: string;
  key: string;
}

function asKey(output: Record<string, unknown>): CreatedKey {
  const { id, key } = output;
  if (typeof id !== "string" || typeof key !== "string") throw new Error(`keys create printed no id and key: ${JSON.stringify(output)}`);
  return { id, key };
}

let testDb: TestDatabase | undefined;
let env: Env = {};
let email = "";
let limited: CreatedKey;
let manager: CreatedKey;
const servers: Server[] = [];
let urlA = "";
let urlB = "";

async function startApi(name: string): Promise<string> {
  const port = await freePort();
  const server = startProcess(name, canopyArgs(["serve", "--no-workers"]), { ...env, PORT: String(port) });
  servers.push(server);
  const base = `http://127.0.0.1:${port}`;
  // Generous: start-up compiles the sources, and a loaded CI machine makes that slow.
  await waitForHttp(server, `${base}/healthz`, 120_000);
  return base;
}

function get(base: string, key: string): Promise<Response> {
  return fetch(`${base}${PROFILE}`, { headers: { "x-api-key": key } });
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  if (!testDb.url) throw new Error("createTestDatabase gave no server database although CANOPY_TEST_PG is set");
  env = baseEnv({
    DATABASE_URL: testDb.url,
    REDIS_URL,
    RATE_LIMITS: `Integration=${LIMIT}`,
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
  });
  const migrated = await runCanopy(["migrate"], env);
  expect(migrated).toEqual({ migrated: true, database: "postgres" });

  email = `scaleout-${randomUUID()}@example.com`;
  const user = await runCanopy(["users", "create", "--email", email], env);
  expect(user.email).toBe(email);
  const keyArgs = ["keys", "create", "--email", email, "--type", "Integration"];
  limited = asKey(await runCanopy([...keyArgs, "--name", "limited", "--scopes", "user:read"], env));
  manager = asKey(await runCanopy([...keyArgs, "--name", "manager", "--scopes", "user:read,keys:write"], env));

  [urlA, urlB] = await Promise.all([startApi("api A"), startApi("api B")]);
});

afterAll(async () => {
  const stopped = await Promise.all(servers.map((server) => stopProcess(server)));
  await testDb?.drop();
  // A process that had to be killed did not shut down gracefully: that is a failure too.
  stopped.forEach((result, i) => {
    expect(result.killed, `${servers[i]!.name} ignored SIGTERM`).toBe(false);
  });
});

describe("two API processes, one PostgreSQL, one Redis", () => {
  it("counts one key's requests against one limit across both processes", async () => {
    const answers: {
      via: "A" | "B";
      status: number;
      remaining: string | null;
      limit: string | null;
      retryAfter: string | null;
      body: Record<string, unknown>;
    }[] = [];
    for (let i = 0; i < 12; i++) {
      const via = i % 2 === 0 ? "A" : "B";
      const res = await get(via === "A" ? urlA : urlB, limited.key);
      answers.push({
        via,
        status: res.status,
        remaining: res.headers.get("x-ratelimit-remaining"),
        limit: res.headers.get("x-ratelimit-limit"),
        retryAfter: res.headers.get("retry-after"),
        body: (await res.json()) as Record<string, unknown>,
      });
    }

    const ok = answers.filter((a) => a.status === 200);
    const throttled = answers.filter((a) => a.status === 429);
    expect(ok).toHaveLength(LIMIT);
    expect(throttled).toHaveLength(12 - LIMIT);
    // Both processes served some of the successful requests: the count really is shared.
    expect(new Set(ok.map((a) => a.via))).toEqual(new Set(["A", "B"]));
    // Each success left one fewer, whichever process answered: 9, 8, ..., 0.
    expect(ok.map((a) => Number(a.remaining))).toEqual(Array.from({ length: LIMIT }, (_, i) => LIMIT - 1 - i));
    expect(answers.every((a) => a.limit === String(LIMIT))).toBe(true);
    expect(ok.every((a) => a.body.email === email)).toBe(true);

    // Sequential requests: the successes come first, then only refusals.
    expect(answers.map((a) => a.status)).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
    expect(new Set(throttled.map((a) => a.via))).toEqual(new Set(["A", "B"]));
    for (const a of throttled) {
      expect(a.retryAfter).toMatch(/^\d+$/);
      expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(a.retryAfter)).toBeLessThanOrEqual(60);
      expect(a.body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
      expect(a.remaining).toBe("0");
    }
  });

  it("refuses a key on process B within 2 s of its revocation through process A", async () => {
    // B has verified (and cached) the key: it answers 429, which comes after authentication.
    const before = await get(urlB, limited.key);
    expect(before.status).toBe(429);
    await before.arrayBuffer();

    const revoke = await fetch(`${urlA}/api/v1/keys/${limited.id}/revoke/`, {
      method: "POST",
      headers: { "x-api-key": manager.key, "content-type": "application/json" },
      body: "{}",
    });
    expect(revoke.status).toBe(200);
    const revoked = (await revoke.json()) as Schemas["ApiKey"];
    expect(revoked.id).toBe(limited.id);
    expect(revoked.status).toBe("Revoked");

    // The principal cache's TTL is a minute: only the NOTIFY can make B notice this fast.
    const deadline = Date.now() + 2000;
    let last: { status: number; body: Record<string, unknown> };
    do {
      const res = await get(urlB, limited.key);
      last = { status: res.status, body: (await res.json()) as Record<string, unknown> };
      if (last.status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } while (Date.now() < deadline);
    expect(last).toEqual({ status: 401, body: { detail: "API key has been revoked." } });

    const viaA = await get(urlA, limited.key);
    expect(viaA.status).toBe(401);
    expect((await viaA.json()) as Schemas["Error"]).toEqual({ detail: "API key has been revoked." });

    // The other key of the same user is untouched, on both processes.
    for (const base of [urlA, urlB]) {
      const res = await get(base, manager.key);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
  });

  it("starts a worker process beside them and stops it cleanly on SIGTERM", async () => {
    const worker = startProcess("worker", canopyArgs(["worker"]), { ...env, LOG_LEVEL: "info" });
    servers.push(worker);
    await waitForOutput(worker, /worker started/, 90_000);
    const result = await stopProcess(worker, 15_000);
    expect(result).toEqual({ code: 0, signal: null, killed: false });
    expect(worker.output()).not.toMatch(/"level":(50|60)/);
  });
});
