// What filtered audit-log queries of one user cost everyone else (issue 11, point 5): user A has
// a long audit log (100,000 entries by default, seeded before the server starts) and runs
// --parallel filtered queries at a time (endpoint, method and status filters, a few deeper
// pages), each client starting its next query when one answers, while user B's
// GET /api/v1/me/profile/ is measured with autocannon. The same profile measurement alone first
// gives the baseline. The server's own event loop is watched from inside it (bench/lib/loop-probe.mjs),
// so the longest stall is the server's, not this process's; it also counts the time the system
// gave the CPU to other processes (this one, for a start), which the baseline phase shows.
//
//   npm run bench:audit                     embedded database
//   npm run bench:audit -- --pg             embedded, then a fresh PostgreSQL database
//   options: --entries=100000 --parallel=20 --duration=10 (s per phase) --connections=10 (B's)
//   env: BENCH_DATABASE_URL (server to create the database on; default postgres://postgres@127.0.0.1:5432/postgres)
//
// Runs the compiled dist/ (npm run build). Printed, never asserted.
import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { LOOP_PROBE, loopStalls } from "./lib/loop-stalls";
import { present } from "../src/platform/present";
import { runCanopy } from "./lib/processes";
import { median } from "./lib/report";
import { seedAuditLog } from "./lib/seed-audit";
import { startCanopy, type Backend, type RunningCanopy } from "./lib/servers";
import { textTable } from "./lib/text-table";

const { values } = parseArgs({
  options: {
    pg: { type: "boolean", default: false },
    "only-pg": { type: "boolean", default: false },
    entries: { type: "string", default: "100000" },
    parallel: { type: "string", default: "20" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
  },
  strict: true,
});
function positive(name: keyof typeof values): number {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number, got "${String(values[name])}"`);
  return n;
}
const ENTRIES = positive("entries");
const PARALLEL = positive("parallel");
const DURATION_S = positive("duration");
const CONNECTIONS = positive("connections");
const AUDIT_USER = "bench@example.com";
const OTHER_USER = "other@example.com";

/** The filtered queries user A cycles through (query strings of /me/audit-logs/). */
const FILTERS = [
  "method=POST",
  "endpoint=brands",
  "endpoint=task-status&method=get",
  "method=DELETE",
  "endpoint=/me/credits/",
  "endpoint=brands&method=PATCH",
  "status_code=404",
  "endpoint=research&page=3",
  "method=GET&page=40",
  "endpoint=profile&status_code=429",
];

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
const round1 = (n: number) => Math.round(n * 10) / 10;

async function auditQuery(server: RunningCanopy, filter: string): Promise<number> {
  const url = new URL(`/api/v1/me/audit-logs/?${filter}`, server.url);
  const started = performance.now();
  const res = await fetch(url, { headers: server.headers });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url.href} answered ${res.status}: ${body.slice(0, 300)}`);
  return performance.now() - started;
}

/** `parallel` clients, each running the next filter as soon as its query answers, until `stop`. */
async function auditLoad(server: RunningCanopy, parallel: number, stop: { now: boolean }): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: parallel }, async (_, client) => {
      for (let i = client; !stop.now; i++) times.push(await auditQuery(server, present(FILTERS[i % FILTERS.length], "a filter")));
    }),
  );
  return times.sort((a, b) => a - b);
}

