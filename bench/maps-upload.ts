// A 50,000-row map upload (the most one takes) through `canopy serve` on the embedded database,
// and what another user feels meanwhile: their `GET /api/v1/me/profile/`, sent one after another
// without pause, timed from this process (the network included):
//   - baseline: the profile polled for a few seconds with nothing else running;
//   - during each upload: a JSON upload to a brand with no map, then a CSV upload replacing it
//     (50,000 old rows deleted after the new ones are in), each upload timed from request to answer.
//
//   npm run bench:maps-upload [-- --runs=2 --pg]      (--pg: PostgreSQL at BENCH_PG_URL instead)
//
// Printed, never asserted.
import os from "node:os";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { present } from "../src/platform/present";
import { runCanopy, type Env } from "./lib/processes";
import { nearestRank } from "./lib/report";
import { startCanopy, type Backend } from "./lib/servers";
import { seeded } from "./lib/seeded";
import { textTable } from "./lib/text-table";

const { values } = parseArgs({ options: { runs: { type: "string", default: "1" }, pg: { type: "boolean", default: false } } });
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a positive whole number, got "${values.runs}"`);
const ROWS = 50_000;
const BASELINE_MS = 5_000;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** 50,000 keywords in clusters of about ten, with volumes from a long tail and two levels of position. */
function uploadRows(): {
  keyword: string;
  cluster: string;
  search_volume: number;
  cpc: number;
  competition: number;
  main_topic: string;
  subtopic_2: string;
}[] {
  const random = seeded(11);
  return Array.from({ length: ROWS }, (_, i) => ({
    keyword: `keyword number ${i} about home espresso`,
    cluster: `cluster ${Math.floor(i / 10)}`,
    search_volume: Math.floor(10 / (random() + 0.001)),
    cpc: Math.round(random() * 500) / 100,
    competition: Math.round(random() * 100) / 100,
    main_topic: `topic ${i % 7}`,
    subtopic_2: `hub ${i % 31}`,
  }));
}

function asCsv(rows: ReturnType<typeof uploadRows>): string {
  const header = Object.keys(present(rows[0], "an upload row"));
  return `${[header.join(","), ...rows.map((row) => header.map((column) => String(row[column as keyof typeof row])).join(","))].join("\n")}\n`;
}

/** Polls the profile, one request after another, until `until` settles; the latencies in ms, sorted. */
async function poll(base: string, key: string, until: Promise<unknown>): Promise<number[]> {
  // A field, not a `let`: the callback sets it while the loop reads it.
  const upload = { done: false };
  void until
    .finally(() => {
      upload.done = true;
    })
    .catch(() => undefined);
  const latencies: number[] = [];
  while (!upload.done) {
    const start = performance.now();
    const res = await fetch(`${base}/api/v1/me/profile/`, { headers: { "x-api-key": key } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`profile answered ${res.status}`);
    latencies.push(performance.now() - start);
  }
  return latencies.sort((a, b) => a - b);
}

function pollFigures(latencies: number[]): string[] {
  return [
    nearestRank(latencies, 0.5).toFixed(1),
    nearestRank(latencies, 0.99).toFixed(1),
    nearestRank(latencies, 1).toFixed(1),
    String(latencies.length),
  ];
}

async function otherUser(env: Env): Promise<string> {
  await runCanopy(["users", "create", "--email", "other@example.com"], env);
  const created = await runCanopy(
    ["keys", "create", "--email", "other@example.com", "--name", "poller", "--type", "Integration", "--scopes", "user:read"],
    env,
  );
  return created.key as string;
}

async function runOn(backend: Backend, label: string): Promise<string[][]> {
  let otherKey = "";
  const server = await startCanopy(backend, {
    rateLimits: "Integration=100000000",
    redisUrl: null,
    scopes: "user:read,brands:read,brands:write,maps:read,maps:write",
    prepare: async (env) => {
      otherKey = await otherUser(env);
    },
  });
  const base = new URL(server.url).origin;
  const key = server.apiKey;
  const rows: string[][] = [];
  try {
    const json = JSON.stringify({ keywords: uploadRows() });
    const csv = asCsv(uploadRows());
    const brand = await fetch(`${base}/api/v1/brands/`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ brand_name: "Upload Bench" }),
    });
    const brandId = ((await brand.json()) as { id: string }).id;
    // Warm-up: the routes' first requests compile and cache.
    await poll(base, otherKey, new Promise((resolve) => setTimeout(resolve, 1000)));

    for (let run = 0; run < RUNS; run++) {
      log(`${label}: run ${run + 1} of ${RUNS}: baseline`);
      rows.push([
        label,
        "baseline: no upload",
        "",
        ...pollFigures(await poll(base, otherKey, new Promise((resolve) => setTimeout(resolve, BASELINE_MS)))),
      ]);
      for (const [what, type, body] of [
        ["JSON upload, brand without a map", "application/json", json],
        ["CSV upload, replacing the 50,000-row map", "text/csv", csv],
      ] as const) {
        log(`${label}: ${what}`);
        const start = performance.now();
        const upload = fetch(`${base}/api/v1/maps/${brandId}/`, {
          method: "PUT",
          headers: { "x-api-key": key, "content-type": type },
          body,
        }).then(async (res) => {
          const text = await res.text();
          if (!res.ok) throw new Error(`upload answered ${res.status}: ${text.slice(0, 300)}`);
          return { ms: performance.now() - start, bytes: Buffer.byteLength(text) };
        });
        const latencies = await poll(base, otherKey, upload);
        const { ms, bytes } = await upload;
        rows.push([label, `${what} (answer ${bytes} B)`, (ms / 1000).toFixed(2), ...pollFigures(latencies)]);
      }
    }
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
  `\n${textTable(["database", "what", "upload s", "other user p50 ms", "p99 ms", "max ms", "requests"], rows)}\n` +
    `${ROWS.toLocaleString("en-US")} rows; another user's GET /api/v1/me/profile/ polled one request after another; load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${os.cpus().length} cores.\n`,
);
