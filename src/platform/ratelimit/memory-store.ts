// The default store: counters in this process's memory. Correct for one API process; with
// several, set REDIS_URL so that they share one count.
import { applySlidingWindow, WINDOW_MS, type RateDecision } from "./sliding-window";
import type { RateLimitStore } from "./store";

export class MemoryRateLimitStore implements RateLimitStore {
  private logs = new Map<string, number[]>();
  private sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    // Forget keys idle for a whole window so memory follows the active keys only.
    this.sweeper = setInterval(() => this.sweep(), WINDOW_MS);
    this.sweeper.unref();
  }

  hit(keyId: string, limit: number): RateDecision {
    let times = this.logs.get(keyId);
    if (!times) {
      times = [];
      this.logs.set(keyId, times);
    }
    return applySlidingWindow(times, this.now(), limit);
  }

  private sweep(): void {
    const cutoff = this.now() - WINDOW_MS;
    for (const [keyId, times] of this.logs) {
      if (times.length === 0 || times[times.length - 1]! <= cutoff) this.logs.delete(keyId);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}
