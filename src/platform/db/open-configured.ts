// The database the configuration names, checked before it is opened: DATA_DIR usable (created
// 0700, writable) or DATABASE_URL reachable, each failing fast with a message naming it. Says
// what it is doing. A first embedded start unpacks the build's migrated template when there is one
// (a fraction of a second); without it, PGlite creates the database from nothing (initdb, seconds).
import type { Config } from "../config";
import { checkDatabaseUrl } from "../reachability";
import { openDatabase, type Database } from "./client";
import { prepareDataDir, restrictToOwner } from "./data-dir";
import { embeddedTemplateFile, unpackEmbeddedTemplate } from "./embedded-template-file";

export type Progress = (fields: Record<string, unknown>, message: string) => void;

export async function openConfiguredDatabase(config: Config, progress: Progress, poolSize?: number): Promise<Database> {
  if (config.databaseUrl) {
    progress({}, "connecting to the PostgreSQL server (DATABASE_URL)");
    await checkDatabaseUrl(config.databaseUrl);
    return openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, ...(poolSize ? { poolSize } : {}) });
  }
  const { dir, fresh } = prepareDataDir(config.dataDir);
  const template = fresh ? embeddedTemplateFile() : null;
  if (template) {
    progress({ data_dir: dir }, "creating the embedded database from its template (first start)");
    unpackEmbeddedTemplate(template, dir);
  } else {
    progress({ data_dir: dir }, fresh ? "creating the embedded database (first start, a few seconds)" : "opening the embedded database");
  }
  const database = await openDatabase({ databaseUrl: null, dataDir: dir });
  restrictToOwner(dir);
  return database;
}
