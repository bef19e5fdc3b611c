// The latest use of each key and user seen in written batches and not yet stored: gathered here
// between two last-use writes, so that a busy key costs one update a second, not one a batch.
import type { AuditEntry } from "./audit-entry";
import type { LatestUse } from "./audit-batch";
import { present } from "../present";

export class PendingUses {
  private keys = new Map<string, number>();
  private users = new Map<string, number>();

  get size(): number {
    return this.keys.size + this.users.size;
  }

  add(batch: readonly AuditEntry[]): void {
    for (const entry of batch) {
      const ms = entry.timestamp.getTime();
      later(this.keys, entry.apiKeyId, ms);
      later(this.users, entry.userId, ms);
    }
  }

  /** Everything gathered, as the statement takes it; the gathering starts again empty. */
  take(): { keys: LatestUse; users: LatestUse } {
    const taken = { keys: asLatestUse(this.keys), users: asLatestUse(this.users) };
    this.keys = new Map();
    this.users = new Map();
    return taken;
  }

  /** Puts back what could not be written, keeping whichever time is later. */
  restore(taken: { keys: LatestUse; users: LatestUse }): void {
    for (const [i, id] of taken.keys.ids.entries()) later(this.keys, id, present(taken.keys.times[i], "a key's last use"));
    for (const [i, id] of taken.users.ids.entries()) later(this.users, id, present(taken.users.times[i], "a user's last use"));
  }
}

function later(map: Map<string, number>, id: string, ms: number): void {
  const seen = map.get(id);
  if (seen === undefined || seen < ms) map.set(id, ms);
}

function asLatestUse(map: Map<string, number>): LatestUse {
  return { ids: [...map.keys()], times: [...map.values()] };
}
