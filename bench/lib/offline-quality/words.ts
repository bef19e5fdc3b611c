// The yardstick's own reading of words: lowercase tokens, a plural-stripping stem and a list of
// English function words. It is deliberately independent of the offline generator's tokenizers
// (src/providers/generation/offline/text.ts, src/providers/serp/offline-keywords.ts): a metric
// that shared the generator's notion of a word would move whenever the generator changed it.

const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between both but by " +
    "can could did do does doing down during each few for from further had has have having he her here hers herself him " +
    "himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other " +
    "our ours ourselves out over own same she should so some such than that the their theirs them themselves then there " +
    "these they this those through to too under until up very was we were what when where which while who whom why will " +
    "with would you your yours yourself yourselves s t d ll m re ve vs versus via per"
  ).split(" "),
);

/** Lowercase runs of letters and digits, in order (apostrophes, hyphens and marks split words). */
export function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The word without a plural ending: "-ies" to "-y", "-es" after s, x, z, ch and sh, and a final
 * "s" unless the word ends in "ss", "us" or "is". Crude on purpose: both sides of every
 * comparison go through it, so "pots" meets "pot" and "boxes" meets "box".
 */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:s|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** The stems of a text's content words: tokens without function words and bare numbers. */
export function contentStems(text: string): string[] {
  return tokens(text)
    .filter((t) => !isStopWord(t) && !/^\d+$/.test(t))
    .map(stem);
}

/** Every token's stem, function words kept: the sequence phrases are matched against. */
export function stemSequence(text: string): string[] {
  return tokens(text).map(stem);
}
