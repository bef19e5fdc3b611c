// The engine's working data: URLs interned to integers, each keyword's distinct top-10 URL ids,
// and the inverted index URL -> keyword positions. Flat typed arrays (offsets plus values), so
// memory grows with the number of URL occurrences and nothing is allocated per keyword pair.
import { TOP_RESULTS, type ClusterInput } from "./engine-types";
import { UrlInterner } from "./engine-intern";

export interface SerpIndex {
  /** Keyword p's URL ids are urlIds[urlStart[p] .. urlStart[p + 1]). */
  urlStart: Int32Array;
  urlIds: Int32Array;
  /** Number of distinct normalized URLs. */
  urlCount: number;
  /** URL u's keyword positions, ascending, are postings[postStart[u] .. postStart[u + 1]). */
  postStart: Int32Array;
  postings: Int32Array;
}

/** `ordered` is in centroid order; positions in the index are positions in that array. */
export function buildIndex(ordered: readonly ClusterInput[]): SerpIndex {
  const n = ordered.length;
  let capacity = 0;
  for (const entry of ordered) capacity += Math.min(entry.urls.length, TOP_RESULTS);

  const urls = new UrlInterner(capacity);
  const urlStart = new Int32Array(n + 1);
  const urlIds = new Int32Array(capacity);
  let cursor = 0;
  for (let p = 0; p < n; p++) {
    const start = cursor;
    const raw = ordered[p]!.urls;
    const top = Math.min(raw.length, TOP_RESULTS);
    for (let r = 0; r < top; r++) {
      // -1: a URL that normalizes to "" names nothing, so it is shared with nothing.
      const id = urls.intern(raw[r]!);
      if (id === -1) continue;
      let repeated = false;
      for (let i = start; i < cursor; i++) {
        if (urlIds[i] === id) {
          repeated = true;
          break;
        }
      }
      if (!repeated) urlIds[cursor++] = id;
    }
    urlStart[p + 1] = cursor;
  }

  const urlCount = urls.size;
  const postStart = new Int32Array(urlCount + 1);
  for (let i = 0; i < cursor; i++) postStart[urlIds[i]! + 1]! += 1;
  for (let u = 0; u < urlCount; u++) postStart[u + 1]! += postStart[u]!;
  const fill = postStart.slice(0, urlCount);
  const postings = new Int32Array(cursor);
  // Walking keywords in order leaves every posting list sorted by position.
  for (let p = 0; p < n; p++) {
    for (let i = urlStart[p]!; i < urlStart[p + 1]!; i++) postings[fill[urlIds[i]!]!++] = p;
  }
  return { urlStart, urlIds: urlIds.subarray(0, cursor), urlCount, postStart, postings };
}
