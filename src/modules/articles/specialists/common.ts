// What the specialists share: their inputs (drafted sections, sources), source sentences, and
// the signals that make a sentence a fact or a claim (numbers, named things, superlatives,
// absolute words). Pure and deterministic.
import { domainOf } from "../../../providers/generation/offline/text";
import { fold, sentencesOf, termSet, tokens, wordCount } from "../words";

export interface DraftedSection {
  position: number;
  heading: string;
  draft: string;
}

export interface Source {
  url: string;
  title?: string;
  snippet?: string;
}

/**
 * Sources from loosely typed records, e.g. a brief's `competitor_data` ({ url, title, snippet,
 * ... }): only http(s) URLs, first occurrence of each URL kept, non-string title or snippet
 * ignored. Anything that is not an array gives [].
 */
export function toSources(items: unknown): Source[] {
  if (!Array.isArray(items)) return [];
  const out: Source[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (typeof item !== "object" || item === null) continue;
    const record = item as Record<string, unknown>;
    const url = typeof record.url === "string" ? record.url.trim() : "";
    if (!/^https?:\/\/\S+$/i.test(url) || seen.has(url)) continue;
    seen.add(url);
    out.push({
      url,
      ...(typeof record.title === "string" ? { title: record.title } : {}),
      ...(typeof record.snippet === "string" ? { snippet: record.snippet } : {}),
    });
  }
  return out;
}

/** A source's title as shown to a reader: its own title, else its domain. */
function sourceTitle(source: Source): string {
  return source.title?.replace(/\s+/g, " ").trim() || domainOf(source.url);
}

export interface SourceSentence {
  /** Index of the source in the list given. */
  source: number;
  url: string;
  title: string;
  text: string;
  terms: Set<string>;
  /** Its figures, number words included ("seven" -> "7"). */
  numbers: string[];
  /** The marker groups it backs. */
  backs: string[];
}

/**
 * The sentences of every source's snippet (and its title, as a sentence of its own when
 * `withTitles`), without a leading date ("Mar 10, 2024 — ") and without fragments cut off
 * with an ellipsis. Sources without an http(s) URL are skipped: nothing can cite them.
 */
export function sourceSentences(sources: readonly Source[], withTitles: boolean): SourceSentence[] {
  const out: SourceSentence[] = [];
  const seen = new Set<string>();
  sources.forEach((source, index) => {
    if (!/^https?:\/\/\S+$/i.test(source.url.trim()) || seen.has(source.url.trim())) return;
    seen.add(source.url.trim());
    const snippet = (source.snippet ?? "").replace(/^\s*[A-Z][a-z]{2} \d{1,2}, \d{4}\s*[—–-]\s*/, "");
    // The title last: a snippet sentence says more than a headline, so it is quoted first.
    const texts = [...sentencesOf(snippet).filter((s) => !/(\.\.\.|…)$/.test(s)), ...(withTitles && source.title ? [source.title] : [])];
    for (const text of texts) {
      out.push({
        source: index,
        url: source.url.trim(),
        title: sourceTitle(source),
        text,
        terms: termSet(text),
        numbers: numbersIn(text, true),
        backs: backedGroups(text),
      });
    }
  });
  return out;
}

const NUMBER_WORDS: Readonly<Record<string, string>> = {
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
  eleven: "11",
  twelve: "12",
  fifteen: "15",
  twenty: "20",
  thirty: "30",
  forty: "40",
  fifty: "50",
  hundred: "100",
};

/**
 * The figures of a text, normalized: "1,000" -> "1000", "3.50" -> "3.5", "$20" -> "20",
 * "195-205" -> "195" and "205". With `spelled`, number words count too ("seven" -> "7"), which
 * is how sources are read, so "7 methods" in a draft matches "seven methods" in a source.
 */
