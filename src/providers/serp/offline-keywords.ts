// How the offline web reads a keyword: an entity (the thing searched for) and an intent facet
// (offline-facets.ts). The entity is what is left once stopwords, facet words, qualifiers and
// years are set aside, with plurals and synonyms folded through WordNet: "coffee grinders" and
// "coffee mill" are one entity, "latte" and "caffe latte" another.
import { isLemma, nounLemma, sensesOf, synset } from "../lexicon/wordnet";
import { QUALIFIERS, readFacet, type FacetId } from "./offline-facets";
import { present } from "../../platform/present";
import { keywordMatchKey } from "../../platform/text/keyword";

/** Words that carry no topic. */
const STOPWORDS = new Set(
  (
    "a an the and of for to in on at by with without from about into over under than as " +
    "is are was were be been being am do does did doing can could should would will shall may might must " +
    "i me my mine you your yours we us our it its he she his her they them their this that these those " +
    "there here not no so if then else also just very too more most much many some any all each every " +
    "get got need want like via per when where which who whom whose"
  ).split(/\s+/),
);

const QUESTION_STARTS = new Set(
  "how what why when where which who whom whose can could should would will is are does do did was were".split(" "),
);

/** Words that look plural but are not, or whose singular would be another word. */
const PLURAL_EXCEPTIONS = new Set(
  (
    "news series species physics mathematics economics politics athletics gymnastics aerobics " +
    "always perhaps chaos lens canvas atlas bias christmas texas paris kansas ios macos windows kubernetes jeans"
  ).split(" "),
);

