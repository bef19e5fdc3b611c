// Looks up what the offline brief can say about an aspect of a subject: the aspect's heading,
// points and sentences filled for the subject, agreeing in number with it ("coffee beans need",
// "vegan dinner needs"), and the aspects a guide of a facet has sections on.
import { entityFacts, isDishSense, isDrinkSense } from "../../lexicon/entity-facts";
import { isWord, nounLemma, singularLast } from "../../lexicon/wordnet";
import type { FacetId } from "../../serp/offline-facets";
import { ASPECTS } from "../../serp/offline-text";
import { GUIDE_PROSE } from "./aspect-prose-guides";
import { ACTIVITY_FALLBACK, ACTIVITY_PROSE } from "./aspect-prose-activity";
import { SERVICE_FALLBACK, SERVICE_PROSE, SOFTWARE_FALLBACK, SOFTWARE_PROSE } from "./aspect-prose-classes";
import { CONCEPT_FALLBACK, CONCEPT_PROSE } from "./aspect-prose-concept";
import { FOOD_FALLBACK, FOOD_PROSE } from "./aspect-prose-food";
import { PLACE_FALLBACK, PLACE_PROSE } from "./aspect-prose-place";
import { SHOPPING_AND_CARE_PROSE } from "./aspect-prose-shopping";
import { fillProse, type AspectProse, type FallbackProse } from "./aspect-prose-type";
import { isShelfless, type SubjectClass } from "./subject-class";
import { isPluralSubject } from "./plural-subject";
import { titleCase, words } from "./text";

const ASPECT_PROSE: Readonly<Record<string, AspectProse>> = { ...GUIDE_PROSE, ...SHOPPING_AND_CARE_PROSE };

/** Every aspect of every facet ("timing", "warranty", ...). */
export const ASPECT_NAMES: ReadonlySet<string> = new Set(Object.values(ASPECTS).flat());

const CONCRETE = new Set(["food", "artifact", "living", "place"]);

/**
 * Whether a subject is a thing you can hold, clean and carry home: every word is in the lexicon
 * and its head is a concrete kind. "kubernetes monitoring tools" is not (WordNet does not know
 * kubernetes, so the tools are software), "espresso makers" and "vegan dinner" are.
 */
function isPhysicalSubject(subject: string): boolean {
  const list = words(subject);
  if (list.length === 0 || !list.every((w) => isWord(w) || nounLemma(w) !== null)) return false;
  // The kind the whole phrase names ("espresso maker" is an appliance, "maker" alone a person).
  const singular = singularLast(list);
  const facts = entityFacts(singular);
  return facts !== null && facts.span[1] === singular.length && CONCRETE.has(facts.entityClass);
}

// Aspects only a physical thing has, and the words of advice that assume one.
const PHYSICAL_ASPECTS = new Set([
  "build quality",
  "warranty",
  "cleaning products",
  "deep cleaning",
  "daily care",
  "storage",
  "directions",
]);
const PHYSICAL_WORDS =
  /\b(metal|plastic|hinges?|seams?|screws?|joins|fabrics?|panels?|weight|teardown|shops?|delivery|postage|parcel|packaging|factor(y|ies)|spare parts?|descal\w*|wipe|rinse|scrub\w*|dust|damp|UKCA|CE|second-hand|batter(y|ies)|power supply|sockets?|kitchen|cupboard|fridge|freezer|space available|clearance|ventilation|noise|heat|cables|lids|doors|wear parts|cosmetic|box)\b/i;

