// The URL normalization of docs/conventions.md §7: two result URLs are "the same" when they differ only in
// scheme, host case, a leading "www.", the fragment or a trailing slash. Plain string work, not
// the WHATWG parser: that parser also rewrites percent-encoding, ports and dot segments, which
// the definition does not ask for. parseUrl finds where the parts of the normalized form lie in
// the raw string and hashes them in the same pass, so the engine can intern half a million URLs
// without building a string for each; normalizeUrl builds the string from the same parse.

/**
 * Offsets into a string: [hostStart, hostEnd, pathStart, pathEnd, queryStart, queryEnd], then
 * the hash of the normalized characters (FNV-1a, 32 bits). The normalized URL is the host part
 * lowercased, then the path part, then the query part.
 */
export type UrlParts = Int32Array;
export const HASH = 6;

export function newUrlParts(): UrlParts {
  return new Int32Array(7);
}

const SLASH = 47;
const QUESTION = 63;
const COLON = 58;
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 16777619;

/** The characters String.prototype.trim removes (ECMAScript WhiteSpace and LineTerminator). */
function isTrimmed(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return (
    c === 160 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

function isAsciiLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

function isSchemeChar(c: number): boolean {
  return isAsciiLetter(c) || (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46;
}

function lowerAscii(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/**
 * Fills `parts` for `url`: surrounding whitespace ignored, fragment dropped, a scheme followed
 * by "//" (or a bare "//") dropped, a leading "www." of the host (in any case) dropped, the host
 * running to the first "/" or "?", one trailing slash of the path dropped. Returns whether the
 * host is pure ASCII: only then is the hash that of the normalized form, since lowercasing other
 * characters is left to String.prototype.toLowerCase (it may change their number).
 * Checking "www." before lowercasing is the same as after: only "W" lowercases to "w".
 */
export function parseUrl(url: string, parts: UrlParts): boolean {
  let lo = 0;
  let hi = url.length;
  while (lo < hi && isTrimmed(url.charCodeAt(lo))) lo++;
  while (hi > lo && isTrimmed(url.charCodeAt(hi - 1))) hi--;
  const fragment = url.indexOf("#", lo);
  const end = fragment === -1 || fragment > hi ? hi : fragment;

  let start = lo;
  if (start < end && isAsciiLetter(url.charCodeAt(start))) {
    let i = start + 1;
    while (i < end && isSchemeChar(url.charCodeAt(i))) i++;
    if (i + 2 < end && url.charCodeAt(i) === COLON && url.charCodeAt(i + 1) === SLASH && url.charCodeAt(i + 2) === SLASH) {
      start = i + 3;
    }
  } else if (start + 1 < end && url.charCodeAt(start) === SLASH && url.charCodeAt(start + 1) === SLASH) {
    start += 2;
  }
  if (
    start + 4 <= end &&
    lowerAscii(url.charCodeAt(start)) === 119 &&
    lowerAscii(url.charCodeAt(start + 1)) === 119 &&
    lowerAscii(url.charCodeAt(start + 2)) === 119 &&
    url.charCodeAt(start + 3) === 46
  ) {
    start += 4;
  }

  // Bounds by native searches, then tight hashing loops: this runs on every URL of a set.
  let hostEnd = url.indexOf("/", start);
  if (hostEnd === -1 || hostEnd > end) hostEnd = end;
  let queryStart = url.indexOf("?", start);
  if (queryStart === -1 || queryStart > end) queryStart = end;
  if (queryStart < hostEnd) hostEnd = queryStart;
  const pathEnd = queryStart > hostEnd && url.charCodeAt(queryStart - 1) === SLASH ? queryStart - 1 : queryStart;

  // In the host, c | 32 is the ASCII lowercase of letters and leaves digits, "-", "." and ":"
  // alone; for the rare other characters it only makes hash collisions, which comparison sorts out.
  let hash = FNV_OFFSET;
  let bits = 0;
  for (let i = start; i < hostEnd; i++) {
    const c = url.charCodeAt(i);
    bits |= c;
    hash = Math.imul(hash ^ (c | 32), FNV_PRIME);
  }
  for (let i = hostEnd; i < pathEnd; i++) hash = Math.imul(hash ^ url.charCodeAt(i), FNV_PRIME);
  for (let i = queryStart; i < end; i++) hash = Math.imul(hash ^ url.charCodeAt(i), FNV_PRIME);
  const ascii = bits < 128;

  parts[0] = start;
  parts[1] = hostEnd;
  parts[2] = hostEnd;
  parts[3] = pathEnd;
  parts[4] = queryStart;
  parts[5] = end;
  parts[HASH] = hash;
  return ascii;
}

/**
 * Fills `parts` (hash included) for a string that is already normalized: host to the first "/"
 * or "?", path to the first "?" after it, query the rest. Nothing is dropped.
 */
export function splitNormalized(normalized: string, parts: UrlParts): void {
  let hostEnd = 0;
  for (; hostEnd < normalized.length; hostEnd++) {
    const c = normalized.charCodeAt(hostEnd);
    if (c === SLASH || c === QUESTION) break;
  }
  let queryStart = normalized.indexOf("?", hostEnd);
  if (queryStart === -1) queryStart = normalized.length;
  let hash = FNV_OFFSET;
  for (let i = 0; i < hostEnd; i++) hash = Math.imul(hash ^ (normalized.charCodeAt(i) | 32), FNV_PRIME);
  for (let i = hostEnd; i < normalized.length; i++) hash = Math.imul(hash ^ normalized.charCodeAt(i), FNV_PRIME);
  parts[0] = 0;
  parts[1] = hostEnd;
  parts[2] = hostEnd;
  parts[3] = queryStart;
  parts[4] = queryStart;
  parts[5] = normalized.length;
  parts[HASH] = hash;
}

const scratch = newUrlParts();

/**
 * Scheme dropped (also a protocol-relative "//"), host lowercased, one leading "www." dropped,
 * fragment dropped, and one trailing slash of the path dropped; path case and query are kept.
 * The slash is the path's, so "a.com/x/?q=1" becomes "a.com/x?q=1" as "a.com/x/" becomes
 * "a.com/x". Surrounding whitespace is ignored. May return "" (the engine ignores such URLs).
 */
export function normalizeUrl(url: string): string {
  parseUrl(url, scratch);
  return url.slice(scratch[0], scratch[1]).toLowerCase() + url.slice(scratch[2], scratch[3]) + url.slice(scratch[4], scratch[5]);
}
