// `npm run test:faults`: N jobs of every kind (briefs and articles among them) through two API processes and
// two workers on a throwaway PostgreSQL cluster, while workers are SIGKILLed K times and
// PostgreSQL is restarted once; then checks that nothing was lost, run twice or charged wrongly
// (see checks.ts).
//
//   env: FAULT_SEED (default random; printed), FAULT_JOBS (200), FAULT_KILLS (10),
//        FAULT_PG_RESTARTS (1), FAULT_WINDOW_S (60: the span over which jobs start and faults
//        strike), FAULT_SETTLE_S (300: how long every task gets to end after the last start),
//        FAULT_KEYWORDS (500-1500 keywords per standalone clustering),
//        REDIS_URL (default redis://127.0.0.1:6379 if it answers; "none" for in-process limits),
//        PG_BINDIR (PostgreSQL's initdb and pg_ctl, else found by pg_config or under /usr/lib/postgresql)
// Exits 1 on any violation, printing the offending rows; logs stay in .tmp/faults/seed-<seed>/.
import { randomInt } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
// @ts-expect-error: a plain ES module script without type declarations
import { buildDist } from "../../scripts/build.mjs";
import { baseEnv, freePort, REPO_ROOT, runCanopy, type Env } from "../../bench/lib/processes";
import { runChaos } from "./chaos";
import { checkInvariants, readLogs, resolveBriefTasks, type Violation } from "./checks";
import { Client } from "./client";
import { Fleet } from "./fleet";
import { createPgCluster, type PgCluster } from "./pg-cluster";
import { faultPlan, quotas, rngOf } from "./plan";
import { printReport } from "./report";
import { redisToUse } from "./redis";
import { Workload } from "./workload";

function intEnv(name: string, fallback: number, min = 0): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  return value;
}

function keywordRange(): { min: number; max: number } {
  const raw = process.env.FAULT_KEYWORDS ?? "500-1500";
  const match = /^(\d+)-(\d+)$/.exec(raw);
  if (!match || Number(match[1]) < 1 || Number(match[1]) > Number(match[2]) || Number(match[2]) > 10_000) {
    throw new Error(`FAULT_KEYWORDS must be MIN-MAX within 1-10000, got "${raw}"`);
  }
  return { min: Number(match[1]), max: Number(match[2]) };
}

const out = (line: string) => process.stdout.write(`${line}\n`);
const elapsed = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

// Whatever runs is ended on every way out: a normal end, a failure, Ctrl-C, SIGTERM.
let fleet: Fleet | null = null;
let cluster: PgCluster | null = null;
function cleanUpNow(): void {
  fleet?.killAllSync();
  cluster?.destroy();
}
process.on("exit", cleanUpNow);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    out(`\n${signal}: stopping every process and removing the throwaway cluster`);
    cleanUpNow();
    process.exit(130);
  });
}

