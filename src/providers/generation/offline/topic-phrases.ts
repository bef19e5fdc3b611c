// The search phrases of each intent facet (../../serp/offline-facets.ts) for a subject, as
// people type them: "best espresso makers", "how to clean an espresso maker", "is tofu
// healthy". Their fixed words come only from the facet tables, the qualifiers and a few
// function words, so every word of a generated name is the topic's, the lexicon's or a facet's.
import type { FacetId } from "../../serp/offline-facets";
import { isPluralSubject } from "./plural-subject";
import type { Subject } from "./topic-lexicon";

type Phrase = (s: Subject) => string | null;

const isFood = (s: Subject) => s.entityClass === "food";
/** Foods made as dishes or drinks (mass nouns: "espresso", "tofu"), not ingredients counted one by one. */
const isDish = (s: Subject) => isFood(s) && s.article === "";
const isIngredient = (s: Subject) => isFood(s) && s.article !== "";
/**
 * An activity about food ("vegan meal prep"), or what a recipe brand names that the lexicon does
 * not know as a thing ("jerk chicken"): recipes and ideas, not tools.
 */
const isCooking = (s: Subject) => s.onFood || ((s.entityClass === "unknown" || s.entityClass === "activity") && s.subjectClass === "food");
/** Hired, not bought or done: quotes and costs ("executive search cost"), whatever its words name. */
const isHired = (s: Subject) => s.subjectClass === "service" || s.subjectClass === "local service";
/** "coffee beans" for counted foods and things, "espresso" for the rest. */
const many = (s: Subject) => s.plural;
/** A thing one uses: not the venue of a service ("blow dry bar") nor a place. */
const isThing = (s: Subject) => s.entityClass === "artifact" && isPractised(s);
const isActivity = (s: Subject) => s.entityClass === "activity" || s.entityClass === "unknown";
/**
 * Not in the lexicon at all ("kubernetes monitoring"): software and new things, with tools,
 * setup and troubleshooting. A brand whose class is known and not software (a recipe, a
 * service, an idea) gets none of those: "vegan meal prep software" is no search.
 */
const isUnknownActivity = (s: Subject) =>
  (s.subjectClass === undefined || s.subjectClass === "software") &&
  (s.entityClass === "unknown" || (s.entityClass === "activity" && s.name.split(" ").length > 1 && !s.onFood));
/** Done with gear ("fly tying gear"): an activity, not a recipe, a service, an idea or a place. */
const usesGear = (s: Subject) => isActivity(s) && !isUnknownActivity(s) && !isCooking(s) && isPractised(s);
const isIdea = (s: Subject) => s.subjectClass === "concept";
const isPlace = (s: Subject) => s.subjectClass === "place" || s.entityClass === "place";
/** Practised and learnt step by step: not a service one hires, an idea or a place one visits. */
const isPractised = (s: Subject) => !isHired(s) && !isIdea(s) && !isPlace(s);
const a = (s: Subject) => `${s.article}${s.name}`;
/** "what are kitesurfing lessons", "what is espresso": a name ending in a plural noun takes "are". */
const whatIs = (s: Subject) => (s.article === "" && isPluralSubject(s.name) ? "what are" : "what is");
const when =
  (test: (s: Subject) => boolean, phrase: Phrase): Phrase =>
  (s) =>
    test(s) ? phrase(s) : null;

