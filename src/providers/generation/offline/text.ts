// Small text tools for the offline generator: words, stopwords, casing, sentences, and a
// seeded random source so the same input always gives the same output.
import { present } from "../../../platform/present";

const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both
  but by can could did do does doing down during each even every few for from further get gets got had has have having he
  her here hers herself him himself his how i if in into is it its itself just know let like make makes many may me
  more most much must my myself need new no nor not now of off often on once one only or other our ours ourselves out
  over own per please same see she should so some such than that the their theirs them themselves then there these they
  this those through to too under until up upon us use used using very via was we well were what when where which while
  who whom why will with within without would you your yours yourself yourselves yet etc vs versus get getting best top
  way ways thing things lot lots really site page click read learn find here's that's it's don't can't you're we're
  today year years day days www com http https html`.split(/\s+/),
);

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

export function words(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).map((w) => w.replace(/['’]s$/, "").replace(/^-+|-+$/g, ""));
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? 0 : trimmed.split(/\s+/).length;
}

/** Lowercase, single spaces, no edge punctuation: the form of tree names and keywords. */
function normalizePhrase(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, " ")
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, "")
    .trim();
}

const SMALL_WORDS = new Set(["a", "an", "and", "as", "at", "but", "by", "for", "in", "of", "on", "or", "the", "to", "vs", "with"]);

/** Initialisms a topic is typed with in lower case, written in capitals in a heading ("SEO", "Headless CMS"). */
const ACRONYMS = new Set(
  `seo sem ppc cms crm erp api sdk saas ai ui ux diy faq b2b b2c roi kpi okr vpn ssd hvac bbq usa uk nyc gdpr llm gpu cpu iot sql
  aws gcp pdf csv html css hr pr`.split(/\s+/),
);

/** Whether a word is an initialism ("cms" is not the plural of "cm"). */
export function isAcronym(word: string): boolean {
  return ACRONYMS.has(word.toLowerCase());
}

export function titleCase(text: string): string {
  return text
    .split(" ")
    .map((word, i) => {
      if (word === "") return word;
      if (isAcronym(word)) return word.toUpperCase();
      if (i > 0 && SMALL_WORDS.has(word.toLowerCase())) return word.toLowerCase();
      // Keep words that already carry capitals (brand names, acronyms) as they are.
      if (/[A-Z]/.test(word.slice(1))) return word;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(" ");
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function domainOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return (
      url
        .toLowerCase()
        .replace(/^[a-z]+:\/\//, "")
        .replace(/^www\./, "")
        .split(/[/?#]/)[0] ?? url
    );
  }
}

/** FNV-1a: a stable 32-bit hash of a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** One of `items`, which must not be empty. */
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
}

/** mulberry32 seeded from the text: same seed, same sequence, on every machine. */
export function seededRandom(seed: string): Random {
  let state = hash(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => present(items[Math.floor(next() * items.length)], "an item to pick from"),
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        // Both indexes are within the copy: j <= i < length.
        const drawn = present(copy[j], "the item drawn");
        copy[j] = present(copy[i], "the item replaced");
        copy[i] = drawn;
      }
      return copy;
    },
  };
  return random;
}

/** "Small business owners who run their own books" -> "small business owners". */
export function shortAudience(raw: string | null | undefined, fallback = "beginners"): string {
  if (!raw) return fallback;
  const head = normalizePhrase(raw.split(/[,.;:(]| who | that | which | looking | wanting /i)[0] ?? "");
  const parts = head.split(" ").filter(Boolean).slice(0, 3);
  // Cut short, an audience ends on a word that says who: "couples", not "couples on a".
  while (parts.length > 1 && STOPWORDS.has(parts.at(-1)?.toLowerCase() ?? "")) parts.pop();
  return parts.length > 0 ? parts.join(" ") : fallback;
}
