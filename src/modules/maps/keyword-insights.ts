// The keyword- and SERP-derived fields of a topical-map keyword entry (spec "Topical map detail",
// docs/conventions.md §8): slug, title, search intent, buyer's journey stage, content format, and the SERP
// summaries of serp-summary.ts. Pure and deterministic: metrics, tree position and similarity are
// the caller's. Every rule is a heuristic on the keyword's words; its precedence is written
// where it is decided, and the tests pin each one.
import {
  rankedResults,
  serpAnalysis,
  serpCompetitors,
  serpFavoursListicles,
  serpFreshness,
  topSnippet,
  type InsightSerp,
  type InsightSerpResult,
} from "./serp-summary";

import { present } from "../../platform/present";
import { urlSlug } from "../../platform/text/slug";

export { urlOverlapSimilarity, type InsightSerpResult } from "./serp-summary";

export interface InsightInput {
  /** Already trimmed and lowercased (docs/conventions.md §7). */
  keyword: string;
  /** null when no SERP data was stored for the keyword (or its fetch failed). */
  serp: InsightSerp | null;
  /**
   * Ignored: the entry's similarity is urlOverlapSimilarity's, computed by the caller from the
   * centroid's URLs. Accepted so a caller may pass it alongside.
   */
  similarity?: number;
}

export type SearchIntent = "informational" | "commercial" | "transactional" | "navigational";
export type BuyersJourney = "awareness" | "consideration" | "decision";