// Aspects a subject off no shelf (software, a service) has no section on: it is never cleaned,
// stored or built, and its cover is support or a provider's promise, which its own table says.
const SHELF_ASPECTS = new Set([...PHYSICAL_ASPECTS, "cleaning schedule", "cleaning products", "daily care", "deep cleaning", "storage"]);
// The words of shop-shelf advice: buying a size off a shelf, its parts, its care, its returns and
// switching it off. A sentence holding one is never said of software or a service.
const SHELF_WORDS =
  /\b(size or quantity|sizes?|sticker price|per pack|per unit|portions?|older stock|older version|new model|model launch|spec sheet|sample sizes?|bundles?|in stock|stockists?|return windows?|returns?|refunds?|restocking|warrant(y|ies)|guarantee|spare|replacement parts?|parts|accessories|refills?|consumables|dishwasher\S*|clean\w*|storage|store|stored|cool,? dry|moisture|rust|wear and tear|switch\w*|turn\w* (it |them )?off|unplug\w*|plug\w*|restart\w*|energy|upkeep|stitching|glue|build|safety marks|resale|second[- ]hand|unboxing|shelf|shelves)\b/i;

/** Whether a line is shop-shelf advice (a size, a part, its care or returns), never said of software or a service. */
export function isShelfAdvice(text: string): boolean {
  return SHELF_WORDS.test(text) || PHYSICAL_WORDS.test(text);
}

type ClassTable = { table: Readonly<Record<string, AspectProse>>; fallback: FallbackProse };

/** Each class's own advice; a physical product has the general shopping and care tables. */
const CLASS_TABLES: Partial<Record<SubjectClass, ClassTable>> = {
  software: { table: SOFTWARE_PROSE, fallback: SOFTWARE_FALLBACK },
  service: { table: SERVICE_PROSE, fallback: SERVICE_FALLBACK },
  "local service": { table: SERVICE_PROSE, fallback: SERVICE_FALLBACK },
  food: { table: FOOD_PROSE, fallback: FOOD_FALLBACK },
  place: { table: PLACE_PROSE, fallback: PLACE_FALLBACK },
  concept: { table: CONCEPT_PROSE, fallback: CONCEPT_FALLBACK },
  activity: { table: ACTIVITY_PROSE, fallback: ACTIVITY_FALLBACK },
};

/**
 * Whether a food subject is cooked from a recipe: anything but a drink ("espresso") or an
 * ingredient counted one by one ("coffee beans": "a seed of the coffee tree"), which are brewed,
 * bought and used, and keep the general advice. A counted dish ("beef stew": "a stew made with
 * beef") is cooked; so is what WordNet does not know whole ("jerk chicken", "vegan meal prep").
 */
function isCookedDish(subject: string): boolean {
  const list = words(subject);
  if (list.length === 0) return false;
  const singular = singularLast(list);
  const facts = entityFacts(singular);
  if (facts === null || facts.span[1] !== singular.length) return true;
  if (isDrinkSense(facts.synset)) return false;
  const counted = /^(a|an)\b/.test(facts.gloss);
  return !counted || isDishSense(facts.synset);
}

/** The class's own table, and its fallback advice, for any subject but a product, a drink or an ingredient. */
function classTable(subjectClass: SubjectClass | null | undefined, subject: string): ClassTable | null {
  if (!subjectClass || (subjectClass === "food" && !isCookedDish(subject))) return null;
  return CLASS_TABLES[subjectClass] ?? null;
}

export interface FilledProse {
  aspect: string;
  heading: string;
  points: string[];
  sentences: string[];
}

// Filled prose per subject: a draft looks up every aspect for each heading of its article, and
// filling the same table again for each would hold the event loop for milliseconds per section.
const filled = new Map<string, FilledProse | null>();
const FILLED_LIMIT = 20_000;

/** The aspect's prose for a subject, or null when the table has no entry for it. */
export function proseFor(aspect: string, subject: string, subjectClass?: SubjectClass | null): FilledProse | null {
  const key = `${aspect}|${subject}|${subjectClass ?? ""}`;
  const hit = filled.get(key);
  if (hit !== undefined) return hit;
  if (filled.size >= FILLED_LIMIT) filled.clear();
  const made = fillFor(aspect, subject, subjectClass);
  filled.set(key, made);
  return made;
}

