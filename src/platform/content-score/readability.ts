// Readability: Flesch reading ease (206.835 - 1.015 x words per sentence - 84.6 x syllables per
// word), which runs from about 0 (academic) to 100 (a children's book). Web copy reads best at
// 60-70, so that band earns 100; below it the score falls 2 points per point of ease (0 at an
// ease of 10), above it 1.5 points per point (easy text is a smaller fault than dense text).
// Then two penalties for what the average hides: up to 30 points for the share of sentences
// over 30 words, and up to 20 for the share of paragraphs over 150 words.
// A text's counts are gathered once (textStats) and add up, so the whole article is read from
// its sections' counts without reading it again.
import { paragraphsOf, sentencesOf, syllables, tokens } from "./text";

const BEST_LOW = 60;
const BEST_HIGH = 70;
const LONG_SENTENCE_WORDS = 30;
const LONG_PARAGRAPH_WORDS = 150;

export interface TextStats {
  sentences: number;
  words: number;
  syllables: number;
  longSentences: number;
  paragraphs: number;
  longParagraphs: number;
}

/** The counts of a plain text (markdown already stripped). */
export function textStats(plain: string): TextStats {
  const stats: TextStats = { sentences: 0, words: 0, syllables: 0, longSentences: 0, paragraphs: 0, longParagraphs: 0 };
  // Syllables once per distinct word: an article repeats most of its words.
  const known = new Map<string, number>();
  const syllablesOf = (word: string) => {
    let n = known.get(word);
    if (n === undefined) {
      n = syllables(word);
      known.set(word, n);
    }
    return n;
  };
  for (const sentence of sentencesOf(plain)) {
    const words = tokens(sentence);
    stats.sentences++;
    stats.words += words.length;
    for (const w of words) stats.syllables += syllablesOf(w);
    if (words.length > LONG_SENTENCE_WORDS) stats.longSentences++;
  }
  for (const paragraph of paragraphsOf(plain)) {
    stats.paragraphs++;
    if (tokens(paragraph).length > LONG_PARAGRAPH_WORDS) stats.longParagraphs++;
  }
  return stats;
}

export function addStats(a: TextStats, b: TextStats): TextStats {
  return {
    sentences: a.sentences + b.sentences,
    words: a.words + b.words,
    syllables: a.syllables + b.syllables,
    longSentences: a.longSentences + b.longSentences,
    paragraphs: a.paragraphs + b.paragraphs,
    longParagraphs: a.longParagraphs + b.longParagraphs,
  };
}

/** Flesch reading ease; null when there are no words. */
export function readingEase(stats: TextStats): number | null {
  if (stats.words === 0 || stats.sentences === 0) return null;
  return 206.835 - 1.015 * (stats.words / stats.sentences) - 84.6 * (stats.syllables / stats.words);
}

function easeScore(ease: number): number {
  if (ease < BEST_LOW) return Math.max(0, 100 - 2 * (BEST_LOW - ease));
  if (ease > BEST_HIGH) return Math.max(0, 100 - 1.5 * (ease - BEST_HIGH));
  return 100;
}

/** 0..100; null when there are no words to read. */
export function readabilityScore(stats: TextStats): number | null {
  const ease = readingEase(stats);
  if (ease === null) return null;
  const longSentences = stats.longSentences / stats.sentences;
  const longParagraphs = stats.paragraphs === 0 ? 0 : stats.longParagraphs / stats.paragraphs;
  return Math.max(0, easeScore(ease) - 30 * longSentences - 20 * longParagraphs);
}
