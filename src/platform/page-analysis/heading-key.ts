// A heading reduced to what it means, so that different pages' wordings of one section can be
// compared: numbering off, its question opener kept as one word of meaning, the content words'
// stems, and the query's own words dropped when they are not all there is.
import { QUESTION_OPENERS, isContentWord, stem, tokens } from "./text";

export interface HeadingKey {
  /** "what is", "how to", ... when the heading opens with a question; "" otherwise. */
  opener: string;
  /** The stems of its content words (the query's left out when others remain). */
  stems: Set<string>;
  /** The opener and the stems together: what two headings are compared on. */
  all: Set<string>;
  /** The opener and every stem, the query's included. */
  full: Set<string>;
  /** Whether the query's words are all the heading says besides its opener. */
  onlyQuery: boolean;
}

const NUMBERING = /^\s*(?:(?:step|part|chapter|tip|section|day|phase|method|option)\s+)?#?\d+\s*[.):\-–—]*\s*|^\s*[ivx]+[.)]\s+/i;
/** Second words that belong to the opener: "how to", "how long", "what is" ("what are" is the same opener). */
const OPENER_SECOND: Readonly<Record<string, string>> = {
  is: "is",
  are: "is",
  to: "to",
  do: "do",
  does: "do",
  can: "can",
  much: "much",
  many: "many",
  long: "long",
  often: "often",
};

/** A heading as a page shows it, less its numbering and stray punctuation at either end: "1. What Is Kombucha?" -> "What Is Kombucha?". */
export function cleanHeading(text: string): string {
  const bare = text
    .replace(/\s+/g, " ")
    .trim()
    .replace(NUMBERING, "")
    .replace(/^[\s\p{P}]+/u, "")
    .replace(/[\s:;,.\-–—]+$/u, "");
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/** The wording two pages share when they write a heading alike: lowercase, letters, digits and single spaces. */
export function wordingOf(text: string): string {
  return tokens(cleanHeading(text)).join(" ");
}

export function queryStems(query: string): Set<string> {
  return new Set(tokens(query).filter(isContentWord).map(stem));
}

export function headingKey(text: string, query: ReadonlySet<string>): HeadingKey {
  const words = tokens(cleanHeading(text));
  let opener = "";
  if (QUESTION_OPENERS.has(words[0] ?? "")) {
    const second = OPENER_SECOND[words[1] ?? ""];
    opener = second ? `${words[0]} ${second}` : (words[0] ?? "");
    words.splice(0, second ? 2 : 1);
  }
  const all = [...new Set(words.filter(isContentWord).map(stem))];
  const own = all.filter((s) => !query.has(s));
  const stems = new Set(own.length > 0 ? own : all);
  const withOpener = (set: Iterable<string>) => new Set(opener ? [`?${opener}`, ...set] : set);
  return { opener, stems, all: withOpener(stems), full: withOpener(all), onlyQuery: own.length === 0 && all.length > 0 };
}

/**
 * Whether two headings name the same section. They must share a content stem, so that two
 * questions sharing only their opener ("What Is Kombucha" and "What Is a SCOBY") stay apart; then
 * any of: half their words of meaning in common (Jaccard >= 0.5: "Health Benefits" and "Benefits
 * of Kombucha"); every word of the shorter in the longer ("Ingredients" and "Ingredients for One
 * Gallon"), as pages name one section at different lengths; or two stems or more shared and two
 * thirds of the shorter ("Second Fermentation: Flavor and Fizz" and "Bottling and Second
 * Fermentation"). Two headings of one identical key always meet. A heading that says nothing but
 * the query ("What Is Kombucha?") is compared with the query's words left in on both sides, so
 * that "What Is Kombucha Tea" still meets it.
 */
export function sameMeaning(a: HeadingKey, b: HeadingKey): boolean {
  const [x, y] = a.onlyQuery || b.onlyQuery ? [a.full, b.full] : [a.all, b.all];
  if (x.size === 0 || y.size === 0) return false;
  let sharedStems = 0;
  let shared = 0;
  for (const word of x) {
    if (!y.has(word)) continue;
    shared++;
    if (!word.startsWith("?")) sharedStems++;
  }
  const jaccard = shared / (x.size + y.size - shared);
  if (jaccard === 1) return true;
  if (sharedStems === 0) return false;
  const ofShorter = shared / Math.min(x.size, y.size);
  return jaccard >= 0.5 || ofShorter === 1 || (sharedStems >= 2 && ofShorter >= 2 / 3);
}
