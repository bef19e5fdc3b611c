// Titles, snippets and AI answers for the offline web. A page's title follows its facet (a
// buying page reads "The 9 Best ...", a cleaning page "How to Clean ..."), its template chosen
// by its URL so the same page keeps its style whichever keyword it ranks for. Snippets say
// what the lexicon knows about the entity (its definition, kinds and parts) and what pages of
// the facet cover; nothing is invented beyond that. The offline web knows no brand, so it
// speaks only of senses that need no confirmation (../lexicon/sense.ts: a word of one noun
// sense), defines only a phrase WordNet names whole, and says nothing from a harmful domain
// that the keyword itself does not say.
import { present } from "../../platform/present";
import { entityFacts, type EntityFacts } from "../lexicon/entity-facts";
import { introducesHarm, ownWordsOf } from "../lexicon/harmful-terms";
import type { FacetId } from "./offline-facets";
import { phraseFor, stem, type KeywordInfo } from "./offline-keywords";
import type { Page } from "./offline-web";
import { hashString, rngFrom } from "./prng";

const SMALL_WORDS = new Set(["a", "an", "the", "for", "of", "and", "with", "without", "to", "in", "on", "or", "vs"]);

function titleCase(text: string): string {
  return text
    .split(" ")
    .map((w, i) => (i > 0 && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(" ");
}

const sentenceCase = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function choose<T>(templates: readonly T[], seed: string): T {
  return templates[hashString(seed) % templates.length] as T;
}

function joinAnd(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}` : (items[0] ?? "");
}

/** What pages of each facet cover, as the noun phrases such pages use (and briefs pick up as themes). */
const ASPECTS: Record<FacetId, readonly string[]> = {
  general: ["how it works", "price range", "main types", "common uses"],
  howto: ["step-by-step method", "timing", "equipment needed", "common mistakes", "beginner tips"],
  buying: ["price", "build quality", "features", "value for money", "warranty", "owner reviews"],
  cleaning: ["cleaning schedule", "cleaning products", "daily care", "deep cleaning", "storage"],
  problems: ["common causes", "quick fixes", "repair costs", "warning signs"],
  comparison: ["price", "features", "ease of use", "best fit"],
  local: ["opening hours", "ratings", "directions", "prices"],
  definitions: ["definition", "history", "main types", "how it works"],
  health: ["nutrition facts", "health benefits", "risks", "daily limits"],
  ideas: ["quick ideas", "seasonal ideas", "budget ideas", "beginner ideas"],
};

type Title = (p: string, s: string, n: number, verb: string) => string;

const TITLES: Record<FacetId, readonly Title[]> = {
  general: [(p, s) => `${p}: The Complete Guide | ${s}`, (p) => `${p}: What You Need to Know`, (p, s) => `Everything About ${p} | ${s}`],
  howto: [
    (p, s, _n, v) => `How to ${v} ${p}: Step-by-Step Guide | ${s}`,
    (p, s) => `${p} for Beginners: A Simple How-To - ${s}`,
    (p, s, n) => `${n} ${p} Tips That Actually Work | ${s}`,
  ],
  buying: [
    (p, s, n) => `The ${n} Best ${p}, Tested and Reviewed | ${s}`,
    (p, s) => `${p} Reviews: Our Top Picks - ${s}`,
    (p, s) => `${p} Buying Guide: Prices and What to Look For | ${s}`,
  ],
  cleaning: [
    (p, s) => `How to Clean ${p} (and How Often) | ${s}`,
    (p, s) => `${p} Cleaning and Maintenance Guide - ${s}`,
    (p, s) => `${p} Care: Cleaning and Storage | ${s}`,
  ],
  problems: [
    (p, s) => `${p} Problems and How to Fix Them | ${s}`,
    (p, s, n) => `${p} Not Working? ${n} Common Fixes - ${s}`,
    (p, s, n) => `${n} Common ${p} Mistakes to Avoid | ${s}`,
  ],
  comparison: [
    (p, s) => `${p} Compared: Pros, Cons and Prices | ${s}`,
    (p, s) => `The Best ${p} Alternatives | ${s}`,
    (p) => `${p}: Which One Should You Choose?`,
  ],
  local: [
    (p, s) => `${p} Near You: Top Rated and Open Now | ${s}`,
    (p, s) => `Find ${p} Near Me - ${s}`,
    (p, s) => `The Best ${p} in Your Area | ${s}`,
  ],
  definitions: [
    (p, s) => `What Is ${p}? Meaning, Types and History | ${s}`,
    (p, s) => `${p} Explained in Plain English - ${s}`,
    (p, s) => `${p}: Definition and How It Works | ${s}`,
  ],
  health: [(p, s) => `${p} Benefits: What the Research Says | ${s}`, (p, s) => `Is ${p} Healthy? Nutrition Facts - ${s}`],
  ideas: [(p, s, n) => `${n} ${p} Ideas to Try This Week | ${s}`, (p, s) => `${p} Ideas and Examples - ${s}`],
};

const YOUTUBE_TITLES: Record<FacetId, (p: string, verb: string) => string> = {
  general: (p) => `${p} Explained`,
  howto: (p, v) => `How to ${v} ${p} (Step by Step)`,
  buying: (p) => `${p} Review: Is It Worth It?`,
  cleaning: (p) => `How to Clean ${p}`,
  problems: (p) => `${p} Problems Fixed`,
  comparison: (p) => `${p} Compared`,
  local: (p) => `${p} Near Me`,
  definitions: (p) => `What Is ${p}?`,
  health: (p) => `${p} Benefits Explained`,
  ideas: (p) => `${p} Ideas`,
};

/** The words the page is about as this keyword says them, and what the lexicon knows of them. */
function subjectOf(page: Page, keyword: KeywordInfo): { phrase: string; facts: EntityFacts | null } {
  const same = page.stems.length === keyword.heads.length && page.stems.every((s, i) => s === keyword.heads[i]);
  const phrase = same ? keyword.subject : phraseFor(keyword, page.stems);
  return { phrase, facts: entityFacts(phrase.split(" ").map(stem)) };
}

const verbFor = (facts: EntityFacts | null): string => (facts?.entityClass === "food" ? "Make" : "Use");

/** The page's title as it shows for this keyword (the keyword's own word forms). */
export function titleFor(page: Page, keyword: KeywordInfo): string {
  const { phrase, facts } = subjectOf(page, keyword);
  const title = titleCase(phrase);
  const n = 5 + (hashString(page.url) % 11);
  switch (page.kind) {
    case "wikipedia":
      return `${sentenceCase(phrase)} - Wikipedia`;
    case "youtube":
      return `${YOUTUBE_TITLES[page.facet](title, verbFor(facts))} - YouTube`;
    case "reddit":
      return choose([`Which ${phrase} do you recommend? : ${page.siteName}`, `Honest thoughts on ${phrase}? : ${page.siteName}`], page.url);
    case "amazon":
      return `Amazon.com: ${phrase}`;
    case "quora":
      return page.facet === "definitions" ? `What is ${phrase}? - Quora` : `What should I know about ${phrase}? - Quora`;
    case "hub":
      return `${title}: Guides, Reviews and News | ${page.siteName}`;
    case "keyword": {
      const own = titleCase(keyword.normalized);
      return keyword.question ? `${own.replace(/\?$/, "")}? Here's the Answer | ${page.siteName}` : `${own} | ${page.siteName}`;
    }
    case "article":
      return choose(TITLES[page.facet], page.url)(title, page.siteName, n, verbFor(facts));
  }
}

