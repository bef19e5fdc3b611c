import { describe, expect, it } from "vitest";
import { MemoryRateLimitStore } from "../../../src/platform/ratelimit/memory-store";
import { applySlidingWindow, RequestLog, secondsUntil, WINDOW_MS } from "../../../src/platform/ratelimit/sliding-window";

describe("applySlidingWindow", () => {
  it("allows exactly `limit` requests in a window and counts down what remains", () => {
    const times = new RequestLog();
    const decisions = [0, 100, 200, 300].map((t) => applySlidingWindow(times, t, 3));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0]);
    expect(decisions.every((d) => d.limit === 3)).toBe(true);
    expect(times.toArray()).toEqual([0, 100, 200]);
  });

  it("does not count refused requests", () => {
    const times = new RequestLog();
    applySlidingWindow(times, 0, 1);
    for (let t = 1; t < 50; t++) expect(applySlidingWindow(times, t, 1).allowed).toBe(false);
    expect(times.toArray()).toEqual([0]);
    expect(applySlidingWindow(times, WINDOW_MS, 1).allowed).toBe(true);
  });

  it("reports the seconds until the oldest counted request leaves the window", () => {
    const times = new RequestLog();
    expect(applySlidingWindow(times, 1_000, 2).resetSeconds).toBe(60);
    applySlidingWindow(times, 21_000, 2);
    const refused = applySlidingWindow(times, 30_500, 2);
    expect(refused.allowed).toBe(false);
    // The request at 1 s leaves at 61 s: 30.5 s from now, rounded up.
    expect(refused.resetSeconds).toBe(31);
  });

  it("slides: a slot frees exactly when the oldest request is a full window old", () => {
    const times = new RequestLog();
    applySlidingWindow(times, 0, 2);
    applySlidingWindow(times, 30_000, 2);
    const justBefore = applySlidingWindow(times, WINDOW_MS - 1, 2);
    expect(justBefore.allowed).toBe(false);
    expect(justBefore.resetSeconds).toBe(1);
    const atEdge = applySlidingWindow(times, WINDOW_MS, 2);
    expect(atEdge.allowed).toBe(true);
    expect(atEdge.remaining).toBe(0);
    expect(times.toArray()).toEqual([30_000, WINDOW_MS]);
    // The request at 30 s now decides: it leaves at 90 s.
    const next = applySlidingWindow(times, WINDOW_MS + 1, 2);
    expect(next.allowed).toBe(false);
    expect(next.resetSeconds).toBe(30);
  });

  it("forgets everything after a quiet window", () => {
    const times = new RequestLog();
    for (let i = 0; i < 5; i++) applySlidingWindow(times, i, 5);
    const later = applySlidingWindow(times, 10 * WINDOW_MS, 5);
    expect(later.allowed).toBe(true);
    expect(later.remaining).toBe(4);
    expect(times.size).toBe(1);
  });

  it("keeps exact counts while a long log is dropped from the front and compacted", () => {
    const times = new RequestLog();
    // 5,000 requests 20 ms apart under a limit they never reach: the window holds 3,000.
    for (let i = 0; i < 5_000; i++) expect(applySlidingWindow(times, i * 20, 10_000).allowed).toBe(true);
    expect(times.size).toBe(3_000);
    // The last request came at 99,980 ms: the window keeps what came after 39,980 ms.
    expect(times.oldest).toBe(40_000);
    expect(times.toArray()).toEqual(Array.from({ length: 3_000 }, (_, i) => (2_000 + i) * 20));
    // Under a limit of 3,000 the next request waits for the oldest to leave.
    const refused = applySlidingWindow(times, 5_000 * 20 - 1, 3_000);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 1 });
    expect(applySlidingWindow(times, 5_000 * 20 + WINDOW_MS, 3_000).remaining).toBe(2_999);
  });

  it("never reports a reset of less than one second", () => {
    expect(secondsUntil(0)).toBe(1);
    expect(secondsUntil(-500)).toBe(1);
    expect(secondsUntil(1)).toBe(1);
    expect(secondsUntil(1001)).toBe(2);
  });
});

describe("MemoryRateLimitStore", () => {
  it("counts each key separately over the sliding window of its clock", async () => {
    let now = 0;
    const store = new MemoryRateLimitStore(() => now);
    try {
      expect(store.hit("a", 2).allowed).toBe(true);
      expect(store.hit("a", 2).allowed).toBe(true);
      expect(store.hit("a", 2).allowed).toBe(false);
      expect(store.hit("b", 2)).toMatchObject({ allowed: true, remaining: 1 });
      // Both of a's requests were at 0, so both leave the window together.
      now = WINDOW_MS;
      expect(store.hit("a", 2)).toMatchObject({ allowed: true, remaining: 1 });
    } finally {
      await store.close();
    }
  });
});