/** Per facet, most typical first: the first names a hub, the next ones its topics. */
export const FACET_PHRASES: Record<Exclude<FacetId, "general">, readonly Phrase[]> = {
  buying: [
    when(
      (s) => !isActivity(s) && !isDish(s),
      (s) => `best ${s.plural}`,
    ),
    when(isUnknownActivity, (s) => `${s.name} tools`),
    when(usesGear, (s) => `${s.name} gear`),
    when(isHired, (s) => `${s.name} cost`),
    when(
      (s) => !isDish(s) && !isActivity(s),
      (s) => `${s.name} reviews`,
    ),
    when(isUnknownActivity, (s) => `best ${s.name} tools`),
    when(usesGear, (s) => `best ${s.name} gear`),
    when(isHired, (s) => `${s.name} quotes`),
    when(isUnknownActivity, (s) => `${s.name} software`),
    when(usesGear, (s) => `${s.name} equipment`),
    when(
      (s) => !isActivity(s) && !isDish(s) && !isHired(s),
      (s) => `cheap ${s.plural}`,
    ),
    when(
      (s) => !isDish(s) && !isCooking(s) && !isIdea(s) && !isPlace(s),
      (s) => `${s.name} ${isActivity(s) ? "pricing" : "prices"}`,
    ),
    when(
      (s) => !isActivity(s) && !isDish(s) && !isHired(s),
      (s) => `buy ${s.plural}`,
    ),
    when(
      (s) => isThing(s) && !isHired(s),
      (s) => `${s.name} brands`,
    ),
    when(
      (s) => !isActivity(s) && !isDish(s) && !isHired(s),
      (s) => `affordable ${s.plural}`,
    ),
  ],
  howto: [
    when(isThing, (s) => `how to use ${a(s)}`),
    when(isDish, (s) => `how to make ${s.name}`),
    when(isIngredient, (s) => `how to use ${s.plural}`),
    when(
      (s) => isFood(s) || isCooking(s),
      (s) => `${s.name} recipes`,
    ),
    when(isUnknownActivity, (s) => `${s.name} setup`),
    // Hiring is prepared for, not practised: "how to prepare for penetration testing".
    when(isHired, (s) => `how to prepare for ${a(s)}`),
    when(
      (s) => !isHired(s) && !isPlace(s),
      (s) => `${many(s)} for beginners`,
    ),
    (s) => `${s.name} tips`,
    when(isHired, (s) => `${s.name} questions to ask`),
    when(isThing, (s) => `${s.name} instructions`),
    when(
      (s) => isFood(s) || isCooking(s),
      (s) => `easy ${s.name} recipes`,
    ),
    when(
      (s) => !isFood(s) && !isCooking(s) && isPractised(s),
      (s) => `${s.name} tutorial`,
    ),
    when(isPractised, (s) => `${s.name} techniques`),
    when(isPractised, (s) => `${s.name} step by step`),
    when(isHired, (s) => `${s.name} process`),
    when(isHired, (s) => `what to expect from ${a(s)}`),
    when(isHired, (s) => `${s.name} checklist`),
    // An idea is applied and read about: "how to apply game theory", "stoic philosophy books".
    when(isIdea, (s) => `how to apply ${s.name}`),
    when(isIdea, (s) => `${s.name} books`),
    when(isIdea, (s) => `learn ${s.name}`),
    when(isIdea, (s) => `${s.name} course`),
    when(isIdea, (s) => `${s.name} summary`),
    when(isIdea, (s) => `${s.name} key concepts`),
    // A place is visited: "things to do in amsterdam canals" is clumsy, the rest is typed.
    when(isPlace, (s) => `best time to visit ${s.name}`),
    when(isPlace, (s) => `how to get to ${s.name}`),
    when(isPlace, (s) => `${s.name} itinerary`),
    when(isPlace, (s) => `${s.name} travel tips`),
    when(isPlace, (s) => `${s.name} map`),
  ],
  cleaning: [
    when(isThing, (s) => `${s.name} cleaning`),
    when(isThing, (s) => `how to clean ${a(s)}`),
    when(isThing, (s) => `${s.name} maintenance`),
    when(isFood, (s) => `how to store ${s.name}`),
    when(isFood, (s) => `${s.name} storage`),
    when(
      (s) => s.entityClass === "living",
      (s) => `${s.name} care`,
    ),
    when(isThing, (s) => `${s.name} care`),
    when(isThing, (s) => `${s.name} cleaning tips`),
  ],
  problems: [
    when(
      (s) => !isIdea(s),
      (s) => `${s.name} problems`,
    ),
    // An idea's problems are its critics' and its misreadings.
    when(isIdea, (s) => `${s.name} criticism`),
    when(isIdea, (s) => `common ${s.name} misconceptions`),
    when(isIdea, (s) => `${s.name} limitations`),
    when(isIdea, (s) => `${s.name} myths`),
    when(isHired, (s) => `${s.name} red flags`),
    when(isHired, (s) => `${s.name} complaints`),
    when(isThing, (s) => `${s.name} not working`),
    when(
      (s) => isThing(s) || isUnknownActivity(s),
      (s) => `${s.name} troubleshooting`,
    ),
    when(
      (s) => !isIdea(s),
      (s) => `common ${s.name} mistakes`,
    ),
    when(isThing, (s) => `how to fix ${a(s)}`),
    when(isUnknownActivity, (s) => `${s.name} issues`),
    when(isThing, (s) => `${s.name} repair`),
    when(isUnknownActivity, (s) => `${s.name} errors`),
    when(
      (s) => !isIdea(s),
      (s) => `${s.name} mistakes`,
    ),
  ],
  comparison: [
    (s) => (s.sisters[0] ? `${s.name} vs ${s.sisters[0]}` : null),
    (s) => `${s.name} alternatives`,
    (s) => (s.sisters[1] ? `${s.name} vs ${s.sisters[1]}` : null),
    (s) => `${s.name} comparison`,
    (s) => (s.sisters[2] ? `${s.name} vs ${s.sisters[2]}` : null),
  ],
  definitions: [
    when(
      (s) => !isPlace(s),
      (s) => `${whatIs(s)} ${a(s)}`,
    ),
    when(isPlace, (s) => `${s.name} guide`),
    when(isPlace, (s) => `${s.name} facts`),
    (s) => (s.kinds.length >= 2 ? `types of ${s.plural}` : null),
    when(
      (s) => !isPlace(s),
      (s) => `${s.name} meaning`,
    ),
    when(
      (s) => !isPlace(s),
      (s) => `${s.name} explained`,
    ),
    when(
      (s) => !isHired(s),
      (s) => `${s.name} history`,
    ),
    when(
      (s) => !isPlace(s),
      (s) => `${s.name} basics`,
    ),
    when(
      (s) => !isPlace(s),
      (s) => `${s.name} definition`,
    ),
  ],
  health: [
    (s) => `${s.name} benefits`,
    (s) => (s.article ? `are ${s.plural} healthy` : `is ${s.name} healthy`),
    (s) => `${s.name} nutrition`,
    (s) => `${s.name} calories`,
    (s) => `${s.name} protein`,
    (s) => `healthy ${s.name}`,
  ],
  ideas: [
    // An idea has examples, not inspiration ("compound interest examples").
    when(
      (s) => !isIdea(s) && !isPlace(s),
      (s) => `${s.name} ideas`,
    ),
    when(
      (s) => !isIdea(s) && !isPlace(s),
      (s) => `easy ${s.name} ideas`,
    ),
    when(
      (s) => !isPlace(s),
      (s) => `${s.name} examples`,
    ),
    when(
      (s) => !isIdea(s) && !isPlace(s),
      (s) => `${s.name} inspiration`,
    ),
    when(
      (s) => !isIdea(s) && !isPlace(s),
      (s) => `${s.name} ideas for beginners`,
    ),
    when(isIdea, (s) => `${s.name} in real life`),
    when(isIdea, (s) => `${s.name} case studies`),
    when(isIdea, (s) => `${s.name} applications`),
    when(isIdea, (s) => `${s.name} exercises`),
    // A place's ideas are what to do there.
    when(isPlace, (s) => `things to do in ${s.name}`),
    when(isPlace, (s) => `${s.name} day trips`),
    when(isPlace, (s) => `${s.name} walks`),
    when(isPlace, (s) => `${s.name} with kids`),
    when(isPlace, (s) => `${s.name} on a budget`),
    when(isPlace, (s) => `${s.name} photo spots`),
  ],
  local: [
    when(
      (s) => !isPlace(s),
      (s) => `${s.plural} near me`,
    ),
    when(isThing, (s) => `${s.name} store near me`),
    when(
      (s) => !isPlace(s),
      (s) => `local ${s.plural}`,
    ),
    // What a visitor looks up on the spot.
    when(isPlace, (s) => `where to stay in ${s.name}`),
    when(isPlace, (s) => `${s.name} restaurants`),
    when(isPlace, (s) => `${s.name} parking`),
    when(isPlace, (s) => `${s.name} weather`),
    when(isPlace, (s) => `${s.name} tours`),
    when(isPlace, (s) => `${s.name} tickets`),
    when(isPlace, (s) => `${s.name} events`),
    when(isPlace, (s) => `${s.name} accessibility`),
    when(
      (s) => isFood(s) || isCooking(s),
      (s) => `${s.name} delivery`,
    ),
  ],
};

