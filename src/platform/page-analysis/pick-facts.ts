// Statements from the ranking pages that a section can stand on: the sentences that share the
// most content words with the section, each with the page it came from.
import { contentStems, countWords, jaccard, sentencesOf, withoutUrls } from "./text";

const MIN_WORDS = 8;
const MAX_WORDS = 45;
const PER_PAGE = 2;
/** Two sentences this alike say the same thing; the second is left out. */
const NEAR_DUPLICATE = 0.6;

export interface FactSection {
  heading: string;
  points?: readonly string[];
  terms?: readonly string[];
}

interface Candidate {
  text: string;
  url: string;
  stems: Set<string>;
  score: number;
  figure: boolean;
  order: number;
}

/** A sentence worth quoting: a statement of a readable length, not a question, a call to act or an address. */
function quotable(sentence: string): boolean {
  const words = countWords(sentence);
  return (
    words >= MIN_WORDS &&
    words <= MAX_WORDS &&
    !/\?\s*$/.test(sentence) &&
    withoutUrls(sentence) === sentence &&
    !/\b(click|subscribe|sign up|read more|our newsletter)\b/i.test(sentence)
  );
}

/**
 * At most `max` sentences of the pages' texts that share the most content words with the
 * section (heading, points and terms); a sentence with a figure first among equals; at most two
 * a page, no near-duplicates. A section of several words needs two of them shared.
 */
export function pickFacts(pages: readonly { url: string; text: string }[], section: FactSection, max = 6): { text: string; url: string }[] {
  const wanted = contentStems([section.heading, ...(section.points ?? []), ...(section.terms ?? [])].join(" . "));
  const needed = Math.min(2, wanted.size);
  if (needed === 0) return [];
  const candidates: Candidate[] = [];
  let order = 0;
  for (const page of pages) {
    for (const sentence of sentencesOf(page.text)) {
      order++;
      if (!quotable(sentence)) continue;
      const stems = contentStems(sentence);
      const score = [...stems].filter((s) => wanted.has(s)).length;
      if (score >= needed) candidates.push({ text: sentence, url: page.url, stems, score, figure: /\d/.test(sentence), order });
    }
  }
  candidates.sort((a, b) => b.score - a.score || Number(b.figure) - Number(a.figure) || a.order - b.order);
  const chosen: Candidate[] = [];
  const perPage = new Map<string, number>();
  for (const c of candidates) {
    if (chosen.length >= max) break;
    if ((perPage.get(c.url) ?? 0) >= PER_PAGE) continue;
    if (chosen.some((o) => jaccard(o.stems, c.stems) >= NEAR_DUPLICATE)) continue;
    chosen.push(c);
    perPage.set(c.url, (perPage.get(c.url) ?? 0) + 1);
  }
  return chosen.map((c) => ({ text: c.text, url: c.url }));
}
