// The terms the ranking pages share: 1- to 3-word phrases of their texts and headings that
// several pages use, each with the range of uses a draft of the recommended length should aim at.
import { fold, isContentWord, quartiles, tokens, withoutUrls } from "./text";

const MAX_WORDS = 3;
const MAX_TERMS = 40;
/** A term is shared when at least this many pages use it, and at least MIN_SHARE of those read. */
const MIN_PAGES = 2;
const MIN_SHARE = 0.3;
/** Below this a page's counts say little per word: it is scaled as if it were this long. */
const MIN_SCALED_LENGTH = 150;

/** Page furniture that survives text extraction; cut out before counting so its words count only elsewhere. */
const BOILERPLATE =
  /\b(?:privacy policy|cookie policy|terms of (?:service|use)|terms and conditions|all rights reserved|click here|read more|posted (?:by|on|in)|our team|sign up|log in|leave a (?:comment|reply)|related posts?)\b/gi;

/** Commas, stops, brackets, dashes and line breaks end a phrase: no term runs across them. */
const BREAKS = /[.,;:!?()[\]{}"“”|/\\–—•·…\n]+/;

export interface TermPage {
  text: string;
  headings: readonly { text: string }[];
  wordCount: number;
}

interface Tally {
  /** Uses on each page, by the page's index. */
  perPage: Map<number, number>;
  total: number;
  /** How the term is written, and how often each way. */
  surfaces: Map<string, number>;
  words: number;
}

function phrasesOf(text: string): string[][] {
  return withoutUrls(text)
    .replace(BOILERPLATE, " . ")
    .split(BREAKS)
    .map((segment) => tokens(segment))
    .filter((t) => t.length > 0);
}

/** Every 1- to 3-word window that starts and ends on a content word and holds no bare number. */
function countPhrases(pages: readonly TermPage[]): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  pages.forEach((page, index) => {
    const phrases = [page.text, ...page.headings.map((h) => h.text)].flatMap(phrasesOf);
    for (const words of phrases) {
      for (let start = 0; start < words.length; start++) {
        for (let n = 1; n <= MAX_WORDS && start + n <= words.length; n++) {
          const window = words.slice(start, start + n);
          if (window.some((w) => /^\d/.test(w))) break;
          if (!isContentWord(window[0] ?? "") || !isContentWord(window[n - 1] ?? "")) continue;
          const key = window.map(fold).join(" ");
          const tally: Tally = tallies.get(key) ?? {
            perPage: new Map<number, number>(),
            total: 0,
            surfaces: new Map<string, number>(),
            words: n,
          };
          tally.perPage.set(index, (tally.perPage.get(index) ?? 0) + 1);
          tally.total++;
          const surface = window.join(" ");
          tally.surfaces.set(surface, (tally.surfaces.get(surface) ?? 0) + 1);
          tallies.set(key, tally);
        }
      }
    }
  });
  return tallies;
}

/** Whether `inner`'s words run, in order and next to each other, inside `outer`'s. */
function containsPhrase(outer: string, inner: string): boolean {
  return ` ${outer} `.includes(` ${inner} `);
}

function mostUsedSurface(surfaces: Map<string, number>): string {
  return [...surfaces].sort(([a, x], [b, y]) => y - x || a.length - b.length || (a < b ? -1 : 1))[0]?.[0] ?? "";
}

/**
 * The terms at least two pages (and at least 30% of those read) use, most shared first, then
 * most used; at most 40. A longer phrase absorbs a shorter one that never occurs outside it
 * ("second fermentation" leaves no "fermentation" when the pages say it no other way). The
 * count range is the lower and upper quartile of the using pages' counts, each scaled from the
 * page's length to `targetWords` (unscaled when null). `share` lowers the bar for short texts
 * such as a search's questions and titles.
 */
export function sharedTerms(
  pages: readonly TermPage[],
  targetWords: number | null,
  share: { minPages: number; minShare: number } = { minPages: MIN_PAGES, minShare: MIN_SHARE },
): { term: string; pages: number; min_count: number; max_count: number }[] {
  const needed = Math.max(1, share.minPages, Math.ceil(share.minShare * pages.length));
  const candidates = [...countPhrases(pages)].filter(([, t]) => t.perPage.size >= needed);
  const absorbed = new Set<string>();
  for (const [key, tally] of candidates) {
    const outer = candidates.find(([other, o]) => o.words > tally.words && o.total >= tally.total && containsPhrase(other, key));
    if (outer) absorbed.add(key);
  }
  return candidates
    .filter(([key]) => !absorbed.has(key))
    .sort(([a, x], [b, y]) => y.perPage.size - x.perPage.size || y.total - x.total || (a < b ? -1 : 1))
    .slice(0, MAX_TERMS)
    .map(([, tally]) => {
      const scaled = [...tally.perPage].map(([index, count]) => {
        const length = Math.max(MIN_SCALED_LENGTH, pages[index]?.wordCount ?? 0);
        return targetWords === null ? count : (count * targetWords) / length;
      });
      const { q1, q3 } = quartiles(scaled);
      const min = Math.max(1, Math.round(q1));
      return { term: mostUsedSurface(tally.surfaces), pages: tally.perPage.size, min_count: min, max_count: Math.max(min, Math.round(q3)) };
    });
}
