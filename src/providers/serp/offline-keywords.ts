// How the offline web reads a keyword: its words, and its "head terms" (the words that choose
// the topic, once stopwords and search modifiers are set aside and plurals folded). Keywords
// with the same head terms are about the same thing and get nearly the same results.

/** Words that carry no topic. */
const STOPWORDS = new Set(
  (
    "a an the and or of for to in on at by with without from about into over under than as " +
    "is are was were be been being am do does did doing can could should would will shall may might must " +
    "i me my mine you your yours we us our it its he she his her they them their this that these those " +
    "there here not no so if then else also just very too more most much many some any all each every " +
    "get got need want like using use via per vs versus"
  ).split(/\s+/),
);

/** Words that change the intent of a search but not its topic. */
const MODIFIERS = new Set(
  (
    "best top good great better cheap cheapest affordable budget new latest popular " +
    "how what why when where which who whom whose " +
    "guide guides tutorial tips tip ideas idea examples example list review reviews rated " +
    "free online buy price prices pricing cost costs deal deals sale near nearby " +
    "today now easy simple quick fast ultimate complete beginner beginners choose choosing"
  ).split(/\s+/),
);

const QUESTION_STARTS = new Set(
  "how what why when where which who whom whose can could should would will is are does do did was were".split(" "),
);

const COMMERCIAL = new Set(
  (
    "buy price prices pricing cost costs cheap cheapest deal deals sale discount coupon shop store " +
    "best top review reviews vs versus compare comparison alternative alternatives software service services " +
    "insurance lawyer attorney loan loans mortgage credit hosting agency"
  ).split(/\s+/),
);

/** Words that look plural but are not, or whose singular would be wrong. */
const PLURAL_EXCEPTIONS = new Set(
  (
    "news series species physics mathematics economics politics athletics gymnastics aerobics " +
    "always perhaps chaos lens canvas atlas bias christmas texas paris kansas ios macos windows"
  ).split(" "),
);

/** Lowercased, NFKC-normalized, whitespace collapsed: the form every offline seed uses. */
export function normalizeKeyword(keyword: string): string {
  return keyword.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

function tokensOf(normalized: string): string[] {
  return normalized
    .replace(/['\u2019]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

/** Letters and digits of any script; everything else separates words. */
export function tokenize(keyword: string): string[] {
  return tokensOf(normalizeKeyword(keyword));
}

function isYear(token: string): boolean {
  return /^(19|20)\d\d$/.test(token);
}

/** Folds common English plurals: shoes -> shoe, batteries -> battery, boxes -> box. */
export function stem(token: string): string {
  if (token.length <= 3 || PLURAL_EXCEPTIONS.has(token) || !/^[a-z]+$/.test(token)) return token;
  if (token.endsWith("ies") && token.length > 4) return `${token.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(token)) return token;
  if (/(sses|xes|zes|ches|shes)$/.test(token)) return token.slice(0, -2);
  if (token.endsWith("s")) return token.slice(0, -1);
  return token;
}

function isTopicWord(token: string): boolean {
  return !STOPWORDS.has(token) && !MODIFIERS.has(token) && !isYear(token) && !/^[a-z]$/.test(token);
}

/** Everything the offline web needs to know about a keyword, worked out once. */
export interface KeywordInfo {
  /** As the caller wrote it. */
  raw: string;
  normalized: string;
  tokens: string[];
  /** Head terms: stemmed, de-duplicated, sorted. */
  heads: string[];
  question: boolean;
  commercial: boolean;
}

/**
 * A keyword's head terms are its topic words, stemmed. A keyword made only of stopwords and
 * modifiers ("how to") keeps all its words, and one with no letters or digits at all ("???")
 * is its own single term, so every non-blank keyword has a topic.
 */
export function analyzeKeyword(keyword: string): KeywordInfo {
  const normalized = normalizeKeyword(keyword);
  const tokens = tokensOf(normalized);
  let heads: string[];
  if (tokens.length === 0) {
    heads = normalized === "" ? [] : [normalized];
  } else {
    const topical = tokens.filter(isTopicWord);
    heads = [...new Set((topical.length > 0 ? topical : tokens).map(stem))].sort();
  }
  const first = tokens[0];
  return {
    raw: keyword,
    normalized,
    tokens,
    heads,
    question: normalized.includes("?") || (first !== undefined && QUESTION_STARTS.has(first)),
    commercial: tokens.some((t) => COMMERCIAL.has(t)),
  };
}

export function headTerms(keyword: string): string[] {
  return analyzeKeyword(keyword).heads;
}

/** Short words kept inside a phrase when they join two of its words: "shoes for men". */
const JOINERS = new Set(["for", "of", "and", "with", "to", "in", "on", "without"]);

/**
 * The keyword's own words that carry the given stems, in the keyword's order, with joining
 * words kept between them: "running shoes for men" for {men, running, shoe}.
 */
export function phraseFor(keyword: KeywordInfo, stems: readonly string[]): string {
  const wanted = new Set(stems);
  const seen = new Set<string>();
  const { tokens } = keyword;
  const keep = tokens.map((token) => {
    const s = stem(token);
    if (!wanted.has(s) || seen.has(s)) return false;
    seen.add(s);
    return true;
  });
  const first = keep.indexOf(true);
  const last = keep.lastIndexOf(true);
  if (first === -1) return stems.join(" ");
  const words: string[] = [];
  for (let i = first; i <= last; i++) {
    const token = tokens[i] as string;
    if (keep[i] || (JOINERS.has(token) && keep[i - 1])) words.push(token);
  }
  return words.join(" ");
}
