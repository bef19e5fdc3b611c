// Retrying a provider call: exponential backoff with jitter, or the wait the provider asked
// for (Retry-After). Only failures wrapped in RetryableError are retried; anything else ends
// the call at once.
import { cancelled } from "./concurrency";
import type { ProviderError } from "./types";
import { setTimeout as wait } from "node:timers/promises";

export class RetryableError extends Error {
  constructor(
    readonly failure: ProviderError,
    /** The provider's own requested wait, when it sent one. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(failure.message);
  }
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryPolicy {
  /** Total attempts, the first included. */
  attempts: number;
  baseDelayMs: number;
  /** A longer wait than this (usually a large Retry-After) gives up instead. */
  maxDelayMs: number;
  sleep: Sleep;
  /** Uniform in [0, 1), for jitter. */
  random: () => number;
}

/** Waits `ms`; an abort rejects with the provider's own cancellation. */
export const realSleep: Sleep = async (ms, signal) => {
  try {
    await wait(ms, undefined, signal ? { signal } : undefined);
  } catch (err) {
    throw signal?.aborted ? cancelled() : err;
  }
};

/** Attempt n failed: wait base × 2^(n-1), scaled by a random factor in [0.5, 1). */
export function backoffDelay(attempt: number, policy: Pick<RetryPolicy, "baseDelayMs" | "random">): number {
  return Math.floor(policy.baseDelayMs * 2 ** (attempt - 1) * (0.5 + policy.random() / 2));
}

export async function withRetries<T>(attempt: (n: number) => Promise<T>, policy: RetryPolicy, signal?: AbortSignal): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (!(err instanceof RetryableError)) throw err;
      if (n >= policy.attempts) throw err.failure;
      const delay = err.retryAfterMs ?? backoffDelay(n, policy);
      if (delay > policy.maxDelayMs) throw err.failure;
      await policy.sleep(delay, signal);
    }
  }
}

/** Retry-After as seconds or as an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
