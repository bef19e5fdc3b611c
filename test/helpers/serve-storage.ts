// Where the process-level kill tests keep `canopy serve`'s data: a fresh DATA_DIR for the
// embedded database, or a fresh database on the PostgreSQL server when the suite runs against
// one; and a bounded poll for what such a test waits on.
import { openDatabase, type Database } from "../../src/platform/db/client";
import { tempDataDir } from "./cli";
import { createTestDatabase, TEST_PG_URL, type TestDatabase } from "./database";

export interface ServeStorage {
  env: Record<string, string>;
  /**
   * The database itself, for checks no endpoint answers (the ledger). The embedded one can only
   * be opened while no server has it: stop the server first.
   */
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

export async function serveStorage(): Promise<ServeStorage> {
  const data = await tempDataDir();
  // The tests poll statuses often; the key's limit must not get in the way.
  const base = { DATA_DIR: data.dir, RATE_LIMITS: "Developer=60,Integration=100000,Admin=300" };
  if (!TEST_PG_URL) {
    return { env: base, open: () => openDatabase({ databaseUrl: null, dataDir: data.dir }), cleanup: () => data.remove() };
  }
  const database: TestDatabase = await createTestDatabase();
  return {
    env: { ...base, DATABASE_URL: database.url! },
    open: () => openDatabase({ databaseUrl: database.url!, dataDir: null, poolSize: 1 }),
    async cleanup() {
      await database.drop();
      await data.remove();
    },
  };
}
