// The two servers bench/http.ts compares, each in its own process: the bare framework route,
// and `canopy serve` on a fresh database (embedded in a temporary DATA_DIR, or a new database
// on a PostgreSQL server) with one user and one Integration key made through the CLI first.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { Target } from "./measure";
import { baseEnv, canopyArgs, freePort, runCanopy, startProcess, stopProcess, waitForHttp, type Env } from "./processes";

export interface RunningServer extends Target {
  stop(): Promise<void>;
}

export interface RunningCanopy extends RunningServer {
  /** The bench user's key, which `headers` sends as X-API-Key. */
  apiKey: string;
  /** The environment the server runs with: operator commands given it reach that server. */
  env: Env;
  /** What the server process wrote so far (its last 20,000 characters). */
  output(): string;
}

export async function startBareServer(): Promise<RunningServer> {
  const port = await freePort();
  const script = fileURLToPath(new URL("./bare-server.ts", import.meta.url));
  const server = startProcess("bare fastify", ["--import", "tsx", script], baseEnv({ PORT: String(port) }));
  const url = `http://127.0.0.1:${port}/`;
  await waitForHttp(server, url);
  return {
    url,
    headers: {},
    pid: server.child.pid ?? 0,
    async stop() {
      await stopProcess(server);
    },
  };
}

export type Backend = { kind: "embedded" } | { kind: "postgres"; adminUrl: string };

export interface CanopyOptions {
  /** RATE_LIMITS for the server: high enough that the limiter counts but never refuses. */
  rateLimits: string;
  redisUrl: string | null;
  /** The bench key's scopes, comma-separated; default `user:read`. */
  scopes?: string;
  /** Pay-as-you-go credits granted to the bench user, for benches that start charged work. */
  credits?: number;
  /** Node options put before the server's script (e.g. `--import` of a probe). */
  nodeArgs?: string[];
  /** Runs after the bench user and key exist and before the server starts (seeding, more users). */
  prepare?: (env: Env) => Promise<void>;
  /** More settings for the server (a SERP provider, say). */
  env?: Env;
  /** The checkout whose `canopy` runs: this one by default, or a built baseline revision's. */
  root?: string;
}

interface Storage {
  env: Env;
  /** See Target.databaseProcesses: set when the database server runs on this machine. */
  databaseProcesses?: string;
  cleanup(): Promise<void>;
}

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]", ""]);

async function embeddedStorage(): Promise<Storage> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "canopy-bench-"));
  return { env: { DATA_DIR: dataDir }, cleanup: () => fs.rm(dataDir, { recursive: true, force: true }) };
}

async function postgresStorage(adminUrl: string): Promise<Storage> {
  const name = `canopy_bench_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    ...(LOCAL_HOSTS.has(url.hostname) ? { databaseProcesses: ` ${name} ` } : {}),
    async cleanup() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Makes the user and key with the CLI (before serve: the embedded database is one process). */
export async function startCanopy(backend: Backend, options: CanopyOptions): Promise<RunningCanopy> {
  const storage = backend.kind === "embedded" ? await embeddedStorage() : await postgresStorage(backend.adminUrl);
  try {
    const env = baseEnv({
      ...storage.env,
      LOG_LEVEL: "warn",
      RATE_LIMITS: options.rateLimits,
      HOST: "127.0.0.1",
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
      ...options.env,
    });
    const root = options.root;
    // Migrating a fresh embedded database takes over a minute on a loaded machine.
    await runCanopy(["migrate"], env, 300_000, root);
    const email = "bench@example.com";
    await runCanopy(["users", "create", "--email", email], env, undefined, root);
    const created = await runCanopy(
      ["keys", "create", "--email", email, "--name", "bench", "--type", "Integration", "--scopes", options.scopes ?? "user:read"],
      env,
      undefined,
      root,
    );
    if (typeof created.key !== "string") throw new Error(`keys create printed no key: ${JSON.stringify(created)}`);
    if (options.credits) await runCanopy(["credits", "grant", "--email", email, "--amount", String(options.credits)], env, undefined, root);
    if (options.prepare) await options.prepare(env);

    const port = await freePort();
    const server = startProcess(`canopy serve (${backend.kind})`, [...(options.nodeArgs ?? []), ...canopyArgs(["serve"], root)], {
      ...env,
      PORT: String(port),
    });
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitForHttp(server, `${base}/healthz`);
    } catch (err) {
      await stopProcess(server);
      throw err;
    }
    return {
      url: `${base}/api/v1/me/profile/`,
      headers: { "x-api-key": created.key },
      apiKey: created.key,
      pid: server.child.pid ?? 0,
      env,
      output: () => server.output(),
      ...(storage.databaseProcesses ? { databaseProcesses: storage.databaseProcesses } : {}),
      async stop() {
        await stopProcess(server);
        await storage.cleanup();
      },
    };
  } catch (err) {
    await storage.cleanup();
    throw err;
  }
}
