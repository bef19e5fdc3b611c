// A clustering report end to end through the service: `canopy serve` with its in-process
// workers and the offline SERP provider, one report of 1,000 and one of 10,000 keywords, timed
// from the create request to `status: completed` (polling the status endpoint every 100 ms),
// then the report's detail read once. Shows what a user waits for: SERP fetching in batches of
// 100 with their storage, the clustering, and the results.
//
//   npm run bench:cluster-run              embedded database
//   npm run bench:cluster-run -- --pg      embedded, then a fresh PostgreSQL database
//   env: BENCH_DATABASE_URL (server to create the database on; default postgres://postgres@127.0.0.1:5432/postgres)
//
// Printed, never asserted.
import os from "node:os";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { startCanopy, type Backend } from "./lib/servers";
import { present } from "../src/platform/present";

const { values } = parseArgs({ options: { pg: { type: "boolean", default: false } }, strict: true });
const round = (value: number, digits: number) => Number(value.toFixed(digits));
const SIZES = [1_000, 10_000];
const HEADS = [
  "espresso",
  "cold brew",
  "pour over",
  "french press",
  "latte art",
  "coffee grinder",
  "green tea",
  "matcha",
  "kombucha",
  "oat milk",
];
const MODIFIERS = ["best", "cheap", "how to make", "recipe", "for beginners", "near me", "vs drip", "ratio", "at home", "benefits"];

/** Realistic families: a head term with modifiers and a numbered variant, so related keywords share results. */
function keywords(count: number): string[] {
  const out: string[] = [];
  for (let variant = 0; out.length < count; variant++) {
    for (const modifier of MODIFIERS) {
      for (const head of HEADS) {
        if (out.length === count) return out;
        out.push(`${modifier} ${head} ${variant}`);
      }
    }
  }
  return out;
}

async function request(base: string, headers: Record<string, string>, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { json: JSON.parse(text) as Record<string, unknown>, bytes: text.length };
}

async function runOn(backend: Backend, label: string) {
  const server = await startCanopy(backend, {
    rateLimits: "Integration=100000000",
    redisUrl: null,
    scopes: "clustering:read,clustering:write",
    credits: 10_000,
  });
  const base = new URL(server.url).origin;
  const rows: Record<string, string | number>[] = [];
  try {
    for (const size of SIZES) {
      const started = performance.now();
      const created = await request(base, server.headers, "POST", "/api/v1/clustering/", {
        report_name: `bench ${size}`,
        keywords: keywords(size),
      });
      const accepted = performance.now() - started;
      const id = created.json.id as string;
      let polls = 0;
      let slowestPoll = 0;
      let status: Record<string, unknown>;
      do {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const pollStart = performance.now();
        status = (await request(base, server.headers, "GET", `/api/v1/clustering/${id}/status/`)).json;
        slowestPoll = Math.max(slowestPoll, performance.now() - pollStart);
        if (process.env.BENCH_TRACE)
          console.error(round(performance.now() - started, 0), round(performance.now() - pollStart, 0), JSON.stringify(status));
        polls++;
      } while (status.status === "in_progress");
      const total = performance.now() - started;
      if (status.status !== "completed") throw new Error(`report ${id} ended ${JSON.stringify(status)}`);
      const readStart = performance.now();
      const detail = await request(base, server.headers, "GET", `/api/v1/clustering/${id}/`);
      const read = performance.now() - readStart;
      rows.push({
        database: label,
        keywords: size.toLocaleString("en-US"),
        "202 in": `${round(accepted, 0)} ms`,
        "completed in": `${round(total / 1000, 2)} s`,
        "status polls": polls,
        "slowest poll": `${round(slowestPoll, 0)} ms`,
        clusters: String(detail.json.cluster_count),
        "detail read": `${round(read, 0)} ms (${round(detail.bytes / 1e6, 1)} MB)`,
      });
    }
  } finally {
    await server.stop();
  }
  return rows;
}

const rows = await runOn({ kind: "embedded" }, "embedded");
if (values.pg) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  rows.push(...(await runOn({ kind: "postgres", adminUrl }, "PostgreSQL")));
}
console.log(
  `clustering end to end, offline SERP provider, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
const header = Object.keys(present(rows[0], "a measured row"));
console.log(`| ${header.join(" | ")} |\n|${header.map(() => "---").join("|")}|`);
for (const row of rows) console.log(`| ${Object.values(row).join(" | ")} |`);
