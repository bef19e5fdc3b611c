// URL interning for the engine: each distinct normalized URL gets a small integer. An
// open-addressing table keyed by a hash of the normalized characters, computed straight from
// the raw URL (see parseUrl), so interning a URL allocates nothing: on a large set that is
// several times faster than a Map of normalized strings, and it keeps memory to a few typed
// arrays sized by the number of URLs. Two interners share the table: one over URL strings, one
// over URLs lying in the bytes of an export file (which never become strings at all).
import * as urlNormalize from "./url-normalize";
import * as urlBytes from "./url-normalize-bytes";

// Copied once: an imported binding may be compiled to an accessor call, paid on every URL.
const { HASH, newUrlParts, normalizeUrl, parseUrl, splitNormalized } = urlNormalize;
const { scanUrlString } = urlBytes;

function lower(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/** The hash table both interners use; they say how a stored id compares with the URL at hand. */
abstract class HashedIds {
  /** Pairs (hash, id + 1) side by side, so a probe reads one place; id + 1 = 0 marks a free slot. */
  private table: Int32Array;
  private mask: number;
  /** The parts of the URL being interned (offsets, then its hash at HASH). */
  protected readonly probe = newUrlParts();
  /** Each stored id's parts: 6 offsets per id, into the string or bytes that id was read from. */
  protected parts: Int32Array;
  size = 0;

  /** `capacity`: the number of URLs expected; the table grows past it. */
  constructor(capacity: number) {
    let slots = 16;
    while (slots < capacity * 2) slots *= 2;
    this.table = new Int32Array(slots * 2);
    this.mask = slots - 1;
    this.parts = new Int32Array(Math.max(1, capacity) * 6);
  }

  /** Whether stored `id` has the normalized form of the URL in the probe. */
  protected abstract matches(id: number): boolean;

  /** Records what `matches` needs of the URL in the probe, as new `id`. */
  protected abstract store(id: number): void;

  /** The id of the URL in the probe: a stored one, or a new one. */
  protected idOfProbe(): number {
    const hash = this.probe[HASH]!;
    const table = this.table;
    const mask = this.mask;
    let slot = hash & mask;
    for (let entry = table[2 * slot + 1]!; entry !== 0; slot = (slot + 1) & mask, entry = table[2 * slot + 1]!) {
      if (table[2 * slot] === hash && this.matches(entry - 1)) return entry - 1;
    }
    const id = this.size++;
    table[2 * slot] = hash;
    table[2 * slot + 1] = id + 1;
    if ((id + 1) * 6 > this.parts.length) {
      const parts = new Int32Array(this.parts.length * 2);
      parts.set(this.parts);
      this.parts = parts;
    }
    for (let k = 0; k < 6; k++) this.parts[id * 6 + k] = this.probe[k]!;
    this.store(id);
    // Twice the slots when half full, so probes stay short.
    if (this.size * 2 > mask + 1) [this.table, this.mask] = rehashed(table);
    return id;
  }
}

export class UrlInterner extends HashedIds {
  /** The string each id's parts are offsets into: the raw URL, or its normalized form. */
  private readonly sources: string[] = [];
  /** The string the probe's parts are offsets into. */
  private source = "";

  /** The id of `raw`'s normalized form; -1 when that form is empty (a URL naming nothing). */
  intern(raw: string): number {
    const p = this.probe;
    this.source = raw;
    if (!parseUrl(raw, p)) {
      // A host beyond ASCII: lowercase it as normalizeUrl does, then work on that string.
      this.source = normalizeUrl(raw);
      splitNormalized(this.source, p);
    }
    if (p[0] === p[1] && p[2] === p[3] && p[4] === p[5]) return -1;
    return this.idOfProbe();
  }

  protected store(): void {
    this.sources.push(this.source);
  }

  protected matches(id: number): boolean {
    const source = this.source;
    const stored = this.sources[id]!;
    // The same spelling parses the same way; the engine's strings compare natively, much faster.
    if (stored === source) return true;
    const q = this.parts;
    const p = this.probe;
    const base = id * 6;
    const offset = q[base]! - p[0]!;
    if (q[base + 1]! - offset !== p[1]!) return false;
    // Both hosts are either ASCII or already lowercased, so ASCII lowercasing compares them.
    for (let i = p[0]!, end = p[1]; i < end; i++) {
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

/**
 * Interns the URLs of an export file where they lie in its bytes (UTF-8), without making
 * strings of them: each URL string is read, normalized and hashed in one pass (see
 * scanUrlString), then found or added here. For strings of printable ASCII with no escapes,
 * for which the bytes are the characters and the hash is exact.
 */
export class ByteUrlInterner extends HashedIds {
  /** The id of the URL string read last. */
  id = -1;

  constructor(
    private readonly bytes: Uint8Array,
    capacity: number,
  ) {
    super(capacity);
  }

  /**
   * Reads the JSON string opening at bytes[open] and interns it as a URL (its id in `id`, -1
   * when its normalized form is empty). Returns the position of its closing quote, or -1 when
   * the string is not plain ASCII (then nothing was interned).
   */
  readString(open: number): number {
    const p = this.probe;
    const close = scanUrlString(this.bytes, open, p);
    if (close === -1) return -1;
    this.id = p[0] === p[1] && p[2] === p[3] && p[4] === p[5] ? -1 : this.idOfProbe();
    return close;
  }

  protected store(): void {}

  protected matches(id: number): boolean {
    const bytes = this.bytes;
    const q = this.parts;
    const p = this.probe;
    const base = id * 6;
    for (let k = 0; k < 6; k += 2) {
      const from = p[k]!;
      const to = p[k + 1]!;
      const shift = q[base + k]! - from;
      if (q[base + k + 1]! - shift !== to) return false;
      if (k === 0) {
        for (let i = from; i < to; i++) if (lower(bytes[i]!) !== lower(bytes[i + shift]!)) return false;
      } else {
        for (let i = from; i < to; i++) if (bytes[i] !== bytes[i + shift]) return false;
      }
    }
    return true;
  }
}

/** A (hash, id + 1) table with twice the slots, every entry moved to its place there. */
function rehashed(old: Int32Array): [Int32Array, number] {
  const slots = old.length; // twice the old number of slots, since each slot is two numbers
  const table = new Int32Array(slots * 2);
  const mask = slots - 1;
  for (let s = 0; s < old.length; s += 2) {
    if (old[s + 1] === 0) continue;
    let slot = old[s]! & mask;
    while (table[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
    table[2 * slot] = old[s]!;
    table[2 * slot + 1] = old[s + 1]!;
  }
  return [table, mask];
}
