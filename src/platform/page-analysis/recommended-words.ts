// How long a page on the query should be, from the lengths of the pages that rank for it.
import { quartiles } from "./text";
import type { WordRange } from "./types";

/** Pages shorter than this are a stub, a listing or a page that failed to read, not an answer. */
const MIN_USABLE_WORDS = 150;

const roundTo50 = (n: number) => Math.max(50, Math.round(n / 50) * 50);

/** The median length of the usable pages as the target, their quartiles as the range, each rounded to 50; null without one. */
export function recommendedWords(pages: readonly { wordCount: number }[]): WordRange | null {
  const counts = pages.map((p) => p.wordCount).filter((n) => Number.isFinite(n) && n >= MIN_USABLE_WORDS);
  if (counts.length === 0) return null;
  const { q1, median, q3 } = quartiles(counts);
  return { target: roundTo50(median), min: roundTo50(q1), max: roundTo50(q3) };
}
