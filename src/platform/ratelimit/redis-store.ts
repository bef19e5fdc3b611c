// Counters in Redis, shared by every API process. One Lua script applies the sliding window
// atomically on a sorted set of request times, using Redis's own clock so that processes on
// machines with skewed clocks still agree.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { secondsUntil, WINDOW_MS, type RateDecision } from "./sliding-window";
import type { RateLimitStore } from "./store";

const SLIDING_WINDOW_SCRIPT = `
local key = KEYS[1]
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  redis.call('ZADD', key, now, now .. ':' .. ARGV[3])
  count = count + 1
  allowed = 1
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local oldestScore = now
if oldest[2] then oldestScore = tonumber(oldest[2]) end
redis.call('PEXPIRE', key, window)
return {allowed, count, oldestScore + window - now}
`;

type SlidingWindowRedis = Redis & {
  slidingWindow(key: string, windowMs: number, limit: number, member: string): Promise<[number, number, number]>;
};

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: SlidingWindowRedis;

  constructor(
    url: string,
    private readonly keyPrefix = "canopy:rl:",
  ) {
    const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    redis.defineCommand("slidingWindow", { numberOfKeys: 1, lua: SLIDING_WINDOW_SCRIPT });
    this.redis = redis as SlidingWindowRedis;
  }

  async ready(): Promise<void> {
    await this.redis.ping();
  }

  async hit(keyId: string, limit: number): Promise<RateDecision> {
    const [allowed, count, resetMs] = await this.redis.slidingWindow(this.keyPrefix + keyId, WINDOW_MS, limit, randomUUID());
    return {
      allowed: allowed === 1,
      limit,
      remaining: Math.max(0, limit - count),
      resetSeconds: secondsUntil(resetMs),
    };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
