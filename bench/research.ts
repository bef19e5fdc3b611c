// What the research tree's heavy operations cost: a 200-operation bulk on a 5,000-node tree
// and a diff of two 2,500-node trees, measured through HTTP (`canopy serve` in its own process,
// requests one at a time) and through the pure functions in this process, in the same run.
//
//   npm run bench:research                  embedded database
//   npm run bench:research -- --pg          embedded, then a fresh PostgreSQL database
//   options: --runs=50 (measured runs per workload)
//   env: BENCH_DATABASE_URL (server to create the database on; default postgres://postgres@127.0.0.1:5432/postgres)
//
// The bulks cycle through five phases so that each is valid on the tree the previous one left
// and the tree stays near 5,000 nodes: add 200 leaves, rename them, add keywords to them, move
// them to a neighbouring branch, then merge half into a sibling and delete the other half.
// Target on a 2-core machine: each under 50 ms p50 through HTTP on the embedded database.
// Printed, never asserted.
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { applyBulk, diffTrees, fromWire, type Tree, type WireTree } from "../src/modules/research/tree";
import { present } from "../src/platform/present";
import { nearestRank } from "./lib/report";
import { startCanopy, type Backend } from "./lib/servers";
import { seeded } from "./lib/seeded";

const TARGET_P50_MS = 50;
const WARMUP_RUNS = 5; // one full cycle of bulk phases

