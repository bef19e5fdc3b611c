// How the audit writer splits its work, against a stand-in database that answers at once (as the
// embedded one does, on the same thread): a long queue is written in batches of maxBatch, other
// work gets the event loop between two batches, a full batch recorded while one is being
// written does not pile up extra flushes but is still written, and the last-use updates are
// gathered across batches.
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { AuditWriter, type AuditEntry } from "../../../src/platform/audit/audit-writer";
import type { Db } from "../../../src/platform/db/client";
import { auditEntry } from "../../helpers/audit-entry";

const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;

const dialect = new PgDialect();

/** Counts the statements: entry blocks and last-use updates apart. */
function instantDb() {
  const statements: number[] = [];
  const lastUses: number[] = [];
  const db = {
    execute: async (statement: SQL) => {
      if (dialect.sqlToQuery(statement).sql.includes("last_used_at")) lastUses.push(lastUses.length);
      else statements.push(statements.length);
    },
  } as unknown as Db;
  return { db, statements, lastUses };
}

function entry(i: number): AuditEntry {
  return auditEntry({
    userId: "00000000-0000-4000-8000-000000000001",
    apiKeyId: "00000000-0000-4000-8000-000000000002",
    endpoint: `/api/v1/n${i}/`,
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)),
  });
}

describe("AuditWriter batching", () => {
  it("writes a long queue in batches and lets other work run between two of them", async () => {
    const { db, statements } = instantDb();
    const writer = new AuditWriter(db, log, { flushIntervalMs: 60_000, maxBatch: 10 });
    // The tenth entry starts a flush of the first ten; the rest wait for the next one.
    for (let i = 0; i < 35; i++) writer.record(entry(i));

    const seenBetween: number[] = [];
    const flushed = writer.flush();
    const watch = () => {
      seenBetween.push(statements.length);
      if (writer.pending > 0) setImmediate(watch);
    };
    setImmediate(watch);
    await flushed;
    expect(statements).toHaveLength(4);
    expect(writer.pending).toBe(0);
    // The event loop ran while batches were still to come.
    expect(seenBetween.some((n) => n > 0 && n < 4)).toBe(true);
    await writer.close();
  });

  it("writes what filled up while a batch was being written", async () => {
    const { db, statements } = instantDb();
    const writer = new AuditWriter(db, log, { flushIntervalMs: 20, maxBatch: 3 });
    for (let i = 0; i < 10; i++) writer.record(entry(i));
    await vi.waitFor(() => expect(writer.pending).toBe(0), { timeout: 5000 });
    expect(statements.length).toBeGreaterThanOrEqual(4);
    await writer.close();
  });

  it("stores the keys' and users' latest use once per interval while batches go by, and at every flush", async () => {
    // The writer's clock is the test's: its timers, its turns of the event loop and Date.now()
    // move only when the test moves them, however busy the machine is.
    vi.useFakeTimers();
    try {
      const { db, statements, lastUses } = instantDb();
      const writer = new AuditWriter(db, log, { flushIntervalMs: 5, maxBatch: 2, lastUseIntervalMs: 60_000 });
      for (let i = 0; i < 6; i++) writer.record(entry(i));
      // 50 ms: the timer's drain writes the other two batches, and more drains come by every 5 ms while
      // the last uses wait (each finds them owed but not due, and schedules the next).
      await vi.advanceTimersByTimeAsync(50);
      expect(statements).toHaveLength(3);
      // The first batch found the last write an interval ago; the next ones waited for the next.
      expect(lastUses).toHaveLength(1);
      await writer.flush();
      expect(lastUses).toHaveLength(2);
      await writer.flush();
      expect(lastUses).toHaveLength(2);
      await writer.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
