// The database the configuration names, checked before it is opened: DATA_DIR usable (created
// 0700, writable) or DATABASE_URL reachable, each failing fast with a message naming it. Says
// what it is doing, since a first embedded start (initdb) takes seconds.
import type { Config } from "../../config";
import { checkDatabaseUrl } from "../reachability";
import { openDatabase, type Database } from "./client";
import { prepareDataDir, restrictToOwner } from "./data-dir";

export type Progress = (fields: Record<string, unknown>, message: string) => void;

export async function openConfiguredDatabase(config: Config, progress: Progress, poolSize?: number): Promise<Database> {
  if (config.databaseUrl) {
    progress({}, "connecting to the PostgreSQL server (DATABASE_URL)");
    await checkDatabaseUrl(config.databaseUrl);
    return openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, ...(poolSize ? { poolSize } : {}) });
  }
  const { dir, fresh } = prepareDataDir(config.dataDir);
  progress({ data_dir: dir }, fresh ? "creating the embedded database (first start, a few seconds)" : "opening the embedded database");
  const database = await openDatabase({ databaseUrl: null, dataDir: dir });
  restrictToOwner(dir);
  return database;
}
