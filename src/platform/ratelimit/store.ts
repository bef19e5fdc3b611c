import type { RateDecision } from "./sliding-window";

/** Counts requests per key over the sliding window. */
export interface RateLimitStore {
  hit(keyId: string, limit: number): Promise<RateDecision> | RateDecision;
  close(): Promise<void>;
}
