// The organiser's view of one keyword: its cleaned text, its demand, its content words and the
// modifiers that remain once the core topic's words are taken out; and the one order in which
// keywords are ranked everywhere (most searched first, unknown volumes last, then alphabetical).
import type { UniverseKeyword } from "./merge";
import { contentWords, startsWithQuestionWord } from "./tokens";

export interface Term {
  text: string;
  /** The universe's match key: what fetched SERPs are looked up by. */
  key: string;
  /** Monthly searches; null when no source knew. */
  volume: number | null;
  /** Stemmed content words without the core topic's, sorted: what sets this search apart. */
  modifiers: string[];
  /** A People Also Ask question or a keyword phrased as one: a resource, never a group. */
  question: boolean;
}

/** Searches a keyword brings to demand sums: unknown volumes count as none. */
export function demandOf(term: Term): number {
  return term.volume !== null && term.volume > 0 ? term.volume : 0;
}

/** Whether the keyword may name a node: a keyword nobody searches (volume 0) never does. */
export function canName(term: Term): boolean {
  return term.volume !== 0;
}

/** Known volumes first, most searched first; unknown volumes below every known one; then a-z. */
export function compareTerms(a: Term, b: Term): number {
  if (a.volume !== b.volume) {
    if (a.volume === null) return 1;
    if (b.volume === null) return -1;
    return b.volume - a.volume;
  }
  return a.text < b.text ? -1 : a.text > b.text ? 1 : 0;
}

export function toTerm(keyword: UniverseKeyword, text: string, coreWords: ReadonlySet<string>, coreText: string): Term {
  const modifiers = contentWords(text)
    .filter((word) => !coreWords.has(word))
    .sort();
  // The core topic itself is the head of the tree even when it is phrased as a question.
  const asked = keyword.sources.includes("paa") || keyword.source === "paa" || startsWithQuestionWord(text);
  return { text, key: keyword.key, volume: keyword.searchVolume, modifiers, question: asked && text !== coreText };
}
