// Where the audit log lives: blocks of entries per user and flush, read one row per entry through
// the audit_logs view. Checked against a real database (PGlite, or PostgreSQL with
// CANOPY_TEST_PG): the daily retention purge drops blocks past 90 days and counts their entries;
// unfiltered pages, which unpack only the newest blocks, match a sort of every entry even when
// blocks overlap in time; migration 0004 moves entries stored the old way (a row each) into
// blocks without losing or changing any of them; migration 0007 gives the blocks already stored
// their facets, which filtered pages are then read from.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { asc, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogPage, type AuditQuery } from "../../../src/modules/users/service";
import { integerArrayLiteral, textArrayLiteral } from "../../../src/platform/audit/array-literal";
import { auditBatchStatement } from "../../../src/platform/audit/audit-batch";
import { auditBlocks } from "../../../src/platform/audit/audit-blocks";
import type { AuditEntry } from "../../../src/platform/audit/audit-writer";
import type { RequestContext } from "../../../src/platform/context";
import { openDatabase, type Database } from "../../../src/platform/db/client";
import { MIGRATIONS_FOLDER } from "../../../src/platform/db/migrate";
import { auditLogBlocks, auditLogs, idempotencyKeys, users } from "../../../src/platform/db/schema";
import { purgeExpired } from "../../../src/platform/jobs/maintenance";
import { auditEntry } from "../../helpers/audit-entry";
import { createTestDatabase, TEST_PG_URL, type TestDatabase } from "../../helpers/database";

const DAY_MS = 24 * 60 * 60 * 1000;
const opened: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of opened) await close();
});

// Creating and migrating a database takes seconds on a busy machine: it happens in each group's
// setup, which has the time it needs, not in the tests' own time.
const SETUP_TIMEOUT_MS = 180_000;

/** A fresh database with the given migrations applied, made before the group's tests. */
function migratedDatabase(numbers: string[]): () => Database {
  let database: Database | null = null;
  beforeAll(async () => {
    database = await emptyDatabase();
    await applyMigrations(database, numbers);
  }, SETUP_TIMEOUT_MS);
  return () => {
    if (!database) throw new Error("the database setup did not run");
    return database;
  };
}

/** A database with nothing in it: no migrations applied. */
async function emptyDatabase(): Promise<Database> {
  if (TEST_PG_URL) {
    const testDb: TestDatabase = await createTestDatabase();
    opened.push(() => testDb.drop());
    return testDb.database;
  }
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  opened.push(() => database.close());
  return database;
}

/** Applies the migration files whose names start with the given numbers, statement by statement. */
async function applyMigrations(database: Database, numbers: string[]): Promise<void> {
  const files = fs.readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith(".sql") && numbers.includes(f.slice(0, 4)));
  expect(files).toHaveLength(numbers.length);
  for (const file of files.sort()) {
    const text = fs.readFileSync(path.join(MIGRATIONS_FOLDER, file), "utf8");
    for (const statement of text.split("--> statement-breakpoint")) {
      if (statement.trim()) await database.db.execute(sql.raw(statement));
    }
  }
}

function entry(userId: string, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return auditEntry({ userId, apiKeyId: randomUUID(), ...overrides });
}

describe("retention purge", () => {
  const databaseOfGroup = migratedDatabase(["0000", "0001", "0002", "0003", "0004", "0005", "0006", "0007"]);

  it("drops the blocks whose entries are all past 90 days, counts their entries, and keeps the rest", async () => {
    const database = databaseOfGroup();
    const db = database.db;
    const [user] = await db
      .insert(users)
      .values({ email: `${randomUUID()}@example.com` })
      .returning();
    const now = new Date("2026-09-01T12:00:00.000Z");
    const old = new Date(now.getTime() - 91 * DAY_MS);
    const recent = new Date(now.getTime() - 89 * DAY_MS);
    await db.execute(
      auditBatchStatement([entry(user!.id, { timestamp: old }), entry(user!.id, { timestamp: new Date(old.getTime() + 1) })]),
    );
    await db.execute(auditBatchStatement([entry(user!.id, { timestamp: recent, endpoint: "/kept/" })]));
    await db.insert(idempotencyKeys).values([
      { userId: user!.id, key: "stale", route: "r", requestHash: "h", createdAt: new Date(now.getTime() - 25 * 60 * 60 * 1000) },
      { userId: user!.id, key: "fresh", route: "r", requestHash: "h", createdAt: new Date(now.getTime() - 60 * 60 * 1000) },
    ]);

    expect(await purgeExpired(db, now)).toEqual({ auditLogs: 2, idempotencyKeys: 1 });
    const left = await db
      .select({ endpoint: auditLogs.endpoint, timestamp: auditLogs.timestamp })
      .from(auditLogs)
      .where(eq(auditLogs.userId, user!.id));
    expect(left).toEqual([{ endpoint: "/kept/", timestamp: recent }]);
    expect((await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.key)).toEqual(["fresh"]);
    expect(await purgeExpired(db, now)).toEqual({ auditLogs: 0, idempotencyKeys: 0 });
  });
});

