// Applies the migration files in ./drizzle in order, on either database. On a server several
// processes may start at once: an advisory lock makes them take turns. A database that already
// has the journal's last migration is left alone after one read (most starts): drizzle's migrator
// would read and hash every file and run four statements to find nothing to apply.
import { readFileSync } from "node:fs";
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

/**
 * The `when` of the journal's last migration. Drizzle applies a migration when its `when` is after
 * the `created_at` of the last one applied, so a database whose last is at least this has none to apply.
 */
export function lastJournalMillis(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/** The first row of a statement's result: both drivers answer `{ rows }`, a row an object. */
function firstRow(result: unknown): Record<string, unknown> | undefined {
  return (result as { rows: Record<string, unknown>[] }).rows[0];
}

/** The `created_at` of the last migration applied (drizzle's own table), or null before the first. */
async function lastAppliedMillis(database: Database): Promise<number | null> {
  const table = firstRow(await database.db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`));
  if (!table?.present) return null;
  const last = firstRow(await database.db.execute(sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`));
  const value = last?.created_at;
  return value === null || value === undefined ? null : Number(value);
}

export async function migrationsPending(database: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<boolean> {
  const applied = await lastAppliedMillis(database);
  return applied === null || applied < lastJournalMillis(migrationsFolder);
}

export async function runMigrations(database: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  if (!(await migrationsPending(database, migrationsFolder))) return;
  if (database.kind === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const client = await database.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    try {
      const { drizzle } = await import("drizzle-orm/node-postgres");
      await migratePg(drizzle(client) as unknown as NodePgDatabase, { migrationsFolder });
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