/** "strong black coffee brewed by ..." -> "Espresso is strong black coffee brewed by ...". */
function definition(phrase: string, facts: EntityFacts | null): string | null {
  // The anchor's gloss defines the anchor: "bath bomb" is not defined by "bomb".
  if (!facts || facts.gloss === "" || !facts.whole) return null;
  const gloss = facts.gloss.replace(/\.$/, "");
  // Stuff ("strong black coffee ...") takes no article; a thing is "a" or "an" one, named in the singular.
  const counted =
    /^(a|an)\b/.test(gloss) || facts.entityClass === "artifact" || facts.entityClass === "living" || facts.entityClass === "person";
  const singular = counted
    ? phrase
        .split(" ")
        .map((w, i, all) => (i === all.length - 1 ? stem(w) : w))
        .join(" ")
    : phrase;
  const subject = counted ? `${/^[aeiou]/.test(singular) ? "An" : "A"} ${singular}` : sentenceCase(phrase);
  const bare = /^(a|an|the|any|one|someone|something|some|\w+ing)\b/.test(gloss) || !counted;
  const article = bare ? "" : /^[aeiou]/.test(gloss) ? "an " : "a ";
  const sentence = `${subject} is ${article}${gloss}.`;
  return introducesHarm(sentence, ownWordsOf([phrase])) ? null : sentence;
}

