// Opens the one system of record: an embedded PostgreSQL (PGlite under DATA_DIR) when no
// DATABASE_URL is configured, else a PostgreSQL server through node-postgres. Everything above
// this file sees one Drizzle handle and does not care which it is.
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { takingTurns } from "./pglite-turns";
// The platform's tables only: canopy writes no relational queries (`db.query.*`), so the handle
// needs no module's tables, and the platform imports no module.
import * as schema from "./schema";

type Schema = typeof schema;
/** A database handle or an open transaction: both answer the same query API. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database =
  | { kind: "pglite"; db: Db; pglite: PGlite; close(): Promise<void> }
  | { kind: "postgres"; db: Db; pool: pg.Pool; connectionString: string; close(): Promise<void> };

export interface OpenOptions {
  databaseUrl: string | null;
  /** Directory of the embedded database, prepared by prepareDataDir; null keeps it in memory (tests). */
  dataDir: string | null;
  poolSize?: number;
  /** A dump of an embedded database to start from (tests start from a migrated template). */
  loadDataDir?: Blob;
}

// node-postgres parses `timestamp without time zone` in local time and bigint as string; the
// schema uses timestamptz and numeric-mode bigserials, so the defaults are already right.

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A pool error on an idle client (server restart) must not crash the process.
    pool.on("error", () => undefined);
    // Nor one on a client checked out for a transaction: the pool takes its own listener off a
    // client while it is lent, so a restart that ends the connection between two statements
    // would emit an unhandled 'error' and kill the process. With this listener the transaction's
    // next statement fails instead, and release() drops the broken client from the pool.
    pool.on("connect", (client) => client.on("error", () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { kind: "postgres", db, pool, connectionString: options.databaseUrl, close: () => pool.end() };
  }
  const pglite = takingTurns(
    await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    }),
  );
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { kind: "pglite", db, pglite, close: () => pglite.close() };
}
