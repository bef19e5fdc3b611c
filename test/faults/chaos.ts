// Carries out a fault plan against the running fleet: each worker kill at its moment (SIGKILL,
// then a new worker in the slot), and the database restart at its. Each kill notes how many
// tasks were running just before, so the report shows the kills hit work in progress.
import type pg from "pg";
import type { PgCluster } from "./pg-cluster";
import type { Fleet } from "./fleet";
import type { FaultPlan } from "./plan";

interface KillRecord {
  atMs: number;
  worker: string;
  /** Tasks in status `running` just before the kill, the dead workers' among them until retried (null while the database is down). */
  runningTasks: number | null;
}

export interface ChaosResult {
  kills: KillRecord[];
  pgRestarts: { atMs: number; downMs: number; stoppedMs: number; startedMs: number }[];
}

function sleepUntil(start: number, atMs: number): Promise<void> {
  // The planned random moment itself; nothing to poll for.
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, start + atMs - Date.now())));
}

async function runningTasks(db: pg.Pool): Promise<number | null> {
  try {
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from tasks where status = 'running'");
    return rows[0]?.n ?? 0;
  } catch {
    return null;
  }
}

export async function runChaos(
  plan: FaultPlan,
  fleet: Fleet,
  cluster: PgCluster,
  db: pg.Pool,
  start: number,
  log: (line: string) => void,
): Promise<ChaosResult> {
  const result: ChaosResult = { kills: [], pgRestarts: [] };
  const keys = fleet.workerKeys();

  const kills = (async () => {
    const restarts: Promise<void>[] = [];
    for (const kill of plan.kills) {
      await sleepUntil(start, kill.atMs);
      const key = keys[kill.worker % keys.length]!;
      // A slot still starting its replacement is waited for: each kill hits a worker that works.
      while (!fleet.isReady(key)) await new Promise((resolve) => setTimeout(resolve, 100));
      const running = await runningTasks(db);
      const atMs = Date.now() - start;
      result.kills.push({ atMs, worker: key, runningTasks: running });
      log(`  ${(atMs / 1000).toFixed(1)} s: SIGKILL ${key} (${running ?? "?"} tasks running)`);
      const restarted = fleet.killAndRestart(key);
      restarted.catch(() => undefined); // awaited below; a failure must not count as unhandled meanwhile
      restarts.push(restarted);
    }
    await Promise.all(restarts);
  })();

  const restarts = (async () => {
    for (const planned of plan.pgRestarts) {
      // Restarts planned closer together than one takes run back to back.
      await sleepUntil(start, planned.atMs);
      const atMs = Date.now() - start;
      log(`  ${(atMs / 1000).toFixed(1)} s: PostgreSQL stop (fast), down ${planned.downMs} ms, start`);
      const timing = await cluster.restart(planned.downMs);
      result.pgRestarts.push({ atMs, downMs: planned.downMs, ...timing });
      log(`  ${((Date.now() - start) / 1000).toFixed(1)} s: PostgreSQL accepting connections again`);
    }
  })();

  await Promise.all([kills, restarts]);
  return result;
}
