// Reading the audit log in bounded steps (src/platform/audit/audit-read.ts), against a real
// database (PGlite, or PostgreSQL with CANOPY_TEST_PG):
//   - over random logs (blocks overlapping in time, ties in one millisecond, several keys,
//     endpoints that differ in case or hold LIKE wildcards, another user's entries in the same
//     batches), every filter and page gives the same count and entries, in the same order, as
//     the audit_logs view queried whole, sorted and filtered with the SQL the service used to run;
//   - on the embedded database, a filtered read of a long log is many steps with a turn of the
//     event loop before each, and another request's statement never waits behind more than one
//     of them, however many reads run at once.
import { randomUUID } from "node:crypto";
import { and, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogPage } from "../../../src/modules/users/service";
import { auditBatchStatement } from "../../../src/platform/audit/audit-batch";
import { readAuditPage, STEP_LIMITS, type AuditFilter, type AuditRow } from "../../../src/platform/audit/audit-read";
import type { AuditEntry } from "../../../src/platform/audit/audit-writer";
import type { RequestContext } from "../../../src/platform/context";
import type { Database, Db } from "../../../src/platform/db/client";
import { escapeLike } from "../../../src/platform/db/like";
import { runMigrations } from "../../../src/platform/db/migrate";
import { auditLogs, users } from "../../../src/platform/db/schema";
import { auditEntry } from "../../helpers/audit-entry";
import { createTestDatabase, TEST_PG_URL, type TestDatabase } from "../../helpers/database";

let testDb: TestDatabase | undefined;
let database: Database;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase();
  database = testDb.database;
  db = database.db;
  await runMigrations(database);
});
afterAll(async () => testDb?.drop());

const KEYS = ["0b9c6f1e-5d2a-4c7b-9e3f-1a2b3c4d5e6f", "7e1d2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b", "c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f"];
const ENDPOINTS = ["/api/v1/me/profile/", "/api/v1/Brands/7/", "/api/v1/brands/9/", "/api/v1/a_b%c/", `/api/v1/"q"\\x/`, "/api/v1/ÉTÉ/"];
const METHODS = ["GET", "POST", "PATCH", "DELETE"];
const STATUSES = [200, 201, 404, 429];
const BASE_MS = Date.UTC(2026, 6, 1);

