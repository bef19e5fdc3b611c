// `canopy worker`: job processing without the HTTP API, for splitting API and workers across
// processes and machines. It needs DATABASE_URL: the embedded database is single-process.
import { buildCanopy } from "./app";
import type { Config } from "./config";

export async function startWorker(config: Config) {
  if (!config.databaseUrl) {
    throw new Error("canopy worker needs DATABASE_URL: the embedded database serves one process; use `canopy serve` instead");
  }
  const canopy = await buildCanopy({ config, workers: true });
  canopy.platform.log.info("worker started");
  return { close: () => canopy.close() };
}
