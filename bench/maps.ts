// What the maps and authority reads cost on the embedded database, in this process (server time:
// app.inject, no network):
//  - the map detail of 10,000 keywords: time, and peak RSS growth of one read, streamed (as the
//    route sends it) and built whole (as it was sent before: every row, every view object and the
//    whole text at once), each in a fresh child process so that one does not inflate the other;
//  - the authority hierarchy of a 5,000-node research tree with 50,000 mapped keywords (target
//    under 100 ms p50), and a published toggle on it (target under 20 ms p50).
// The data is written directly (the map rows with the map writer, the tree through PUT /research/).
//
//   npm run bench:maps                 options: --runs=50
// Printed, never asserted.
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { asc, eq } from "drizzle-orm";
import { buildCanopy, type Canopy } from "../src/app/app";
import { loadConfig } from "../src/platform/config";
import { mapDetailJson, entryView } from "../src/modules/maps";
import { topicalMapKeywords, topicalMaps } from "../src/modules/maps";
import { uploadedMapRows } from "../src/modules/maps";
import { writeTopicalMap } from "../src/modules/maps";
import { createKey } from "../src/modules/keys";
import { createUser } from "../src/modules/users";
import type { WireTree } from "../src/modules/research/tree";
import { present } from "../src/platform/present";
import { nearestRank } from "./lib/report";
import { seeded } from "./lib/seeded";
import { textTable } from "./lib/text-table";

