// Applies the migration files in ./drizzle in order, on either database. On a server several
// processes may start at once: an advisory lock makes them take turns.
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { Database } from "./client";
import { PACKAGE_ROOT } from "../package-root";

export const MIGRATIONS_FOLDER = path.join(PACKAGE_ROOT, "drizzle");
const MIGRATION_LOCK_ID = 7_271_001;

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const client = await database.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    try {
      const { drizzle } = await import("drizzle-orm/node-postgres");
      await migratePg(drizzle(client) as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}

export async function ping(database: Database): Promise<void> {
  await database.db.execute(sql`select 1`);
}