describe("unfiltered audit pages", () => {
  const databaseOfGroup = migratedDatabase(["0000", "0001", "0002", "0003", "0004", "0005", "0006", "0007"]);

  it("page through blocks that overlap in time exactly as a sort of every entry would", async () => {
    const database = databaseOfGroup();
    const db = database.db;
    const [user] = await db
      .insert(users)
      .values({ email: `${randomUUID()}@example.com` })
      .returning();
    const [other] = await db
      .insert(users)
      .values({ email: `${randomUUID()}@example.com` })
      .returning();
    const base = Date.UTC(2026, 6, 1);
    // Three writers' blocks interleaved in time, blocks of different sizes, ties in one
    // millisecond, and another user's entries in between.
    let n = 0;
    const block = (times: number[]) => times.map((t) => entry(user!.id, { endpoint: `/e/${n++}/`, timestamp: new Date(base + t) }));
    await db.execute(auditBatchStatement(block([0, 5, 10, 15, 20, 25, 30])));
    await db.execute(auditBatchStatement(block([3, 8, 8, 8, 40])));
    await db.execute(
      auditBatchStatement([...block([12, 13, 35, 36, 37, 38, 50, 51]), entry(other!.id, { timestamp: new Date(base + 45) })]),
    );
    await db.execute(auditBatchStatement(block([60, 61])));
    const everything = await db
      .select({ endpoint: auditLogs.endpoint })
      .from(auditLogs)
      .where(eq(auditLogs.userId, user!.id))
      .orderBy(desc(auditLogs.timestamp), desc(auditLogs.id));
    expect(everything).toHaveLength(n);

    const ctx = { db, userId: user!.id, platform: { database } } as unknown as RequestContext;
    for (const pageSize of [1, 3, 4, 7, 50]) {
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(n / pageSize) + 1; page++) {
        const result = await auditLogPage(ctx, { page, page_size: pageSize });
        expect(result.count).toBe(n);
        seen.push(...result.results.map((r) => r.endpoint));
      }
      expect(seen).toEqual(everything.map((r) => r.endpoint));
    }
    const filtered = await auditLogPage(ctx, { page: 1, page_size: 50, endpoint: "/e/1" });
    expect(filtered.results.map((r) => r.endpoint).sort()).toEqual(
      everything
        .map((r) => r.endpoint)
        .filter((e) => e.startsWith("/e/1"))
        .sort(),
    );

    // Key and status filters skip the blocks without them and still find every match.
    const keyId = randomUUID();
    await db.execute(
      auditBatchStatement([
        entry(user!.id, { apiKeyId: keyId, statusCode: 503, endpoint: "/late-a/", timestamp: new Date(base + 70) }),
        entry(user!.id, { statusCode: 503, endpoint: "/late-b/", timestamp: new Date(base + 71) }),
        entry(user!.id, { apiKeyId: keyId, endpoint: "/late-c/", timestamp: new Date(base + 72) }),
      ]),
    );
    const byStatus = await auditLogPage(ctx, { page: 1, page_size: 50, status_code: 503 });
    expect([byStatus.count, byStatus.results.map((r) => r.endpoint)]).toEqual([2, ["/late-b/", "/late-a/"]]);
    const byKey = await auditLogPage(ctx, { page: 1, page_size: 50, api_key_id: keyId });
    expect([byKey.count, byKey.results.map((r) => r.endpoint)]).toEqual([2, ["/late-c/", "/late-a/"]]);
    const both = await auditLogPage(ctx, { page: 1, page_size: 50, api_key_id: keyId, status_code: 200 });
    expect(both.results.map((r) => r.endpoint)).toEqual(["/late-c/"]);
  });
});