function tokensOf(normalized: string): string[] {
  return normalized
    .replace(/['\u2019]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

/** Letters and digits of any script; everything else separates words. */
export function tokenize(keyword: string): string[] {
  return tokensOf(keywordMatchKey(keyword));
}

function isYear(token: string): boolean {
  return /^(19|20)\d\d$/.test(token);
}

/** A rough fold for words WordNet does not know: shoes -> shoe, batteries -> battery. */
function suffixStem(token: string): string {
  if (token.endsWith("ies") && token.length > 4) return `${token.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(token)) return token;
  if (/(sses|xes|zes|ches|shes)$/.test(token)) return token.slice(0, -2);
  if (token.endsWith("s")) return token.slice(0, -1);
  return token;
}

/** An "-ing" form WordNet lists only as a verb back to its base: "prepping" -> "prep", "grilling" -> "grill". */
function verbOfGerund(token: string): string | null {
  if (!token.endsWith("ing") || token.length < 6) return null;
  const base = token.slice(0, -3);
  const candidates = [base, `${base}e`, /(.)\1$/.test(base) ? base.slice(0, -1) : ""];
  return candidates.find((c) => c !== "" && (isLemma(c, "verb") || isLemma(c))) ?? null;
}

/** Abbreviations WordNet does not list, spelled out. */
const ABBREVIATIONS = new Map([
  ["k8s", "kubernetes"],
  ["js", "javascript"],
  ["seo", "search engine optimization"],
]);

/**
 * A word's base form: WordNet's singular when it knows the noun ("glasses" -> "glass"), the
 * verb of an "-ing" form it knows only as a verb ("prepping" -> "prep"), a suffix rule otherwise.
 */
export function stem(token: string): string {
  if (token.length <= 3 || PLURAL_EXCEPTIONS.has(token) || !/^[a-z]+$/.test(token)) return token;
  return nounLemma(token) ?? verbOfGerund(token) ?? suffixStem(token);
}

const canonicalCache = new Map<string, string | null>();

/**
 * The name WordNet files a phrase under when the phrase has a single noun sense: its synonyms
 * fold to one lemma (fewest words, then shortest: "coffee grinder" -> "coffee mill", "caffe
 * latte" -> "latte"). Phrases with several senses ("press") stay as they are.
 */
function canonical(phrase: string): string | null {
  const cached = canonicalCache.get(phrase);
  if (cached !== undefined) return cached;
  const senses = sensesOf(phrase);
  const [only] = senses;
  let out: string | null = null;
  if (only !== undefined && senses.length === 1) {
    const lemmas = synset(only).lemmas.filter((l) => /^[a-z ]+$/.test(l));
    out = [...lemmas].sort((a, b) => a.split(" ").length - b.split(" ").length || a.length - b.length)[0] ?? null;
  }
  if (canonicalCache.size > 50_000) canonicalCache.clear();
  canonicalCache.set(phrase, out);
  return out;
}

/**
 * "espresso machine" -> "espresso maker": WordNet names appliances "X maker" ("coffee maker",
 * "espresso maker"), people search "X machine"; the two fold when WordNet has the "maker" form.
 */
function makerForm(phrase: string): string | null {
  if (!phrase.endsWith(" machine")) return null;
  const maker = `${phrase.slice(0, -" machine".length)} maker`;
  return sensesOf(maker).length > 0 ? maker : null;
}

/** An adjective that is no noun ("crispy", "baked", "inverted") describes the thing, it does not name it. */
const isAdjectiveOnly = (word: string): boolean => isLemma(word, "adj") && nounLemma(word) === null;

/**
 * The entity's words in the keyword's order, synonyms folded: phrases WordNet knows (up to
 * three words) first, then single words; adjectives outside such phrases are dropped while a
 * noun remains.
 */
function foldSynonyms(words: string[]): string[] {
  const out: Array<{ word: string; inPhrase: boolean }> = [];
  let i = 0;
  while (i < words.length) {
    let taken = 0;
    for (let n = Math.min(3, words.length - i); n >= 1 && taken === 0; n--) {
      const phrase = words.slice(i, i + n).join(" ");
      const known = n > 1 ? (makerForm(phrase) ?? phrase) : (ABBREVIATIONS.get(phrase) ?? phrase);
      const folded = canonical(known) ?? (known !== phrase ? known : null);
      if (folded !== null) {
        out.push(...folded.split(" ").map((word) => ({ word, inPhrase: n > 1 || folded.includes(" ") })));
        taken = n;
      }
    }
    if (taken === 0) {
      out.push({ word: present(words[i], "a word of the entity"), inPhrase: false });
      taken = 1;
    }
    i += taken;
  }
  const named = out.filter((w) => w.inPhrase || !isAdjectiveOnly(w.word));
  return (named.length > 0 ? named : out).map((w) => w.word);
}

/** "how to cook tofu": the verb after "how to" is the how-to's, not the entity's. */
function howToVerb(tokens: readonly string[], used: Set<number>): void {
  for (const [i, verb] of tokens.entries()) {
    if (i >= 2 && tokens[i - 2] === "how" && tokens[i - 1] === "to" && !used.has(i) && isLemma(verb, "verb")) used.add(i);
  }
}

/** Everything the offline web needs to know about a keyword, worked out once. */
export interface KeywordInfo {
  /** As the caller wrote it. */
  raw: string;
  normalized: string;
  tokens: string[];
  /** The entity: its words singular, synonyms folded, de-duplicated and sorted. */
  heads: string[];
  /** The entity in the keyword's own words and order ("coffee grinders"), for titles. */
  subject: string;
  facet: FacetId;
  question: boolean;
  /** The keyword is about buying or hiring (its facet is buying or local). */
  commercial: boolean;
  /** Some word names the entity: the keyword is not only stopwords, facet words and qualifiers ("how to"). */
  named: boolean;
}

/**
 * A keyword's entity is its remaining words, folded. A keyword made only of stopwords, facet
 * words and qualifiers ("how to") keeps all its words, and one with no letters or digits at
 * all ("???") is its own single term, so every non-blank keyword has an entity.
 */
export function analyzeKeyword(keyword: string): KeywordInfo {
  const normalized = keywordMatchKey(keyword);
  const tokens = tokensOf(normalized);
  const { facet, used } = readFacet(tokens);
  howToVerb(tokens, used);
  let heads: string[];
  let subject = normalized;
  let named = false;
  if (tokens.length === 0) {
    heads = normalized === "" ? [] : [normalized];
  } else {
    const singular: string[] = [];
    // The entity's words: singular, and as the keyword wrote them.
    const kept: string[] = [];
    const keptTokens: string[] = [];
    for (const [i, token] of tokens.entries()) {
      const one = stem(token);
      singular.push(one);
      if (!used.has(i) && isEntityWord(token, one)) {
        kept.push(one);
        keptTokens.push(token);
      }
    }
    named = kept.length > 0;
    const words = named ? foldSynonyms(kept) : singular;
    heads = [...new Set(words)].sort();
    subject = keptTokens.length > 0 ? keptTokens.join(" ") : tokens.join(" ");
  }
  const first = tokens[0];
  return {
    raw: keyword,
    normalized,
    tokens,
    heads,
    subject,
    facet,
    question: normalized.includes("?") || (first !== undefined && QUESTION_STARTS.has(first)),
    commercial: facet === "buying" || facet === "local",
    named,
  };
}

function isEntityWord(token: string, singular: string): boolean {
  if (STOPWORDS.has(token) || QUALIFIERS.has(token) || QUALIFIERS.has(singular) || isYear(token)) return false;
  return !/^[a-z]$/.test(token);
}

export function headTerms(keyword: string): string[] {
  return analyzeKeyword(keyword).heads;
}

/** Short words kept inside a phrase when they join two of its words: "shoes for men". */
const JOINERS = new Set(["for", "of", "and", "with", "to", "in", "on", "without"]);

/**
 * The keyword's own words that carry the given stems, in the keyword's order, with joining
 * words kept between them: "french press coffee" for {coffee, french, press}. When the
 * keyword does not hold every stem (a folded synonym), the stems themselves.
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
  if (seen.size < wanted.size) return stems.join(" ");
  const first = keep.indexOf(true);
  const last = keep.lastIndexOf(true);
  const words: string[] = [];
  for (let i = first; i <= last; i++) {
    const token = tokens[i] as string;
    if (keep[i] || (JOINERS.has(token) && keep[i - 1])) words.push(token);
  }
  return words.join(" ");
}
