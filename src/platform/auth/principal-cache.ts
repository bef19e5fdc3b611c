// Key verification without a database round trip per request. Verified principals (and
// unknown hashes) are cached in process memory; any change to keys, users or memberships
// publishes an invalidation through PostgreSQL NOTIFY (auth-changes.ts), on which every
// process drops its cache. A generation counter keeps a lookup that raced an invalidation
// from caching what it read before the change. A TTL bounds staleness should a notification
// ever be missed (the listener also clears the cache whenever it reconnects).
import { LRUCache } from "lru-cache";
import type { Principal } from "./principal";

/** A cached answer: the principal, or null for a hash that names no key (lru-cache keeps no null). */
interface Entry {
  principal: Principal | null;
}

export class PrincipalCache {
  private readonly entries: LRUCache<string, Entry>;
  private generation = 0;

  constructor(ttlMs = 60_000, maxEntries = 50_000, now: () => number = Date.now) {
    // Entries are all alike and small, so the count bounds the memory. ttlResolution 0: every
    // lookup reads the clock (a test's clock moves within one tick).
    this.entries = new LRUCache<string, Entry>({ max: maxEntries, ttl: ttlMs, ttlResolution: 0, perf: { now } });
  }

  /** undefined: not cached; null: cached as unknown. */
  get(hash: string): Principal | null | undefined {
    return this.entries.get(hash)?.principal;
  }

  /** The generation to hand back to set(): a lookup that spans an invalidation is not kept. */
  currentGeneration(): number {
    return this.generation;
  }

  set(hash: string, principal: Principal | null, generation: number): void {
    if (generation !== this.generation) return;
    this.entries.set(hash, { principal });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
