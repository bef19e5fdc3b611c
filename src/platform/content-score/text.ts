// Text tools for the content score, kept inside this folder so that the console can bundle the
// score without the server's text modules: markdown reduced to prose, word tokens, a light
// suffix fold, sentences, paragraphs and syllables. Pure and deterministic.

/**
 * Markdown to the prose a reader sees: links become their text; URLs, HTML tags, emphasis marks,
 * inline code ticks and line-start markers (headings, bullets, numbers, quotes) go. Line breaks
 * stay, so paragraphs and list items still separate sentences.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, "\n")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<https?:\/\/[^>\s]*>/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/<\/?[A-Za-z][^>]*>/g, " ")
    .replace(/^[ \t]*(?:#{1,6}[ \t]+|[-*+][ \t]+|\d+[.)][ \t]+|>[ \t]?)/gm, "")
    .replace(/(\*\*|__|\*|`)/g, "")
    .replace(/[ \t]+/g, " ");
}

/**
 * Lowercase word tokens: runs of letters and digits, an inner apostrophe kept ("don't"), a
 * possessive "'s" dropped. Hyphens separate, so "pour-over" is "pour" and "over" on both sides
 * of every comparison.
 */
export function tokens(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? []).map((w) => w.replace(/['’]s$/, ""));
}

/**
 * A light plural fold ("grinders" ~ "grinder", "brushes" ~ "brush", "berries" ~ "berry"),
 * applied to both sides so it only has to be consistent. Words ending -ss, -us and -is keep
 * their "s" ("press", "focus", "analysis"); short words are left alone ("gas", "bus").
 */
export function fold(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:ss|x|z|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

// The functions below read plain text (plainText's answer): a section's markdown is stripped
// once and read several ways.

/** Words as a reader counts them: whitespace-separated runs holding a letter or a digit. */
export function wordCount(plain: string): number {
  return plain.split(/\s+/).filter((t) => /[\p{L}\p{N}]/u.test(t)).length;
}

/** A sentence's end: . ! ? (and a closing quote) before a space and a capital, digit or opening quote. */
const SENTENCE_END = /[.!?]["”’)]?[ \t]+(?=["“‘(]?[\p{Lu}\p{N}])/gu;

/**
 * Sentences: split at each SENTENCE_END and at every line break (a list item or heading line
 * never glues onto the next one). "3.5" and a lowercase "e.g. this" do not split. A scan rather
 * than a split on a look-behind, which is several times slower on a long article.
 */
export function sentencesOf(plain: string): string[] {
  const out: string[] = [];
  for (const line of plain.split(/\n+/)) {
    let start = 0;
    for (const end of line.matchAll(SENTENCE_END)) {
      out.push(line.slice(start, end.index + end[0].trimEnd().length).trim());
      start = end.index + end[0].length;
    }
    out.push(line.slice(start).trim());
  }
  return out.filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** Paragraphs: blocks separated by a blank line, each with some words. */
export function paragraphsOf(plain: string): string[] {
  return plain
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => /[\p{L}\p{N}]/u.test(p));
}

/**
 * English syllables, estimated: groups of vowels (y counts) after a silent ending is dropped, at
 * least one. Good enough for a reading-ease estimate, not a dictionary.
 */
export function syllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, "");
  if (w.length === 0) return 1;
  if (w.length <= 3) return 1;
  // A silent ending goes before counting: "-es" ("makes", but not "presses"), "-ed" ("brewed", but
  // not "roasted") and "-e" ("brave", but not "table").
  const trimmed = w.replace(/(?:[^laeiouysxz]es|[^laeiouydt]ed|[^laeiouy]e)$/, (m) => m.slice(0, 1)).replace(/^y/, "");
  const groups = trimmed.match(/[aeiouy]+/g);
  return Math.max(1, groups?.length ?? 0);
}

/**
 * Common English words that carry no subject ("the", "with", "your"): never required when
 * deciding whether a text mentions a heading's content.
 */
const STOPWORDS = new Set(
  `a an and are as at be been but by can could did do does for from had has have how i if in into is it its just more most my
  no not of on or our out over so than that the their them then there these they this those to too up us very was we were what
  when where which while who whom why will with without you your yours vs versus about after before between both each every
  few other some such only own same should would may might must also any all get got use using used best`.split(/\s+/),
);

/**
 * Words that give a heading its shape rather than its subject ("Common Mistakes", "Key
 * Takeaways", "Final Thoughts"): a text about espresso that says "common" has not covered
 * "Common Espresso Mistakes"; "espresso" has to appear.
 */
const SHAPE_WORDS = new Set(
  `introduction intro conclusion conclusions summary overview recap wrap closing final thoughts takeaways takeaway faq faqs
  frequently asked question questions answers answer guide guides tip tips tricks ideas basics essentials common mistakes
  mistake avoid step steps complete ultimate quick simple easy practical important matter matters started start explained
  right choose choosing key understanding`.split(/\s+/),
);

/**
 * The folded words that name what a heading is about: its words less stopwords, shape words,
 * bare numbers and single letters. Empty when the heading names no subject ("Key Takeaways").
 */
export function contentWords(heading: string): string[] {
  const words = tokens(heading).filter((w) => w.length >= 2 && !STOPWORDS.has(w) && !SHAPE_WORDS.has(w) && !/^\d+$/.test(w));
  return [...new Set(words.map(fold))];
}
