// SERP keyword clustering ("hard" clustering, docs/conventions.md §7). Pure and deterministic.
//
// Walking keywords in centroid order, each keyword not yet clustered becomes a centroid and
// every later unclustered keyword sharing at least `requiredOverlap` normalized URLs with the
// CENTROID's top 10 joins it. Input conventions:
// - keywords are expected trimmed, lowercased and unique (see keywords.ts); a repeated
//   keyword nonetheless keeps its first occurrence and the later ones are ignored;
// - a keyword's top 10 is the set of its first 10 URLs after normalization (a URL repeated after
//   normalization counts once; a URL that normalizes to "" counts as no URL);
// - cluster ids are "c1", "c2", ... in centroid order, so the same input gives the same ids.
//
// Speed: URLs are interned to integers once, and only keywords that share a URL with a centroid
// are ever looked at, through the inverted index URL -> keywords. A candidate must share
// `required` of the centroid's k URLs, so by pigeonhole it appears in any k - required + 1 of
// them: only the posting lists of the centroid's rarest k - required + 1 URLs are scanned, and
// the few URLs common to nearly every keyword (a Wikipedia home page) are usually not scanned at
// all. A scanned list drops its clustered entries as it goes, so each is passed over once. What
// remains is what the definition forces: many keywords that share rare URLs but never enough of
// them each become a centroid and are compared with one another.
import { centroidOrder } from "./order";
import { buildIndex, internSerps } from "./serp-index";
import { TOP_RESULTS, type Cluster, type ClusterInput, type InternedSerps } from "./types";

/**
 * ceil(overlapPercentage × 10) in integer arithmetic on millionths, so 0.3 and
 * 0.30000000000000004 both need 3 while 0.31 needs 4. Outside (0, 1] there is no meaningful
 * count of the top 10, so it throws a RangeError; callers validate the 0.2..0.9 range themselves.
 */
export function requiredOverlap(overlapPercentage: number): number {
  if (!Number.isFinite(overlapPercentage) || overlapPercentage <= 0 || overlapPercentage > 1) {
    throw new RangeError(`overlap percentage must be in (0, 1], got ${overlapPercentage}`);
  }
  const millionths = Math.round(overlapPercentage * 1_000_000);
  const perResult = 1_000_000 / TOP_RESULTS;
  return Math.max(1, Math.floor((millionths + perResult - 1) / perResult));
}

export function clusterKeywords(input: readonly ClusterInput[], overlapPercentage: number): Cluster[] {
  return clusterSerps(internSerps(input), overlapPercentage);
}

/** The same on keywords whose URLs are already interned (see InternedSerps). */
export function clusterSerps(serps: InternedSerps, overlapPercentage: number): Cluster[] {
  const required = requiredOverlap(overlapPercentage);
  const order = centroidOrder(serps);
  const n = order.length;
  const { urlStart, urlIds, urlCount, postStart, postings } = buildIndex(serps, order);
  const keywordAt = (p: number) => serps.keywords[order[p]!]!;

  const clustered = new Uint8Array(n);
  // seen[q] === p + 1 when q is already a candidate of centroid p: no reset between centroids.
  const seen = new Int32Array(n);
  // Marks the current centroid's URLs; set and cleared per centroid (at most 10 entries).
  const inCentroid = new Uint8Array(urlCount);
  // End of the still-useful part of each posting list, which shrinks as lists are compacted.
  const liveEnd = postStart.slice(1);
  const candidates = new Int32Array(n);
  const scan = new Int32Array(TOP_RESULTS);

  const clusters: Cluster[] = [];
  for (let p = 0; p < n; p++) {
    if (clustered[p]) continue;
    clustered[p] = 1;
    const keywords = [keywordAt(p)];
    clusters.push({ id: `c${clusters.length + 1}`, centroid: keywords[0]!, keywords });

    const first = urlStart[p]!;
    const k = urlStart[p + 1]! - first;
    if (k < required) continue;

    // The k - required + 1 URLs with the shortest live posting lists (insertion sort of <= 10).
    for (let i = 0; i < k; i++) {
      const u = urlIds[first + i]!;
      inCentroid[u] = 1;
      const length = liveEnd[u]! - postStart[u]!;
      let j = i;
      while (j > 0 && liveEnd[scan[j - 1]!]! - postStart[scan[j - 1]!]! > length) {
        scan[j] = scan[j - 1]!;
        j--;
      }
      scan[j] = u;
    }
    const stamp = p + 1;
    let found = 0;
    for (let s = 0; s < k - required + 1; s++) {
      const u = scan[s]!;
      let write = postStart[u]!;
      for (let r = write; r < liveEnd[u]!; r++) {
        const q = postings[r]!;
        if (clustered[q]) continue; // the centroid itself, earlier keywords, and joined ones
        postings[write++] = q;
        if (seen[q] !== stamp) {
          seen[q] = stamp;
          candidates[found++] = q;
        }
      }
      liveEnd[u] = write;
    }

    let joined = 0;
    for (let c = 0; c < found; c++) {
      const q = candidates[c]!;
      let shared = 0;
      for (let i = urlStart[q]!; i < urlStart[q + 1]!; i++) shared += inCentroid[urlIds[i]!]!;
      if (shared >= required) {
        clustered[q] = 1;
        candidates[joined++] = q;
      }
    }
    for (let i = 0; i < k; i++) inCentroid[urlIds[first + i]!] = 0;
    // Members join in centroid order, i.e. by position.
    const members = candidates.subarray(0, joined).sort();
    for (const q of members) keywords.push(keywordAt(q));
  }
  return clusters;
}
