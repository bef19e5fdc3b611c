// What the whole request path costs: an authenticated, rate-limited, audited read
// (GET /api/v1/me/profile/) against the framework's bare hello-world route, measured in the
// same run with autocannon, each server in its own process. The rate limit is raised so that
// the limiter counts every request but refuses none.
//
//   npm run bench:http                      embedded database
//   npm run bench:http -- --pg              embedded, then a fresh PostgreSQL database
//   npm run bench:http -- --only-pg         PostgreSQL only
//   options: --redis (rate-limit counters in Redis), --connections=50 --duration=10 --warmup=2
//            --rounds=1 (more: the routes take turns, bare first in each round, and the
//            medians are printed; the ratio is the median of each round's own ratio)
//   env: BENCH_DATABASE_URL (server to create the database on; setting it implies --pg),
//        BENCH_REDIS_URL (default redis://127.0.0.1:6379)
//
// Target on a 2-core machine: the full read at >= 50% of the bare route's throughput, with p99
// under 20 ms. Printed, never asserted: timings depend on the machine and on what else runs,
// so the load average is printed too. The server process's CPU time per request is printed as
// a second view of the same cost, and, on a PostgreSQL server on this machine, the CPU time of
// the backends serving the run (Redis's is left out).
import os from "node:os";
import { parseArgs } from "node:util";
import { measure, type Figures, type LoadOptions } from "./lib/measure";
import { median, medianFigures, round, table, type Row } from "./lib/report";
import { startBareServer, startCanopy, type Backend, type RunningServer } from "./lib/servers";

const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 20;
const RATE_LIMITS = "Integration=100000000";

function positive(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number, got "${value}"`);
  return n;
}

const { values } = parseArgs({
  options: {
    pg: { type: "boolean", default: false },
    "only-pg": { type: "boolean", default: false },
    redis: { type: "boolean", default: false },
    connections: { type: "string" },
    duration: { type: "string" },
    warmup: { type: "string" },
    rounds: { type: "string" },
  },
  strict: true,
});

const load: LoadOptions = {
  connections: positive(values.connections, "connections", 50),
  durationSeconds: positive(values.duration, "duration", 10),
  warmupSeconds: values.warmup === "0" ? 0 : positive(values.warmup, "warmup", 2),
};
const rounds = positive(values.rounds, "rounds", 1);
const pgAdminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const backends: Backend[] = [];
if (!values["only-pg"]) backends.push({ kind: "embedded" });
if (values.pg || values["only-pg"] || process.env.BENCH_DATABASE_URL) backends.push({ kind: "postgres", adminUrl: pgAdminUrl });
const redisUrl = values.redis ? (process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379") : null;

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** Starts the server, checks that one request succeeds, measures, and stops it. */
async function run(name: string, start: () => Promise<RunningServer>): Promise<Figures> {
  log(`${name}: starting`);
  const server = await start();
  try {
    const probe = await fetch(server.url, { headers: server.headers });
    if (probe.status !== 200) throw new Error(`${name}: ${server.url} answered ${probe.status}: ${await probe.text()}`);
    await probe.arrayBuffer().catch(() => undefined);
    log(`${name}: warm-up ${load.warmupSeconds} s, then ${load.durationSeconds} s at ${load.connections} connections`);
    return await measure(server, load);
  } finally {
    await server.stop();
  }
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
}

const loadBefore = loadAverage();
const bareRuns: Figures[] = [];
const fullRuns: Record<string, Figures[]> = {};
const ratios: Record<string, number[]> = {};
for (let turn = 1; turn <= rounds; turn++) {
  if (rounds > 1) log(`round ${turn} of ${rounds}`);
  const bareFigures = await run("bare", startBareServer);
  bareRuns.push(bareFigures);
  for (const backend of backends) {
    const figures = await run(backend.kind, () => startCanopy(backend, { rateLimits: RATE_LIMITS, redisUrl }));
    const kindRuns = fullRuns[backend.kind] ?? [];
    fullRuns[backend.kind] = kindRuns;
    kindRuns.push(figures);
    const kindRatios = ratios[backend.kind] ?? [];
    ratios[backend.kind] = kindRatios;
    kindRatios.push(figures.requestsPerSecond / bareFigures.requestsPerSecond);
  }
}
const loadAfter = loadAverage();

const bare = medianFigures(bareRuns);
const rows: Row[] = [{ name: "bare fastify GET /", figures: bare }];
const full: Record<string, Figures> = {};
for (const [kind, runs] of Object.entries(fullRuns)) {
  full[kind] = medianFigures(runs);
  rows.push({ name: `me/profile (${kind}${redisUrl ? ", redis" : ""})`, figures: full[kind] });
}

const lines = [
  "",
  `HTTP: ${load.connections} connections, ${load.durationSeconds} s each after a ${load.warmupSeconds} s warm-up` +
    (rounds > 1 ? `, ${rounds} rounds (medians)` : ""),
  `load average (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after`,
  table(rows),
  "",
];
function figuresJson(f: Figures) {
  return {
    rps: round(f.requestsPerSecond, 0),
    p50_ms: f.p50Ms,
    p99_ms: f.p99Ms,
    cpu_us_per_req: f.serverCpuUsPerRequest === null ? null : round(f.serverCpuUsPerRequest, 0),
    db_cpu_us_per_req: f.databaseCpuUsPerRequest === null ? null : round(f.databaseCpuUsPerRequest, 0),
    non2xx: f.non2xx,
    errors: f.errors,
  };
}

const summary: Record<string, unknown> = {
  bench: "http",
  connections: load.connections,
  duration_s: load.durationSeconds,
  rounds,
  load_average: { before: loadBefore, after: loadAfter },
  redis: redisUrl !== null,
  bare: figuresJson(bare),
};
for (const [kind, f] of Object.entries(full)) {
  const ratio = median(ratios[kind] ?? []) ?? f.requestsPerSecond / bare.requestsPerSecond;
  const met = ratio >= TARGET_RATIO && f.p99Ms < TARGET_P99_MS;
  lines.push(
    `${kind}: ${(ratio * 100).toFixed(1)}% of the bare route's throughput, p99 ${f.p99Ms} ms ` +
      `(target >= ${TARGET_RATIO * 100}% and p99 < ${TARGET_P99_MS} ms: ${met ? "met" : "missed"})`,
  );
  // Where the server is the bottleneck, throughput goes as the inverse of CPU per request.
  const cpuRatio = f.serverCpuUsPerRequest && bare.serverCpuUsPerRequest ? bare.serverCpuUsPerRequest / f.serverCpuUsPerRequest : null;
  if (cpuRatio !== null) lines.push(`${kind}: by server CPU per request, ${(cpuRatio * 100).toFixed(1)}% of the bare route`);
  if (f.serverCpuUsPerRequest !== null && f.databaseCpuUsPerRequest !== null) {
    lines.push(
      `${kind}: server ${f.serverCpuUsPerRequest.toFixed(0)} + database ${f.databaseCpuUsPerRequest.toFixed(0)} us of CPU per request ` +
        `(the bare route: ${bare.serverCpuUsPerRequest?.toFixed(0) ?? "-"})`,
    );
  }
  if (f.non2xx > 0 || f.errors > 0)
    lines.push(`${kind}: ${f.non2xx} non-2xx answers and ${f.errors} errors: the figures are not of the intended path`);
  summary[kind] = { ...figuresJson(f), ratio: round(ratio, 3), cpu_ratio: cpuRatio === null ? null : round(cpuRatio, 3) };
}
process.stdout.write(`${lines.join("\n")}\n\n${JSON.stringify(summary)}\n`);
