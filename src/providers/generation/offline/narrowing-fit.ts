// Whether a narrowing fits a search: people type "oat milk recipes for kids" and "yoga benefits
// for women", not "dog biscuit nutrition for men", "wedding photography inspiration for kids"
// or "... plumber in leeds on a budget". An audience narrows what a person eats, does or
// learns, never a provider or a place; a budget narrows what is bought; nothing follows a place.
import type { FacetId } from "../../serp/offline-facets";
import { endsWithPlace, readLocalTopic } from "./local-topic";
import type { Subject } from "./topic-lexicon";

type Facet = Exclude<FacetId, "general">;

const isFoodish = (s: Subject) => s.entityClass === "food" || s.onFood || (s.entityClass === "unknown" && s.subjectClass === "food");
/**
 * Not a thing in the lexicon: software, services, new things, and activities of several words
 * ("crm migration"); nothing a person keeps at home or buys on a budget.
 */
const isUnknown = (s: Subject) => s.entityClass === "unknown" || (s.entityClass === "activity" && s.name.includes(" ") && !s.onFood);

export function narrowingFits(narrowing: string, phrase: string, facet: Facet, s: Subject): boolean {
  // A phrase that ends with its place or with "near me": nothing more is typed after it. A
  // provider's "in ..." is its place, even a town the lexicon does not name ("kayak hire in york").
  const localPhrase = readLocalTopic(phrase);
  if (endsWithPlace(phrase) || localPhrase?.place) return false;
  // A service is hired, not done step by step or the easy way.
  if ((s.subjectClass === "service" || s.subjectClass === "local service") && /\b(step by step)\b|^easy /.test(narrowing)) return false;
  // A place is visited: its searches say what for themselves ("isle of skye day trips").
  if (s.subjectClass === "place" || s.entityClass === "place") return false;
  // An idea is learnt, not done at home, step by step or the easy way.
  if (s.subjectClass === "concept" && /\b(at home|for home|step by step|on a budget)\b|^easy /.test(narrowing)) return false;
  const local = localPhrase !== null || readLocalTopic(s.name) !== null;
  const audience = /\bfor (kids|women|men)\b/.test(narrowing);
  // A search names one audience at most ("... for students for kids" is two).
  if (audience && / for /.test(` ${phrase} `)) return false;
  if (/\bfor kids\b/.test(narrowing)) {
    if (local) return false;
    // Children cook and eat it, or learn about a living thing.
    return (
      (isFoodish(s) && (facet === "howto" || facet === "ideas" || facet === "health")) ||
      (facet === "definitions" && s.entityClass === "living")
    );
  }
  if (/\bfor (women|men)\b/.test(narrowing)) {
    // Bodies differ in what an exercise does for them, not in what a food or a thing is.
    return !local && facet === "health" && s.entityClass === "activity" && !s.onFood;
  }
  if (/\bon a budget\b/.test(narrowing)) return !local && facet === "buying" && !isUnknown(s);
  if (/\b(at home|for home)\b/.test(narrowing)) return !local && !isUnknown(s);
  return true;
}