export const CONTENT_TYPES = [
  "how-to guide",
  "listicle",
  "comparison",
  "review",
  "explainer",
  "template",
  "product page",
  "guide",
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export interface KeywordInsights {
  url_slug: string;
  content_title: string;
  search_intent: SearchIntent;
  buyers_journey: BuyersJourney;
  content_type: ContentType;
  serp_analysis: string;
  serp_competitors: string;
  serp_freshness: string;
  snippet: string;
  has_serp_data: boolean;
}

// ---------------------------------------------------------------------------------------------
// Words and modifiers

/**
 * The keyword as whole words, so modifiers match words, never substrings ("buy" is not in
 * "buyer", "top" is not in "laptop"). "what's" reads as "what is"; other punctuation separates.
 */
function wordsOf(keyword: string): string[] {
  return keyword
    .replace(/\b(what|who|where|how)['’]s\b/g, "$1 is")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}

/**
 * Phrases by their first word, each with the words that must follow it: a keyword is then looked
 * up word by word instead of tried against every phrase (a 50,000-row upload derives these fields
 * for every row, and most words start no phrase).
 */
type Phrases = ReadonlyMap<string, readonly (readonly string[])[]>;

function phrases(...list: string[]): Phrases {
  const byFirst = new Map<string, string[][]>();
  for (const phrase of list) {
    const [head, ...rest] = phrase.split(" ");
    // split gives at least one piece.
    const first = present(head, "the first word of a phrase");
    const tails = byFirst.get(first);
    if (tails) tails.push(rest);
    else byFirst.set(first, [rest]);
  }
  return byFirst;
}

function hasAny(words: readonly string[], list: Phrases): boolean {
  for (const [start, first] of words.entries()) {
    const tails = list.get(first);
    if (tails?.some((tail) => tail.every((word, offset) => words[start + 1 + offset] === word))) return true;
  }
  return false;
}

const isNumber = (word: string | undefined): boolean => word !== undefined && /^\d+$/.test(word);

/**
 * "top" ranks things only in "top 10 …", "top rated …", or at the head of the keyword ("top crm
 * tools", "the top …"); "tank top" or "table top ideas" are products, not rankings.
 */
function hasRankingTop(words: readonly string[]): boolean {
  return words.some(
    (word, i) => word === "top" && (i === 0 || (i === 1 && words[0] === "the") || isNumber(words[i + 1]) || words[i + 1] === "rated"),
  );
}

const TRANSACTIONAL = phrases(
  "buy",
  "purchase",
  "order",
  "price",
  "prices",
  "pricing",
  "cheap",
  "cheapest",
  "affordable",
  "deal",
  "deals",
  "coupon",
  "coupons",
  "promo code",
  "discount",
  "discounts",
  "for sale",
  "on sale",
  "for rent",
  "near me",
  "hire",
  "subscription",
  "subscribe",
  "free trial",
);
const COMMERCIAL = phrases(
  "best",
  "review",
  "reviews",
  "reviewed",
  "vs",
  "versus",
  "compare",
  "compared",
  "comparison",
  "alternatives",
  "alternative to",
  "rated",
  "rating",
  "ratings",
  "pros and cons",
  "worth it",
  "recommended",
);
const NAVIGATIONAL = phrases(
  "login",
  "log in",
  "logon",
  "sign in",
  "signin",
  "sign up",
  "signup",
  "official site",
  "official website",
  "homepage",
  "home page",
  "my account",
  "customer service",
  "www",
);
// A domain typed as the query ("hubspot.com", "linear.app"): the searcher wants that site.
const DOMAIN = /[a-z0-9]\.(?:com|net|org|io|co|ai|app|dev|gov|edu|us|uk|de|fr|ca|au)(?![a-z0-9])/;

/**
 * Precedence transactional > commercial > navigational > informational: the modifier closest to
 * a purchase wins ("best price" is a buyer with a choice made; "hubspot vs salesforce login" is
 * still a comparison; "how to buy bitcoin" is someone about to buy), and a query with no modifier
 * is a question.
 */
export function searchIntent(keyword: string): SearchIntent {
  const words = wordsOf(keyword);
  if (hasAny(words, TRANSACTIONAL)) return "transactional";
  if (hasAny(words, COMMERCIAL) || hasRankingTop(words)) return "commercial";
  if (hasAny(words, NAVIGATIONAL) || DOMAIN.test(keyword)) return "navigational";
  return "informational";
}

/** A navigational searcher already knows where to go, so like a transactional one they decide. */
export function buyersJourney(intent: SearchIntent): BuyersJourney {
  if (intent === "informational") return "awareness";
  if (intent === "commercial") return "consideration";
  return "decision";
}

// ---------------------------------------------------------------------------------------------
// Content type

const HOW_TO = phrases("how to");
const COMPARISON = phrases("vs", "versus", "compare", "compared", "comparison");
const LISTICLE = phrases("best", "alternatives", "tips", "ideas", "ways");
const REVIEW = phrases("review", "reviews");
const EXPLAINER = phrases("what is", "what are", "what does", "meaning", "definition", "define", "explained");
const TEMPLATE = phrases(
  "template",
  "templates",
  "checklist",
  "checklists",
  "example",
  "examples",
  "sample",
  "samples",
  "worksheet",
  "worksheets",
);
// Title words: a ranking of options, and a page of examples.
const RANKED_LIST = phrases("best", "alternatives");
const EXAMPLES = phrases("example", "examples", "sample", "samples");

// A leading count alone ("10 ways …") is not a listicle sign: "2 player games" and "3 ingredient
// cookies" are not lists. The list words ("ways", "ideas") carry those keywords instead.
function isListicleKeyword(words: readonly string[]): boolean {
  return hasRankingTop(words) || hasAny(words, LISTICLE);
}

/**
 * The keyword's shape decides, first match wins: how-to guide > comparison > listicle > review >
 * explainer > template > product page (transactional intent) > guide. The order puts the most
 * specific page format first ("best espresso machine reviews" is a list of reviews, so a
 * listicle; "how to compare x" is a how-to). Only a keyword no rule claims looks at the SERP: when
 * most of its top-5 titles open with a count (serpFavoursListicles), it is a listicle.
 */
export function contentType(keyword: string, intent: SearchIntent, ranked: readonly InsightSerpResult[]): ContentType {
  const words = wordsOf(keyword);
  if (hasAny(words, HOW_TO)) return "how-to guide";
  if (hasAny(words, COMPARISON)) return "comparison";
  if (isListicleKeyword(words)) return "listicle";
  if (hasAny(words, REVIEW)) return "review";
  if (hasAny(words, EXPLAINER)) return "explainer";
  if (hasAny(words, TEMPLATE)) return "template";
  if (intent === "transactional") return "product page";
  if (serpFavoursListicles(ranked)) return "listicle";
  return "guide";
}

// ---------------------------------------------------------------------------------------------
// Title

const MAX_TITLE = 70;
const SMALL_WORDS = new Set([
  "a",
  "an",
  "the",
  "and",
  "but",
  "or",
  "nor",
  "as",
  "at",
  "by",
  "for",
  "from",
  "in",
  "into",
  "of",
  "on",
  "onto",
  "per",
  "to",
  "via",
  "vs",
  "versus",
  "with",
]);
const QUESTION_STARTS = new Set(["what", "why", "when", "where", "who", "which", "how", "can", "does", "should", "is", "are"]);

function capitalize(part: string): string {
  return part.charAt(0).toUpperCase() + part.slice(1);
}

/**
 * Title Case: each word (and each part of a hyphenated word) capitalized, except the small
 * words above, which stay lowercase unless they open the title ("How to Brew Espresso", "Espresso
 * vs Latte", "Step-by-Step"). Runs of spaces become one.
 */
export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .filter((word) => word !== "")
    .map((word, wordIndex) =>
      word
        .split("-")
        .map((part, partIndex) => {
          const bare = part.toLowerCase().replace(/[.,;:!?]+$/, "");
          const opening = wordIndex === 0 && partIndex === 0;
          return !opening && SMALL_WORDS.has(bare) ? part.toLowerCase() : capitalize(part);
        })
        .join("-"),
    )
    .join(" ");
}

/** Cut at the last space within the limit, or hard (without splitting a surrogate pair). */
function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const space = text.lastIndexOf(" ", limit);
  if (space > 0) return text.slice(0, space).replace(/[\s:;,-]+$/, "");
  const end = /[\uD800-\uDBFF]/.test(text.charAt(limit - 1)) ? limit - 1 : limit;
  return text.slice(0, end);
}

/**
 * What follows the keyword in the title: a subtitle (after ": ", or after the "?" of a question)
 * or a tail read as part of the same phrase ("Best Espresso Machines Compared").
 */
type TitleSuffix = { kind: "subtitle" | "tail"; text: string } | null;

function titleSuffix(type: ContentType, words: readonly string[], question: boolean): TitleSuffix {
  switch (type) {
    case "how-to guide":
      return { kind: "subtitle", text: "Step-by-Step Guide" };
    case "listicle":
      return hasAny(words, RANKED_LIST) || hasRankingTop(words)
        ? { kind: "tail", text: "Compared" }
        : { kind: "subtitle", text: "The Complete List" };
    case "comparison":
      return { kind: "subtitle", text: "Key Differences" };
    case "review":
      return { kind: "subtitle", text: "Pros, Cons and Verdict" };
    case "explainer":
      return question ? { kind: "subtitle", text: "Meaning and Examples" } : { kind: "tail", text: "Explained" };
    case "template":
      return hasAny(words, EXAMPLES)
        ? { kind: "subtitle", text: "Ready-to-Use Templates" }
        : { kind: "subtitle", text: "Ready-to-Use Examples" };
    case "product page":
      // A shop page is titled by what the searcher asked for; a suffix would only repeat it.
      return null;
    case "guide":
      return { kind: "subtitle", text: "The Complete Guide" };
  }
}

/**
 * The keyword in Title Case, shaped by the content type: "How to Brew Espresso: Step-by-Step
 * Guide", "Best Espresso Machines Compared", "Espresso vs Latte: Key Differences", "What Is Cold
 * Brew? Meaning and Examples", "Cold Brew Meaning Explained". A question (it opens with a
 * question word, "how to" excepted) ends with "?", which then stands in for the subtitle's colon;
 * a tail does not follow a "?" and is dropped there. Never over 70 characters: the suffix goes
 * first, then the keyword is cut at a word.
 */
export function contentTitle(keyword: string, type: ContentType): string {
  const words = wordsOf(keyword);
  const base = titleCase(keyword.replace(/[?!.\s]+$/, ""));
  if (base === "") return "";
  const question = QUESTION_STARTS.has(words[0] ?? "") && !(words[0] === "how" && words[1] === "to");
  const head = question ? `${base}?` : base;
  const suffix = titleSuffix(type, words, question);
  let full = head;
  if (suffix?.kind === "subtitle") full = `${head}${question ? " " : ": "}${suffix.text}`;
  else if (suffix?.kind === "tail" && !question) full = `${head} ${suffix.text}`;
  return full.length <= MAX_TITLE ? full : clip(head, MAX_TITLE);
}

// ---------------------------------------------------------------------------------------------
// The entry

/**
 * All derived fields for one keyword. A SERP stored with no results is treated like no SERP
 * (has_serp_data false, summaries empty, freshness "unknown"), so has_serp_data always tells
 * whether the SERP fields carry anything.
 */
export function keywordInsights(input: InsightInput): KeywordInsights {
  const { keyword, serp } = input;
  const ranked = serp === null ? [] : rankedResults(serp.results);
  const hasSerpData = serp !== null && ranked.length > 0;
  const intent = searchIntent(keyword);
  const type = contentType(keyword, intent, ranked);
  return {
    url_slug: urlSlug(keyword),
    content_title: contentTitle(keyword, type),
    search_intent: intent,
    buyers_journey: buyersJourney(intent),
    content_type: type,
    serp_analysis: hasSerpData ? serpAnalysis(serp, ranked) : "",
    serp_competitors: hasSerpData ? serpCompetitors(ranked) : "",
    serp_freshness: hasSerpData ? serpFreshness(serp.fetchedAt, ranked) : "unknown",
    snippet: hasSerpData ? topSnippet(ranked) : "",
    has_serp_data: hasSerpData,
  };
}