/**
 * What the lexicon lists under the entity: its kinds, else its parts (nothing else is said),
 * when the anchor is the phrase's head ("espresso" of "home espresso"), and nothing harmful
 * the phrase does not say.
 */
function lexiconLine(phrase: string, facts: EntityFacts | null, rng: ReturnType<typeof rngFrom>): string {
  if (!facts || facts.span[1] !== phrase.split(" ").length) return "";
  const harmless = (lemma: string) => !introducesHarm(lemma, ownWordsOf([phrase]));
  const kinds = rng.shuffle(facts.kinds.filter(harmless)).slice(0, 3);
  if (kinds.length >= 2) return ` Kinds include ${joinAnd(kinds)}.`;
  const parts = facts.parts.filter(harmless).slice(0, 3);
  return parts.length >= 2 ? ` It is made of ${joinAnd(parts)}.` : "";
}

/** Google shows a snippet that fits the search, so this one depends on the keyword too. */
export function snippetFor(page: Page, keyword: KeywordInfo): string {
  const { phrase, facts } = subjectOf(page, keyword);
  const rng = rngFrom("snippet", page.url, keyword.normalized);
  const [a, b, c] = rng.shuffle(ASPECTS[page.facet]);
  const defined = definition(phrase, facts);
  switch (page.kind) {
    case "wikipedia":
      return `${defined ?? `${sentenceCase(phrase)}: ${a}, ${b} and ${c}.`}${lexiconLine(phrase, facts, rng)}`;
    case "hub":
      return `${sentenceCase(phrase)}: our guides on ${a}, ${b} and ${c}.${lexiconLine(phrase, facts, rng)}`;
    case "youtube":
      return `In this video we walk through ${phrase}: ${a}, ${b} and ${c}, with a quick summary at the end.`;
    case "reddit":
      return `Looking for advice on ${phrase}. What matters more, ${a} or ${b}? What worked for you?`;
    case "amazon":
      return `Results for ${phrase}. Compare ${a} and ${b} across top-rated options, with fast delivery on eligible orders.`;
    case "quora":
      return `Answer (1 of ${rng.int(3, 40)}): ${defined ?? `${sentenceCase(phrase)} comes down to ${a} and ${b}.`}`;
    case "keyword":
      return `${sentenceCase(keyword.normalized.replace(/\?+$/, ""))}: answered step by step, covering ${a}, ${b} and ${c}.`;
    case "article":
      return choose(
        [
          `Our guide to ${phrase} covers ${a}, ${b} and ${c}.`,
          `We looked at ${a} and ${b} for ${phrase}.${lexiconLine(phrase, facts, rng)}`,
          `${sentenceCase(present(a, "an aspect of the facet"))}, ${b} and ${c}: what matters for ${phrase}, in plain words.`,
          // Encyclopedic pages open with the definition; the others say what they cover.
          `${page.facet === "definitions" || page.facet === "general" ? (defined ?? "") : ""} This page covers ${a} and ${b} of ${phrase}.`.trim(),
        ],
        page.url,
      );
  }
}

/** The text of a synthesized AI answer about the keyword: its definition and its facet's points. */
export function aiAnswerText(keyword: KeywordInfo, variant: "overview" | "mode"): string {
  const rng = rngFrom("ai-text", variant, keyword.normalized);
  const facts = entityFacts(keyword.subject.split(" ").map(stem));
  const [a, b, c] = rng.shuffle(ASPECTS[keyword.facet]);
  const opening = definition(keyword.subject, facts) ?? `${sentenceCase(keyword.subject)} is usually judged on ${a} and ${b}.`;
  const middle = `For "${keyword.normalized.replace(/\?+$/, "")}", the pages that rank focus on ${a}, ${b} and ${c}.${lexiconLine(keyword.subject, facts, rng)}`;
  const closing =
    variant === "mode" ? "Say more about your situation and the answer can be narrowed down." : "The sources below go into more detail.";
  return `${opening} ${middle} ${closing}`;
}
