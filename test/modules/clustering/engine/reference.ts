// A deliberately plain clustering, written from docs/conventions.md §7 alone, to check the engine against:
// every centroid compared with every later keyword, URL sets as Set<string>, normalization by
// one regular expression. Quadratic; for tests and the benchmark's baseline only.
import type { Cluster, ClusterInput } from "../../../../src/modules/clustering/engine";

const URL_PARTS = /^(?:[a-z][a-z0-9+.-]*:\/\/|\/\/)?([^/?#]*)([^?#]*)(\?[^#]*)?/i;

export function referenceNormalizeUrl(url: string): string {
  const [, host = "", path = "", query = ""] = URL_PARTS.exec(url.trim()) ?? [];
  return host.toLowerCase().replace(/^www\./, "") + path.replace(/\/$/, "") + query;
}

/** ceil(x × 10) decided on the decimal text of x × 10, rounded to six places. */
export function referenceRequiredOverlap(x: number): number {
  return Math.ceil(Number((x * 10).toFixed(6)));
}

function volume(entry: ClusterInput): number {
  return Number.isNaN(entry.searchVolume) ? 0 : entry.searchVolume;
}

export function referenceCluster(input: readonly ClusterInput[], overlapPercentage: number): Cluster[] {
  const required = referenceRequiredOverlap(overlapPercentage);
  const firstOccurrence = new Map<string, ClusterInput>();
  for (const entry of input) if (!firstOccurrence.has(entry.keyword)) firstOccurrence.set(entry.keyword, entry);
  const list = [...firstOccurrence.values()].sort(
    (a, b) => volume(b) - volume(a) || (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0),
  );
  const tops = list.map(
    (entry) =>
      new Set(
        entry.urls
          .slice(0, 10)
          .map(referenceNormalizeUrl)
          .filter((u) => u !== ""),
      ),
  );

  const done = list.map(() => false);
  const clusters: Cluster[] = [];
  for (let i = 0; i < list.length; i++) {
    if (done[i]) continue;
    done[i] = true;
    const keywords = [list[i]!.keyword];
    for (let j = i + 1; j < list.length; j++) {
      if (done[j]) continue;
      let shared = 0;
      for (const url of tops[j]!) if (tops[i]!.has(url)) shared++;
      if (shared >= required) {
        done[j] = true;
        keywords.push(list[j]!.keyword);
      }
    }
    clusters.push({ id: `c${clusters.length + 1}`, centroid: keywords[0]!, keywords });
  }
  return clusters;
}
