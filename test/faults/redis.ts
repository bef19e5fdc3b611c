// Which Redis the fault run's API processes share their rate limits in: REDIS_URL when set
// ("none" or empty: none), else the local default when it answers.
import { checkRedisUrl } from "../../src/platform/reachability";

const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

export async function redisToUse(configured: string | undefined): Promise<string | null> {
  if (configured !== undefined) {
    if (configured === "" || configured === "none") return null;
    // Named explicitly: it must answer (the processes would refuse to start otherwise anyway).
    await checkRedisUrl(configured);
    return configured;
  }
  try {
    await checkRedisUrl(DEFAULT_REDIS_URL);
    return DEFAULT_REDIS_URL;
  } catch {
    return null;
  }
}
