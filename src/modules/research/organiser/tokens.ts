// The words of a keyword, as the organiser compares them: lowercase content words, lightly
// stemmed, with the words that carry no topic (stopwords, question words) left out. Two keywords
// with the same set of content words are variants of one search ("insurance for pets" and
// "pet insurances" are one).

/** The words that open a question; a keyword starting with one is asked, not browsed. */
const QUESTION_WORDS: ReadonlySet<string> = new Set([
  "how",
  "what",
  "why",
  "when",
  "where",
  "which",
  "who",
  "can",
  "does",
  "is",
  "are",
  "should",
  "do",
]);

/** Function words that say nothing of the topic; question words are dropped with them. */
const STOPWORDS: ReadonlySet<string> = new Set([
  ...QUESTION_WORDS,
  "a",
  "an",
  "the",
  "and",
  "or",
  "of",
  "for",
  "to",
  "in",
  "on",
  "at",
  "by",
  "with",
  "from",
  "about",
  "as",
  "into",
  "per",
  "my",
  "your",
  "our",
  "their",
  "its",
  "it",
  "i",
  "me",
  "we",
  "you",
  "this",
  "that",
  "these",
  "those",
  "be",
  "was",
  "were",
  "will",
  "did",
  "has",
  "have",
]);

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * A plural made singular, lightly: "policies" -> "policy", "boxes" -> "box", "classes" ->
 * "class", "dogs" -> "dog". Words ending in ss/us/is and short words are left alone, so "plus",
 * "class" and "vs" stay as they are. No other suffix is touched: a light stem never merges two
 * different searches, a heavy one would ("insure" and "insurance").
 */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:sses|xes|zes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The stemmed content words of a keyword, each once, in the order they appear. */
export function contentWords(text: string): string[] {
  const out: string[] = [];
  for (const word of wordsOf(text)) {
    if (STOPWORDS.has(word)) continue;
    const stemmed = stem(word);
    if (!out.includes(stemmed)) out.push(stemmed);
  }
  return out;
}

/** Whether the keyword is phrased as a question (its first word is a question word). */
export function startsWithQuestionWord(text: string): boolean {
  const first = wordsOf(text)[0];
  return first !== undefined && QUESTION_WORDS.has(first);
}

/** One key for the variants of a search: its content words, in any order, as a sorted set ("pet insurances" and "insurance for pets" share one). */
export function variantKey(text: string): string {
  return contentWords(text).sort().join(" ");
}
