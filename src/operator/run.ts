// Runs an operator command against the configured database.
import type { Config } from "../config";
import { openDatabase } from "../platform/db/client";
import { runMigrations } from "../platform/db/migrate";
import { publishAuthChange } from "../platform/auth/auth-changes";
import type { Platform } from "../platform/context";
import { runOperatorCommand } from "./commands";
import pino from "pino";

export async function runOperator(config: Config, argv: string[]): Promise<Record<string, unknown>> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await runMigrations(database);
    const platform: Platform = {
      config,
      database,
      log: pino({ level: "silent" }),
      authChanged: async (ctx) => publishAuthChange(ctx.db),
    };
    return await runOperatorCommand({ db: database.db, platform }, argv);
  } finally {
    await database.close();
  }
}