/** B's profile under autocannon; requests that got no answer within 10 s count as timeouts. */
async function profileLoad(url: string, key: string) {
  const result = await autocannon({ url, headers: { "x-api-key": key }, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0) throw new Error(`profile: ${result.non2xx} non-2xx answers`);
  const answered = result.requests.total > 0;
  return {
    p50: answered ? result.latency.p50 : null,
    p99: answered ? result.latency.p99 : null,
    requests: result.requests.total,
    timeouts: result.errors, // autocannon counts timeouts among its errors
  };
}

function latencies(f: { p50: number | null; p99: number | null; requests: number; timeouts: number }): string {
  const shown = f.p50 === null ? "no answer" : `${f.p50} / ${f.p99} ms`;
  return f.timeouts > 0 ? `${shown} (${f.timeouts} timed out)` : shown;
}

async function runOn(backend: Backend, label: string) {
  let otherKey = "";
  log(`${label}: seeding ${ENTRIES.toLocaleString("en-US")} audit entries`);
  const server = await startCanopy(backend, {
    rateLimits: "Integration=100000000",
    redisUrl: null,
    nodeArgs: ["--import", LOOP_PROBE],
    async prepare(env) {
      await runCanopy(["users", "create", "--email", OTHER_USER], env);
      const created = await runCanopy(
        ["keys", "create", "--email", OTHER_USER, "--name", "other", "--type", "Integration", "--scopes", "user:read"],
        env,
      );
      otherKey = String(created.key);
      const blocks = await seedAuditLog(env, AUDIT_USER, ENTRIES);
      log(`${label}: ${blocks} blocks`);
    },
  });
  try {
    // Warm-up: each filter once (JIT, caches), then each once more, timed one at a time.
    for (const filter of FILTERS) await auditQuery(server, filter);
    const alone: number[] = [];
    for (const filter of FILTERS) alone.push(await auditQuery(server, filter));
    alone.sort((a, b) => a - b);
    await autocannon({ url: server.url, headers: { "x-api-key": otherKey }, connections: CONNECTIONS, duration: 2 });

    log(`${label}: B's profile alone, ${DURATION_S} s`);
    await loopStalls(server);
    const baseline = await profileLoad(server.url, otherKey);
    const baselineLoop = await loopStalls(server);

    log(`${label}: B's profile while A runs ${PARALLEL} filtered queries at a time, ${DURATION_S} s`);
    const stop = { now: false };
    const audits = auditLoad(server, PARALLEL, stop);
    const contended = await profileLoad(server.url, otherKey);
    stop.now = true;
    const times = await audits;
    const contendedLoop = await loopStalls(server);
    return {
      label,
      alone: { p50: median(alone) ?? NaN, max: alone.at(-1) ?? NaN },
      baseline: { ...baseline, loop: baselineLoop },
      contended: {
        ...contended,
        loop: contendedLoop,
        audit: { p50: percentile(times, 50), p99: percentile(times, 99), count: times.length },
      },
    };
  } finally {
    await server.stop();
  }
}

const backends: Array<[Backend, string]> = [];
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
if (!values["only-pg"]) backends.push([{ kind: "embedded" }, "embedded"]);
if (values.pg || values["only-pg"]) backends.push([{ kind: "postgres", adminUrl }, "PostgreSQL"]);
const results = [];
for (const [backend, label] of backends) results.push(await runOn(backend, label));

const rows = results.flatMap((r) => [
  [
    r.label,
    "B's profile alone",
    latencies(r.baseline),
    String(r.baseline.requests),
    `${r.baseline.loop.max_ms} / ${r.baseline.loop.p99_ms} ms`,
    "-",
    "-",
  ],
  [
    r.label,
    `with ${PARALLEL} filtered queries of A`,
    latencies(r.contended),
    String(r.contended.requests),
    `${r.contended.loop.max_ms} / ${r.contended.loop.p99_ms} ms`,
    `${round1(r.contended.audit.p50)} / ${round1(r.contended.audit.p99)} ms (${r.contended.audit.count})`,
    `${round1(r.alone.p50)} / ${round1(r.alone.max)} ms`,
  ],
]);
console.log(
  `\naudit log of ${ENTRIES.toLocaleString("en-US")} entries; B: ${CONNECTIONS} connections, ${DURATION_S} s a phase; ` +
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
);
console.log(
  textTable(
    [
      "database",
      "phase",
      "B's profile p50 / p99",
      "B's requests",
      "loop delay max / p99",
      "A's query p50 / p99 (queries)",
      "A's query alone p50 / max",
    ],
    rows,
  ),
);
console.log(
  JSON.stringify({ bench: "audit", entries: ENTRIES, parallel: PARALLEL, duration_s: DURATION_S, connections: CONNECTIONS, results }),
);
