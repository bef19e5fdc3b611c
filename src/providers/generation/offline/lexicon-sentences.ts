// Sentences a section draft can say about its terms without inventing anything: what the
// lexicon records (a definition, the broader class, kinds, parts, sister kinds), and what the
// intent facet of the article is about (a buying guide weighs price and warranty, a how-to the
// method and timing). They replace generic filler: every sentence names a term and a fact or
// a facet's aspect of it.
import { entityFacts } from "../../lexicon/entity-facts";
import { nounLemma } from "../../lexicon/wordnet";
import type { FacetId } from "../../serp/offline-facets";
import { definition } from "../../serp/offline-text";
import { capitalize, words } from "./text";

const joinAnd = (items: readonly string[]) => (items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? ""));

const CONCRETE = new Set(["food", "artifact", "living", "place"]);

/**
 * What WordNet says of a term, as sentences ("An espresso maker is a coffee maker that ..."),
 * for concrete things only: the senses of abstract words ("feature", "quality") are too many
 * to pick from without context. Each sentence names its term, so any order reads right.
 */
export function lexiconSentences(term: string): string[] {
  const list = words(term);
  if (list.length === 0 || list.length > 4) return [];
  const singular = [...list.slice(0, -1), nounLemma(list.at(-1)!) ?? list.at(-1)!];
  const facts = entityFacts(singular);
  // Only a term WordNet names whole: "grind size" is not "size".
  if (!facts || facts.span[0] !== 0 || facts.span[1] !== list.length || !CONCRETE.has(facts.entityClass)) return [];
  const defined = definition(term, facts);
  const name = defined?.split(" is ")[0] ?? capitalize(term);
  const one = singular.join(" ");
  const out: string[] = [];
  if (defined) out.push(defined);
  if (facts.broader) out.push(`${name} is a kind of ${facts.broader}.`);
  if (facts.kinds.length >= 2) out.push(`Kinds of ${one} include ${joinAnd(facts.kinds.slice(0, 3))}.`);
  if (facts.parts.length >= 2) out.push(`The parts of ${/^[aeiou]/.test(one) ? "an" : "a"} ${one} include ${joinAnd(facts.parts.slice(0, 3))}.`);
  if (facts.sisters.length >= 2) out.push(`${name} is often weighed against ${joinAnd(facts.sisters.slice(0, 2))}.`);
  return out;
}

/** What an article of each facet weighs about its subject ({S}) under each aspect ({A}). */
const FACET_SENTENCES: Record<FacetId, readonly string[]> = {
  general: [
    "Most questions about {S} come back to {A}.",
    "{Ac} is the first thing to check with {S}.",
    "Readers new to {S} usually ask about {A} first.",
    "With {S}, {A} is where the differences show.",
  ],
  howto: [
    "Start with the basic method for {S} and change one thing at a time, beginning with {A}.",
    "Note {A} each time, so a good result with {S} can be repeated.",
    "{Ac} decides more of the result with {S} than most beginners expect.",
    "Once {A} is settled, {S} becomes a routine.",
  ],
  buying: [
    "Set a budget for {S} first, then compare {A} within it.",
    "Owner reviews of {S} say more about {A} than a specification sheet does.",
    "A higher price buys better {A} in {S} only up to a point.",
    "Before you buy {S}, write down what {A} you need.",
  ],
  cleaning: ["{Ac} is what keeps {S} working for years.", "Clean {S} after each use, and plan {A} every few weeks.", "Use only products made for {S}: {A} depends on it."],
  problems: ["Most problems with {S} come down to {A}.", "Check {A} first when {S} goes wrong.", "When {A} points to a costly repair, compare it with the price of new {S}."],
  comparison: ["Compare {S} with the alternatives on {A}.", "On {A}, the options for {S} differ more than their prices suggest.", "The right choice of {S} depends on {A} more than on brand."],
  local: ["Check {A} before you visit for {S}.", "For {S} nearby, {A} separates the good places from the rest."],
  definitions: ["{Ac} is the clearest way into {S}.", "Explaining {S} well starts with {A}."],
  health: ["{Ac} of {S} vary with the portion and the recipe.", "For {S}, look at {A} on the label, not on the front of the pack."],
  ideas: ["Keep a short list of {A} for {S} and rotate through it.", "{Ac} keep {S} from becoming repetitive."],
};

/** The facet sentences for subjects and aspects, each template meeting each pair once, in a fair order. */
export function facetSentences(facet: FacetId, subjects: readonly string[], aspects: readonly string[]): string[] {
  const templates = FACET_SENTENCES[facet];
  const out: string[] = [];
  const pairs = subjects.flatMap((S) => aspects.map((A) => [S, A] as const));
  for (let round = 0; round < pairs.length; round++) {
    templates.forEach((template, t) => {
      const [S, A] = pairs[(round + t * 7) % pairs.length]!;
      // "A higher price buys better price": an aspect the template already names is skipped.
      const fixed = template.replace(/\{\w+\}/g, " ").toLowerCase();
      if (A.split(" ").some((w) => w.length > 3 && fixed.includes(w)) || S === A) return;
      out.push(template.replace(/\{S\}/g, S).replace(/\{Ac\}/g, capitalize(A)).replace(/\{A\}/g, A));
    });
  }
  return [...new Set(out)];
}
