// The content score of a draft against its brief, 0 to 100, for each section and the whole.
// Four parts, each 0..100, weighed: terms 35, headings 25, length 20, readability 20. A part with
// nothing to measure (a brief with no terms, sections with no word targets, a draft with no
// sentences) weighs nothing and the others share its weight. A section's own score leaves the
// terms out: the brief wants its terms somewhere in the article, not in every section.
// Pure and deterministic; a 3,000-word draft scores in a few milliseconds.
import { coverage } from "./headings";
import { lengthScore } from "./length";
import { addStats, readabilityScore, textStats, type TextStats } from "./readability";
import { countTerm, positive, scoreTerms, termsPart, wantedTerms } from "./terms";
import { fold, plainText, tokens, wordCount } from "./text";
import type { ContentScore, ScoreBasis, ScoreBrief, ScoreParts, SectionScore } from "./types";

const SCORE_WEIGHTS: Readonly<Record<keyof ScoreParts, number>> = { terms: 35, headings: 25, length: 20, readability: 20 };

/** The weighed mean of the parts that were measured, rounded; 0 when none was. */
function weighed(parts: Partial<ScoreParts>): number {
  let total = 0;
  let weight = 0;
  for (const key of Object.keys(SCORE_WEIGHTS) as (keyof ScoreParts)[]) {
    const value = parts[key];
    if (value === null || value === undefined) continue;
    total += SCORE_WEIGHTS[key] * value;
    weight += SCORE_WEIGHTS[key];
  }
  return weight === 0 ? 0 : Math.round(total / weight);
}

const round = (n: number | null) => (n === null ? null : Math.round(n));

/** Resolves a brief's wanted terms and their bounds once; `scoreDraft` then scores any text with it. */
export function scoreBasis(brief: ScoreBrief): ScoreBasis {
  return { sections: brief.sections, terms: wantedTerms(brief) };
}

/**
 * Scores the sections' texts (markdown, by outline position; a missing or null text is an
 * undrafted section) against the basis.
 */
export function scoreDraft(basis: ScoreBasis, texts: readonly (string | null | undefined)[]): ContentScore {
  const sections: SectionScore[] = [];
  const allWords: string[] = [];
  let stats: TextStats = textStats("");
  let credit = 0;
  let words = 0;
  let target = 0;
  basis.sections.forEach((section, i) => {
    // Each text is stripped and split once: its folded words serve the coverage, the terms and
    // the whole; its counts serve its readability and the whole's.
    const plain = plainText(texts[i] ?? "");
    const folded = tokens(plain).map(fold);
    const sectionStats = textStats(plain);
    const count = wordCount(plain);
    const wanted = positive(section.word_count_target);
    const cover = coverage(section, folded, count, wanted);
    const readability = readabilityScore(sectionStats);
    const length = wanted === null ? null : lengthScore(count, wanted);
    credit += cover.credit;
    if (wanted !== null) {
      words += count;
      target += wanted;
    }
    for (const w of folded) allWords.push(w);
    // A section boundary no term may span.
    allWords.push("");
    stats = addStats(stats, sectionStats);
    sections.push({
      heading: section.heading,
      score: weighed({ headings: 100 * cover.credit, length, readability }),
      words: count,
      target: wanted,
      terms_found: basis.terms.filter((t) => countTerm(t.term, folded) > 0).length,
      covered: cover.covered,
      readability: round(readability),
    });
  });
  const terms = scoreTerms(basis.terms, allWords);
  const parts: ScoreParts = {
    terms: termsPart(terms),
    headings: sections.length === 0 ? null : (100 * credit) / sections.length,
    length: target === 0 ? null : lengthScore(words, target),
    readability: readabilityScore(stats),
  };
  return {
    score: weighed(parts),
    parts: {
      terms: round(parts.terms),
      headings: round(parts.headings),
      length: round(parts.length),
      readability: round(parts.readability),
    },
    sections,
    terms,
  };
}

/** The score of a draft against its brief in one call. */
export function scoreContent(brief: ScoreBrief, texts: readonly (string | null | undefined)[]): ContentScore {
  return scoreDraft(scoreBasis(brief), texts);
}