const { values } = parseArgs({
  options: { runs: { type: "string" }, child: { type: "string" }, "data-dir": { type: "string" }, brand: { type: "string" } },
  strict: true,
});
const runs = values.runs === undefined ? 50 : Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive whole number, got "${values.runs}"`);
const WARMUP = 5;
const log = (line: string) => process.stderr.write(`${line}\n`);

function percentile(samples: number[], p: number): number {
  return nearestRank(
    [...samples].sort((a, b) => a - b),
    p / 100,
  );
}

/** What a child process reports of each of its reads. */
interface ChildRead {
  ms: number;
  growthMb: number;
  bytes: number;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function open(dataDir: string): Promise<Canopy> {
  return buildCanopy({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", RATE_LIMITS: "Integration=100000000" }),
    workers: false,
    logger: false,
  });
}

// ---- the data ------------------------------------------------------------------------------------

/** 5 x 9 x 10 x 10 = 5,000 nodes; 11 keywords on each of the 4,500 leaves and one on each branch: 50,000. */
function benchTree(): { tree: WireTree; keywords: string[] } {
  const keywords: string[] = [];
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  const tree = range(5).map((t) => ({
    main_topic: `topic ${t}`,
    keywords: [],
    subtopic_3: [],
    subtopic_4: [],
    subtopic_2: range(9).map((h) => ({
      name: `hub ${t}.${h}`,
      keywords: [],
      subtopic_4: [],
      subtopic_3: range(10).map((b) => {
        const own = [`branch kw ${t}.${h}.${b}`];
        keywords.push(...own);
        return {
          name: `branch ${t}.${h}.${b}`,
          keywords: own,
          subtopic_4: range(10).map((l) => {
            const leaf = range(11).map((k) => `kw ${t}.${h}.${b}.${l}.${k}`);
            keywords.push(...leaf);
            return { name: `page ${t}.${h}.${b}.${l}`, keywords: leaf };
          }),
        };
      }),
    })),
  }));
  return { tree, keywords };
}

/** Map rows for `keywords`: volumes from a long tail, clusters of about ten, positions from `path`. */
function mapRowsFor(keywords: string[], path: (i: number) => string[]) {
  const random = seeded(7);
  const entries = keywords.map((keyword, i) => ({
    keyword,
    cluster: `cluster ${Math.floor(i / 10)}`,
    searchVolume: Math.floor(10 / (random() + 0.001)),
    cpc: Math.round(random() * 500) / 100,
    competition: Math.round(random() * 100) / 100,
    path: path(i),
  }));
  return uploadedMapRows(entries);
}

// ---- children: one map read, in a fresh process ---------------------------------------------------

/** The read as it was before streaming: every row, the views, and the whole text. */
async function readWhole(canopy: Canopy, brandId: string): Promise<number> {
  const db = canopy.platform.database.db;
  const rows = await db
    .select()
    .from(topicalMapKeywords)
    .where(eq(topicalMapKeywords.brandId, brandId))
    .orderBy(asc(topicalMapKeywords.clusterOrder), asc(topicalMapKeywords.sortOrder));
  const clusters: { id: string; centroid: string; keyword_count: number; keywords: ReturnType<typeof entryView>[] }[] = [];
  for (const row of rows) {
    let cluster = clusters[clusters.length - 1];
    if (!cluster || cluster.id !== row.clusterId) {
      cluster = { id: row.clusterId, centroid: row.centroid, keyword_count: 0, keywords: [] };
      clusters.push(cluster);
    }
    cluster.keywords.push(entryView(row));
    cluster.keyword_count++;
  }
  return Buffer.byteLength(JSON.stringify({ _meta: {}, brand_id: brandId, cluster_count: clusters.length, clusters }));
}

async function readStreamed(canopy: Canopy, brandId: string): Promise<number> {
  const db = { db: canopy.platform.database.db };
  const [map] = await db.db.select().from(topicalMaps).where(eq(topicalMaps.brandId, brandId));
  const head = { _meta: {}, brand_id: brandId, brand_name: "", is_uploaded: true, created_at: "", updated_at: "" };
  let bytes = 0;
  for await (const chunk of mapDetailJson(db, present(map, "the brand's topical map"), head)) bytes += Buffer.byteLength(chunk as string);
  return bytes;
}

async function child(mode: string, dataDir: string, brandId: string): Promise<void> {
  const canopy = await open(dataDir);
  const read = mode === "streamed" ? readStreamed : readWhole;
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("the child needs node's --expose-gc");
  const out: ChildRead[] = [];
  for (let run = 0; run < 6; run++) {
    gc();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 1);
    let bytes = 0;
    const ms = await timed(async () => (bytes = await read(canopy, brandId)));
    peak = Math.max(peak, process.memoryUsage().rss);
    clearInterval(sampler);
    out.push({ ms, growthMb: (peak - base) / (1024 * 1024), bytes });
  }
  await canopy.close();
  process.stdout.write(JSON.stringify(out));
}

function runChild(mode: string, dataDir: string, brandId: string): Promise<ChildRead[]> {
  const script = fileURLToPath(import.meta.url);
  const proc = spawn(
    process.execPath,
    ["--expose-gc", "--import", "tsx", script, `--child=${mode}`, `--data-dir=${dataDir}`, `--brand=${brandId}`],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let text = "";
  proc.stdout.on("data", (d: Buffer) => (text += d.toString()));
  return new Promise((resolve, reject) =>
    proc.on("exit", (code) => (code === 0 ? resolve(JSON.parse(text) as ChildRead[]) : reject(new Error(`child ${mode} exited ${code}`)))),
  );
}

/** A child's figures: the median time of the reads after the first, and the first read's RSS growth. */
function childFigures(reads: { ms: number; growthMb: number }[]): string[] {
  return [
    percentile(
      reads.slice(1).map((r) => r.ms),
      50,
    ).toFixed(1),
    "",
    present(reads[0], "the first read").growthMb.toFixed(1),
  ];
}

// ---- the run --------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "canopy-bench-maps-"));
  try {
    const canopy = await open(dataDir);
    const ctx = { db: canopy.platform.database.db, platform: canopy.platform };
    const user = await createUser(ctx, { email: "bench@example.com" });
    const scopes = ["brands:write", "research:write", "maps:read", "authority:read", "authority:write"];
    const { key } = await createKey(ctx, user.id, { name: "bench", type: "Integration", scopes, expiresAt: null });
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await canopy.app.inject({
        method: method as "GET",
        url,
        headers: { "x-api-key": key, ...(body ? { "content-type": "application/json" } : {}) },
        payload: body ? JSON.stringify(body) : undefined,
      });
      if (res.statusCode >= 400) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.payload.slice(0, 300)}`);
      return res;
    };
    const brand = async (name: string) => (await call("POST", "/api/v1/brands/", { brand_name: name })).json<{ id: string }>().id;
    const write = async (brandId: string, rows: ReturnType<typeof mapRowsFor>) =>
      writeTopicalMap(
        ctx,
        { brandId, workspaceId: user.id, reportId: null, isUploaded: true, dataSource: "uploaded" },
        rows.clusterCount,
        rows.rows,
      );

    log("writing a 10,000-keyword map");
    const mapBrand = await brand("Map Bench");
    await write(
      mapBrand,
      mapRowsFor(
        Array.from({ length: 10_000 }, (_, i) => `keyword number ${i} for the bench`),
        (i) => [`topic ${i % 7}`, `hub ${i % 31}`],
      ),
    );

    log("importing a 5,000-node tree and writing its 50,000-keyword map");
    const treeBrand = await brand("Hierarchy Bench");
    const { tree, keywords } = benchTree();
    await call("PUT", `/api/v1/research/${treeBrand}/`, { research_data: tree });
    await write(
      treeBrand,
      mapRowsFor(keywords, () => []),
    );

    const hierarchyUrl = `/api/v1/authority/${treeBrand}/`;
    const first = await call("GET", hierarchyUrl);
    const nodes = first.json<{ hierarchy: { node_id: string }[] }>().hierarchy;
    log(`hierarchy: ${nodes.length} nodes, ${(first.rawPayload.length / 1e6).toFixed(1)} MB; ${WARMUP} warm-up runs then ${runs}`);
    const hierarchy: number[] = [];
    for (let run = 0; run < WARMUP + runs; run++) {
      const ms = await timed(() => call("GET", hierarchyUrl));
      if (run >= WARMUP) hierarchy.push(ms);
    }
    const toggle: number[] = [];
    for (let run = 0; run < WARMUP + runs; run++) {
      const node = present(nodes[(run * 97) % nodes.length], "a hierarchy node").node_id;
      const ms = await timed(() => call("PATCH", `${hierarchyUrl}nodes/${node}/published/`, { published: run % 2 === 0 }));
      if (run >= WARMUP) toggle.push(ms);
    }
    const detail: number[] = [];
    for (let run = 0; run < WARMUP + Math.min(runs, 20); run++) {
      const ms = await timed(() => call("GET", `/api/v1/maps/${mapBrand}/`));
      if (run >= WARMUP) detail.push(ms);
    }
    await canopy.close();

    log("map detail memory: a fresh process per way of reading");
    const streamed = await runChild("streamed", dataDir, mapBrand);
    const whole = await runChild("whole", dataDir, mapBrand);
    const med = (xs: number[]) => percentile(xs, 50);
    const rows = [
      [
        "authority hierarchy, 5,000 nodes / 50,000 keywords (HTTP)",
        med(hierarchy).toFixed(1),
        percentile(hierarchy, 99).toFixed(1),
        "",
        "< 100 ms p50",
      ],
      ["published toggle on it (HTTP)", med(toggle).toFixed(1), percentile(toggle, 99).toFixed(1), "", "< 20 ms p50"],
      ["map detail, 10,000 keywords (HTTP, streamed)", med(detail).toFixed(1), percentile(detail, 99).toFixed(1), "", ""],
      ["map detail read, streamed (no HTTP)", ...childFigures(streamed), ""],
      ["map detail read, built whole (before)", ...childFigures(whole), ""],
    ];
    process.stdout.write(
      `\n${textTable(["workload (embedded database, server time)", "p50 ms", "p99 ms", "RSS growth MB", "target"], rows)}\n` +
        `map detail JSON: ${(present(streamed[0], "the first streamed read").bytes / 1e6).toFixed(1)} MB. RSS growth: the first read in a fresh process, its peak RSS (sampled ` +
        `every millisecond) over the RSS before it; its time is the median of the five reads after it.\n`,
    );
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (values.child) {
  const dataDir = values["data-dir"];
  const brandId = values.brand;
  if (dataDir === undefined || brandId === undefined) throw new Error("--child needs --data-dir and --brand");
  await child(values.child, dataDir, brandId);
} else await main();
