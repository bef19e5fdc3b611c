// The users' active days (user_activity_days, read by the active-users analytics) against a real
// database (PGlite, or PostgreSQL with CANOPY_TEST_PG): the audit writer stores each user's UTC
// days with their last use, once, across midnight, skipping users that no longer exist; and
// migration 0009 fills the table from the audit blocks and the users' last activity.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { asc, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditBatchStatement, lastUseStatement } from "../../../src/platform/audit/audit-batch";
import { AuditWriter } from "../../../src/platform/audit/audit-writer";
import { openDatabase, type Database, type Db } from "../../../src/platform/db/client";
import { MIGRATIONS_FOLDER } from "../../../src/platform/db/migrate";
import { userActivityDays, users } from "../../../src/platform/db/schema";
import { auditEntry } from "../../helpers/audit-entry";
import { createTestDatabase, TEST_PG_URL, useMigratedDatabase } from "../../helpers/database";

const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;
const MIDNIGHT = Date.UTC(2026, 4, 7);

async function newUser(db: Db, lastActive: Date | null = null): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com`, lastActive })
    .returning();
  return user!.id;
}

async function daysOf(db: Db, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ day: userActivityDays.day, userId: userActivityDays.userId })
    .from(userActivityDays)
    .where(inArray(userActivityDays.userId, ids))
    .orderBy(asc(userActivityDays.day));
  return rows.map((r) => `${ids.indexOf(r.userId)} ${r.day}`).sort();
}

const at = (userId: string, ms: number) => auditEntry({ userId, apiKeyId: randomUUID(), timestamp: new Date(ms) });

describe("the audit writer", () => {
  const migrated = useMigratedDatabase();

  it("stores each user's active UTC days once, across midnight and flushes", async () => {
    const db = migrated.db;
    const [u, v] = [await newUser(db), await newUser(db)];
    const writer = new AuditWriter(db, log, { flushIntervalMs: 60_000 });
    writer.record(at(u, MIDNIGHT - 1));
    writer.record(at(u, MIDNIGHT + 1));
    writer.record(at(v, MIDNIGHT + 2));
    await writer.flush();
    expect(await daysOf(db, [u, v])).toEqual(["0 2026-05-06", "0 2026-05-07", "1 2026-05-07"]);

    writer.record(at(u, MIDNIGHT + 5000));
    writer.record(at(v, MIDNIGHT + 3 * 86_400_000));
    await writer.close();
    expect(await daysOf(db, [u, v])).toEqual(["0 2026-05-06", "0 2026-05-07", "1 2026-05-07", "1 2026-05-10"]);
  });

  it("skips a day already stored by another process, and a user deleted since", async () => {
    const db = migrated.db;
    const u = await newUser(db);
    const gone = randomUUID();
    const day = Math.floor(MIDNIGHT / 86_400_000);
    const none = { ids: [], times: [] };
    for (let i = 0; i < 2; i++) await db.execute(lastUseStatement(none, none, { userIds: [u, gone], days: [day, day] }));
    expect(await daysOf(db, [u, gone])).toEqual(["0 2026-05-07"]);
  });
});

describe("migration 0009", () => {
  let database: Database;
  const closers: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    if (TEST_PG_URL) {
      const testDb = await createTestDatabase();
      closers.push(() => testDb.drop());
      database = testDb.database;
    } else {
      database = await openDatabase({ databaseUrl: null, dataDir: null });
      closers.push(() => database.close());
    }
    await migrateThrough(database, "0008");
  }, 180_000);
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it("fills the table from the audit blocks (each day a block spans) and the users' last activity", async () => {
    const db = database.db;
    const u = await newUser(db);
    const old = await newUser(db, new Date(MIDNIGHT - 200 * 86_400_000 + 3_600_000));
    const idle = await newUser(db);
    const gone = randomUUID();
    // One flush across midnight (a block spanning two days), a later one, and a deleted user's.
    await db.execute(auditBatchStatement([at(u, MIDNIGHT - 100), at(u, MIDNIGHT + 100), at(gone, MIDNIGHT)]));
    await db.execute(auditBatchStatement([at(u, MIDNIGHT + 2 * 86_400_000)]));
    await db.execute(sql`update users set last_active = ${new Date(MIDNIGHT + 2 * 86_400_000).toISOString()}::timestamptz where id = ${u}`);

    await migrateThrough(database, "0009", "0009");
    expect(await daysOf(db, [u, old, idle, gone])).toEqual(["0 2026-05-06", "0 2026-05-07", "0 2026-05-09", "1 2025-10-19"]);
  });
});

/** Applies the migration files numbered `from` (default the first) through `through`, statement by statement. */
async function migrateThrough(database: Database, through: string, from = "0000"): Promise<void> {
  const files = fs
    .readdirSync(MIGRATIONS_FOLDER)
    .filter((f) => f.endsWith(".sql") && f.slice(0, 4) >= from && f.slice(0, 4) <= through)
    .sort();
  for (const file of files) {
    const statements = fs.readFileSync(path.join(MIGRATIONS_FOLDER, file), "utf8").split("--> statement-breakpoint");
    for (const statement of statements) if (statement.trim()) await database.db.execute(sql.raw(statement));
  }
}
