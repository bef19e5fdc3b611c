// The default store: counters in this process's memory. Correct for one API process; with
// several, set REDIS_URL so that they share one count.
import { applySlidingWindow, RequestLog, WINDOW_MS, type RateDecision } from "./sliding-window";
import type { RateLimitStore } from "./store";

export class MemoryRateLimitStore implements RateLimitStore {
  private logs = new Map<string, RequestLog>();
  private sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    // Forget keys idle for a whole window so memory follows the active keys only.
    this.sweeper = setInterval(() => this.sweep(), WINDOW_MS);
    this.sweeper.unref();
  }

  hit(keyId: string, limit: number): RateDecision {
    let log = this.logs.get(keyId);
    if (!log) {
      log = new RequestLog();
      this.logs.set(keyId, log);
    }
    return applySlidingWindow(log, this.now(), limit);
  }

  private sweep(): void {
    const cutoff = this.now() - WINDOW_MS;
    for (const [keyId, log] of this.logs) {
      const newest = log.newest;
      if (newest === undefined || newest <= cutoff) this.logs.delete(keyId);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}
