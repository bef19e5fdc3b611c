// The brief's terms and how often a draft uses them. Until briefs carry a `terms` list measured
// from the ranking pages, the terms are the query and the primary, secondary and supporting
// keyword recommendations (questions are headings' work, not terms), each wanted at least once.
import { fold, tokens } from "./text";
import type { ScoreBrief, TermScore, TermStatus, WantedTerm } from "./types";

const TERM_TYPES = new Set(["primary", "secondary", "supporting"]);

/**
 * The most times a recommended term may appear before it reads as stuffed: one use per 100
 * words of the article's target, and never fewer than 3, so a short article may still say its
 * main keyword in the intro, a heading's section and the conclusion.
 */
export function defaultMaxCount(totalTarget: number): number {
  return Math.max(3, Math.ceil(totalTarget / 100));
}

/** Terms keyed by their folded words, so "Espresso Grinders" and "espresso grinder" are one. */
const keyOf = (term: string) => tokens(term).map(fold).join(" ");

/** The wanted terms of a brief, each once, in the brief's order. */
export function wantedTerms(brief: ScoreBrief): WantedTerm[] {
  const seen = new Set<string>();
  const out: WantedTerm[] = [];
  const add = (term: string, min: number, max: number) => {
    const key = keyOf(term);
    if (key === "" || seen.has(key)) return;
    seen.add(key);
    out.push({ term: term.trim(), min, max: Math.max(min, max) });
  };
  if (brief.terms && brief.terms.length > 0) {
    for (const t of brief.terms) add(t.term, Math.max(0, Math.round(t.min_count)), Math.round(t.max_count));
    return out;
  }
  const totalTarget = brief.sections.reduce((sum, s) => sum + (positive(s.word_count_target) ?? 0), 0);
  const max = defaultMaxCount(totalTarget);
  if (brief.query_text) add(brief.query_text, 1, max);
  for (const r of brief.keyword_recommendations ?? []) {
    if (TERM_TYPES.has(r.type)) add(r.keyword, 1, max);
  }
  return out;
}

export const positive = (n: number | null | undefined): number | null => (typeof n === "number" && Number.isFinite(n) && n > 0 ? n : null);

/**
 * How many times a term's words appear, in order and next to each other, in a text's words:
 * word boundaries by construction, case folded, plurals folded lightly on both sides.
 */
export function countTerm(term: string, words: readonly string[]): number {
  const needle = tokens(term).map(fold);
  if (needle.length === 0) return 0;
  let count = 0;
  for (let i = 0; i + needle.length <= words.length; i++) {
    let match = true;
    for (let j = 0; j < needle.length; j++) {
      if (words[i + j] !== needle[j]) {
        match = false;
        break;
      }
    }
    if (match) {
      count++;
      i += needle.length - 1;
    }
  }
  return count;
}

export function termStatus(count: number, min: number, max: number): TermStatus {
  if (count === 0) return min === 0 ? "ok" : "missing";
  if (count < min) return "under";
  return count > max ? "over" : "ok";
}

/** A term's share of full marks: counts up to min, full within bounds, half when stuffed. */
function termCredit(t: TermScore): number {
  if (t.status === "ok") return 1;
  if (t.status === "over") return 0.5;
  return t.min === 0 ? 1 : t.count / t.min;
}

/** Every wanted term counted over the whole draft's folded words. */
export function scoreTerms(terms: readonly WantedTerm[], words: readonly string[]): TermScore[] {
  return terms.map(({ term, min, max }) => {
    const count = countTerm(term, words);
    return { term, count, min, max, status: termStatus(count, min, max) };
  });
}

/** 0..100: the mean credit of the terms; null when the brief wants no terms. */
export function termsPart(scores: readonly TermScore[]): number | null {
  if (scores.length === 0) return null;
  return (100 * scores.reduce((sum, t) => sum + termCredit(t), 0)) / scores.length;
}
