// Reads a SERP export for `canopy cluster` straight from its bytes: the keywords as strings,
// every top-10 URL normalized, hashed and interned where it lies, with no JSON tree and no URL
// strings. Decoding the file, JSON.parse and interning 100,000 URL strings took most of the
// command's time and memory: on a 50,000-keyword export this way takes 30% less time and half
// the memory (bench:cli has the figures for 10,000).
//
// It reads the plain shape only: an array of objects with the keys "keyword", "search_volume"
// (a number or null) and "urls" (strings), each at most once, with URLs of printable ASCII and
// no escapes among the first ten. Anything else (other keys, escapes in a URL, invalid JSON, a
// negative volume) answers null, and the caller parses the text as JSON the general way, which
// gives the same clusters or the exact error message. So this reader decides speed, never
// results.
import { normalizeKeyword } from "../platform/text/keyword";
import { ByteUrlInterner, InternedSerpsBuilder, TOP_RESULTS, type InternedSerps } from "../modules/clustering/engine";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const MINUS = 0x2d;
const DOT = 0x2e;

/** What a string held besides plain ASCII: set bits of its flags. */
const ESCAPED = 1;
const NON_ASCII = 2;

/** Thrown inside the reader when the input leaves the plain shape; never escapes it. */
const NOT_PLAIN = new Error("not a plain export");

const KEYWORD = bytesOf("keyword");
const SEARCH_VOLUME = bytesOf("search_volume");
const URLS = bytesOf("urls");
const NULL = bytesOf("null");

function bytesOf(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= 48 && c <= 57;
}

class ExportReader {
  private pos = 0;
  /** The last string read lies in bytes[stringStart, stringEnd), without its quotes. */
  private stringStart = 0;
  private stringEnd = 0;
  private readonly urls: ByteUrlInterner;
  private readonly serps: InternedSerpsBuilder;

  constructor(private readonly bytes: Buffer) {
    // About 50 bytes an URL in a typical export: a first guess, the arrays grow past it.
    const guess = Math.ceil(bytes.length / 50);
    this.urls = new ByteUrlInterner(bytes, guess);
    this.serps = new InternedSerpsBuilder(guess);
  }

  read(): InternedSerps {
    this.expect(OPEN_ARRAY);
    if (this.next() === CLOSE_ARRAY) this.pos++;
    else {
      do this.entry();
      while (this.separator(CLOSE_ARRAY));
    }
    this.skipSpace();
    if (this.pos !== this.bytes.length) throw NOT_PLAIN;
    return this.serps.finish(this.urls.size);
  }

  /** One {"keyword", "search_volume"?, "urls"} object, in any key order. */
  private entry(): void {
    this.expect(OPEN_OBJECT);
    let keyword: string | null = null;
    let volume: number | null = null;
    let sawUrls = false;
    if (this.next() === CLOSE_OBJECT) throw NOT_PLAIN;
    do {
      if (this.next() !== QUOTE || this.string() !== 0) throw NOT_PLAIN;
      const key = this.stringIs(KEYWORD) ? KEYWORD : this.stringIs(SEARCH_VOLUME) ? SEARCH_VOLUME : this.stringIs(URLS) ? URLS : null;
      this.expect(COLON);
      if (key === KEYWORD && keyword === null) keyword = this.keyword();
      else if (key === SEARCH_VOLUME && volume === null) volume = this.volume();
      else if (key === URLS && !sawUrls) {
        this.urlList();
        sawUrls = true;
      } else throw NOT_PLAIN;
    } while (this.separator(CLOSE_OBJECT));
    if (keyword === null || !sawUrls) throw NOT_PLAIN;
    const normalized = normalizeKeyword(keyword);
    if (normalized === "") this.serps.dropKeyword();
    else this.serps.endKeyword(normalized, volume ?? 0);
  }

  private keyword(): string {
    if (this.next() !== QUOTE) throw NOT_PLAIN;
    const flags = this.string();
    const { bytes, stringStart: start, stringEnd: end } = this;
    if (flags & ESCAPED) {
      try {
        return JSON.parse(bytes.toString("utf8", start - 1, end + 1)) as string;
      } catch {
        throw NOT_PLAIN;
      }
    }
    return bytes.toString(flags & NON_ASCII ? "utf8" : "latin1", start, end);
  }

