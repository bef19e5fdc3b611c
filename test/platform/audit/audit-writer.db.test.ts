// The batched audit writer against a real database: nothing is written on the request path,
// a flush stores everything queued exactly once, failures keep the entries for a retry, and the
// same flush records each key's and user's latest use.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { AuditWriter, type AuditEntry } from "../../../src/platform/audit/audit-writer";
import type { Db } from "../../../src/platform/db/client";
import { apiKeys, auditLogs, users } from "../../../src/platform/db/schema";
import { auditEntry } from "../../helpers/audit-entry";
import { useMigratedDatabase } from "../../helpers/database";

const migrated = useMigratedDatabase();
let db: Db;
beforeAll(() => {
  db = migrated.db;
});

function fakeLog() {
  const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn() };
  return { log, logger: log as unknown as FastifyBaseLogger };
}

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

function entry(owner: { userId: string; keyId: string }, at: Date, endpoint = "/api/v1/me/profile/"): AuditEntry {
  return auditEntry({ userId: owner.userId, apiKeyId: owner.keyId, timestamp: at, endpoint });
}

async function storedFor(userId: string) {
  return db.select().from(auditLogs).where(eq(auditLogs.userId, userId));
}

/**
 * A database handle whose transactions fail while `down` is true. After `recoverAfter` failed
 * attempts it comes back by itself, so that a writer that retried in a loop ends the test with
 * a failed assertion instead of hanging it.
 */
function flakyDb(recoverAfter = 50) {
  const state = { down: true, attempts: 0 };
  const handle = {
    execute: (statement: Parameters<Db["execute"]>[0]) => {
      state.attempts += 1;
      if (state.attempts >= recoverAfter) state.down = false;
      return state.down ? Promise.reject(new Error("connection refused")) : db.execute(statement);
    },
  } as unknown as Db;
  return { state, handle };
}

