// `canopy worker`: job processing without the HTTP API, for splitting API and workers across
// processes and machines. It needs DATABASE_URL: the embedded database serves one process, and
// `canopy serve` already runs the workers beside the API there.
import type { Config } from "../platform/config";

class WorkerNeedsDatabaseUrl extends Error {
  constructor() {
    super(
      "canopy worker needs DATABASE_URL (a PostgreSQL server shared with the API processes); " +
        "on the embedded database `canopy serve` runs the workers itself",
    );
  }
}

// Plain functions, not methods: the caller hands `close` and `log` on by themselves.
export interface WorkerHandle {
  close: () => Promise<void>;
  log: (message: string) => void;
  runningJobs: () => { queue: string; count: number }[];
}

export async function startWorker(config: Config): Promise<WorkerHandle> {
  if (!config.databaseUrl) throw new WorkerNeedsDatabaseUrl();
  // Loaded only now, so the refusal above comes without loading the service. The platform
  // alone: a worker serves no HTTP, so it builds no app, no routes and no docs.
  const [{ createPlatform }, { default: pino }, { loggerOptions }] = await Promise.all([
    import("./runtime"),
    import("pino"),
    import("../platform/log/logger"),
  ]);
  const log = pino(loggerOptions(config));
  const runtime = await createPlatform({ config, log, workers: true, progress: (fields, message) => log.info(fields, message) });
  log.info("worker started");
  return { close: () => runtime.close(), log: (message) => log.info(message), runningJobs: () => runtime.queue.runningJobs() };
}
