// parseUrl (url-normalize.ts) for a URL lying in bytes: the same normalization, the same parts
// and the same hash, for URLs of ASCII characters only (one byte each), which is what the
// export reader hands it. It runs once per distinct spelling of an export, mostly before the
// optimizing compiler has reached it, so it is one pass with no helper calls: in the
// interpreter a call costs more than the byte it looks at.
import { HASH, type UrlParts } from "./url-normalize";

const SLASH = 47;
const QUESTION = 63;
const COLON = 58;
const FRAGMENT = 35;
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 16777619;

/** Fills `parts` for the ASCII URL in bytes[from, to), as parseUrl does for a string. */
export function parseUrlBytes(bytes: Uint8Array, from: number, to: number, parts: UrlParts): void {
  // Surrounding whitespace (space, and the controls 9 to 13) is ignored.
  let lo = from;
  let hi = to;
  while (lo < hi && (bytes[lo] === 32 || (bytes[lo]! >= 9 && bytes[lo]! <= 13))) lo++;
  while (hi > lo && (bytes[hi - 1] === 32 || (bytes[hi - 1]! >= 9 && bytes[hi - 1]! <= 13))) hi--;

  // A scheme (a letter, then letters, digits, "+", "-", ".") followed by "//", or a bare "//".
  // Neither holds a "#", so finding them before finding the fragment changes nothing.
  let start = lo;
  let c = bytes[lo]! | 32;
  if (lo < hi && c >= 97 && c <= 122) {
    let i = lo + 1;
    for (; i < hi; i++) {
      c = bytes[i]!;
      const letter = (c | 32) >= 97 && (c | 32) <= 122;
      if (!letter && !(c >= 48 && c <= 57) && c !== 43 && c !== 45 && c !== 46) break;
    }
    if (i + 2 < hi && bytes[i] === COLON && bytes[i + 1] === SLASH && bytes[i + 2] === SLASH) start = i + 3;
  } else if (lo + 1 < hi && bytes[lo] === SLASH && bytes[lo + 1] === SLASH) {
    start = lo + 2;
  }
  if (
    start + 4 <= hi &&
    (bytes[start]! | 32) === 119 &&
    (bytes[start + 1]! | 32) === 119 &&
    (bytes[start + 2]! | 32) === 119 &&
    bytes[start + 3] === 46
  ) {
    start += 4;
  }

  // The host, hashed lowercased ("|32" lowercases ASCII letters; other characters it folds
  // together only in the hash, and comparison tells them apart), to "/", "?" or "#".
  let hash = FNV_OFFSET;
  let pos = start;
  for (; pos < hi; pos++) {
    c = bytes[pos]!;
    if (c === SLASH || c === QUESTION || c === FRAGMENT) break;
    hash = Math.imul(hash ^ (c | 32), FNV_PRIME);
  }
  const hostEnd = pos;
  // The path, to "?" or "#": a slash is hashed only once something follows it, so the path's
  // one trailing slash never is.
  let slashPending = false;
  for (; pos < hi; pos++) {
    c = bytes[pos]!;
    if (c === QUESTION || c === FRAGMENT) break;
    if (slashPending) hash = Math.imul(hash ^ SLASH, FNV_PRIME);
    slashPending = c === SLASH;
    if (!slashPending) hash = Math.imul(hash ^ c, FNV_PRIME);
  }
  const queryStart = pos;
  const pathEnd = slashPending ? queryStart - 1 : queryStart;
  // The query, to "#" or the end.
  if (pos < hi && bytes[pos] === QUESTION) {
    for (; pos < hi; pos++) {
      c = bytes[pos]!;
      if (c === FRAGMENT) break;
      hash = Math.imul(hash ^ c, FNV_PRIME);
    }
  }

  parts[0] = start;
  parts[1] = hostEnd;
  parts[2] = hostEnd;
  parts[3] = pathEnd;
  parts[4] = queryStart;
  parts[5] = pos;
  parts[HASH] = hash;
}

const BACKSLASH = 92;
const QUOTE = 34;

/** Printable ASCII but the backslash: what a plain JSON string holds, byte for byte. */
function isPlain(c: number): boolean {
  return c >= 0x20 && c < 0x80 && c !== BACKSLASH;
}

/**
 * Reads the JSON string opening at bytes[open] (a quote) as a URL and fills `parts` for it as
 * parseUrlBytes would, in the same single pass that finds its closing quote, whose position it
 * returns. Returns -1 when the string holds anything but printable ASCII (an escape, a control
 * or non-ASCII character) or runs past the end: such a string is not for this reader.
 */
export function scanUrlString(bytes: Uint8Array, open: number, parts: UrlParts): number {
  const lo = open + 1;
  let c = bytes[lo]!;
  // Leading whitespace is rare: the plain two-pass way.
  if (c === 32) return scanThenParse(bytes, lo, parts);

  let start = lo;
  if ((c | 32) >= 97 && (c | 32) <= 122) {
    let i = lo + 1;
    for (; ; i++) {
      c = bytes[i]!;
      const letter = (c | 32) >= 97 && (c | 32) <= 122;
      if (!letter && !(c >= 48 && c <= 57) && c !== 43 && c !== 45 && c !== 46) break;
    }
    // "://" lies before the closing quote and the fragment when it is there at all.
    if (bytes[i] === COLON && bytes[i + 1] === SLASH && bytes[i + 2] === SLASH) start = i + 3;
  } else if (c === SLASH && bytes[lo + 1] === SLASH) {
    start = lo + 2;
  }
  if ((bytes[start]! | 32) === 119 && (bytes[start + 1]! | 32) === 119 && (bytes[start + 2]! | 32) === 119 && bytes[start + 3] === 46) {
    start += 4;
  }

  let hash = FNV_OFFSET;
  let pos = start;
  for (; ; pos++) {
    c = bytes[pos]!;
    if (c === SLASH || c === QUESTION || c === FRAGMENT || c === QUOTE) break;
    if (!isPlain(c)) return -1;
    hash = Math.imul(hash ^ (c | 32), FNV_PRIME);
  }
  const hostEnd = pos;
  let slashPending = false;
  for (; c !== QUESTION && c !== FRAGMENT && c !== QUOTE; c = bytes[++pos]!) {
    if (!isPlain(c)) return -1;
    if (slashPending) hash = Math.imul(hash ^ SLASH, FNV_PRIME);
    slashPending = c === SLASH;
    if (!slashPending) hash = Math.imul(hash ^ c, FNV_PRIME);
  }
  const queryStart = pos;
  for (; c !== FRAGMENT && c !== QUOTE; c = bytes[++pos]!) {
    if (!isPlain(c)) return -1;
    hash = Math.imul(hash ^ c, FNV_PRIME);
  }
  const end = pos;
  for (; c !== QUOTE; c = bytes[++pos]!) if (!isPlain(c)) return -1;
  // Trailing whitespace is rare too, and only the two-pass way drops it before the rest.
  if (bytes[pos - 1] === 32) return scanThenParse(bytes, lo, parts);

  parts[0] = start;
  parts[1] = hostEnd;
  parts[2] = hostEnd;
  parts[3] = slashPending ? queryStart - 1 : queryStart;
  parts[4] = queryStart;
  parts[5] = end;
  parts[HASH] = hash;
  return pos;
}

function scanThenParse(bytes: Uint8Array, lo: number, parts: UrlParts): number {
  let pos = lo;
  for (let c = bytes[pos]!; c !== QUOTE; c = bytes[++pos]!) if (!isPlain(c)) return -1;
  parseUrlBytes(bytes, lo, pos, parts);
  return pos;
}