describe("migration 0004", () => {
  const databaseOfGroup = migratedDatabase(["0000", "0001", "0002", "0003"]);

  it("moves entries stored a row each into blocks, every field and millisecond intact", async () => {
    const database = databaseOfGroup();
    const db = database.db;
    const [a] = await db
      .insert(users)
      .values({ email: `${randomUUID()}@example.com` })
      .returning();
    const [b] = await db
      .insert(users)
      .values({ email: `${randomUUID()}@example.com` })
      .returning();
    const base = Date.UTC(2026, 4, 6, 7, 8, 0, 0);
    // Two minutes of user a, one of user b; awkward text; two entries in one millisecond.
    const rows = [
      { id: randomUUID(), userId: a!.id, endpoint: `/api/v1/"quoted"/\\path/`, at: base + 1 },
      { id: randomUUID(), userId: a!.id, endpoint: "/api/v1/é/", at: base + 59_999 },
      { id: randomUUID(), userId: a!.id, endpoint: "/api/v1/next-minute/", at: base + 60_000 },
      { id: randomUUID(), userId: b!.id, endpoint: "/api/v1/b/", at: base + 7 },
      { id: randomUUID(), userId: b!.id, endpoint: "/api/v1/b2/", at: base + 7 },
    ];
    const keyId = randomUUID();
    for (const row of rows) {
      await db.execute(sql`insert into audit_logs (id, user_id, api_key_id, api_key_name, api_key_prefix, endpoint, method, status_code, ip_address, response_time_ms, timestamp)
        values (${row.id}, ${row.userId}, ${keyId}, ${"name, with comma"}, ${"cnpy_live_ab"}, ${row.endpoint}, ${"POST"}, ${201}, ${"2001:db8::1"}, ${17}, ${new Date(row.at).toISOString()})`);
    }

    await applyMigrations(database, ["0004"]);

    const blocks = await db.select({ userId: auditLogBlocks.userId, count: auditLogBlocks.entryCount }).from(auditLogBlocks);
    expect(blocks.map((block) => `${block.userId === a!.id ? "a" : "b"}${block.count}`).sort()).toEqual(["a1", "a2", "b2"]);
    const migrated = await db.select().from(auditLogs).orderBy(asc(auditLogs.timestamp), asc(auditLogs.id));
    const expected = rows
      .map((row) => ({
        id: row.id,
        userId: row.userId,
        apiKeyId: keyId,
        apiKeyName: "name, with comma",
        apiKeyPrefix: "cnpy_live_ab",
        endpoint: row.endpoint,
        method: "POST",
        statusCode: 201,
        ipAddress: "2001:db8::1",
        responseTimeMs: 17,
        timestamp: new Date(row.at),
      }))
      .sort((x, y) => x.timestamp.getTime() - y.timestamp.getTime() || (x.id < y.id ? -1 : 1));
    expect(migrated.map(({ blockLastAt: _at, blockKeyIds: _keys, blockStatusCodes: _statuses, ...row }) => row)).toEqual(expected);
    const [aBlock] = await db
      .select({ keyIds: auditLogBlocks.keyIds, statusCodes: auditLogBlocks.statusCodes })
      .from(auditLogBlocks)
      .where(eq(auditLogBlocks.userId, b!.id));
    expect([aBlock!.keyIds, aBlock!.statusCodes]).toEqual([[keyId], [201]]);
  });
});

