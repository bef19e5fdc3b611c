// Articles end to end through `canopy serve` (in-process workers, offline generator, embedded
// database by default):
//   1. one article of 10 sections, timed from the generate request to its end (status polled
//      every 10 ms), median of several;
//   2. 20 articles drafting at once: status polls of one of them timed throughout, and the
//      server's event loop watched from inside it.
//
//   npm run bench:articles [-- --runs=5 --parallel=20]
//
// Printed, never asserted.
import os from "node:os";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { LOOP_PROBE, loopStalls } from "./lib/loop-stalls";
import { medianOf, quantile, round } from "./lib/report";
import { startCanopy } from "./lib/servers";
import { textTable } from "./lib/text-table";

const { values } = parseArgs({ options: { runs: { type: "string", default: "5" }, parallel: { type: "string", default: "20" } } });
const RUNS = Number(values.runs);
const PARALLEL = Number(values.parallel);
const SCOPES = "user:read,brands:read,brands:write,briefs:read,briefs:write,content:read,content:write";
const SERP = Array.from({ length: 10 }, (_, i) => ({
  url: `https://site${i}.example/espresso-guide-${i}`,
  title: `Home Espresso Guide ${i}: Grind, Dose and Pressure`,
  snippet: `A fine grind and an 18 gram dose suit most baskets. Pressure near 9 bar pulls a balanced shot in 25 to 30 seconds.`,
}));
// Ten sections of about 150 words each, as a curated outline.
const OUTLINE = [
  "Choosing a Machine",
  "Grinders",
  "Beans",
  "Dose",
  "Grind Size",
  "Tamping",
  "Extraction",
  "Milk",
  "Cleaning",
  "Troubleshooting",
].map((heading) => ({
  heading,
  level: "h2",
  subheadings: [],
  talking_points: ["Keep it practical for home baristas."],
  word_count_target: 150,
}));

type Call = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;

const server = await startCanopy(
  { kind: "embedded" },
  { rateLimits: "Integration=100000000", redisUrl: null, scopes: SCOPES, credits: 100_000, nodeArgs: ["--import", LOOP_PROBE] },
);
const base = new URL(server.url).origin;
const call: Call = async (method, path, body) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...server.headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(path: string, done: (body: Record<string, unknown>) => boolean): Promise<void> {
  while (!done(await call("GET", path))) await pause(10);
}

const rows: string[][] = [];
try {
  const brand = (await call("POST", "/api/v1/brands/", { brand_name: "Bench Co" })).id as string;
  const brief = (await call("POST", "/api/v1/briefs/generate/", { query_text: "home espresso", brand_id: brand, selected_serp_data: SERP }))
    .id as string;
  await until(`/api/v1/briefs/${brief}/status/`, (b) => b.status === "COMPLETE");
  await call("PATCH", `/api/v1/briefs/${brief}/`, { curated_brief_json: { header_sections: OUTLINE } });
  const draft = async () => {
    const { id } = await call("POST", "/api/v1/content/articles/generate/", { brief_id: brief, ai_model_id: "offline" });
    return id as string;
  };
  const ended = (b: Record<string, unknown>) => b.machine_state === "draft_done" || b.machine_state === "incomplete";

  const single: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const t0 = performance.now();
    const id = await draft();
    await until(`/api/v1/content/articles/${id}/status/`, ended);
    if (i > 0) single.push(performance.now() - t0); // the first warms the process
  }
  rows.push(["one article, 10 sections, request to its end", `${round(medianOf(single), 0)} ms median of ${RUNS}`, "< 2 s"]);

  await loopStalls(server);
  const t0 = performance.now();
  const ids = await Promise.all(Array.from({ length: PARALLEL }, () => draft()));
  const polls: number[] = [];
  let last: Record<string, unknown> = {};
  while (!ended(last)) {
    const t = performance.now();
    last = await call("GET", `/api/v1/content/articles/${ids[0]}/status/`);
    polls.push(performance.now() - t);
  }
  for (const id of ids) await until(`/api/v1/content/articles/${id}/status/`, ended);
  const all = performance.now() - t0;
  const stalls = await loopStalls(server);
  polls.sort((a, b) => a - b);
  const at = (q: number) => round(quantile(polls, q), 1);
  rows.push([`${PARALLEL} articles drafting at once`, `${round(all / 1000, 1)} s for all`, ""]);
  rows.push(["status polls meanwhile", `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms (${polls.length} polls)`, "< 20 ms p99"]);
  rows.push(["the server's event loop meanwhile", `delay p99 ${stalls.p99_ms} ms, longest ${stalls.max_ms} ms`, ""]);
} finally {
  await server.stop();
}
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(" ");
console.log(
  `articles end to end (offline generator, embedded database), Node ${process.version}, ${os.cpus().length} CPUs, load average ${load}`,
);
console.log(textTable(["what", "measured", "target"], rows));
