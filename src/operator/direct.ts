// Runs an operator command in this process on the configured database. The caller makes sure no
// other process has the embedded database open (see run.ts).
import pino from "pino";
import type { Config } from "../config";
import { publishAuthChange } from "../platform/auth/auth-changes";
import type { Platform } from "../platform/context";
import { noJobs } from "../platform/jobs/queue";
import { getModelRegistry } from "../providers/llm/registry";
import { createSerpProvider } from "../providers/serp";
import { openConfiguredDatabase } from "../platform/db/open-configured";
import { runMigrations } from "../platform/db/migrate";
import type { OperatorCommand } from "./commands";
import { executeOperatorCommand } from "./execute";

export async function runDirect(config: Config, command: OperatorCommand): Promise<Record<string, unknown>> {
  // Quietly: stdout carries the command's JSON and nothing else.
  const database = await openConfiguredDatabase(config, () => undefined, 2);
  try {
    await runMigrations(database);
    if (command.name === "migrate") return { migrated: true, database: database.kind };
    const platform: Platform = {
      config,
      database,
      // stdout carries the command's JSON and nothing else.
      log: pino({ level: "silent" }),
      // No principal cache in this process; servers on the same database hear the NOTIFY.
      authChanged: async (ctx) => publishAuthChange(ctx.db),
      jobs: noJobs,
      models: getModelRegistry(config),
      serp: createSerpProvider(config),
    };
    return await executeOperatorCommand({ db: database.db, platform }, command);
  } finally {
    await database.close();
  }
}