/** The facets worth a hub for a kind of subject, most useful first. */
export function facetsFor(s: Subject, foodish = false): Array<Exclude<FacetId, "general">> {
  // A service, an idea or a place is searched for as such, whatever its words name.
  if (isHired(s)) return ["definitions", "buying", "howto", "problems", "comparison"];
  if (isIdea(s)) return ["definitions", "ideas", "howto", "problems", "comparison"];
  // Visited, not bought or practised.
  if (isPlace(s)) return ["definitions", "howto", "ideas", "local", "comparison"];
  switch (s.entityClass) {
    case "artifact":
      return ["buying", "howto", "cleaning", "problems", "comparison", "definitions"];
    case "food":
      return isDish(s)
        ? ["howto", "ideas", "health", "comparison"]
        : ["howto", "buying", "health", "cleaning", "comparison", "definitions"];
    case "living":
      return ["cleaning", "health", "buying", "definitions", "comparison"];
    case "activity":
      if (foodish || isCooking(s)) return ["howto", "ideas", "health", "problems"];
      return ["howto", "buying", "problems", "definitions", "ideas", "comparison"];
    default:
      if (isCooking(s)) return ["howto", "ideas", "health", "problems"];
      return ["definitions", "howto", "buying", "problems", "ideas", "comparison"];
  }
}