  /** A JSON number of 0 or more (as the general path accepts), or null, read as 0 as that path does. */
  private volume(): number {
    if (this.next() === NULL[0]) {
      this.literal(NULL);
      return 0;
    }
    const bytes = this.bytes;
    const start = this.pos;
    if (bytes[this.pos] === MINUS) this.pos++;
    if (bytes[this.pos] === 48) this.pos++;
    else if (isDigit(bytes[this.pos])) while (isDigit(bytes[this.pos])) this.pos++;
    else throw NOT_PLAIN;
    if (bytes[this.pos] === DOT) {
      this.pos++;
      if (!isDigit(bytes[this.pos])) throw NOT_PLAIN;
      while (isDigit(bytes[this.pos])) this.pos++;
    }
    const exponent = bytes[this.pos];
    if (exponent !== undefined && (exponent | 32) === 101) {
      this.pos++;
      if (bytes[this.pos] === 43 || bytes[this.pos] === MINUS) this.pos++;
      if (!isDigit(bytes[this.pos])) throw NOT_PLAIN;
      while (isDigit(bytes[this.pos])) this.pos++;
    }
    const value = Number(bytes.toString("latin1", start, this.pos));
    if (!Number.isFinite(value) || value < 0) throw NOT_PLAIN;
    return value;
  }

  /** The URL strings: the first ten interned, the others only read past. */
  private urlList(): void {
    this.expect(OPEN_ARRAY);
    if (this.next() === CLOSE_ARRAY) {
      this.pos++;
      return;
    }
    let rank = 0;
    do {
      if (this.next() !== QUOTE) throw NOT_PLAIN;
      if (rank++ >= TOP_RESULTS) {
        if (this.string() & ESCAPED) throw NOT_PLAIN;
        continue;
      }
      const close = this.urls.readString(this.pos);
      if (close === -1) throw NOT_PLAIN;
      this.pos = close + 1;
      this.serps.addUrl(this.urls.id);
    } while (this.separator(CLOSE_ARRAY));
  }

  /**
   * Reads the string whose opening quote is at pos, leaving pos after its closing quote; returns
   * its flags. A control character (invalid in JSON) or the end of the input is not plain.
   */
  private string(): number {
    const bytes = this.bytes;
    let pos = this.pos + 1;
    let flags = 0;
    this.stringStart = pos;
    for (;;) {
      // Past the end (an escape may step over it) the read is undefined: the input ended inside the string.
      const c = bytes[pos];
      if (c === undefined) throw NOT_PLAIN;
      if (c >= 0x20 && c < 0x80 && c !== QUOTE && c !== BACKSLASH) pos++;
      else if (c === QUOTE) break;
      else if (c === BACKSLASH) {
        flags |= ESCAPED;
        pos += 2;
      } else if (c >= 0x80) {
        flags |= NON_ASCII;
        pos++;
      } else throw NOT_PLAIN;
    }
    this.stringEnd = pos;
    this.pos = pos + 1;
    return flags;
  }

  /** Whether the last string read is exactly `expected`. */
  private stringIs(expected: Uint8Array): boolean {
    if (this.stringEnd - this.stringStart !== expected.length) return false;
    for (let i = 0; i < expected.length; i++) if (this.bytes[this.stringStart + i] !== expected[i]) return false;
    return true;
  }

  private literal(expected: Uint8Array): void {
    for (let i = 0; i < expected.length; i++) if (this.bytes[this.pos++] !== expected[i]) throw NOT_PLAIN;
  }

  /** After an item: true at a comma (another item follows), false at `close` (the list ends). */
  private separator(close: number): boolean {
    const c = this.next();
    this.pos++;
    if (c === COMMA) return true;
    if (c === close) return false;
    throw NOT_PLAIN;
  }

  private expect(c: number): void {
    if (this.next() !== c) throw NOT_PLAIN;
    this.pos++;
  }

  /** The next byte that is not JSON whitespace (pos left on it); undefined at the end. */
  private next(): number | undefined {
    this.skipSpace();
    return this.bytes[this.pos];
  }

  private skipSpace(): void {
    const bytes = this.bytes;
    let c = bytes[this.pos];
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = bytes[++this.pos];
  }
}

/** The export's keywords (normalized; empty ones left out) with interned URLs, or null when the bytes are not in the plain shape. */
export function readPlainExport(bytes: Buffer): InternedSerps | null {
  try {
    return new ExportReader(bytes).read();
  } catch (err) {
    if (err === NOT_PLAIN) return null;
    throw err;
  }
}
