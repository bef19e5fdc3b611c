// Audit entries are queued in memory and written in batches off the request path: a request
// only pushes an object. Each key's and user's last use is gathered from the written batches
// and stored about once a second (and by every explicit flush and at close), so that neither
// costs a write per request, nor per batch.
//
// On the embedded database a batch is written on the request thread, and requests wait while it
// runs: batches are kept small (a few milliseconds each) and the writer lets waiting requests
// through between two batches, so that a busy server's latency is not set by its audit writes.
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { PendingActivity } from "./activity-days";
import { auditBatchStatement, lastUseStatement } from "./audit-batch";
import { PendingUses } from "./pending-uses";
import type { AuditEntry } from "./audit-entry";

export type { AuditEntry } from "./audit-entry";

export interface AuditWriterOptions {
  flushIntervalMs?: number;
  /** Entries per statement. On the embedded database, a few microseconds each of request-thread time. */
  maxBatch?: number;
  /** Entries kept while the database is unreachable; beyond this the oldest are dropped. */
  maxQueued?: number;
  /** How often the keys' and users' latest use is stored while requests come in. */
  lastUseIntervalMs?: number;
}

export class AuditWriter {
  private queue: AuditEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private flushing: Promise<boolean> | null = null;
  private readonly flushIntervalMs: number;
  private readonly maxBatch: number;
  private readonly maxQueued: number;
  private readonly lastUseIntervalMs: number;
  private readonly uses = new PendingUses();
  /** The users' active days (user_activity_days), stored with their last use. */
  private readonly activity = new PendingActivity();
  private usesWrittenAt = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: AuditWriterOptions = {},
  ) {
    this.flushIntervalMs = options.flushIntervalMs ?? 500;
    this.maxBatch = options.maxBatch ?? 1000;
    this.maxQueued = options.maxQueued ?? 100_000;
    this.lastUseIntervalMs = options.lastUseIntervalMs ?? 1000;
  }

  record(entry: AuditEntry): void {
    this.queue.push(entry);
    if (this.queue.length > this.maxQueued) {
      this.queue.splice(0, this.queue.length - this.maxQueued);
      this.log.warn("audit queue overflow: oldest entries dropped");
    }
    // While a batch is being written the next one waits for it: the timer (or the first record
    // after it) starts the flush, instead of every request queueing one more flush call.
    if (this.queue.length >= this.maxBatch && !this.flushing) void this.drain(false);
    else this.schedule();
  }

  /** A later drain, unless one is already due or the writer is closed. */
  private schedule(delayMs = this.flushIntervalMs): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.drain(false);
    }, delayMs);
    this.timer.unref();
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Writes everything queued so far, last uses included; resolves when it is stored (or failed and re-queued). */
  flush(): Promise<void> {
    return this.drain(true);
  }

  /** Writes the queued entries; the last uses too when `usesNow` or when they are due. */
  private async drain(usesNow: boolean): Promise<void> {
    while (this.flushing) await this.flushing;
    // Entries recorded while this runs wait for the next flush, so that under load it still ends.
    let owed = this.queue.length;
    while (owed > 0 && this.queue.length > 0) {
      const batch = this.queue.splice(0, Math.min(this.maxBatch, owed));
      owed -= batch.length;
      const more = owed > 0 && this.queue.length > 0;
      const flushing = this.write(batch)
        .then(async (written) => {
          if (written && more) await yieldToEventLoop();
          return written;
        })
        .finally(() => {
          this.flushing = null;
        });
      this.flushing = flushing;
      // After a failure the batch is back in the queue and the retry timer owns it: going on
      // would hammer a database that is down and keep close() from returning.
      //
      // No other drain's batch can have started when this one resumes: its await is the first
      // reaction registered on `flushing`, which cleared `this.flushing` before settling, so this
      // drain runs first and starts its next batch before the drains waiting above wake to see it.
      if (!(await flushing)) return;
    }
    if (this.uses.size === 0) return;
    if (usesNow || Date.now() - this.usesWrittenAt >= this.lastUseIntervalMs) await this.writeUses();
    else this.schedule();
  }

  private async writeUses(): Promise<void> {
    const taken = this.uses.take();
    const days = this.activity.take();
    this.usesWrittenAt = Date.now();
    try {
      await this.db.execute(lastUseStatement(taken.keys, taken.users, days));
      this.activity.markStored(days);
    } catch (err) {
      this.log.error({ err }, "last use of keys and users could not be written; will retry");
      this.uses.restore(taken);
      this.activity.restore(days);
      this.schedule();
    }
  }

  private async write(batch: AuditEntry[]): Promise<boolean> {
    try {
      await this.db.execute(auditBatchStatement(batch));
      this.uses.add(batch);
      this.activity.add(batch);
      return true;
    } catch (err) {
      this.log.error({ err }, "audit batch could not be written; will retry");
      this.queue.unshift(...batch);
      this.schedule(this.flushIntervalMs * 4);
      return false;
    }
  }

  /** Writes what is queued; after close no retry is scheduled (the database is going away). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
    if (this.queue.length > 0) this.log.error({ lost: this.queue.length }, "audit entries could not be written before shutdown");
  }
}

/** Lets the event loop run (network events, timers) before the next batch takes the thread. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
