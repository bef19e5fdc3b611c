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
 * Applies one request at `now` to `times` (ascending request times, mutated in place): drops
 * what left the window, counts the request when there is room, and says what to answer.
 */
export function applySlidingWindow(times: number[], now: number, limit: number, windowMs = WINDOW_MS): RateDecision {
  const windowStart = now - windowMs;
  let expired = 0;
  while (expired < times.length && times[expired]! <= windowStart) expired++;
  if (expired > 0) times.splice(0, expired);
  const allowed = times.length < limit;
  if (allowed) times.push(now);
  const oldest = times[0] ?? now;
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - times.length),
    resetSeconds: secondsUntil(oldest + windowMs - now),
  };
}
