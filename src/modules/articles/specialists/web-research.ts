// The web research specialist: sourced facts the article can use, taken from the sentences of
// the brief's SERP snippets that carry a fact (a figure, a named thing, a plain statement),
// each with the URL it came from. Basic mode lists the best few for the whole article;
// advanced lists more and places each under the section it fits (by shared words).
// Nothing is invented: with no sources there are no facts.
import { fold, sentencesOf, termSet } from "../words";
import {
  drafted,
  factScore,
  numbersIn,
  similarity,
  sourceSentences,
  type DraftedSection,
  type Source,
  type SourceSentence,
} from "./common";

/**
 * {
 *   mode: "basic" | "advanced",
 *   facts: [{
 *     position: number | null,   // the section it belongs under (advanced), null = the article as a whole
 *     fact: string,              // the source's sentence, as written
 *     source_url: string,
 *     source_title: string,      // the source's title, or its domain when it has none
 *     matched_terms: string[],   // words it shares with its section (advanced) or the article (basic)
 *   }]
 * }
 * Facts are ordered by position (null last), then by strength.
 */
interface WebResearchFact {
  position: number | null;
  fact: string;
  source_url: string;
  source_title: string;
  matched_terms: string[];
}
export interface WebResearchResult {
  mode: "basic" | "advanced";
  facts: WebResearchFact[];
}

const BASIC_FACTS = 5;
const ADVANCED_FACTS_PER_SECTION = 5;
const ADVANCED_UNPLACED_FACTS = 3;
const ADVANCED_MAX_FACTS = 15;
/** In basic mode, at most this many facts from one source, so the list is not one page's. */
const BASIC_PER_SOURCE = 2;

interface Candidate {
  sentence: SourceSentence;
  score: number;
  order: number;
}

/**
 * Already in the article: a draft sentence with all of the fact's figures and half its words
 * (the same figures about the same thing), or, for a fact without figures, 80% of its words.
 */
function covered(fact: SourceSentence, draftSentences: { terms: Set<string>; numbers: string[] }[]): boolean {
  const digits = numbersIn(fact.text);
  return draftSentences.some((d) => {
    if (!digits.every((n) => d.numbers.includes(n))) return false;
    let shared = 0;
    for (const t of fact.terms) if (d.terms.has(t)) shared += 1;
    return fact.terms.size > 0 && shared / fact.terms.size >= (digits.length > 0 ? 0.5 : 0.8);
  });
}

function shared(terms: Set<string>, against: Set<string>, surface: string): string[] {
  // Report the words as the fact writes them, not their folded form.
  const out: string[] = [];
  for (const w of surface.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const f = fold(w);
    if (terms.has(f) && against.has(f) && !out.some((o) => fold(o) === f)) out.push(w);
  }
  return out;
}

export function webResearch(
  sections: readonly DraftedSection[],
  sources: readonly Source[],
  mode: "basic" | "advanced",
): WebResearchResult {
  const usable = drafted(sections);
  const sectionTerms = usable.map((s) => ({ position: s.position, heading: termSet(s.heading), all: termSet(`${s.heading} ${s.draft}`) }));
  const articleTerms = new Set(sectionTerms.flatMap((s) => [...s.all]));
  const draftSentences = usable.flatMap((s) => sentencesOf(s.draft)).map((t) => ({ terms: termSet(t), numbers: numbersIn(t) }));

  const candidates: Candidate[] = [];
  sourceSentences(sources, false).forEach((sentence, order) => {
    const score = factScore(sentence.text);
    if (score === 0 || covered(sentence, draftSentences)) return;
    // With drafts to compare against, a fact must share a word with the article.
    const relevance = [...sentence.terms].filter((t) => articleTerms.has(t)).length;
    if (articleTerms.size > 0 && relevance === 0) return;
    if (candidates.some((c) => similarity(c.sentence.terms, sentence.terms) >= 0.8)) return;
    candidates.push({ sentence, score: score * 10 + Math.min(relevance, 9), order });
  });
  candidates.sort((a, b) => b.score - a.score || a.order - b.order);

  const fact = (c: Candidate, position: number | null, against: Set<string>): WebResearchFact => ({
    position,
    fact: /[.!?]["”’)]?$/.test(c.sentence.text) ? c.sentence.text : `${c.sentence.text}.`,
    source_url: c.sentence.url,
    source_title: c.sentence.title,
    matched_terms: shared(c.sentence.terms, against, c.sentence.text),
  });

  if (mode === "basic") {
    const perSource = new Map<number, number>();
    const facts: WebResearchFact[] = [];
    for (const c of candidates) {
      if (facts.length >= BASIC_FACTS) break;
      const n = perSource.get(c.sentence.source) ?? 0;
      if (n >= BASIC_PER_SOURCE) continue;
      perSource.set(c.sentence.source, n + 1);
      facts.push(fact(c, null, articleTerms));
    }
    return { mode, facts };
  }

  // Advanced: each fact goes to the section sharing most words with it, heading words counting
  // double (the heading says what the section is about), each word weighed by 1 / the number of
  // sections using it, so the article's own subject ("coffee" everywhere) does not pull every
  // fact to the first section. Ties go to the earlier section; a full section passes the fact
  // to the next best when that fits at least half as well, else the fact is left out. Facts are unplaced (null) only when there are no drafts to place them in.
  const spread = new Map<string, number>();
  for (const s of sectionTerms) for (const t of s.all) spread.set(t, (spread.get(t) ?? 0) + 1);
  const placed = new Map<number | null, WebResearchFact[]>();
  let total = 0;
  for (const c of candidates) {
    if (total >= ADVANCED_MAX_FACTS) break;
    const ranked = sectionTerms
      .map((s, i) => {
        let score = 0;
        for (const t of c.sentence.terms) score += ((s.heading.has(t) ? 2 : 0) + (s.all.has(t) ? 1 : 0)) / (spread.get(t) ?? 1);
        return { s, i, score };
      })
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score || a.i - b.i);
    const [best] = ranked;
    // The best-fitting section with room left, if it fits at least half as well as the best one;
    // otherwise the fact is left out rather than put where it does not belong.
    const home =
      best && ranked.find((x) => (placed.get(x.s.position)?.length ?? 0) < ADVANCED_FACTS_PER_SECTION && x.score * 2 >= best.score);
    const key = home ? home.s.position : ranked.length === 0 ? null : undefined;
    if (key === undefined) continue;
    const list = placed.get(key) ?? [];
    if (key === null && list.length >= ADVANCED_UNPLACED_FACTS) continue;
    list.push(fact(c, key, home?.s.all ?? articleTerms));
    placed.set(key, list);
    total += 1;
  }
  const placedInSections = [...placed].filter((entry): entry is [number, WebResearchFact[]] => entry[0] !== null).sort(([a], [b]) => a - b);
  return { mode, facts: [...placedInSections.flatMap(([, facts]) => facts), ...(placed.get(null) ?? [])] };
}
