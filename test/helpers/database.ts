// A fresh database for each test file: embedded PGlite in memory by default, or a newly
// created database on the PostgreSQL server named by CANOPY_TEST_PG (CI sets it when the server
// answers), dropped again when the file is done.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, type Database, type Db } from "../../src/platform/db/client";
import { runMigrations } from "../../src/platform/db/migrate";

export const TEST_PG_URL = process.env.CANOPY_TEST_PG ?? null;
export const TEST_REDIS_URL = process.env.CANOPY_TEST_REDIS ?? null;

export interface TestDatabase {
  database: Database;
  /** The connection string of the fresh server database; null on PGlite. */
  url: string | null;
  drop(): Promise<void>;
}

let cachedTemplate: Blob | undefined;

/** The migrated template made by global-setup.ts, when the run has one. */
function templateDump(): Blob | undefined {
  if (cachedTemplate) return cachedTemplate;
  let file: string | null;
  try {
    file = inject("pgliteTemplate");
  } catch {
    return undefined; // not under vitest's global setup (e.g. a script): start empty
  }
  if (!file) return undefined;
  cachedTemplate = new Blob([fs.readFileSync(file)]);
  return cachedTemplate;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (!TEST_PG_URL) {
    const database = await openDatabase({ databaseUrl: null, dataDir: null, loadDataDir: templateDump() });
    return { database, url: null, drop: () => database.close() };
  }
  const name = `canopy_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(TEST_PG_URL, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 10 });
  return {
    database,
    url,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: TEST_PG_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A fresh, migrated database for the calling test file: created before its tests, dropped after
 * them. `db` is readable once the file's first beforeAll has run.
 */
export function useMigratedDatabase(): { readonly db: Db } {
  let testDb: TestDatabase | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await runMigrations(testDb.database);
  });
  afterAll(async () => testDb?.drop());
  return {
    get db(): Db {
      if (!testDb) throw new Error("the test database is not open yet");
      return testDb.database.db;
    },
  };
}