describe("migration 0007", () => {
  const databaseOfGroup = migratedDatabase(["0000", "0001", "0002", "0003"]);

  it("gives the blocks stored before it their facets, from which filtered pages then list the same entries", async () => {
    const database = databaseOfGroup();
    const db = database.db;
    const [user] = await db
      .insert(users)
      .values({ email: `${randomUUID()}@example.com` })
      .returning();
    const userId = user!.id;
    const [keyA, keyB] = [randomUUID(), randomUUID()];
    const base = Date.UTC(2026, 4, 6, 7, 8, 0, 0);
    // Entries stored a row each, moved into blocks by 0004 (two minutes: two blocks)...
    const recorded = [
      { key: keyA, endpoint: "/api/v1/Brands/1/", method: "GET", status: 200, at: base + 1 },
      { key: keyA, endpoint: "/api/v1/Brands/1/", method: "GET", status: 200, at: base + 2 },
      { key: keyB, endpoint: `/api/v1/"quoted"/é/`, method: "POST", status: 201, at: base + 3 },
      { key: keyA, endpoint: "/api/v1/me/profile/", method: "GET", status: 404, at: base + 60_001 },
    ];
    for (const row of recorded) {
      await db.execute(sql`insert into audit_logs (id, user_id, api_key_id, api_key_name, api_key_prefix, endpoint, method, status_code, ip_address, response_time_ms, timestamp)
        values (${randomUUID()}, ${userId}, ${row.key}, ${"k"}, ${"cnpy_live_ab"}, ${row.endpoint}, ${row.method}, ${row.status}, ${"192.0.2.1"}, ${3}, ${new Date(row.at).toISOString()})`);
    }
    await applyMigrations(database, ["0004"]);
    // ...and a block written as the writer did before 0007, its key renamed within the batch.
    const batch = [
      { key: keyA, name: "before", endpoint: "/api/v1/brands/2/", method: "PATCH", status: 200, at: base + 120_000 },
      { key: keyA, name: "after", endpoint: "/api/v1/brands/2/", method: "PATCH", status: 200, at: base + 120_001 },
      { key: keyB, name: "k", endpoint: "/api/v1/me/profile/", method: "GET", status: 429, at: base + 120_001 },
    ];
    recorded.push(...batch);
    const [block] = auditBlocks(
      batch.map((e) =>
        entry(userId, {
          apiKeyId: e.key,
          apiKeyName: e.name,
          endpoint: e.endpoint,
          method: e.method,
          statusCode: e.status,
          timestamp: new Date(e.at),
        }),
      ),
    );
    await db.execute(sql`insert into audit_log_blocks (id, user_id, first_at, last_at, entry_count, key_ids, status_codes, entries)
      values (${block!.id}::uuid, ${userId}::uuid, to_timestamp(${block!.firstMs}::float8 / 1000), to_timestamp(${block!.lastMs}::float8 / 1000),
        ${block!.count}, ${textArrayLiteral(block!.keyIds)}::uuid[], ${integerArrayLiteral(block!.statusCodes)}::int4[], ${block!.entries})`);

    await applyMigrations(database, ["0007"]);

    const blocks = await db
      .select({ count: auditLogBlocks.entryCount, facets: auditLogBlocks.facets })
      .from(auditLogBlocks)
      .where(eq(auditLogBlocks.userId, userId));
    expect(blocks).toHaveLength(3);
    type Facet = [string, string, string, number, number];
    const tally = new Map<string, number>();
    for (const b of blocks) {
      const facets = b.facets as Facet[];
      expect(facets.reduce((sum, f) => sum + f[4], 0)).toBe(b.count);
      for (const [key, endpoint, method, status, n] of facets)
        tally.set(`${key} ${method} ${status} ${endpoint}`, (tally.get(`${key} ${method} ${status} ${endpoint}`) ?? 0) + n);
    }
    const expected = new Map<string, number>();
    for (const e of recorded)
      expected.set(
        `${e.key} ${e.method} ${e.status} ${e.endpoint}`,
        (expected.get(`${e.key} ${e.method} ${e.status} ${e.endpoint}`) ?? 0) + 1,
      );
    expect(new Map([...tally].sort())).toEqual(new Map([...expected].sort()));

    const ctx = { db, userId, platform: { database } } as unknown as RequestContext;
    const listed = async (query: Partial<AuditQuery>) => {
      const page = await auditLogPage(ctx, { page: 1, page_size: 50, ...query });
      return [page.count, page.results.map((r) => `${r.method} ${r.endpoint} ${Date.parse(r.timestamp) - base}`)];
    };
    expect(await listed({ method: "get" })).toEqual([
      4,
      ["GET /api/v1/me/profile/ 120001", "GET /api/v1/me/profile/ 60001", "GET /api/v1/Brands/1/ 2", "GET /api/v1/Brands/1/ 1"],
    ]);
    expect(await listed({ endpoint: "brands" })).toEqual([
      4,
      ["PATCH /api/v1/brands/2/ 120001", "PATCH /api/v1/brands/2/ 120000", "GET /api/v1/Brands/1/ 2", "GET /api/v1/Brands/1/ 1"],
    ]);
    expect(await listed({ api_key_id: keyB, endpoint: `"quoted"` })).toEqual([1, [`POST /api/v1/"quoted"/é/ 3`]]);
    expect(await listed({ api_key_id: keyA, status_code: 200, page_size: 3 })).toEqual([
      4,
      ["PATCH /api/v1/brands/2/ 120001", "PATCH /api/v1/brands/2/ 120000", "GET /api/v1/Brands/1/ 2"],
    ]);
  });
});
