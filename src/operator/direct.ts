// Runs an operator command in this process on the configured database. The caller makes sure no
// other process has the embedded database open (see run.ts).
import pino from "pino";
import type { Config } from "../platform/config";
import { openConfiguredDatabase } from "../platform/db/open-configured";
import { runMigrations } from "../platform/db/migrate";
import type { OperatorCommand } from "./commands";
import { executeOperatorCommand } from "./execute";

/** Quietly: stdout carries the command's JSON and nothing else. */
const quiet = () => undefined;

export async function runDirect(config: Config, command: OperatorCommand): Promise<Record<string, unknown>> {
  if (command.name === "migrate") {
    // Only the migrations: no provider is set up, so a model misconfigured elsewhere does not stop them.
    const database = await openConfiguredDatabase(config, quiet, 2);
    try {
      await runMigrations(database);
      return { migrated: true, database: database.kind };
    } finally {
      await database.close();
    }
  }
  const { createPlatform } = await import("../app/runtime");
  // No queue and no listener: a one-shot command sends no job and caches no principal; servers
  // on the same database hear of auth changes through the NOTIFY it sends.
  const runtime = await createPlatform({
    config,
    log: pino({ level: "silent" }),
    workers: false,
    queue: false,
    poolSize: 2,
    progress: quiet,
  });
  try {
    return await executeOperatorCommand({ db: runtime.platform.database.db, platform: runtime.platform }, command);
  } finally {
    await runtime.close();
  }
}
