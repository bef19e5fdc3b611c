// The embedded database as a start leaves it: every migration applied, the job queue's schema
// and queues in place. Creating that from nothing (initdb, the migrations, pg-boss's schema) takes
// about 3.5 s on a quiet machine. The build makes it once, on disk, and packs the directory
// (dist/embedded-template.tgz, scripts/build.mjs); a first start unpacks it into DATA_DIR with
// plain file writes and opens it like any existing database. The test run dumps an in-memory one
// the same way (test/helpers/global-setup.ts). A template older than the code is still right to
// start from: the start applies the migrations it lacks and brings the queues up to date.
import pino from "pino";
import { loadConfig } from "../platform/config";
import type { Database } from "../platform/db/client";
import { createPlatform } from "./runtime";

/** Migrates `database` and creates the queue's schema, as a start would: the platform alone, no HTTP app. */
export async function prepareEmbeddedTemplate(database: Database): Promise<void> {
  if (database.kind !== "pglite") throw new Error("expected the embedded database");
  const runtime = await createPlatform({
    config: loadConfig({ LOG_LEVEL: "silent" }),
    log: pino({ level: "silent" }),
    database,
    workers: false,
    progress: () => undefined,
  });
  await runtime.close();
}
