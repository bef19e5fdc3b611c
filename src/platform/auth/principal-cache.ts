// Key verification without a database round trip per request. Verified principals (and
// unknown hashes) are cached in process memory; any change to keys, users or memberships
// publishes an invalidation through PostgreSQL NOTIFY (auth-changes.ts), on which every
// process drops its cache. A generation counter keeps a lookup that raced an invalidation
// from caching what it read before the change. A TTL bounds staleness should a notification
// ever be missed (the listener also clears the cache whenever it reconnects).
import type { Principal } from "./principal";

interface Entry {
  principal: Principal | null;
  storedAt: number;
}

export class PrincipalCache {
  private entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** undefined: not cached; null: cached as unknown. */
  get(hash: string): Principal | null | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.ttlMs) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.principal;
  }

  /** The generation to hand back to set(): a lookup that spans an invalidation is not kept. */
  currentGeneration(): number {
    return this.generation;
  }

  set(hash: string, principal: Principal | null, generation: number): void {
    if (generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      // Drop the oldest entry (Map keeps insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(hash, { principal, storedAt: this.now() });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
