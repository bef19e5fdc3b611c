// The sliding 60-second window, as pure arithmetic over the times of the requests counted in
// it. Both stores (memory and Redis) implement exactly this rule.

export const WINDOW_MS = 60_000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the oldest counted request leaves the window (a slot frees up). */
  resetSeconds: number;
}

export function secondsUntil(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * The counted request times of one key, oldest first. Requests leave from the front: the front
 * moves forward in place and the array is compacted once most of it is behind the front, so
 * that a key with a large limit under steady load pays a constant cost per request (removing
 * from the front of a million-entry array cost microseconds a request).
 */
export class RequestLog {
  private times: number[] = [];
  private front = 0;

  get size(): number {
    return this.times.length - this.front;
  }

  get oldest(): number | undefined {
    return this.times[this.front];
  }

  get newest(): number | undefined {
    return this.size > 0 ? this.times[this.times.length - 1] : undefined;
  }

  push(time: number): void {
    this.times.push(time);
  }

  /** Forgets the requests at or before `time`. */
  dropUntil(time: number): void {
    let oldest = this.times[this.front];
    while (oldest !== undefined && oldest <= time) oldest = this.times[++this.front];
    if (this.front === this.times.length) {
      this.times = [];
      this.front = 0;
    } else if (this.front > 1024 && this.front * 2 > this.times.length) {
      this.times = this.times.slice(this.front);
      this.front = 0;
    }
  }

  toArray(): number[] {
    return this.times.slice(this.front);
  }
}

/**
 * Applies one request at `now` to `log`: drops what left the window, counts the request when
 * there is room, and says what to answer.
 */
export function applySlidingWindow(log: RequestLog, now: number, limit: number, windowMs = WINDOW_MS): RateDecision {
  log.dropUntil(now - windowMs);
  const allowed = log.size < limit;
  if (allowed) log.push(now);
  const oldest = log.oldest ?? now;
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - log.size),
    resetSeconds: secondsUntil(oldest + windowMs - now),
  };
}