const { values } = parseArgs({ options: { pg: { type: "boolean", default: false }, runs: { type: "string" } }, strict: true });
const runs = values.runs === undefined ? 50 : Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive whole number, got "${values.runs}"`);

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

// ---- workloads ----------------------------------------------------------------------------------

/** A full tree: `widths` children per level; names carry their position ("hub 1.4"); two keywords per leaf. */
function wideTree(widths: [number, number, number, number], prefix = ""): WireTree {
  const [mts, hubs, branches, leaves] = widths;
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  return range(mts).map((t) => ({
    main_topic: `${prefix}topic ${t}`,
    subtopic_2: range(hubs).map((h) => ({
      name: `hub ${t}.${h}`,
      subtopic_3: range(branches).map((b) => ({
        name: `branch ${t}.${h}.${b}`,
        subtopic_4: range(leaves).map((l) => ({
          name: `page ${t}.${h}.${b}.${l}`,
          keywords: [`kw ${t}.${h}.${b}.${l}`, `query ${t}.${h}.${b}.${l}`],
        })),
        keywords: [`branch kw ${t}.${h}.${b}`],
      })),
      subtopic_4: [],
      keywords: [],
    })),
    subtopic_3: [],
    subtopic_4: [],
    keywords: [`topic kw ${t}`],
  }));
}

/** 5 x 9 x 10 x 10: 5 + 45 + 450 + 4,500 = 5,000 nodes. */
const BULK_SHAPE: [number, number, number, number] = [5, 9, 10, 10];
/** 4 x 8 x 7 x 10: 4 + 32 + 224 + 2,240 = 2,500 nodes. */
const DIFF_SHAPE: [number, number, number, number] = [4, 8, 7, 10];

/** The branch that leaf `i` of a bulk goes to: 200 distinct branches, `shift` moves to the next one. */
function branchPath(i: number, shift = 0): [topic: string, hub: string, branch: string] {
  const [, hubs, branches] = BULK_SHAPE;
  const t = i % BULK_SHAPE[0];
  const h = Math.floor(i / BULK_SHAPE[0]) % hubs;
  const b = (Math.floor(i / (BULK_SHAPE[0] * hubs)) + shift) % branches;
  return [`topic ${t}`, `hub ${t}.${h}`, `branch ${t}.${h}.${b}`];
}

/** The `run`-th bulk of the cycle; each is valid on the tree the ones before it left. */
function bulkOperations(run: number): Record<string, unknown>[] {
  const n = 200;
  const ops: Record<string, unknown>[] = [];
  const phase = run % 5;
  for (let i = 0; i < n; i++) {
    const here = branchPath(i);
    const there = branchPath(i, 1);
    switch (phase) {
      case 0:
        ops.push({ action: "add", parent_path: here, name: `extra ${i}`, position: i % 3 === 0 ? 0 : null });
        break;
      case 1:
        ops.push({ action: "rename", path: [...here, `extra ${i}`], new_name: `renamed ${i}` });
        break;
      case 2:
        ops.push({ op: "update_keywords", path: [...here, `renamed ${i}`], add: [`new kw ${i}`, `other kw ${i}`], remove: ["absent"] });
        break;
      case 3:
        ops.push({ action: "move", source_path: [...here, `renamed ${i}`], target_parent_path: there });
        break;
      default:
        ops.push(
          i % 2 === 0
            ? { action: "merge", keep_path: [...there, `${there[2].replace("branch", "page")}.0`], merge_path: [...there, `renamed ${i}`] }
            : { action: "delete", path: [...there, `renamed ${i}`] },
        );
    }
  }
  return ops;
}

/** `before` changed the way an organizer would: renames, moves, deletions, additions and keyword edits. */
function editedCopy(before: WireTree, random: () => number): WireTree {
  const after = structuredClone(before);
  const pick = <T>(list: T[]): T => present(list[Math.floor(random() * list.length)], "a pick from a non-empty list");
  const branchesOf = (tree: WireTree) => tree.flatMap((t) => t.subtopic_2.flatMap((h) => h.subtopic_3));
  let removed = 0;
  for (const branch of branchesOf(after)) {
    for (const leaf of branch.subtopic_4) {
      const roll = random();
      if (roll < 0.04) leaf.name = `${leaf.name} revised`;
      else if (roll < 0.08) leaf.keywords = [...leaf.keywords.slice(1), `fresh ${leaf.name}`];
    }
    if (random() < 0.1) {
      branch.subtopic_4.pop();
      removed += 1;
    }
  }
  // Moves: leaves to another branch, under names no sibling there has.
  const branches = branchesOf(after);
  for (let i = 0; i < 60; i++) {
    const from = pick(branches);
    const leaf = from.subtopic_4.shift();
    if (leaf) pick(branches).subtopic_4.push(leaf);
  }
  // As many new leaves as were removed, so the tree keeps its size.
  for (let i = 0; i < removed; i++) pick(branches).subtopic_4.push({ name: `new page ${i}`, keywords: [`new query ${i}`] });
  for (const hub of after.flatMap((t) => t.subtopic_2)) if (random() < 0.1) hub.name = `${hub.name} area`;
  return after;
}

// ---- measuring ------------------------------------------------------------------------------------

function percentile(samples: number[], p: number): number {
  return nearestRank(
    [...samples].sort((a, b) => a - b),
    p / 100,
  );
}

interface Row {
  workload: string;
  path: string;
  samples: number[];
}

async function time(fn: () => Promise<void> | void): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

// ---- through HTTP -------------------------------------------------------------------------------

interface Api {
  call(method: string, route: string, body?: unknown): Promise<{ status: number; text: string }>;
}

/** Sends one request and fails loudly on an unexpected status: the figures must be of the intended path. */
async function expectOk(api: Api, method: string, route: string, body: unknown, what: string): Promise<void> {
  const res = await api.call(method, route, body);
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${what}: ${method} ${route} answered ${res.status}: ${res.text.slice(0, 500)}`);
}

