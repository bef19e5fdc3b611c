// The audit batch statement against a real database (PGlite, or PostgreSQL with CANOPY_TEST_PG):
// every field arrives exactly as recorded through the blocks' JSON and the audit_logs view,
// whatever characters the text holds (quotes, backslashes, braces, commas, the word NULL),
// timestamps keep their milliseconds, entries of one millisecond keep their order, and the
// last-use statement moves each key's and user's latest use to its own latest entry.
import { randomUUID } from "node:crypto";
import { asc, desc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditBatchStatement, lastUseStatement } from "../../../src/platform/audit/audit-batch";
import { PendingUses } from "../../../src/platform/audit/pending-uses";
import type { AuditEntry } from "../../../src/platform/audit/audit-writer";
import type { Db } from "../../../src/platform/db/client";
import { apiKeys, auditLogs, users } from "../../../src/platform/db/schema";
import { auditEntry } from "../../helpers/audit-entry";
import { useMigratedDatabase } from "../../helpers/database";

const migrated = useMigratedDatabase();
let db: Db;
beforeAll(() => {
  db = migrated.db;
});

async function keyOfNewUser(): Promise<{ userId: string; keyId: string }> {
  const [user] = await db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com` })
    .returning();
  const [key] = await db
    .insert(apiKeys)
    .values({ userId: user!.id, name: "k", type: "Integration", scopes: [], keyHash: randomUUID(), prefix: "cnpy_live_00" })
    .returning();
  return { userId: user!.id, keyId: key!.id };
}

function entry(owner: { userId: string; keyId: string }, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return auditEntry({ userId: owner.userId, apiKeyId: owner.keyId, ...overrides });
}

/** The batch, and then its keys' and users' latest use, as the writer stores them. */
async function write(batch: AuditEntry[]): Promise<void> {
  await db.execute(auditBatchStatement(batch));
  const uses = new PendingUses();
  uses.add(batch);
  const { keys, users: people } = uses.take();
  await db.execute(lastUseStatement(keys, people));
}

describe("audit batch statement", () => {
  it("stores text exactly as recorded, whatever characters it holds", async () => {
    const owner = await keyOfNewUser();
    const awkward = [
      `/api/v1/"quoted"/`,
      "/api/v1/back\\slash/\\\\/",
      "/api/v1/{braces},commas/",
      "NULL",
      "null",
      "",
      " leading and trailing spaces ",
      "/api/v1/ünïcødé/🌲/",
      "/api/v1/tab\there/",
      "/api/v1/'single'/",
      '/api/v1/\\"both\\"/',
    ];
    await write(
      awkward.map((endpoint, i) =>
        entry(owner, { endpoint, apiKeyName: `name ${endpoint}`, method: i % 2 ? "POST" : "GET", statusCode: 200 + i, responseTimeMs: i }),
      ),
    );
    const rows = await db.select().from(auditLogs).where(eq(auditLogs.userId, owner.userId));
    expect(rows.map((r) => r.endpoint).sort()).toEqual([...awkward].sort());
    for (const row of rows) {
      const i = awkward.indexOf(row.endpoint);
      expect(row).toMatchObject({
        apiKeyId: owner.keyId,
        apiKeyName: `name ${awkward[i]}`,
        apiKeyPrefix: "cnpy_live_00",
        method: i % 2 ? "POST" : "GET",
        statusCode: 200 + i,
        ipAddress: "192.0.2.1",
        responseTimeMs: i,
      });
    }
  });

  it("keeps each entry's timestamp to the millisecond, and IPv6 addresses as given", async () => {
    const owner = await keyOfNewUser();
    const times = ["2026-01-02T03:04:05.006Z", "2026-12-31T23:59:59.999Z", "2027-06-15T12:00:00.000Z"];
    await write(times.map((t, i) => entry(owner, { timestamp: new Date(t), ipAddress: i === 0 ? "2001:db8::1" : "::ffff:192.0.2.7" })));
    const rows = await db.select().from(auditLogs).where(eq(auditLogs.userId, owner.userId));
    expect(rows.map((r) => r.timestamp.toISOString()).sort()).toEqual(times);
    expect(rows.map((r) => r.ipAddress).sort()).toEqual(["2001:db8::1", "::ffff:192.0.2.7", "::ffff:192.0.2.7"]);
  });

  it("writes a large batch in one statement, each entry once", async () => {
    const owner = await keyOfNewUser();
    const batch = Array.from({ length: 2500 }, (_, i) =>
      entry(owner, { endpoint: `/api/v1/n${i}/`, timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)) }),
    );
    await write(batch);
    const rows = await db.select({ endpoint: auditLogs.endpoint }).from(auditLogs).where(eq(auditLogs.userId, owner.userId));
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((r) => r.endpoint)).size).toBe(2500);
  });

  it("moves each key's and user's latest use to its own latest entry in the batch, never back", async () => {
    const a = await keyOfNewUser();
    const b = await keyOfNewUser();
    const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 0, minute));
    await write([
      entry(a, { timestamp: at(5) }),
      entry(b, { timestamp: at(9) }),
      entry(a, { timestamp: at(7) }),
      entry(b, { timestamp: at(1) }),
    ]);
    const latest = async () => {
      const keys = await db
        .select()
        .from(apiKeys)
        .where(inArray(apiKeys.id, [a.keyId, b.keyId]));
      const people = await db
        .select()
        .from(users)
        .where(inArray(users.id, [a.userId, b.userId]));
      return {
        a: [
          keys.find((k) => k.id === a.keyId)!.lastUsedAt?.toISOString(),
          people.find((u) => u.id === a.userId)!.lastActive?.toISOString(),
        ],
        b: [
          keys.find((k) => k.id === b.keyId)!.lastUsedAt?.toISOString(),
          people.find((u) => u.id === b.userId)!.lastActive?.toISOString(),
        ],
      };
    };
    expect(await latest()).toEqual({ a: [at(7).toISOString(), at(7).toISOString()], b: [at(9).toISOString(), at(9).toISOString()] });

    // A batch with older entries (another process's slow flush) leaves the later times.
    await write([entry(a, { timestamp: at(2) }), entry(b, { timestamp: at(3) })]);
    expect(await latest()).toEqual({ a: [at(7).toISOString(), at(7).toISOString()], b: [at(9).toISOString(), at(9).toISOString()] });
  });

  it("orders entries of the same millisecond as they were recorded, newest first by time then id", async () => {
    const owner = await keyOfNewUser();
    const at = new Date("2026-07-01T00:00:00.000Z");
    await write(["/first/", "/second/", "/third/"].map((endpoint) => entry(owner, { endpoint, timestamp: at })));
    await write([entry(owner, { endpoint: "/fourth/", timestamp: at })]);
    const rows = await db
      .select({ endpoint: auditLogs.endpoint })
      .from(auditLogs)
      .where(eq(auditLogs.userId, owner.userId))
      .orderBy(desc(auditLogs.timestamp), desc(auditLogs.id));
    expect(rows.map((r) => r.endpoint)).toEqual(["/fourth/", "/third/", "/second/", "/first/"]);
    const byId = await db
      .select({ endpoint: auditLogs.endpoint })
      .from(auditLogs)
      .where(eq(auditLogs.userId, owner.userId))
      .orderBy(asc(auditLogs.id));
    expect(byId.map((r) => r.endpoint)).toEqual(["/first/", "/second/", "/third/", "/fourth/"]);
  });

  it("touches only the keys and users the batch names", async () => {
    const a = await keyOfNewUser();
    const bystander = await keyOfNewUser();
    await write([entry(a, { timestamp: new Date("2026-04-01T00:00:00.000Z") })]);
    const [key] = await db.select().from(apiKeys).where(eq(apiKeys.id, bystander.keyId));
    const [user] = await db.select().from(users).where(eq(users.id, bystander.userId));
    expect(key!.lastUsedAt).toBeNull();
    expect(user!.lastActive).toBeNull();
  });
});