function fillFor(aspect: string, subject: string, subjectClass?: SubjectClass | null): FilledProse | null {
  const plural = isPluralSubject(subject);
  const fill = (t: string) => fillProse(t, subject, titleCase(subject), plural);
  const own = classTable(subjectClass, subject);
  if (own) return fillOffShelf(aspect, own.table, own.fallback, fill);
  const prose = ASPECT_PROSE[aspect];
  if (!prose) return null;
  // Software and services get none of the advice about metal hinges and shop shelves.
  const fits = isPhysicalSubject(subject) ? () => true : (t: string) => !PHYSICAL_WORDS.test(t);
  return { aspect, heading: fill(prose.heading), points: prose.points.map(fill), sentences: prose.sentences.filter(fits).map(fill) };
}

/**
 * An aspect of a subject with a class of its own (software, a service, food, a place, an idea,
 * an activity): the class's own advice where its table has the aspect, else the general advice
 * with every shop-shelf sentence taken out and, where little is left, the class's fallback
 * advice added; a shelf-only aspect (storage, cleaning) has none unless the class's table has it.
 */
function fillOffShelf(
  aspect: string,
  table: Readonly<Record<string, AspectProse>>,
  fallback: FallbackProse,
  fill: (t: string) => string,
): FilledProse | null {
  const own = table[aspect];
  if (own) return { aspect, heading: fill(own.heading), points: own.points.map(fill), sentences: own.sentences.map(fill) };
  const prose = ASPECT_PROSE[aspect];
  if (!prose || SHELF_ASPECTS.has(aspect)) return null;
  const fits = (t: string) => !isShelfAdvice(t);
  const points = prose.points.filter(fits);
  const sentences = prose.sentences.filter(fits);
  // Too little left to fill a section: the class's general advice makes up the rest.
  if (sentences.length < 3) sentences.push(...fallback.flatMap((f) => f.sentences));
  if (points.length === 0) points.push(...fallback[0].points);
  const heading = fits(prose.heading) ? prose.heading : fallback[0].heading;
  return { aspect, heading: fill(heading), points: points.map(fill), sentences: [...new Set(sentences)].map(fill) };
}

// The facets whose advice a guide of each facet can borrow: a cleaning guide can say what a
// troubleshooting guide says, but a guide to kubernetes never borrows a nutrition page's advice.
const NEIGHBOURS: Record<FacetId, readonly FacetId[]> = {
  general: ["definitions", "howto"],
  howto: ["general", "definitions"],
  definitions: ["general"],
  buying: ["comparison", "general"],
  comparison: ["buying", "general"],
  cleaning: ["problems", "howto"],
  problems: ["cleaning", "howto"],
  local: ["buying"],
  health: ["ideas"],
  ideas: ["howto", "health"],
};

/**
 * The aspects a guide of a facet can draw on, its own first, then its neighbours' (without
 * their prices, which only buying guides and overviews talk about).
 */
export function aspectsOfFacet(facet: FacetId, subject?: string, subjectClass?: SubjectClass | null): string[] {
  const borrowed = NEIGHBOURS[facet].flatMap((f) => ASPECTS[f]).filter((a) => a !== "price range" || facet === "general");
  const shelfless = isShelfless(subjectClass);
  const physical = !shelfless && (subject === undefined || isPhysicalSubject(subject));
  const shelfOnly = shelfless ? SHELF_ASPECTS : PHYSICAL_ASPECTS;
  return [...new Set([...ASPECTS[facet], ...borrowed])].filter((a) => a in ASPECT_PROSE && (physical || !shelfOnly.has(a)));
}

/** The facet's own aspects a guide to this subject has sections on. */
export function ownAspects(facet: FacetId, subject: string, subjectClass?: SubjectClass | null): string[] {
  const all = aspectsOfFacet(facet, subject, subjectClass);
  return facet === "general" ? all : all.filter((a) => ASPECTS[facet].includes(a));
}
