// The console in Debian's Chromium against `canopy serve` on the embedded database:
//   - the authority view of a 5,110-node map (10 Pillars, 100 Hubs, 1,000 Branches, 4,000
//     Resources): from opening the screen to the Visual Map and the planner on screen (the API's
//     answer included), then each planner filter from the click to the table redrawn;
//   - a 10,000-keyword map in the topical map screen's virtualised table: built, then scrolled
//     120 px a frame for 600 frames, against the baseline of the same rows in a plain table built
//     in the same page, which is what an unvirtualised table costs;
//   - the JavaScript the console's page loads before its first screen, gzipped.
//
//   npm run bench:console [-- --runs=5]
//
// Printed, never asserted. Needs the chromium package (CHROMIUM_PATH to use another build).
import { gzipSync } from "node:zlib";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Page } from "playwright-core";
import { launchBrowser } from "../test/console/browser";
// @ts-expect-error: a plain ES module script without type declarations
import { buildDist } from "../scripts/build.mjs";
import { REPO_ROOT } from "./lib/processes";
import { median } from "./lib/report";
import { startCanopy } from "./lib/servers";
import { seeded } from "./lib/seeded";
import { textTable } from "./lib/text-table";

const { values } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a positive whole number, got "${values.runs}"`);
const log = (line: string) => process.stderr.write(`${line}\n`);

interface UploadRow {
  keyword: string;
  cluster: string;
  search_volume: number;
  main_topic: string;
  subtopic_2: string;
  subtopic_3: string;
  subtopic_4: string;
}

/** One keyword per Resource: 10 × 10 × 10 × 4 Resources make 5,110 nodes with their ancestors. */
function authorityRows(): UploadRow[] {
  const random = seeded(5);
  const rows: UploadRow[] = [];
  for (let p = 0; p < 10; p++)
    for (let h = 0; h < 10; h++)
      for (let b = 0; b < 10; b++)
        for (let r = 0; r < 4; r++) {
          const keyword = `espresso ${p} ${h} ${b} ${r} guide`;
          rows.push({
            keyword,
            cluster: keyword,
            search_volume: Math.floor(20 / (random() + 0.002)),
            main_topic: `pillar ${p}`,
            subtopic_2: `hub ${p}.${h}`,
            subtopic_3: `branch ${p}.${h}.${b}`,
            subtopic_4: `resource ${p}.${h}.${b}.${r}`,
          });
        }
  return rows;
}

/** 10,000 keywords in clusters of ten. */
function tableRows(): Array<Pick<UploadRow, "keyword" | "cluster" | "search_volume" | "main_topic">> {
  const random = seeded(7);
  return Array.from({ length: 10_000 }, (_, i) => ({
    keyword: `keyword ${i} for home espresso`,
    cluster: `cluster ${Math.floor(i / 10)}`,
    search_volume: Math.floor(10 / (random() + 0.001)),
    main_topic: `topic ${i % 9}`,
  }));
}

async function api(base: string, key: string, method: string, url: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

async function brandWithMap(base: string, key: string, name: string, keywords: unknown[]): Promise<string> {
  const { id } = (await api(base, key, "POST", "/api/v1/brands/", { brand_name: name })) as { id: string };
  await api(base, key, "PUT", `/api/v1/maps/${id}/`, { keywords });
  return id;
}

// In the page: waits for `ready()` to hold, then for two frames (so what it waited for has been
// painted), and answers the milliseconds since `start`.
const settle = `
  async (ready, start) => {
    while (!ready()) await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return performance.now() - start;
  }`;

async function openAuthority(page: Page, brandId: string): Promise<{ ms: number; apiMs: number }> {
  // From the brands screen of a fresh page: nothing of the brand is cached, the map is fetched.
  await page.evaluate(`location.hash = "#/"`);
  await page.reload();
  await page.getByRole("heading", { name: "Brands" }).waitFor();
  return page.evaluate(`(async () => {
    performance.clearResourceTimings();
    const start = performance.now();
    location.hash = "#/brands/${brandId}/authority";
    const ms = await (${settle})(() => document.querySelector(".visual-map g.box") && document.querySelector(".planner tbody tr[aria-rowindex]"), start);
    const entry = performance.getEntriesByType("resource").find((e) => /\\/api\\/v1\\/authority\\/[^/]+\\/$/.test(e.name));
    return { ms, apiMs: entry ? entry.responseEnd - entry.startTime : -1 };
  })()`);
}

/** A planner filter from the click to the table redrawn: the announced count changes with it. */
async function filterPlanner(page: Page, filter: PlannerStep): Promise<number> {
  return page.evaluate(`(async () => {
    const status = document.querySelector(".planner [role=status]");
    const before = status.textContent;
    const start = performance.now();
    if (${JSON.stringify(filter.kind)} === "radio") {
      [...document.querySelectorAll(".planner input[type=radio]")].find((input) => input.parentElement.textContent.trim() === ${JSON.stringify(filter.label)}).click();
    } else {
      // As typing does: React reads the value through the input's own setter, then the event.
      const input = document.querySelector(".planner input[type=search]");
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set.call(input, ${JSON.stringify(filter.label)});
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    return (${settle})(() => status.textContent !== before, start);
  })()`);
}

interface PlannerStep {
  kind: "radio" | "text";
  label: string;
}

// Each step changes the count, so its end can be seen. An uploaded map has no positions or AI
// presence: "not present in AI answers" finds nothing, every node is "not ranking".
const PLANNER_STEPS: PlannerStep[] = [
  { kind: "radio", label: "High priority, not published" },
  { kind: "radio", label: "All nodes" },
  { kind: "radio", label: "Not present in AI answers" },
  { kind: "radio", label: "Not ranking" },
  { kind: "text", label: "resource 3.4" },
  { kind: "text", label: "" },
];

/** Scrolls a table's scroll box down 120 px a frame (a brisk mouse wheel) for 600 frames; the frames' durations in ms. */
const scrollFrames = `
  async (box) => {
    box.scrollTop = 0;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const frames = [];
    let last = performance.now();
    while (frames.length < 600 && box.scrollTop + box.clientHeight < box.scrollHeight - 1) {
      box.scrollTop += 120;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      frames.push(now - last);
      last = now;
    }
    return frames;
  }`;

interface ScrollFigures {
  buildMs: number;
  frames: number[];
  rowsInDom: number;
}

async function scrollVirtualised(page: Page, brandId: string): Promise<ScrollFigures> {
  await page.evaluate(`location.hash = "#/"`);
  await page.getByRole("heading", { name: "Brands" }).waitFor();
  return page.evaluate(`(async () => {
    const start = performance.now();
    location.hash = "#/brands/${brandId}/map";
    const buildMs = await (${settle})(() => document.querySelector(".vt-scroll tbody tr[aria-rowindex]"), start);
    const box = document.querySelector(".vt-scroll");
    const frames = await (${scrollFrames})(box);
    return { buildMs, frames, rowsInDom: box.querySelectorAll("tbody tr").length };
  })()`);
}

/** The baseline: the same rows in a plain table of the same columns, every row in the DOM. */
async function scrollPlain(page: Page, rows: ReturnType<typeof tableRows>): Promise<ScrollFigures> {
  return page.evaluate(`(async () => {
    const rows = ${JSON.stringify(rows)};
    const start = performance.now();
    const box = document.createElement("div");
    box.style.maxHeight = "70vh";
    box.style.overflow = "auto";
    const table = document.createElement("table");
    table.className = "table";
    const body = document.createElement("tbody");
    for (const row of rows) {
      const tr = document.createElement("tr");
      for (const value of [row.cluster, row.keyword, row.search_volume, row.main_topic]) {
        const td = document.createElement("td");
        td.textContent = String(value);
        tr.append(td);
      }
      body.append(tr);
    }
    table.append(body);
    box.append(table);
    document.querySelector("main").prepend(box);
    const buildMs = await (${settle})(() => true, start);
    const frames = await (${scrollFrames})(box);
    const rowsInDom = box.querySelectorAll("tbody tr").length;
    box.remove();
    return { buildMs, frames, rowsInDom };
  })()`);
}

function initialJavaScript(): { initial: number; all: number; files: number } {
  const dir = path.join(REPO_ROOT, "dist", "console");
  const html = readFileSync(path.join(dir, "index.html"), "utf8");
  // What the page itself names (its entry and the chunks it preloads); the rest loads on demand.
  const linked = [...new Set([...html.matchAll(/(?:src|href)="\/console\/assets\/([^"]+\.js)"/g)].map((match) => match[1] ?? ""))];
  const every = readdirSync(path.join(dir, "assets")).filter((name) => name.endsWith(".js"));
  const gz = (file: string) => gzipSync(readFileSync(path.join(dir, "assets", file))).length;
  return {
    initial: linked.reduce((sum, file) => sum + gz(file), 0),
    all: every.reduce((sum, file) => sum + gz(file), 0),
    files: every.length,
  };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const frameFigures = (frames: number[]) => {
  const sorted = [...frames].sort((a, b) => a - b);
  return [
    quantile(sorted, 0.5).toFixed(1),
    quantile(sorted, 0.95).toFixed(1),
    (sorted[sorted.length - 1] ?? 0).toFixed(1),
    String(frames.filter((ms) => ms > 50).length),
  ];
};

await (buildDist as () => Promise<void>)();
const server = await startCanopy(
  { kind: "embedded" },
  {
    rateLimits: "Integration=100000000",
    redisUrl: null,
    scopes: "user:read,brands:read,brands:write,maps:read,maps:write,authority:read,authority:write",
  },
);
const base = new URL(server.url).origin;
const browser = await launchBrowser();
try {
  log("uploading the maps");
  const authorityBrand = await brandWithMap(base, server.apiKey, "Authority Bench", authorityRows());
  const plain = tableRows();
  const tableBrand = await brandWithMap(base, server.apiKey, "Table Bench", plain);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(`${base}/console/`);
  await page.getByLabel("API key").fill(server.apiKey);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Brands" }).waitFor();

  const opens: number[] = [];
  const apis: number[] = [];
  const filters = PLANNER_STEPS.map(() => [] as number[]);
  for (let run = 0; run < RUNS; run++) {
    log(`authority view: run ${run + 1} of ${RUNS}`);
    const opened = await openAuthority(page, authorityBrand);
    log(`  opened in ${opened.ms.toFixed(0)} ms (API ${opened.apiMs.toFixed(0)} ms)`);
    opens.push(opened.ms);
    apis.push(opened.apiMs);
    for (const [index, step] of PLANNER_STEPS.entries()) {
      const ms = await filterPlanner(page, step);
      log(`  ${step.kind} "${step.label}" in ${ms.toFixed(0)} ms`);
      filters[index]?.push(ms);
    }
  }
  const nodeCount = await page.evaluate(`document.querySelectorAll(".visual-map g.box").length`);

  log("10,000-row table: virtualised, then the plain baseline");
  const virtualised: ScrollFigures[] = [];
  const baseline: ScrollFigures[] = [];
  for (let run = 0; run < RUNS; run++) {
    virtualised.push(await scrollVirtualised(page, tableBrand));
    baseline.push(await scrollPlain(page, plain));
  }
  const js = initialJavaScript();
  const ms = (values: number[]) => `${(median(values) ?? 0).toFixed(0)} (max ${Math.max(...values).toFixed(0)})`;

  process.stdout.write(
    `\n${textTable(
      [`authority view, ${String(nodeCount)} nodes drawn`, `ms, median of ${String(RUNS)}`],
      [
        ["open the screen: Visual Map and planner painted", ms(opens)],
        ["  of which the API's answer (GET /authority/{id}/)", ms(apis)],
        ...PLANNER_STEPS.map((step, index) => [
          step.kind === "radio" ? `planner: "${step.label}"` : `planner: text filter "${step.label}"`,
          ms(filters[index] ?? []),
        ]),
      ],
    )}\n\n${textTable(
      ["10,000-row table", "build ms", "frame p50 ms", "p95", "max", "frames > 50 ms", "rows in DOM"],
      [
        [
          "virtualised (topical map screen)",
          ms(virtualised.map((v) => v.buildMs)),
          ...frameFigures(virtualised.flatMap((v) => v.frames)),
          String(virtualised[0]?.rowsInDom ?? 0),
        ],
        [
          "baseline: plain table",
          ms(baseline.map((v) => v.buildMs)),
          ...frameFigures(baseline.flatMap((v) => v.frames)),
          String(baseline[0]?.rowsInDom ?? 0),
        ],
      ],
    )}\n\ninitial JavaScript: ${(js.initial / 1024).toFixed(1)} KB gzipped (all ${js.files} chunks: ${(js.all / 1024).toFixed(1)} KB)\n` +
      `Chromium ${browser.version()}, load average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} on ${os.cpus().length} cores.\n`,
  );
} finally {
  await browser.close();
  await server.stop();
}
