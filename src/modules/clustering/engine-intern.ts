// URL interning for the engine: each distinct normalized URL gets a small integer. An
// open-addressing table keyed by a hash of the normalized characters, read straight from the
// raw string (see parseUrl), so interning a URL allocates nothing: on a large set that is
// several times faster than a Map of normalized strings, and it keeps memory to a few typed
// arrays sized by the number of URLs.
import * as urlNormalize from "./url-normalize";

// Copied once: an imported binding may be compiled to an accessor call, paid on every URL.
const { HASH, newUrlParts, normalizeUrl, parseUrl, splitNormalized } = urlNormalize;

function lower(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

export class UrlInterner {
  /** Pairs (hash, id + 1) side by side, so a probe reads one place; id + 1 = 0 marks a free slot. */
  private readonly table: Int32Array;
  private readonly mask: number;
  /** The string each id's parts are offsets into: the raw URL, or its normalized form. */
  private readonly sources: string[] = [];
  private readonly parts: Int32Array;
  /** The parts of the URL being interned. */
  private readonly probe = newUrlParts();
  size = 0;

  /** `capacity`: at most this many URLs will be interned. */
  constructor(capacity: number) {
    let slots = 16;
    while (slots < capacity * 2) slots *= 2;
    this.table = new Int32Array(slots * 2);
    this.mask = slots - 1;
    this.parts = new Int32Array(Math.max(1, capacity) * 6);
  }

  /** The id of `raw`'s normalized form; -1 when that form is empty (a URL naming nothing). */
  intern(raw: string): number {
    const p = this.probe;
    let source = raw;
    if (!parseUrl(raw, p)) {
      // A host beyond ASCII: lowercase it as normalizeUrl does, then work on that string.
      source = normalizeUrl(raw);
      splitNormalized(source, p);
    }
    if (p[0] === p[1] && p[2] === p[3] && p[4] === p[5]) return -1;

    const hash = p[HASH]!;
    const table = this.table;
    const mask = this.mask;
    let slot = hash & mask;
    for (let entry = table[2 * slot + 1]!; entry !== 0; slot = (slot + 1) & mask, entry = table[2 * slot + 1]!) {
      if (table[2 * slot] === hash && this.matches(entry - 1, source)) return entry - 1;
    }
    const id = this.size++;
    table[2 * slot] = hash;
    table[2 * slot + 1] = id + 1;
    this.sources.push(source);
    const base = id * 6;
    for (let k = 0; k < 6; k++) this.parts[base + k] = p[k]!;
    return id;
  }

  /** Whether interned `id` has the normalized form whose parts over `source` are in the probe. */
  private matches(id: number, source: string): boolean {
    const stored = this.sources[id]!;
    // The same spelling parses the same way; the engine's strings compare natively, much faster.
    if (stored === source) return true;
    const q = this.parts;
    const p = this.probe;
    const base = id * 6;
    const offset = q[base]! - p[0]!;
    if (q[base + 1]! - offset !== p[1]!) return false;
    // Both hosts are either ASCII or already lowercased, so ASCII lowercasing compares them.
    for (let i = p[0]!, end = p[1]!; i < end; i++) {
      if (lower(source.charCodeAt(i)) !== lower(stored.charCodeAt(i + offset))) return false;
    }
    for (let k = 2; k < 6; k += 2) {
      const from = p[k]!;
      const to = p[k + 1]!;
      const shift = q[base + k]! - from;
      if (q[base + k + 1]! - shift !== to) return false;
      for (let i = from; i < to; i++) if (source.charCodeAt(i) !== stored.charCodeAt(i + shift)) return false;
    }
    return true;
  }
}
