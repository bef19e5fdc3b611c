// A PostgreSQL server that ends a connection (a restart, a failover, pg_terminate_backend) while
// a transaction holds it between two statements: the transaction fails, the process lives on,
// and the pool goes on with fresh connections. Found by `npm run test:faults`, whose database
// restart killed API processes and workers with an unhandled 'error' event of a pooled client.
// Server databases only: the embedded database has no connections to lose. A `.server.test.ts`
// file runs in the server suite (CANOPY_TEST_PG set; vitest.config.ts) and refuses to run without it.
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isConnectionLoss } from "../../../src/platform/db/connection-loss";
import { withTransaction } from "../../../src/platform/db/transaction";
import { createTestDatabase, TEST_PG_URL, type TestDatabase } from "../../helpers/database";

if (!TEST_PG_URL) throw new Error("This file needs a PostgreSQL server: set CANOPY_TEST_PG (npm test runs it only then).");

describe("a pooled connection ended by the server mid-transaction", () => {
  let testDb: TestDatabase | undefined;
  let admin: pg.Client | undefined;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    admin = new pg.Client({ connectionString: testDb.url! });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await testDb?.drop();
  });

  it("fails that transaction, not the process, and the pool recovers", async () => {
    const { database } = testDb!;
    if (database.kind !== "postgres") throw new Error("expected a server database");
    const uncaught: unknown[] = [];
    // Settles once the client has reported the loss: its 'end' comes after its 'error' event,
    // and without a listener that event is thrown instead (and 'end' never comes).
    let reported: () => void = () => undefined;
    const lossReported = new Promise<void>((resolve) => (reported = resolve));
    const onUncaught = (err: unknown) => {
      uncaught.push(err);
      reported();
    };
    process.on("uncaughtException", onUncaught);
    let checkedOut: pg.PoolClient | null = null;
    const onAcquire = (client: pg.PoolClient) => (checkedOut ??= client);
    database.pool.on("acquire", onAcquire);
    try {
      const outcome = withTransaction({ db: database.db }, async (tx) => {
        const { rows } = (await tx.db.execute(sql`select pg_backend_pid() as pid`)) as pg.QueryResult<{ pid: number }>;
        // Not events.once: it listens for 'error' too, which would hide the very event at stake.
        checkedOut!.once("end", reported);
        // What a fast shutdown does to every session: a FATAL 57P01, then the socket closes,
        // while this transaction runs no statement.
        await admin!.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
        await lossReported;
        expect(uncaught).toEqual([]);
        await tx.db.execute(sql`select 1`);
      });
      // Rejected with what jobs treat as a lost connection (retried, not failed for good).
      const lost = await outcome.then(
        () => null,
        (err: unknown) => err,
      );
      expect(lost).not.toBeNull();
      expect(isConnectionLoss(lost), String(lost)).toBe(true);
      expect(uncaught).toEqual([]);

      // The broken connection left the pool: the next statements run on new ones.
      const { rows } = (await database.db.execute(sql`select 1 as ok`)) as pg.QueryResult<{ ok: number }>;
      expect(rows).toEqual([{ ok: 1 }]);
      await withTransaction({ db: database.db }, async (tx) => tx.db.execute(sql`select 1`));
    } finally {
      database.pool.off("acquire", onAcquire);
      process.off("uncaughtException", onUncaught);
    }
  });
});
