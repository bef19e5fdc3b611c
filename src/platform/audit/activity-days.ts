// The UTC days on which each user was active (made a request with a valid key), gathered from
// written audit batches and stored with the users' last use (audit-batch.ts) in
// user_activity_days, which the admin analytics count. A busy user is seen in every batch, but
// a (user, day) needs storing once: the pairs this process has stored are remembered (today's
// and yesterday's), so that after the first write of a day the gathering holds nothing new and
// the statement inserts nothing. Another process storing the same pair is harmless (the insert
// skips a pair already there).
import type { AuditEntry } from "./audit-entry";
import { present } from "../present";

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 (UTC) of an epoch-milliseconds time. */
export function utcDayNumber(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** (user, day) pairs as parallel arrays: user ids, and days as days since 1970-01-01 UTC. */
export interface ActivityDays {
  userIds: string[];
  days: number[];
}

export class PendingActivity {
  /** Users seen on each day and not yet stored. */
  private pending = new Map<number, Set<string>>();
  /** Users whose day this process has stored, for the latest two days it has seen. */
  private readonly stored = new Map<number, Set<string>>();

  get size(): number {
    let size = 0;
    for (const users of this.pending.values()) size += users.size;
    return size;
  }

  add(batch: readonly AuditEntry[]): void {
    for (const entry of batch) this.see(entry.userId, utcDayNumber(entry.timestamp.getTime()));
  }

  private see(userId: string, day: number): void {
    if (this.stored.get(day)?.has(userId)) return;
    let users = this.pending.get(day);
    if (!users) {
      users = new Set();
      this.pending.set(day, users);
    }
    users.add(userId);
  }

  /** Everything gathered, as the statement takes it; the gathering starts again empty. */
  take(): ActivityDays {
    const taken: ActivityDays = { userIds: [], days: [] };
    for (const [day, users] of this.pending) {
      for (const userId of users) {
        taken.userIds.push(userId);
        taken.days.push(day);
      }
    }
    this.pending = new Map();
    return taken;
  }

  /** Remembers pairs as stored, keeping the latest two days only (older days are seldom seen again). */
  markStored(taken: ActivityDays): void {
    taken.days.forEach((day, i) => {
      let users = this.stored.get(day);
      if (!users) {
        users = new Set();
        this.stored.set(day, users);
      }
      users.add(present(taken.userIds[i], "the user of an active day"));
    });
    const latest = Math.max(...this.stored.keys());
    for (const day of this.stored.keys()) if (day < latest - 1) this.stored.delete(day);
  }

  /** Puts back what could not be written. */
  restore(taken: ActivityDays): void {
    for (const [i, day] of taken.days.entries()) this.see(present(taken.userIds[i], "the user of an active day"), day);
  }
}