async function measureHttp(kind: string, backend: Backend, bulkTree: WireTree, diffBody: unknown): Promise<Row[]> {
  const server = await startCanopy(backend, {
    rateLimits: "Integration=100000000",
    redisUrl: null,
    scopes: "brands:write,research:read,research:write",
  });
  const base = new URL(server.url).origin;
  try {
    const api: Api = {
      async call(method, route, body) {
        const res = await fetch(`${base}${route}`, {
          method,
          headers: { ...server.headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, text: await res.text() };
      },
    };
    const brand = await api.call("POST", "/api/v1/brands/", { brand_name: "Bench Brand" });
    const brandId = (JSON.parse(brand.text) as { id: string }).id;
    await expectOk(api, "PUT", `/api/v1/research/${brandId}/`, { research_data: bulkTree }, "import");

    log(`${kind}: bulk, ${WARMUP_RUNS} warm-up runs then ${runs}`);
    const bulk: number[] = [];
    for (let run = 0; run < WARMUP_RUNS + runs; run++) {
      const body = { operations: bulkOperations(run) };
      const ms = await time(() => expectOk(api, "POST", `/api/v1/research/${brandId}/nodes/bulk/`, body, `bulk run ${run}`));
      if (run >= WARMUP_RUNS) bulk.push(ms);
    }
    log(`${kind}: diff, ${WARMUP_RUNS} warm-up runs then ${runs}`);
    const diff: number[] = [];
    for (let run = 0; run < WARMUP_RUNS + runs; run++) {
      const ms = await time(() => expectOk(api, "POST", `/api/v1/research/${brandId}/diff/`, diffBody, `diff run ${run}`));
      if (run >= WARMUP_RUNS) diff.push(ms);
    }
    return [
      { workload: "bulk 200 ops / 5,000 nodes", path: `HTTP (${kind})`, samples: bulk },
      { workload: "diff 2 x 2,500 nodes", path: `HTTP (${kind})`, samples: diff },
    ];
  } finally {
    await server.stop();
  }
}

// ---- through the pure functions -----------------------------------------------------------------

async function measurePure(bulkTree: WireTree, before: WireTree, after: WireTree): Promise<Row[]> {
  let tree: Tree = fromWire(bulkTree, randomUUID);
  const bulk: number[] = [];
  for (let run = 0; run < WARMUP_RUNS + runs; run++) {
    const operations = bulkOperations(run);
    const ms = await time(() => {
      const outcome = applyBulk(tree, operations, randomUUID);
      if (!outcome.ok) throw new Error(`pure bulk run ${run} failed: ${outcome.error}`);
      tree = outcome.tree;
    });
    if (run >= WARMUP_RUNS) bulk.push(ms);
  }
  const diff: number[] = [];
  for (let run = 0; run < WARMUP_RUNS + runs; run++) {
    const ms = await time(() => {
      diffTrees(before, after);
    });
    if (run >= WARMUP_RUNS) diff.push(ms);
  }
  return [
    { workload: "bulk 200 ops / 5,000 nodes", path: "pure function", samples: bulk },
    { workload: "diff 2 x 2,500 nodes", path: "pure function", samples: diff },
  ];
}

// ---- the run --------------------------------------------------------------------------------------

const bulkTree = wideTree(BULK_SHAPE);
const before = wideTree(DIFF_SHAPE, "diff ");
const after = editedCopy(before, seeded(2026));
const diffBody = { before, after };
const summary = diffTrees(before, after).summary;
log(`diff body: ${Buffer.byteLength(JSON.stringify(diffBody))} bytes; expected changes ${JSON.stringify(summary)}`);

const rows: Row[] = [...(await measurePure(bulkTree, before, after))];
const backends: { kind: string; backend: Backend }[] = [{ kind: "embedded", backend: { kind: "embedded" } }];
if (values.pg) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  backends.push({ kind: "postgres", backend: { kind: "postgres", adminUrl } });
}
for (const { kind, backend } of backends) rows.push(...(await measureHttp(kind, backend, bulkTree, diffBody)));

const widths = [28, 20, 10, 10];
const line = (cells: string[]) =>
  cells
    .map((c, i) => {
      const width = present(widths[i], `the width of column ${i}`);
      return i < 2 ? c.padEnd(width) : c.padStart(width);
    })
    .join("  ");
const out = [
  "",
  `research: ${runs} runs per workload after ${WARMUP_RUNS} warm-up runs, one request at a time`,
  line(["workload", "path", "p50 ms", "p99 ms"]),
];
for (const row of rows)
  out.push(line([row.workload, row.path, percentile(row.samples, 50).toFixed(1), percentile(row.samples, 99).toFixed(1)]));
out.push("");
for (const row of rows.filter((r) => r.path === "HTTP (embedded)")) {
  const p50 = percentile(row.samples, 50);
  out.push(
    `${row.workload} through HTTP on the embedded database: p50 ${p50.toFixed(1)} ms (target < ${TARGET_P50_MS} ms: ${p50 < TARGET_P50_MS ? "met" : "missed"})`,
  );
}
const json = {
  bench: "research",
  runs,
  results: rows.map((r) => ({
    workload: r.workload,
    path: r.path,
    p50_ms: +percentile(r.samples, 50).toFixed(2),
    p99_ms: +percentile(r.samples, 99).toFixed(2),
  })),
};
process.stdout.write(`${out.join("\n")}\n\n${JSON.stringify(json)}\n`);
