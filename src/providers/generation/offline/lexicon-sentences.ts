// Sentences the offline brief can say about a term without inventing anything: what the lexicon
// records (a definition, the broader class, kinds, parts, sister kinds), each naming its term.
import { entityFacts } from "../../lexicon/entity-facts";
import { NO_CONTEXT, type SenseContext } from "../../lexicon/sense";
import { singularLast } from "../../lexicon/wordnet";
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
