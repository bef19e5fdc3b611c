import { describe, expect, it } from "vitest";
import type { Principal } from "../../../src/platform/auth/principal";
import { PrincipalCache } from "../../../src/platform/auth/principal-cache";

function principal(id: string): Principal {
  return {
    key: {
      id,
      name: id,
      prefix: "cnpy_live_00",
      type: "Integration",
      scopes: new Set(),
      status: "Active",
      expiresAt: null,
      allowedIps: [],
    },
    user: {
      id: `user-${id}`,
      email: `${id}@example.com`,
      firstName: "",
      lastName: "",
      plan: "agency",
      subscriptionInterval: "monthly",
      isActive: true,
      betaAccess: true,
      isStaff: false,
      dateJoined: new Date(0),
      lastActive: null,
    },
    teams: new Map(),
  };
}

function cacheWithClock(ttlMs = 1000, maxEntries = 100) {
  // A clock well past zero, as a real one is (lru-cache takes a start time of 0 as none).
  const clock = { now: 10_000 };
  return { clock, cache: new PrincipalCache(ttlMs, maxEntries, () => clock.now) };
}

describe("PrincipalCache", () => {
  it("answers undefined for what it never saw, and the stored principal or null otherwise", () => {
    const { cache } = cacheWithClock();
    expect(cache.get("h1")).toBeUndefined();
    cache.set("h1", principal("k1"), cache.currentGeneration());
    cache.set("h2", null, cache.currentGeneration());
    expect(cache.get("h1")?.key.id).toBe("k1");
    expect(cache.get("h2")).toBeNull();
  });

  it("keeps an entry for its ttl and drops it after", () => {
    const { clock, cache } = cacheWithClock(1000);
    cache.set("h", principal("k"), cache.currentGeneration());
    clock.now = 11_000;
    expect(cache.get("h")?.key.id).toBe("k");
    clock.now = 11_001;
    expect(cache.get("h")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("clear() empties the cache", () => {
    const { cache } = cacheWithClock();
    cache.set("h", principal("k"), cache.currentGeneration());
    cache.clear();
    expect(cache.get("h")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("drops a lookup that began before an invalidation (generation race)", () => {
    const { cache } = cacheWithClock();
    // A lookup reads the generation, queries the database, and meanwhile the key is revoked.
    const generation = cache.currentGeneration();
    cache.clear();
    cache.set("h", principal("stale"), generation);
    expect(cache.get("h")).toBeUndefined();
    // A lookup that starts after the invalidation is kept.
    cache.set("h", principal("fresh"), cache.currentGeneration());
    expect(cache.get("h")?.key.id).toBe("fresh");
  });

  it("evicts the oldest entry when full", () => {
    const { cache } = cacheWithClock(1000, 2);
    cache.set("a", principal("a"), cache.currentGeneration());
    cache.set("b", principal("b"), cache.currentGeneration());
    cache.set("c", principal("c"), cache.currentGeneration());
    expect(cache.size).toBe(2);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")?.key.id).toBe("b");
    expect(cache.get("c")?.key.id).toBe("c");
  });
});
