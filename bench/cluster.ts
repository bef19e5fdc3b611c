// The SERP clustering engine against the quadratic reference, on generated SERP sets of 1,000,
// 10,000 and 50,000 keywords (reference on the first two only: it takes seconds at 10,000).
//
//   node --import tsx bench/cluster.ts [--runs=7] [--overlap=0.4]
//
// The sets (bench/lib/serp-sets.ts) come from a fixed seed and look like real SERPs. A second
// table stresses the hub URLs: every keyword lists three of them, at each overlap.
// Printed, never asserted: timings depend on the machine and on what else runs.
import os from "node:os";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { clusterKeywords, normalizeUrl, type Cluster, type ClusterInput } from "../src/modules/clustering/engine";
import { referenceCluster } from "../test/modules/clustering/engine/reference";
import { generate } from "./lib/serp-sets";
import { medianOf } from "./lib/report";
import { textTable as table } from "./lib/text-table";

const { values } = parseArgs({ options: { runs: { type: "string", default: "7" }, overlap: { type: "string", default: "0.4" } } });
const RUNS = Number(values.runs);
const OVERLAP = Number(values.overlap);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a positive whole number, got "${values.runs}"`);
if (!(OVERLAP >= 0.2 && OVERLAP <= 0.9)) throw new Error(`--overlap must be from 0.2 to 0.9, got "${values.overlap}"`);

/** How shared the set's URLs are: distinct URLs, and the share of SERPs the commonest ones are on. */
function sharing(input: readonly ClusterInput[]): { distinctUrls: number; topShares: number[] } {
  const counts = new Map<string, number>();
  for (const entry of input) {
    for (const url of new Set(entry.urls.slice(0, 10).map(normalizeUrl))) counts.set(url, (counts.get(url) ?? 0) + 1);
  }
  const top = [...counts.values()].sort((a, b) => b - a).slice(0, 5);
  return { distinctUrls: counts.size, topShares: top.map((c) => c / input.length) };
}

/**
 * Median wall-clock and CPU milliseconds, and the best wall-clock: CPU time and the best run show
 * the work itself when other processes compete for the machine.
 */
function time(runs: number, warmups: number, fn: () => Cluster[]): { ms: number; cpuMs: number; bestMs: number; clusters: Cluster[] } {
  let clusters: Cluster[] = [];
  for (let i = 0; i < warmups; i++) clusters = fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    clusters = fn();
    wall.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  return { ms: medianOf(wall), cpuMs: medianOf(cpu), bestMs: Math.min(...wall), clusters };
}

const fixed = (value: number | null, digits: number) => (value === null ? "-" : value.toFixed(digits));

interface Row {
  n: number;
  engine_ms: number;
  engine_cpu_ms: number;
  engine_best_ms: number;
  reference_ms: number | null;
  speedup: number | null;
  ms_per_1k: number;
  clusters: number;
  same_as_reference: boolean | null;
  distinct_urls: number;
  top_url_shares: number[];
}

const rows: Row[] = [];
for (const n of [1_000, 10_000, 50_000]) {
  const input = generate(n, 20_250 + n);
  // Warm-up runs let the engine's code be optimized before it is timed; the reference at 10,000
  // runs just once, with no warm-up: it takes seconds.
  const engine = time(RUNS, 3, () => clusterKeywords(input, OVERLAP));
  const reference =
    n <= 1_000
      ? time(RUNS, 1, () => referenceCluster(input, OVERLAP))
      : n <= 10_000
        ? time(1, 0, () => referenceCluster(input, OVERLAP))
        : null;
  const shared = sharing(input);
  rows.push({
    n,
    engine_ms: engine.ms,
    engine_cpu_ms: engine.cpuMs,
    engine_best_ms: engine.bestMs,
    reference_ms: reference?.ms ?? null,
    speedup: reference ? reference.ms / engine.ms : null,
    ms_per_1k: engine.ms / (n / 1000),
    clusters: engine.clusters.length,
    same_as_reference: reference ? JSON.stringify(reference.clusters) === JSON.stringify(engine.clusters) : null,
    distinct_urls: shared.distinctUrls,
    top_url_shares: shared.topShares,
  });
}

// Hub stress: all 50,000 keywords list the same three hub URLs (plus their usual topic and tail).
const hubInput = generate(50_000, 7, { hubsPerKeyword: 3 });
const hubRows = [0.2, 0.3, 0.4, 0.9].map((overlap) => {
  const { ms, cpuMs, clusters } = time(Math.min(RUNS, 5), 1, () => clusterKeywords(hubInput, overlap));
  return { n: hubInput.length, overlap, engine_ms: ms, engine_cpu_ms: cpuMs, clusters: clusters.length };
});

for (const r of rows) {
  const shares = r.top_url_shares.map((x) => `${(x * 100).toFixed(0)}%`).join(", ");
  console.log(
    `set of ${r.n.toLocaleString("en-US")}: ${r.distinct_urls.toLocaleString("en-US")} distinct URLs; the 5 commonest are on ${shares} of SERPs`,
  );
}
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(" ");
console.log(
  `SERP clustering at overlap ${OVERLAP}: median of ${RUNS} runs (reference: ${RUNS} at 1,000, 1 at 10,000); ${os.cpus().length} CPUs, load average ${load}`,
);
console.log(
  table(
    ["keywords", "engine ms", "engine CPU ms", "engine best ms", "reference ms", "speed-up", "ms per 1k", "clusters", "same as reference"],
    rows.map((r) => [
      r.n.toLocaleString("en-US"),
      fixed(r.engine_ms, 1),
      fixed(r.engine_cpu_ms, 1),
      fixed(r.engine_best_ms, 1),
      fixed(r.reference_ms, 0),
      r.speedup === null ? "-" : `${r.speedup.toFixed(0)}x`,
      fixed(r.ms_per_1k, 2),
      String(r.clusters),
      r.same_as_reference === null ? "-" : r.same_as_reference ? "yes" : "NO",
    ]),
  ),
);
console.log("\nHub URLs: every keyword lists the same 3 hub URLs");
console.log(
  table(
    ["keywords", "overlap", "engine ms", "engine CPU ms", "clusters"],
    hubRows.map((r) => [
      r.n.toLocaleString("en-US"),
      String(r.overlap),
      fixed(r.engine_ms, 1),
      fixed(r.engine_cpu_ms, 1),
      String(r.clusters),
    ]),
  ),
);
const round = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
console.log(
  JSON.stringify({
    bench: "cluster",
    overlap: OVERLAP,
    load_average: os.loadavg()[0],
    runs: RUNS,
    rows: rows.map((r) => ({
      ...r,
      engine_ms: round(r.engine_ms),
      engine_cpu_ms: round(r.engine_cpu_ms),
      engine_best_ms: round(r.engine_best_ms),
      reference_ms: round(r.reference_ms),
      speedup: round(r.speedup),
      ms_per_1k: round(r.ms_per_1k),
      top_url_shares: r.top_url_shares.map((x) => round(x)),
    })),
    hubs: hubRows.map((r) => ({ ...r, engine_ms: round(r.engine_ms), engine_cpu_ms: round(r.engine_cpu_ms) })),
  }),
);
