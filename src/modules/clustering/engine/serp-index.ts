// The engine's working data: keywords' URL ids renumbered in centroid order, and the inverted
// index URL -> keyword positions. Flat typed arrays (offsets plus values), so memory grows with
// the number of URL occurrences and nothing is allocated per keyword pair.
import { UrlInterner } from "./intern";
import { InternedSerpsBuilder } from "./serps";
import { TOP_RESULTS, type ClusterInput, type InternedSerps } from "./types";

export interface SerpIndex {
  /** Keyword p (p-th in centroid order) has the URL ids urlIds[urlStart[p] .. urlStart[p + 1]). */
  urlStart: Int32Array;
  urlIds: Int32Array;
  /** Number of distinct normalized URLs. */
  urlCount: number;
  /** URL u's keyword positions, ascending, are postings[postStart[u] .. postStart[u + 1]). */
  postStart: Int32Array;
  postings: Int32Array;
}

/** Objects with URL strings, interned in input order. */
export function internSerps(input: readonly ClusterInput[]): InternedSerps {
  let capacity = 0;
  for (const entry of input) capacity += Math.min(entry.urls.length, TOP_RESULTS);
  const urls = new UrlInterner(capacity);
  const builder = new InternedSerpsBuilder(capacity);
  for (const entry of input) {
    const raw = entry.urls;
    const top = Math.min(raw.length, TOP_RESULTS);
    for (let r = 0; r < top; r++) builder.addUrl(urls.intern(raw[r]!));
    builder.endKeyword(entry.keyword, entry.searchVolume);
  }
  return builder.finish(urls.size);
}

/** `order` lists positions of `serps` in centroid order; positions in the index are ranks in it. */
export function buildIndex(serps: InternedSerps, order: Int32Array): SerpIndex {
  const n = order.length;
  const urlCount = serps.urlCount;
  const urlStart = new Int32Array(n + 1);
  const urlIds = new Int32Array(serps.urlIds.length);
  let cursor = 0;
  for (let p = 0; p < n; p++) {
    const from = order[p]!;
    for (let i = serps.urlStart[from]!, end = serps.urlStart[from + 1]!; i < end; i++) urlIds[cursor++] = serps.urlIds[i]!;
    urlStart[p + 1] = cursor;
  }

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
