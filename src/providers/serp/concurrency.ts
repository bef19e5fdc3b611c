// Runs work over a list with at most `limit` items in flight, keeping results in input order.
import { ProviderError } from "./types";

export function cancelled(): ProviderError {
  return new ProviderError("The request was cancelled.", { transient: true });
}

/**
 * Resolves with one result per item, in order. Once `signal` aborts no new item starts; the
 * ones in flight finish (their own requests see the same signal), then the call rejects.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  worker: (item: T, index: number) => Promise<R>,
  options: { signal?: AbortSignal; onSettled?: (done: number) => void } = {},
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let done = 0;
  const lanes = Math.max(1, Math.min(Math.floor(limit) || 1, items.length));
  const lane = async (): Promise<void> => {
    while (next < items.length && !options.signal?.aborted) {
      const index = next;
      next += 1;
      results[index] = await worker(items[index] as T, index);
      done += 1;
      options.onSettled?.(done);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  if (options.signal?.aborted) throw cancelled();
  return results;
}
