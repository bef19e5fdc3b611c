// How the audit writer splits its work, against a stand-in database that answers at once (as the
// embedded one does, on the same thread): a long queue is written in batches of maxBatch, other
// work gets the event loop between two batches, and a full batch recorded while one is being
// written does not pile up extra flushes but is still written.
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { AuditWriter, type AuditEntry } from "../../src/platform/audit/audit-writer";
import type { Db } from "../../src/platform/db/client";

const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;

function instantDb() {
  const statements: number[] = [];
  const db = {
    transaction: async (fn: (tx: unknown) => Promise<unknown>) =>
      fn({
        execute: async () => {
          statements.push(statements.length);
        },
      }),
  } as unknown as Db;
  return { db, statements };
}

function entry(i: number): AuditEntry {
  return {
    userId: "00000000-0000-4000-8000-000000000001",
    apiKeyId: "00000000-0000-4000-8000-000000000002",
    apiKeyName: "k",
    apiKeyPrefix: "cnpy_live_00",
    endpoint: `/api/v1/n${i}/`,
    method: "GET",
    statusCode: 200,
    ipAddress: "192.0.2.1",
    responseTimeMs: 1,
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)),
  };
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
});