async function newUser(): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com` })
    .returning();
  return user!.id;
}

/** Every matching entry of the user, through the view, filtered and sorted as the service did before blocks were read in steps. */
async function everyMatch(userId: string, filter: AuditFilter): Promise<AuditRow[]> {
  const conditions: SQL[] = [eq(auditLogs.userId, userId)];
  if (filter.apiKeyId !== undefined) conditions.push(eq(auditLogs.apiKeyId, filter.apiKeyId));
  if (filter.method !== undefined) conditions.push(eq(auditLogs.method, filter.method));
  if (filter.statusCode !== undefined) conditions.push(eq(auditLogs.statusCode, filter.statusCode));
  if (filter.endpoint !== undefined) conditions.push(ilike(auditLogs.endpoint, `%${escapeLike(filter.endpoint)}%`));
  const rows = await db
    .select()
    .from(auditLogs)
    .where(and(...conditions))
    .orderBy(desc(auditLogs.timestamp), desc(auditLogs.id));
  return rows.map((r) => ({
    id: r.id,
    apiKeyName: r.apiKeyName,
    apiKeyPrefix: r.apiKeyPrefix,
    endpoint: r.endpoint,
    method: r.method,
    statusCode: r.statusCode,
    ipAddress: r.ipAddress,
    responseTimeMs: r.responseTimeMs,
    timestamp: r.timestamp,
  }));
}

/** Runs each step at once: the pacing is not what these tests are about. */
const direct = <T>(work: () => Promise<T>) => work();

const entryArb = fc.record({
  key: fc.nat(KEYS.length - 1),
  endpoint: fc.nat(ENDPOINTS.length - 1),
  method: fc.nat(METHODS.length - 1),
  status: fc.nat(STATUSES.length - 1),
  // Few distinct milliseconds: ties and blocks that overlap in time.
  at: fc.nat(40),
  otherUser: fc.nat(5).map((n) => n === 0),
});

const filterArb = fc.record(
  {
    apiKeyId: fc.constantFrom(...KEYS, KEYS[1]!.toUpperCase(), "5f0c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f"),
    method: fc.constantFrom(...METHODS),
    statusCode: fc.constantFrom(...STATUSES, 500),
    endpoint: fc.constantFrom("brands", "BRANDS", "_b%", "/", "profile/", `"Q"\\`, "été", "zzz"),
  },
  { requiredKeys: [] },
);

describe("audit pages read in steps", () => {
  it("count and list exactly what a whole sort and filter of every entry gives, page after page", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(entryArb, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 8 }),
        fc.array(filterArb, { minLength: 1, maxLength: 3 }),
        fc.record({
          walkBlocks: fc.integer({ min: 1, max: 4 }),
          walkEntries: fc.integer({ min: 1, max: 15 }),
          readEntries: fc.integer({ min: 1, max: 15 }),
        }),
        async (batches, filters, limits) => {
          const userId = await newUser();
          const otherId = await newUser();
          for (const batch of batches) {
            const entries: AuditEntry[] = batch.map((e) =>
              auditEntry({
                userId: e.otherUser ? otherId : userId,
                apiKeyId: KEYS[e.key]!,
                apiKeyName: `key ${e.key}`,
                endpoint: ENDPOINTS[e.endpoint]!,
                method: METHODS[e.method]!,
                statusCode: STATUSES[e.status]!,
                responseTimeMs: e.at,
                timestamp: new Date(BASE_MS + e.at),
              }),
            );
            await db.execute(auditBatchStatement(entries));
          }
          for (const filter of [{}, ...filters]) {
            const expected = await everyMatch(userId, filter);
            for (const pageSize of [1, 3, 50]) {
              const last = Math.max(1, Math.ceil(expected.length / pageSize));
              for (const page of new Set([1, 2, Math.ceil(last / 2), last, last + 1])) {
                const got = await readAuditPage(db, userId, filter, page, pageSize, direct, limits);
                expect(got.count).toBe(expected.length);
                expect(got.rows).toEqual(expected.slice((page - 1) * pageSize, page * pageSize));
              }
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);
});

describe("a filtered read of a long log on the embedded database", () => {
  const ENTRIES = 20_000;
  let userId: string;
  let ctx: RequestContext;
  beforeAll(async () => {
    userId = await newUser();
    ctx = { db, userId, platform: { database } } as unknown as RequestContext;
    // Blocks of 1,000 entries, the most one flush writes for one user.
    for (let block = 0; block < ENTRIES / 1000; block++) {
      const entries = Array.from({ length: 1000 }, (_, i) => {
        const n = block * 1000 + i;
        return auditEntry({
          userId,
          apiKeyId: KEYS[n % 2]!,
          endpoint: n % 7 === 0 ? `/api/v1/brands/${n % 50}/` : "/api/v1/me/profile/",
          method: n % 7 === 0 ? "PATCH" : "GET",
          timestamp: new Date(BASE_MS + n * 10),
        });
      });
      await db.execute(auditBatchStatement(entries));
    }
  }, 120_000);

  it("gives the same pages as a whole sort and filter", async () => {
    for (const [filter, page, pageSize] of [
      [{ method: "patch", endpoint: "brands/1" }, 1, 50],
      [{ method: "patch", endpoint: "brands/1" }, 9, 50],
      [{ endpoint: "profile" }, 40, 200],
      [{ api_key_id: KEYS[1]! }, 3, 7],
    ] as const) {
      const expected = await everyMatch(userId, {
        ...("method" in filter ? { method: filter.method.toUpperCase() } : {}),
        ...("endpoint" in filter ? { endpoint: filter.endpoint } : {}),
        ...("api_key_id" in filter ? { apiKeyId: filter.api_key_id } : {}),
      });
      const got = await auditLogPage(ctx, { ...filter, page, page_size: pageSize });
      expect(got.count).toBe(expected.length);
      expect(got.results.map((r) => r.id)).toEqual(expected.slice((page - 1) * pageSize, page * pageSize).map((r) => r.id));
    }
  }, 60_000);

  it.skipIf(TEST_PG_URL)(
    "lets the event loop turn before each of its many steps",
    async () => {
      if (database.kind !== "pglite") throw new Error("embedded database expected");
      let turns = 0;
      let running = true;
      const turn = () => {
        turns++;
        if (running) setImmediate(turn);
      };
      // The turn on which each statement was sent to the database.
      const sentOnTurn: number[] = [];
      const pglite = database.pglite;
      const query = pglite.query.bind(pglite);
      pglite.query = ((...args: Parameters<typeof query>) => {
        sentOnTurn.push(turns);
        return query(...args);
      }) as typeof pglite.query;
      try {
        setImmediate(turn);
        const result = await auditLogPage(ctx, { method: "PATCH", page: 1, page_size: 50 });
        running = false;
        expect(result.count).toBe(Math.ceil(ENTRIES / 7));
      } finally {
        pglite.query = query;
      }
      // Every facet of the log is read, at most walkEntries entries' worth a step.
      expect(sentOnTurn.length).toBeGreaterThanOrEqual(ENTRIES / STEP_LIMITS.walkEntries);
      for (let i = 1; i < sentOnTurn.length; i++) expect(sentOnTurn[i]).toBeGreaterThan(sentOnTurn[i - 1]!);
    },
    60_000,
  );

  it.skipIf(TEST_PG_URL)(
    "keeps at most one of its steps ahead of another request's statement, with many reads at once",
    async () => {
      if (database.kind !== "pglite") throw new Error("embedded database expected");
      const pglite = database.pglite;
      const query = pglite.query.bind(pglite);
      // Audit statements sent and not yet answered; each probe notes how many were ahead of it.
      let auditPending = 0;
      const aheadOfProbe: number[] = [];
      pglite.query = ((...args: Parameters<typeof query>) => {
        if (args[0] === "select 1 as probe") {
          aheadOfProbe.push(auditPending);
          return query(...args);
        }
        auditPending++;
        return query(...args).finally(() => auditPending--);
      }) as typeof pglite.query;
      try {
        const reads = Array.from({ length: 10 }, (_, i) =>
          auditLogPage(ctx, i % 2 === 0 ? { method: "PATCH", page: 1, page_size: 50 } : { endpoint: "profile", page: 2, page_size: 50 }),
        );
        const reading = { done: false };
        const all = Promise.all(reads).finally(() => (reading.done = true));
        // Another user's request on every turn while the reads run: one statement each.
        while (!reading.done) {
          await new Promise((resolve) => setImmediate(resolve));
          await db.execute(sql.raw("select 1 as probe"));
        }
        await all;
      } finally {
        pglite.query = query;
      }
      expect(Math.max(...aheadOfProbe)).toBeLessThanOrEqual(1);
      expect(aheadOfProbe.length).toBeGreaterThan(10);
    },
    120_000,
  );
});
