// `canopy worker`: job processing without the HTTP API, for splitting API and workers across
// processes and machines. It needs DATABASE_URL: the embedded database serves one process, and
// `canopy serve` already runs the workers beside the API there.
import type { Config } from "./config";

export class WorkerNeedsDatabaseUrl extends Error {
  constructor() {
    super(
      "canopy worker needs DATABASE_URL (a PostgreSQL server shared with the API processes); " +
        "on the embedded database `canopy serve` runs the workers itself",
    );
  }
}

export interface WorkerHandle {
  close(): Promise<void>;
  log(message: string): void;
  runningJobs(): { queue: string; count: number }[];
}

export async function startWorker(config: Config): Promise<WorkerHandle> {
  if (!config.databaseUrl) throw new WorkerNeedsDatabaseUrl();
  // Loaded only now, so the refusal above comes without loading the whole service.
  const { buildCanopy } = await import("./app");
  const canopy = await buildCanopy({ config, workers: true });
  canopy.platform.log.info("worker started");
  return { close: () => canopy.close(), log: (message) => canopy.platform.log.info(message), runningJobs: () => canopy.queue.runningJobs() };
}