export function numbersIn(text: string, spelled = false): string[] {
  const out: string[] = [];
  for (const raw of text.match(/\d+(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g) ?? []) out.push(String(Number(raw.replace(/,/g, ""))));
  if (spelled) for (const w of tokens(text)) if (NUMBER_WORDS[w]) out.push(NUMBER_WORDS[w]);
  return [...new Set(out)];
}

/**
 * Claim markers in groups. `words` make a claim in a draft; a source backs the claim with any
 * word of the group, `backs` included: a source saying "ideal" backs a draft saying "best",
 * but a draft saying "ideal water" is not claiming a superlative. "always" needs "always" (or
 * "every time"). ("top" and "leading" claim nothing in "top layer" or "leading to".)
 */
// Each group has at least its first word, which names it.
const MARKER_GROUPS: readonly { kind: "superlative" | "absolute"; words: readonly [string, ...string[]]; backs?: readonly string[] }[] = [
  { kind: "superlative", words: ["best", "finest", "greatest", "number one", "#1"], backs: ["ideal", "optimal", "top", "leading"] },
  { kind: "superlative", words: ["worst"] },
  { kind: "superlative", words: ["most"] },
  { kind: "superlative", words: ["least"] },
  { kind: "superlative", words: ["fastest", "quickest"] },
  { kind: "superlative", words: ["cheapest"], backs: ["lowest price", "lowest cost", "least expensive"] },
  { kind: "superlative", words: ["largest", "biggest"] },
  { kind: "superlative", words: ["smallest"] },
  { kind: "superlative", words: ["highest"] },
  { kind: "superlative", words: ["lowest"] },
  { kind: "superlative", words: ["easiest", "simplest"] },
  { kind: "superlative", words: ["safest"] },
  { kind: "superlative", words: ["strongest"] },
  { kind: "superlative", words: ["healthiest"] },
  { kind: "superlative", words: ["unbeatable", "unmatched", "unrivalled", "unrivaled"] },
  { kind: "absolute", words: ["always", "every time", "without exception", "invariably"] },
  { kind: "absolute", words: ["never"] },
  { kind: "absolute", words: ["everyone", "everybody"] },
  { kind: "absolute", words: ["nobody", "no one"] },
  { kind: "absolute", words: ["guaranteed", "guarantees", "guarantee", "proven"] },
  { kind: "absolute", words: ["impossible"] },
  { kind: "absolute", words: ["the only"] },
  { kind: "absolute", words: ["completely", "entirely", "totally", "100%"] },
  { kind: "absolute", words: ["certainly", "definitely", "undoubtedly", "without doubt"] },
];

// Hedges that use a marker without claiming anything ("in most cases", "at least").
const HEDGES = /\b(in most cases|most of the time|at most|at least|at the very least|at best|most likely)\b/gi;

export interface Marker {
  /** The group, named by its first word: what a source must back. */
  group: string;
  kind: "superlative" | "absolute";
  /** The word as the text uses it ("biggest"). */
  word: string;
}

function markerText(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(HEDGES, " ")
    .replace(/[^\p{L}\p{N}#% ]+/gu, " ")
    .replace(/\s+/g, " ")} `;
}

/** The claim markers of a draft sentence, one per group, in group order. */
export function markersIn(text: string): Marker[] {
  const lower = markerText(text);
  const out: Marker[] = [];
  for (const g of MARKER_GROUPS) {
    const word = g.words.find((w) => lower.includes(` ${w} `));
    if (word) out.push({ group: g.words[0], kind: g.kind, word });
  }
  return out;
}

/** The marker groups a source sentence backs (its claim words and its backing words). */
function backedGroups(text: string): string[] {
  const lower = markerText(text);
  return MARKER_GROUPS.filter((g) => [...g.words, ...(g.backs ?? [])].some((w) => lower.includes(` ${w} `))).map((g) => g.words[0]);
}

/** The marker words, folded, so they do not count as the subject a source must share. */
export const MARKER_TERMS = new Set(MARKER_GROUPS.flatMap((g) => [...g.words, ...(g.backs ?? [])].flatMap((w) => tokens(w))).map(fold));

/** Capitalized words not opening the sentence, and acronyms: "French press", "SCA", "Fahrenheit". */
export function namedThings(sentence: string): string[] {
  const parts = sentence.split(/\s+/).slice(1);
  return [
    ...new Set(
      parts.map((p) => p.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")).filter((p) => /^\p{Lu}[\p{L}\p{N}]+$/u.test(p) && p !== "I"),
    ),
  ];
}

// A page talking about itself ("Learn ...", "Our guide covers ...", "we compare ..."), not a fact.
const SELF_REFERENCE =
  /^(learn|discover|find out|read|click|see|check out|explore|browse|shop|buy|download|contact|sign up|subscribe|get started|here)\b|\b(our (guide|article|post|page|team|experts?|list)|we (compare|cover|explain|review|tested|look at|show)|this (article|guide|post|page)|in this (article|guide|post)|click here|read more)\b/i;
const RELATION =
  /\b(is|are|was|were|has|have|needs?|requires?|produces?|gives?|keeps?|causes?|means?|leaves?|extracts?|contains?|costs?|takes?|lasts?|reduces?|increases?|improves?|affects?|helps?|makes?|prevents?)\b/i;

/**
 * How much a source sentence reads as a fact: 3 for a figure, 2 for a named thing, 1 for a
 * plain statement of what something is or does; 0 (not a fact) for questions, a page talking
 * about itself, and sentences under 6 or over 45 words.
 */
export function factScore(sentence: string): number {
  const n = wordCount(sentence);
  if (n < 6 || n > 45 || /\?$/.test(sentence) || SELF_REFERENCE.test(sentence)) return 0;
  return (numbersIn(sentence).length > 0 ? 3 : 0) + (namedThings(sentence).length > 0 ? 2 : 0) + (RELATION.test(sentence) ? 1 : 0);
}

/** Jaccard similarity of two term sets: near-duplicate sentences score 0.8 and up. */
export function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** Sections with a draft that has words, in position order. */
export function drafted(sections: readonly DraftedSection[]): DraftedSection[] {
  return sections.filter((s) => typeof s.draft === "string" && /[\p{L}\p{N}]/u.test(s.draft)).sort((a, b) => a.position - b.position);
}
