// The centroid order of DECISIONS 7: search volume descending, ties by keyword ascending.
import type { ClusterInput } from "./engine-types";

/** NaN (an unknown volume that slipped through) sorts as 0 so the order stays total. */
function volumeOf(entry: ClusterInput): number {
  return Number.isNaN(entry.searchVolume) ? 0 : entry.searchVolume;
}

/** Volume descending, then keyword by plain code-unit comparison: no locale, so no surprises. */
function compareCentroidOrder(a: ClusterInput, b: ClusterInput): number {
  const va = volumeOf(a);
  const vb = volumeOf(b);
  if (va !== vb) return va > vb ? -1 : 1;
  if (a.keyword === b.keyword) return 0;
  return a.keyword < b.keyword ? -1 : 1;
}

/**
 * The input in centroid order, each keyword once: a repeated keyword keeps its first occurrence
 * (volume and URLs) and later ones are dropped. Keywords being unique, the order is total and
 * the result does not depend on the input's order.
 */
export function centroidOrder(input: readonly ClusterInput[]): ClusterInput[] {
  const seen = new Set<string>();
  const unique: ClusterInput[] = [];
  for (const entry of input) {
    if (seen.has(entry.keyword)) continue;
    seen.add(entry.keyword);
    unique.push(entry);
  }
  return unique.sort(compareCentroidOrder);
}
