// Briefs end to end through `canopy serve` (in-process workers, offline generator, embedded
// database by default):
//   1. one brief from 15 SERP entries, timed from the generate request to COMPLETE (status polled
//      every 10 ms), median of several;
//   2. 100 briefs queued at once by one user, then one brief by another user: when the other
//      user's brief completes against the first user's last, and how another request
//      (`/me/profile/`, polled continuously) fared meanwhile.
//
//   npm run bench:briefs [-- --runs=5 --many=100 --pg]
//
// Printed, never asserted.
import os from "node:os";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { LOOP_PROBE, loopStalls } from "./lib/loop-stalls";
import { runCanopy, type Env } from "./lib/processes";
import { medianOf, quantile, round } from "./lib/report";
import { startCanopy, type Backend } from "./lib/servers";
import { textTable } from "./lib/text-table";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "5" }, many: { type: "string", default: "100" }, pg: { type: "boolean", default: false } },
});
const RUNS = Number(values.runs);
const MANY = Number(values.many);
const SCOPES = "user:read,brands:read,brands:write,briefs:read,briefs:write";
const SERP = Array.from({ length: 15 }, (_, i) => ({
  url: `https://site${i}.example/coffee-guide-${i}`,
  title: `Coffee Brewing Guide ${i}: Grind, Ratio and Water`,
  snippet: `Grind size and water temperature matter most. A ratio of 1 to 16 suits pour over. Method ${i} needs a medium grind.`,
}));

type Call = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;

function caller(base: string, key: string): Call {
  return async (method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TERMINAL = new Set(["COMPLETE", "PARTIAL_COMPLETE", "FAILED"]);

async function finished(call: Call, id: string): Promise<string> {
  for (;;) {
    const { status } = await call("GET", `/api/v1/briefs/${id}/status/`);
    if (TERMINAL.has(status as string)) return status as string;
    await pause(10);
  }
}

async function newUser(env: Env, email: string): Promise<string> {
  await runCanopy(["users", "create", "--email", email], env);
  await runCanopy(["credits", "grant", "--email", email, "--amount", "100000"], env);
  const created = await runCanopy(
    ["keys", "create", "--email", email, "--name", "bench", "--type", "Integration", "--scopes", SCOPES],
    env,
  );
  return created.key as string;
}

async function runOn(backend: Backend, label: string): Promise<string[][]> {
  let otherKey = "";
  const server = await startCanopy(backend, {
    rateLimits: "Integration=100000000",
    redisUrl: null,
    scopes: SCOPES,
    credits: 100_000,
    nodeArgs: ["--import", LOOP_PROBE, ...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(" ") : [])],
    prepare: async (env) => {
      otherKey = await newUser(env, "other@example.com");
    },
  });
  const base = new URL(server.url).origin;
  const busy = caller(base, server.apiKey);
  const other = caller(base, otherKey);
  const rows: string[][] = [];
  try {
    const brand = (await busy("POST", "/api/v1/brands/", { brand_name: "Bench Co" })).id as string;
    const otherBrand = (await other("POST", "/api/v1/brands/", { brand_name: "Other Co" })).id as string;
    const start = (call: Call, brandId: string, i: number) =>
      call("POST", "/api/v1/briefs/generate/", { query_text: `how to brew coffee ${i}`, brand_id: brandId, selected_serp_data: SERP });

    const single: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      const t0 = performance.now();
      const { id } = await start(busy, brand, i);
      const status = await finished(busy, id as string);
      if (status !== "COMPLETE") throw new Error(`brief ended ${status}`);
      if (i > 0) single.push(performance.now() - t0); // the first warms the process
    }
    rows.push([label, "one brief, 15 SERP entries, request to COMPLETE", `${round(medianOf(single), 0)} ms median of ${RUNS}`, "< 1 s"]);

    // Another user's requests go on throughout; their latencies show whether anything blocks.
    // A field, not a `let`: the probe reads what the code after it sets.
    const probing = { on: true };
    const latencies: number[] = [];
    const probe = (async () => {
      while (probing.on) {
        const t = performance.now();
        await other("GET", "/api/v1/me/profile/");
        latencies.push(performance.now() - t);
      }
    })();
    await loopStalls(server);
    const t0 = performance.now();
    const ids = await Promise.all(Array.from({ length: MANY }, (_, i) => start(busy, brand, 1000 + i).then((r) => r.id as string)));
    const queued = performance.now() - t0;
    const lateStart = performance.now();
    const late = (await start(other, otherBrand, 0)).id as string;
    await finished(other, late);
    const lateDone = performance.now() - lateStart;
    for (const id of ids) await finished(busy, id);
    const allDone = performance.now() - t0;
    probing.on = false;
    await probe;
    const stalls = await loopStalls(server);
    latencies.sort((a, b) => a - b);
    const at = (q: number) => round(quantile(latencies, q), 1);
    rows.push([
      label,
      `${MANY} briefs queued at once by one user`,
      `${round(queued, 0)} ms to queue, ${round(allDone / 1000, 1)} s to complete all`,
      "",
    ]);
    rows.push([label, "another user's brief, queued after them", `${round(lateDone / 1000, 2)} s to COMPLETE`, "not behind the 100"]);
    rows.push([
      label,
      "another user's /me/profile/ meanwhile",
      `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms (${latencies.length} requests)`,
      "",
    ]);
    rows.push([
      label,
      "the server's event loop meanwhile",
      `delay p50 ${stalls.p50_ms} ms, p99 ${stalls.p99_ms} ms, longest ${stalls.max_ms} ms`,
      "a few ms at a time",
    ]);
  } finally {
    await server.stop();
  }
  return rows;
}

const rows = await runOn({ kind: "embedded" }, "embedded");
if (values.pg)
  rows.push(
    ...(await runOn(
      { kind: "postgres", adminUrl: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" },
      "PostgreSQL",
    )),
  );
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(" ");
console.log(`briefs end to end (offline generator), Node ${process.version}, ${os.cpus().length} CPUs, load average ${load}`);
console.log(textTable(["database", "what", "measured", "target"], rows));