/** The facet's phrases that apply to the subject, in order, without repeats. */
export function phrasesFor(facet: Exclude<FacetId, "general">, s: Subject): string[] {
  return [...new Set(FACET_PHRASES[facet].map((p) => p(s)).filter((p): p is string => p !== null))];
}

/** Pillar names for a facet of the topic itself ("home espresso recipes", "kubernetes monitoring tools"). */
export function facetPillar(facet: Exclude<FacetId, "general">, s: Subject): string {
  const label: Record<Exclude<FacetId, "general">, string> = {
    buying: isUnknownActivity(s)
      ? "tools"
      : isHired(s)
        ? "cost"
        : usesGear(s)
          ? "gear"
          : isActivity(s)
            ? "prices"
            : isIngredient(s)
              ? "prices"
              : "equipment",
    howto:
      isFood(s) || isCooking(s)
        ? "recipes"
        : isUnknownActivity(s)
          ? "setup"
          : isHired(s)
            ? "guide"
            : isIdea(s)
              ? "study guide"
              : "techniques",
    cleaning: isFood(s) ? "storage" : s.entityClass === "living" ? "care" : "maintenance",
    problems: isIdea(s) ? "debates" : "problems",
    comparison: "alternatives",
    definitions: "basics",
    health: "benefits",
    ideas: isPlace(s) ? "highlights" : "ideas",
    local: isPlace(s) ? "visitor information" : "near me",
  };
  return `${s.name} ${label[facet]}`;
}

/**
 * Every word the phrase tables can put beside a subject, for subjects of every class: the
 * tables' own vocabulary, which a test holds generated names to.
 */
export function phraseTableWords(): Set<string> {
  const classes: Array<Subject["subjectClass"]> = [
    undefined,
    "product",
    "software",
    "service",
    "local service",
    "activity",
    "food",
    "place",
    "concept",
  ];
  const kinds: Array<Subject["entityClass"]> = ["unknown", "artifact", "food", "activity", "living", "place"];
  const out = new Set<string>();
  for (const subjectClass of classes) {
    for (const entityClass of kinds) {
      for (const article of ["", "a "]) {
        const s: Subject = {
          name: "zq",
          plural: "zqs",
          article,
          entityClass,
          kinds: ["zk", "zl"],
          sisters: ["zs", "zt", "zu"],
          onFood: false,
          ...(subjectClass ? { subjectClass } : {}),
        };
        for (const facet of Object.keys(FACET_PHRASES) as Array<Exclude<FacetId, "general">>) {
          for (const phrase of [...phrasesFor(facet, s), facetPillar(facet, s)])
            for (const w of phrase.split(" ")) if (!/^z[a-z]s?$/.test(w)) out.add(w);
        }
      }
    }
  }
  return out;
}
