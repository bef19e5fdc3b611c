// What other users feel while one user reads the authority view of a 50,000-row map, through
// `canopy serve` on the embedded database. Other users send small requests (their
// `GET /api/v1/me/profile/`), each one after another without pause, timed from this process
// (the network included):
//   - baseline: the others alone;
//   - small map: one user reads the authority view of a 5,000-row map again and again;
//   - large map: the same with the 50,000-row map (about 5,000 nodes).
// Each authority read is timed too (the first, which builds from the database, apart).
//
//   npm run bench:authority-read [-- --seconds=8 --others=3 --pg]   (--pg: PostgreSQL at BENCH_PG_URL)
//
// Printed, never asserted.
import os from "node:os";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { runCanopy, type Env } from "./lib/processes";
import { nearestRank } from "./lib/report";
import { startCanopy, type Backend } from "./lib/servers";
import { seeded } from "./lib/seeded";
import { textTable } from "./lib/text-table";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "8" },
    others: { type: "string", default: "3" },
    pg: { type: "boolean", default: false },
  },
});
const SECONDS = Number(values.seconds);
const OTHERS = Number(values.others);
if (!(SECONDS > 0)) throw new Error(`--seconds must be a positive number, got "${values.seconds}"`);
if (!Number.isInteger(OTHERS) || OTHERS < 1) throw new Error(`--others must be a positive whole number, got "${values.others}"`);
const log = (line: string) => process.stderr.write(`${line}\n`);

/** `count` keywords, ten to a cluster, under 10 pillars, 50 hubs and one branch per cluster. */
function mapRows(count: number) {
  const random = seeded(7);
  return Array.from({ length: count }, (_, i) => {
    const cluster = Math.floor(i / 10);
    return {
      keyword: `keyword number ${i} about home espresso`,
      cluster: `cluster ${cluster}`,
      search_volume: Math.floor(10 / (random() + 0.001)),
      cpc: Math.round(random() * 500) / 100,
      competition: Math.round(random() * 100) / 100,
      main_topic: `topic ${cluster % 10}`,
      subtopic_2: `hub ${cluster % 50}`,
      subtopic_3: `branch ${cluster}`,
    };
  });
}

async function call(base: string, key: string, method: string, path: string, body?: unknown): Promise<{ text: string; ms: number }> {
  const start = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { text, ms: performance.now() - start };
}

async function brandWithMap(base: string, key: string, name: string, rows: number): Promise<string> {
  const brand = JSON.parse((await call(base, key, "POST", "/api/v1/brands/", { brand_name: name })).text) as { id: string };
  await call(base, key, "PUT", `/api/v1/maps/${brand.id}/`, { keywords: mapRows(rows) });
  return brand.id;
}

/** Calls `request` one after another until `stop` says so; the latencies in ms, sorted. */
async function repeat(request: () => Promise<{ ms: number }>, stop: { done: boolean }): Promise<number[]> {
  const latencies: number[] = [];
  while (!stop.done) latencies.push((await request()).ms);
  return latencies.sort((a, b) => a - b);
}

async function otherUser(env: Env): Promise<string> {
  await runCanopy(["users", "create", "--email", "other@example.com"], env);
  const created = await runCanopy(
    ["keys", "create", "--email", "other@example.com", "--name", "poller", "--type", "Integration", "--scopes", "user:read"],
    env,
  );
  return created.key as string;
}

const figures = (latencies: number[]) =>
  latencies.length === 0
    ? ["", "", "", "0"]
    : [
        nearestRank(latencies, 0.5).toFixed(1),
        nearestRank(latencies, 0.99).toFixed(1),
        nearestRank(latencies, 1).toFixed(1),
        String(latencies.length),
      ];

async function runOn(backend: Backend, label: string): Promise<string[][]> {
  let otherKey = "";
  const server = await startCanopy(backend, {
    rateLimits: "Integration=100000000",
    redisUrl: null,
    scopes: "user:read,brands:read,brands:write,maps:read,maps:write,authority:read",
    prepare: async (env) => {
      otherKey = await otherUser(env);
    },
  });
  const base = new URL(server.url).origin;
  const key = server.apiKey;
  const rows: string[][] = [];
  try {
    log(`${label}: uploading the maps`);
    const small = await brandWithMap(base, key, "Small Map", 5_000);
    const large = await brandWithMap(base, key, "Large Map", 50_000);
    const profile = () => call(base, otherKey, "GET", "/api/v1/me/profile/");
    const phase = async (what: string, brandId: string | null) => {
      log(`${label}: ${what}`);
      const stop = { done: false };
      const reads: number[] = [];
      let first = "";
      let bytes = 0;
      const reader = brandId
        ? (async () => {
            while (!stop.done) {
              const { text, ms } = await call(base, key, "GET", `/api/v1/authority/${brandId}/`);
              if (reads.length === 0 && first === "") first = ms.toFixed(0);
              else reads.push(ms);
              bytes = Buffer.byteLength(text);
            }
          })()
        : Promise.resolve();
      const others = Array.from({ length: OTHERS }, () => repeat(profile, stop));
      await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
      stop.done = true;
      const latencies = (await Promise.all(others)).flat().sort((a, b) => a - b);
      await reader;
      reads.sort((a, b) => a - b);
      rows.push([
        label,
        what,
        first,
        reads.length > 0 ? nearestRank(reads, 0.5).toFixed(0) : "",
        String(reads.length),
        bytes > 0 ? (bytes / 1e6).toFixed(1) : "",
        ...figures(latencies),
      ]);
    };
    // Warm-up: the routes' first requests compile and cache.
    await phase("warm-up", null);
    rows.pop();
    await phase("baseline: others alone", null);
    await phase("one user reads the 5,000-row map's view", small);
    await phase("one user reads the 50,000-row map's view", large);
  } finally {
    await server.stop();
  }
  return rows;
}

const backend: Backend = values.pg
  ? { kind: "postgres", adminUrl: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" }
  : { kind: "embedded" };
const rows = await runOn(backend, values.pg ? "PostgreSQL" : "embedded");
process.stdout.write(
  `\n${textTable(["database", "what", "first read ms", "read p50 ms", "reads", "answer MB", "others p50 ms", "p99 ms", "max ms", "requests"], rows)}\n` +
    `${OTHERS} other users' GET /api/v1/me/profile/, each one request after another, for ${SECONDS} s a phase; load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${os.cpus().length} cores.\n`,
);