describe("AuditWriter", () => {
  it("only queues on record, and stores what is queued on flush", async () => {
    const owner = await keyOfNewUser();
    const writer = new AuditWriter(db, fakeLog().logger, { flushIntervalMs: 60_000 });
    const at = new Date("2026-03-04T05:06:07.000Z");
    writer.record(entry(owner, at, "/api/v1/keys/"));
    expect(writer.pending).toBe(1);
    expect(await storedFor(owner.userId)).toEqual([]);
    await writer.flush();
    expect(writer.pending).toBe(0);
    const [row] = await storedFor(owner.userId);
    expect(row).toMatchObject({
      apiKeyId: owner.keyId,
      apiKeyName: "k",
      apiKeyPrefix: "cnpy_live_00",
      endpoint: "/api/v1/keys/",
      method: "GET",
      statusCode: 200,
      ipAddress: "192.0.2.1",
      responseTimeMs: 3,
    });
    expect(row!.timestamp.toISOString()).toBe(at.toISOString());
    await writer.close();
  });

  it("writes full batches as they fill and the rest on flush, each entry once", async () => {
    const owner = await keyOfNewUser();
    const writer = new AuditWriter(db, fakeLog().logger, { flushIntervalMs: 60_000, maxBatch: 3 });
    for (let i = 0; i < 8; i++) writer.record(entry(owner, new Date(Date.UTC(2026, 0, 1, 0, 0, i)), `/api/v1/n${i}/`));
    await writer.flush();
    const rows = await storedFor(owner.userId);
    expect(rows.map((r) => r.endpoint).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `/api/v1/n${i}/`).sort());
    await writer.close();
  });

  it("writes on its own after the flush interval", async () => {
    const owner = await keyOfNewUser();
    const writer = new AuditWriter(db, fakeLog().logger, { flushIntervalMs: 20 });
    writer.record(entry(owner, new Date()));
    await vi.waitFor(async () => expect(await storedFor(owner.userId)).toHaveLength(1), { timeout: 5000 });
    await writer.close();
  });

  it("records the latest use on the key and the user, never moving it back", async () => {
    const owner = await keyOfNewUser();
    const writer = new AuditWriter(db, fakeLog().logger, { flushIntervalMs: 60_000 });
    const early = new Date("2026-01-01T00:00:00.000Z");
    const late = new Date("2026-01-01T00:10:00.000Z");
    writer.record(entry(owner, early));
    writer.record(entry(owner, late));
    await writer.flush();
    const [key] = await db.select().from(apiKeys).where(eq(apiKeys.id, owner.keyId));
    const [user] = await db.select().from(users).where(eq(users.id, owner.userId));
    expect(key!.lastUsedAt?.toISOString()).toBe(late.toISOString());
    expect(user!.lastActive?.toISOString()).toBe(late.toISOString());

    // An older entry written later (another process's slow batch) keeps the later time.
    writer.record(entry(owner, early));
    await writer.flush();
    const [keyAfter] = await db.select().from(apiKeys).where(eq(apiKeys.id, owner.keyId));
    expect(keyAfter!.lastUsedAt?.toISOString()).toBe(late.toISOString());
    await writer.close();
  });

  it("keeps a batch the database refused and writes it once the database is back", async () => {
    const owner = await keyOfNewUser();
    const { state, handle } = flakyDb();
    const { log, logger } = fakeLog();
    const writer = new AuditWriter(handle, logger, { flushIntervalMs: 60_000 });
    writer.record(entry(owner, new Date(), "/api/v1/a/"));
    writer.record(entry(owner, new Date(), "/api/v1/b/"));
    await writer.flush();
    expect(log.error).toHaveBeenCalled();
    expect(writer.pending).toBe(2);
    expect(await storedFor(owner.userId)).toEqual([]);

    state.down = false;
    await writer.flush();
    expect(writer.pending).toBe(0);
    expect((await storedFor(owner.userId)).map((r) => r.endpoint).sort()).toEqual(["/api/v1/a/", "/api/v1/b/"]);
    await writer.close();
  });

  it("does not retry in a loop while the database is down, even with a full batch queued", async () => {
    const owner = await keyOfNewUser();
    const { state, handle } = flakyDb();
    const writer = new AuditWriter(handle, fakeLog().logger, { flushIntervalMs: 60_000, maxBatch: 2 });
    writer.record(entry(owner, new Date(), "/api/v1/a/"));
    writer.record(entry(owner, new Date(), "/api/v1/b/"));
    writer.record(entry(owner, new Date(), "/api/v1/c/"));
    await writer.flush();
    // One attempt from the batch that filled up, at most one from this flush: the rest waits
    // for the retry timer.
    expect(state.attempts).toBeLessThanOrEqual(2);
    expect(state.down).toBe(true);
    expect(writer.pending).toBe(3);
    state.down = false;
    await writer.close();
    expect(await storedFor(owner.userId)).toHaveLength(3);
  });

  it("writes every queued entry on flush, including the part of a batch left after full ones", async () => {
    const owner = await keyOfNewUser();
    const { state, handle } = flakyDb();
    const writer = new AuditWriter(handle, fakeLog().logger, { flushIntervalMs: 60_000, maxBatch: 2 });
    for (let i = 0; i < 5; i++) writer.record(entry(owner, new Date(), `/api/v1/n${i}/`));
    await writer.flush();
    expect(writer.pending).toBe(5);
    state.down = false;
    await writer.flush();
    expect(writer.pending).toBe(0);
    expect(await storedFor(owner.userId)).toHaveLength(5);
    await writer.close();
  });

  it("drops the oldest entries beyond its queue bound, and says so", async () => {
    const owner = await keyOfNewUser();
    const { state, handle } = flakyDb();
    const { log, logger } = fakeLog();
    const writer = new AuditWriter(handle, logger, { flushIntervalMs: 60_000, maxQueued: 3 });
    for (let i = 0; i < 5; i++) writer.record(entry(owner, new Date(), `/api/v1/n${i}/`));
    expect(writer.pending).toBe(3);
    expect(log.warn).toHaveBeenCalled();
    state.down = false;
    await writer.flush();
    expect((await storedFor(owner.userId)).map((r) => r.endpoint).sort()).toEqual(["/api/v1/n2/", "/api/v1/n3/", "/api/v1/n4/"]);
    await writer.close();
  });

  it("flushes what is pending when closed", async () => {
    const owner = await keyOfNewUser();
    const writer = new AuditWriter(db, fakeLog().logger, { flushIntervalMs: 60_000 });
    writer.record(entry(owner, new Date()));
    await writer.close();
    expect(await storedFor(owner.userId)).toHaveLength(1);
  });
});
