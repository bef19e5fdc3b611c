// Start-up cost of the `canopy` command, whole process against whole process:
//   - `canopy --help` against a bare `node -e 0`;
//   - an operator command (`keys list`) sent to a running server through its socket;
//   - `canopy serve` from spawn to its first 200 on /readyz: a first start (a new DATA_DIR: initdb,
//     every migration) and a warm start (the same DATA_DIR again), each --starts times, median;
//   - `canopy cluster` of a 10,000-keyword SERP export against the plain Python implementation
//     in bench/cluster_reference.py (run when python3 is present), checking that both print the
//     same clusters.
//
//   npm run bench:cli [-- --runs=9 --starts=5 --keywords=10000]
//
// Runs the compiled dist/ (npm run build). Printed, never asserted: timings depend on the
// machine and on what else runs.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { offlineExport } from "./lib/offline-export";
import { baseEnv, canopyArgs, freePort, REPO_ROOT } from "./lib/processes";
import { medianOf } from "./lib/report";
import { textTable } from "./lib/text-table";
import { startCanopy } from "./lib/servers";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "9" },
    starts: { type: "string", default: "5" },
    keywords: { type: "string", default: "10000" },
  },
});
const RUNS = Number(values.runs);
const STARTS = Number(values.starts);
if (!Number.isInteger(STARTS) || STARTS < 1) throw new Error(`--starts must be a positive whole number, got "${values.starts}"`);
const KEYWORDS = Number(values.keywords);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a positive whole number, got "${values.runs}"`);
if (!Number.isInteger(KEYWORDS) || KEYWORDS < 1) throw new Error(`--keywords must be a positive whole number, got "${values.keywords}"`);

interface Timed {
  ms: number;
  stdout: string;
}

/** One whole process, from spawn to exit, in milliseconds; throws when it fails. */
function timeProcess(command: string, args: string[], env: NodeJS.ProcessEnv): Timed {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd: REPO_ROOT, env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${result.status ?? result.signal}: ${result.stderr}`);
  return { ms, stdout: result.stdout };
}

/** Median over `runs` runs after one warm-up (which fills the file cache). */
function medianProcess(runs: number, command: string, args: string[], env: NodeJS.ProcessEnv): Timed {
  let last = timeProcess(command, args, env);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    last = timeProcess(command, args, env);
    times.push(last.ms);
  }
  return { ms: medianOf(times), stdout: last.stdout };
}

/** `canopy serve` on `dataDir`, from spawn to the first 200 on /readyz, in milliseconds; then stopped. */
async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const start = process.hrtime.bigint();
  const child = spawn(node, canopyArgs(["serve"]), {
    cwd: REPO_ROOT,
    env: baseEnv({ LOG_LEVEL: "silent", DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: String(port) }),
    stdio: "ignore",
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`canopy serve exited with ${child.exitCode} before it was ready`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) break;
      } catch {
        // Not bound yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return Number(process.hrtime.bigint() - start) / 1e6;
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

async function medianStarts(): Promise<{ first: number; warm: number }> {
  const first: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "canopy-bench-start-"));
    try {
      first.push(await timeStart(dataDir));
      warm.push(await timeStart(dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { first: medianOf(first), warm: medianOf(warm) };
}

const env = baseEnv({ LOG_LEVEL: "silent" });
const node = process.execPath;
const bare = medianProcess(RUNS, node, ["-e", "0"], env);
const help = medianProcess(RUNS, node, canopyArgs(["--help"]), env);

const server = await startCanopy({ kind: "embedded" }, { rateLimits: "Developer=60,Integration=120,Admin=300", redisUrl: null });
let operator: Timed;
try {
  operator = medianProcess(RUNS, node, canopyArgs(["keys", "list", "--email", "bench@example.com"]), server.env);
} finally {
  await server.stop();
}

const starts = await medianStarts();

const workDir = mkdtempSync(path.join(os.tmpdir(), "canopy-bench-cli-"));
const exportFile = path.join(workDir, "export.json");
writeFileSync(exportFile, JSON.stringify(offlineExport(KEYWORDS, 2026)));
const cluster = medianProcess(RUNS, node, canopyArgs(["cluster", "--input", exportFile]), env);
const clusterCount = (JSON.parse(cluster.stdout) as { clusters: unknown[] }).clusters.length;
const hasPython = spawnSync("python3", ["--version"]).status === 0;
const script = path.join(REPO_ROOT, "bench", "cluster_reference.py");
// The reference takes seconds: one run each, after canopy's runs have warmed the file cache.
const plain = hasPython ? timeProcess("python3", [script, "--input", exportFile], env) : null;
const tuned = hasPython ? timeProcess("python3", [script, "--input", exportFile, "--tuned"], env) : null;
rmSync(workDir, { recursive: true, force: true });

const same = (other: Timed | null) =>
  other === null ? "-" : JSON.stringify(JSON.parse(other.stdout)) === JSON.stringify(JSON.parse(cluster.stdout)) ? "yes" : "NO";
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(" ");
console.log(
  `canopy command line, whole processes, median of ${RUNS} runs (Python: 1 run each); Node ${process.version}, ${os.cpus().length} CPUs, load average ${load}`,
);
const ms = (t: Timed) => t.ms.toFixed(0);
const rows: string[][] = [
  ["node -e 0", ms(bare), "", ""],
  ["canopy --help", ms(help), `${(help.ms / bare.ms).toFixed(1)}x node -e 0`, "within 4x node -e 0"],
  ["canopy keys list, server running", ms(operator), "", "within 300 ms"],
  [`canopy serve, first start to /readyz (median of ${STARTS})`, starts.first.toFixed(0), "", "within 3 s (quiet machine)"],
  [`canopy serve, warm start to /readyz (median of ${STARTS})`, starts.warm.toFixed(0), "", "within 1 s (quiet machine)"],
  [`canopy cluster, ${KEYWORDS.toLocaleString("en-US")} keywords (${clusterCount} clusters)`, ms(cluster), "", ""],
];
if (plain && tuned) {
  rows.push([
    "python3 cluster_reference.py",
    ms(plain),
    `canopy ${(plain.ms / cluster.ms).toFixed(0)}x faster, same clusters: ${same(plain)}`,
    "canopy 100x faster",
  ]);
  rows.push([
    "python3 cluster_reference.py --tuned",
    ms(tuned),
    `canopy ${(tuned.ms / cluster.ms).toFixed(0)}x faster, same clusters: ${same(tuned)}`,
    "",
  ]);
} else {
  rows.push(["python3 cluster_reference.py", "-", "python3 not found: not run", ""]);
}
console.log(textTable(["process", "ms", "comparison", "target"], rows));
