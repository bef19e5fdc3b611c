// Sentences a section draft can say about its terms without inventing anything: what the
// lexicon records (a definition, the broader class, kinds, parts, sister kinds), and what the
// intent facet of the article is about (a buying guide weighs price and warranty, a how-to the
// method and timing). They replace generic filler: every sentence names a term and a fact or
// a facet's aspect of it.
import { present } from "../../../platform/present";
import { entityFacts } from "../../lexicon/entity-facts";
import { NO_CONTEXT, type SenseContext } from "../../lexicon/sense";
import { singularLast } from "../../lexicon/wordnet";
import type { FacetId } from "../../serp/offline-facets";
import { definition } from "../../serp/offline-text";
import { capitalize, words } from "./text";

const joinAnd = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? "");

const CONCRETE = new Set(["food", "artifact", "living", "place"]);

/**
 * What WordNet says of a term, as sentences ("An espresso maker is a coffee maker that ..."),
 * for concrete things only, and only for a sense the context (the brand's words) confirms or
 * a term of one sense. Each sentence names its term, so any order reads right.
 */
export function lexiconSentences(term: string, context: SenseContext = NO_CONTEXT): string[] {
  const list = words(term);
  if (list.length === 0 || list.length > 4) return [];
  const singular = singularLast(list);
  const facts = entityFacts(singular, context);
  // Only a term WordNet names whole: "grind size" is not "size".
  if (facts?.span[0] !== 0 || facts.span[1] !== list.length || !CONCRETE.has(facts.entityClass)) return [];
  const defined = definition(term, facts);
  const name = defined?.split(" is ")[0] ?? capitalize(term);
  const one = singular.join(" ");
  const out: string[] = [];
  if (defined) out.push(defined);
  if (facts.broader) out.push(`${name} is a kind of ${facts.broader}.`);
  if (facts.kinds.length >= 2) out.push(`Kinds of ${one} include ${joinAnd(facts.kinds.slice(0, 3))}.`);
  if (facts.parts.length >= 2)
    out.push(`The parts of ${/^[aeiou]/.test(one) ? "an" : "a"} ${one} include ${joinAnd(facts.parts.slice(0, 3))}.`);
  if (facts.sisters.length >= 2) out.push(`${name} is often weighed against ${joinAnd(facts.sisters.slice(0, 2))}.`);
  return out;
}

/**
 * What an article of each facet weighs about its subject ({S}) under each of the facet's
 * aspects ({A}, ASPECTS in offline-text.ts); {is} agrees with the aspect. Every template
 * reads right with every aspect of its facet.
 */
export const FACET_SENTENCES: Record<FacetId, readonly string[]> = {
  general: [
    "Most questions about {S} come back to {A}.",
    "{Ac} {is} the first thing to check with {S}.",
    "With {S}, {A} {is} where the differences show.",
    "Readers new to {S} usually ask about {A} first.",
    "A good guide to {S} says plainly what {A} means in practice.",
  ],
  howto: [
    "For {S}, {A} {is} where most of the result is decided.",
    "Keep notes on {A}, so that a good result with {S} can be repeated.",
    "Beginners with {S} get the most from {A}.",
    "{Ac} {is} worth settling before the first attempt at {S}.",
    "Most guides to {S} spend the longest on {A}.",
  ],
  buying: [
    "Set a budget for {S} first, then compare {A} within it.",
    "Owner reviews of {S} say more about {A} than a specification sheet does.",
    "{Ac} {is} where cheap and expensive {S} differ most.",
    "Before you buy {S}, decide how much {A} matters to you.",
    "Shops rarely compare {S} on {A}, so it pays to do it yourself.",
  ],
  cleaning: [
    "{Ac} {is} what keeps {S} in good order for years.",
    "Plan {A} for {S} around how often it is used.",
    "Skipping {A} is the most common reason {S} wears out early.",
    "The manual for {S} usually covers {A}.",
  ],
  problems: [
    "Look at {A} first when {S} goes wrong.",
    "Knowing {A} saves time when {S} stops working as it should.",
    "Write down {A} as you find them, for the next time {S} acts up.",
    "{Ac} {is} the part of troubleshooting {S} that people skip.",
  ],
  comparison: [
    "Compare {S} with the alternatives on {A}.",
    "On {A}, the options for {S} differ more than their prices suggest.",
    "{Ac} {is} what decides which {S} suits whom.",
    "Side by side, {A} {is} where {S} stands out or falls behind.",
  ],
  local: [
    "Check {A} before you go out for {S}.",
    "For {S} nearby, {A} {is} what separates the good places from the rest.",
    "Listings for {S} near you show {A}.",
  ],
  definitions: [
    "{Ac} {is} the clearest way into {S}.",
    "Explaining {S} well starts with {A}.",
    "Most introductions to {S} cover {A}.",
    "Readers meeting {S} for the first time ask about {A}.",
  ],
  health: [
    "{Ac} of {S} vary with the portion and the recipe.",
    "Look at {A} on the label of {S}.",
    "Ask a doctor about {A} of {S} if you have a condition.",
  ],
  ideas: [
    "Keep a short list of {A} for {S} and rotate through it.",
    "{Ac} keep {S} from becoming repetitive.",
    "Start with {A} for {S}, then build your own.",
  ],
};

/** Whether a noun phrase takes "are" ("owner reviews", "risks"), not "is". */
const plural = (phrase: string) => !/^(how|what|why|when) /.test(phrase) && /[^s]s$/.test(phrase.split(" ").at(-1) ?? "");

/**
 * Facet sentences about a subject, each template meeting each aspect at most once, in a fair
 * order (every template before any repeats). A template naming the aspect's own words is skipped.
 */
export function facetSentences(facet: FacetId, subject: string, aspects: readonly string[]): string[] {
  const templates = FACET_SENTENCES[facet];
  const out: string[] = [];
  for (let round = 0; round < aspects.length; round++) {
    templates.forEach((template, t) => {
      const A = present(aspects[(round + t) % aspects.length], "an aspect");
      const fixed = template.replace(/\{\w+\}/g, " ").toLowerCase();
      if (A.split(" ").some((w) => w.length > 3 && fixed.includes(w)) || A === subject) return;
      out.push(
        template
          .replace(/\{S\}/g, subject)
          .replace(/\{Ac\}/g, capitalize(A))
          .replace(/\{A\}/g, A)
          .replace(/\{is\}/g, plural(A) ? "are" : "is"),
      );
    });
  }
  return [...new Set(out)];
}