function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms)),
  );
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function main(): Promise<number> {
  const wallStart = Date.now();
  const seed = intEnv("FAULT_SEED", randomInt(1, 2 ** 31 - 1), 0);
  const n = intEnv("FAULT_JOBS", 200, 10);
  const killCount = intEnv("FAULT_KILLS", 10);
  const pgRestarts = intEnv("FAULT_PG_RESTARTS", 1);
  const windowMs = intEnv("FAULT_WINDOW_S", 60, 5) * 1000;
  const settleMs = intEnv("FAULT_SETTLE_S", 300, 10) * 1000;
  const keywords = keywordRange();
  out(`fault run: seed ${seed}, ${n} jobs, ${killCount} worker kills, ${pgRestarts} PostgreSQL restart(s) over ${windowMs / 1000} s`);
  // The same seed and settings draw the same plan: the same jobs, kill moments and restarts.
  const settings = `FAULT_SEED=${seed} FAULT_JOBS=${n} FAULT_KILLS=${killCount} FAULT_PG_RESTARTS=${pgRestarts} FAULT_WINDOW_S=${windowMs / 1000} FAULT_KEYWORDS=${keywords.min}-${keywords.max}`;
  out(`repeat with: ${settings} npm run test:faults`);

  const rng = rngOf(seed);
  const plan = faultPlan(rng, { kills: killCount, workers: 2, windowMs, pgRestarts });
  // The last run's logs only: each run writes a few MB.
  const logRoot = path.join(REPO_ROOT, ".tmp", "faults");
  fs.rmSync(logRoot, { recursive: true, force: true });
  const logDir = path.join(logRoot, `seed-${seed}`);

  // The processes run the compiled dist/: built from the sources under test, never a stale build.
  await (buildDist as () => Promise<void>)();
  cluster = await createPgCluster(await freePort());
  out(`PostgreSQL: throwaway cluster from ${cluster.binDir} at ${cluster.url} (${elapsed(wallStart)})`);
  const redisUrl = await redisToUse(process.env.REDIS_URL);
  out(redisUrl ? `Redis: ${redisUrl} (rate limits shared by the API processes)` : "Redis: none (rate limits in each process)");

  const env: Env = baseEnv({
    DATABASE_URL: cluster.url,
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    SERP_PROVIDER: "offline",
    DEFAULT_AI_MODEL: "offline",
    // The run polls statuses often; the limiter counts but must not refuse.
    RATE_LIMITS: "Developer=1000000,Integration=1000000,Admin=1000000",
  });
  await runCanopy(["migrate"], env);
  const email = `faults-${seed}@example.com`;
  await runCanopy(["users", "create", "--email", email], env);
  await runCanopy(["credits", "grant", "--email", email, "--amount", "1000000"], env);
  const scopes =
    "brands:read,brands:write,research:read,research:write,clustering:read,clustering:write,briefs:read,briefs:write,authority:read,authority:write,content:read,content:write";
  const created = await runCanopy(
    ["keys", "create", "--email", email, "--name", "faults", "--type", "Integration", "--scopes", scopes],
    env,
  );
  const key = String(created.key);

  fleet = new Fleet(env, logDir);
  const running = fleet;
  const [apiA, apiB] = await Promise.all([
    running.startApi("api-a"),
    running.startApi("api-b"),
    running.startWorker("worker-1"),
    running.startWorker("worker-2"),
  ]);
  out(
    `2 API processes (serve --no-workers) and 2 workers up (${elapsed(wallStart)}); logs in ${path.relative(process.cwd(), logDir) || logDir}`,
  );

  const client = new Client([apiA, apiB], key);
  const workload = new Workload({ client, seed, quotas: quotas(n), windowMs, keywords, runId: `faults-${seed}` });
  await workload.setup();

  const db = new pg.Pool({ connectionString: cluster.url, max: 2 });
  db.on("error", () => undefined); // idle connections die with the restart; the next query reconnects
  const start = Date.now();
  out(`starting ${n} jobs; faults:`);
  const [chaos] = await withDeadline(
    Promise.all([runChaos(plan, running, cluster, db, start, out), workload.run()]),
    windowMs + settleMs,
    "starting the jobs",
  );
  const startsMs = Date.now() - start;
  out(`all ${workload.accepted.length} jobs accepted after ${elapsed(start)}; waiting for every task to end`);

  // Settled when the status endpoints show nothing running and the tasks table agrees.
  const settleDeadline = Date.now() + settleMs;
  for (;;) {
    const apiDone = await workload.pollOnce();
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from tasks where status not in ('completed', 'failed')");
    if (apiDone && rows[0]?.n === 0) break;
    if (Date.now() > settleDeadline) {
      out(
        `gave up waiting after ${settleMs / 1000} s: ${rows[0]?.n} tasks open, ${workload.openSubjects().length} subjects open by the API`,
      );
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the polling interval
  }
  const settledMs = Date.now() - start;

  // Stopped before the logs are read: SIGTERM lets every process write its last lines.
  const stopped = await running.stopAll();
  const violations: Violation[] = [];
  const hung = stopped.filter((s) => s.killed || s.code !== 0);
  if (hung.length > 0) violations.push({ check: "process did not exit 0 on SIGTERM within 30 s", rows: hung });
  if (running.unexpected.length > 0) {
    violations.push({
      check: "process ended without being killed",
      rows: running.unexpected.map(({ name, code, signal }) => ({ name, code, signal })),
    });
  }
  if (workload.accepted.length !== n) violations.push({ check: `accepted ${workload.accepted.length} jobs, not ${n}`, rows: [] });

  const logs = readLogs(running.logFiles);
  await resolveBriefTasks(db, workload.accepted);
  const checked = await checkInvariants(db, workload.accepted, logs, {
    briefs: workload.briefStatuses(),
    articles: workload.articleStates(),
    regenerations: workload.regenerations,
  });
  violations.push(...checked.violations);
  await db.end();
  printReport(
    {
      seed,
      accepted: workload.accepted,
      figures: checked.figures,
      logs,
      chaos,
      unexpected: running.unexpected,
      refusedStarts: running.refusedStarts,
      retried: client.retried,
      refusals: workload.refusals,
      resumes: workload.resumes,
      timings: { startsMs, settleMs: settledMs, wallMs: Date.now() - wallStart },
    },
    violations,
    out,
  );
  out(violations.length === 0 ? "\nfault run passed" : `\nfault run FAILED: ${violations.length} violation(s); logs in ${logDir}`);
  return violations.length === 0 ? 0 : 1;
}

main().then(
  (code) => {
    cleanUpNow();
    process.exit(code);
  },
  (err: unknown) => {
    out(`\nfault run aborted: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    cleanUpNow();
    process.exit(1);
  },
);
