// The class of a brand's subject (issue 22: "subjects have a class, and the class decides the
// advice"): a physical product, software, a service, a local service, an activity, food, a place
// or a concept. Read from the brand's own words (name, description, tagline, audience) and the
// topic phrase, so that "pitch deck software" is never advised on hinges and shop shelves and a
// cleaning company is not told to store its service in a cool, dry place. Deterministic: marker
// words first (what a brand says it sells), then the kind WordNet gives the topic's head.
import { topicFacts } from "../../lexicon/entity-facts";
import { nounLemma, sensesOf, singularLast, synset } from "../../lexicon/wordnet";
import type { BrandContext } from "../types";
import { brandSenseContext } from "./brand-senses";
import { readLocalTopic } from "./local-topic";
import { words } from "./text";

export type SubjectClass = "product" | "software" | "service" | "local service" | "activity" | "food" | "place" | "concept";

// Words that say a thing runs on a computer or online. "tool" alone is a spanner, so it counts
// only beside "online" or "web"; "app" and "platform" are said of software in a brand's copy.
const SOFTWARE =
  /\b(software|apps?|application|platforms?|saas|api|apis|sdk|plugins?|plug-ins?|extensions?|cloud|crm|cms|erp|dashboards?|integrations?|automation|analytics|online tools?|web tools?|web-based|browser-based|no-code|low-code|open[- ]source|subscription software|self-hosted|hosted|devops)\b/i;

// Words that say the brand does work for people rather than sells them a thing.
const SERVICE = new RegExp(
  "\\b(" +
    [
      "services?",
      "agency",
      "agencies",
      "consult(ing|ancy|ants?)",
      "repairs?",
      "cleaning",
      "hire",
      "rental",
      "installation",
      "installers?",
      "servicing",
      "removals",
      "catering",
      "bookkeeping",
      "accounting",
      "legal advice",
      "advisers?",
      "advisors?",
      "done[- ]for[- ]you",
      // Hiring people, and the bookings of people who do the work.
      "recruit\\w*",
      "hiring",
      "headhunt\\w*",
      "appointments?",
      "walk-ins?",
      "bookings?",
      "styling",
      // A brand speaking of the work it does for the reader ("we design your itinerary").
      "we \\w+ (your|you)",
      "for you",
      "on your behalf",
    ].join("|") +
    ")\\b",
  "i",
);

// What a provider of work calls itself.
const PROVIDER = /\b(agency|agencies|consultancy|consultancies|consultants|firms?|accredited)\b/i;

// What a brand says of a practice its people come to do.
const ACTIVITY = /\b(workouts?|all levels|classes for|sessions for|drop-in)\b/i;

// What a brand that writes about its subject says it publishes.
const PUBLISHER =
  /^(research|articles|essays|guides|news|case studies|a guide|a blog|a newsletter|a podcast)\b|\b(articles|essays|case studies|newsletters?|podcasts?|blog posts?) (on|about)\b/i;

// Teaching and credentials: a service when the topic names no activity or idea of its own
// (kitesurfing lessons teach an activity, a course on philosophy is about an idea).
const TEACHING =
  /\b(lessons|coaching|coach(es)?|tuition|tutoring|training courses?|classes|workshops?|certified|accredited|qualified|licensed|insured)\b/i;

// Teaching proper, without the credentials TEACHING also takes.
const LESSONS = /\b(lessons|coaching|tuition|tutoring|training courses?|classes|workshops?)\b/i;

/** The practice a topic of lessons teaches: "kitesurfing" of "kitesurfing lessons" (empty when nothing else is said). */
export function withoutLessons(text: string): string {
  return text.replace(new RegExp(LESSONS.source, "gi"), "").replace(/\s+/g, " ").trim();
}

/** Whether words name something people do: a gerund ("kitesurfing") or an act in the lexicon ("yoga"). */
function isPractice(text: string, brand: BrandContext): boolean {
  const list = words(text);
  const head = list.at(-1);
  if (head === undefined) return false;
  if (list.some((w) => w.length > 4 && w.endsWith("ing")) || lexiconClass(text, brand) === "activity") return true;
  return sensesOf(nounLemma(head) ?? head).some((offset) => ACT_LEXFILES.has(synset(offset).lexFile));
}

// A named place in the brand's own words ("a salon in Leeds"): capitalised, so case matters.
const NAMED_PLACE = /\b(in|near|across|around) [A-Z][a-z]+/;

// Words that tie a service to a place people come from ("serving Leeds", "near me", "local").
const PLACE_BOUND = /\b(near me|local|locally|nearby|serving|call-?outs?|same[- ]day|in your area|across the city|home visits?|mobile)\b/i;

// The kitchen: a recipe brand writes about dishes, whatever WordNet says of their head word.
const FOOD =
  /\b(recipes?|cooking|cooks?|kitchens?|chefs?|dishes|meals?|baking|bakes?|bakers?|cuisine|ingredients?|marinades?|dinners?|lunch(es)?|breakfasts?|desserts?)\b/i;

// A room or a tool named after the kitchen, which is built, fitted or held, not cooked:
// "kitchen renovation", "kitchen cabinets", "chef knives".
const KITCHEN_FITTINGS =
  /\bkitchens? (renovations?|remodel\w*|design|designers?|cabinets?|worktops?|countertops?|flooring|lighting|tiles?|islands?|extensions?|fitters?|fitting|makeovers?|units?|sinks?|taps?|faucets?|appliances?|gadgets?|scales?)\b|\bchef'?s? knife|\bchef'?s? knives\b/i;

// Travel: places one goes to and stays in.
const PLACE =
  /\b(travel|trips?|tours?|holidays?|hotels?|destinations?|itinerar(y|ies)|sightseeing|guided walks?|visitors?|visiting|attractions|cruises?|ferr(y|ies)|stays)\b/i;

// WordNet's lexicographer files (wndb(5)) for ideas rather than things: attributes (7),
// cognition (9), possession (21: money matters), relations (24) and states (26).
const CONCEPT_LEXFILES = new Set([7, 9, 21, 24, 26]);
const ACT_LEXFILES = new Set([4, 22]);
// Artifacts (6) and substances (27): what a shop sells.
const HELD_LEXFILES = new Set([6, 27]);

/** The brand's own words: what it says it is, for whom, under which name. */
function brandText(brand: BrandContext): string {
  return [brand.name, brand.description, brand.tagline, brand.targetAudience].filter((t): t is string => typeof t === "string").join(". ");
}

/** What WordNet says the topic's head is, with the brand's words confirming the sense. */
function lexiconClass(topic: string, brand: BrandContext): SubjectClass | null {
  const list = words(topic);
  if (list.length === 0) return null;
  const singular = singularLast(list);
  const facts = topicFacts(singular, brandSenseContext(brand, topic));
  if (facts === null) return null;
  const lexFile = facts.synset.lexFile;
  // Something done to the anchor ("bass fishing", "fly tying") is an activity, whatever the anchor is.
  if (facts.span[1] < singular.length) return "activity";
  if (facts.entityClass === "food") return "food";
  if (facts.entityClass === "place") return "place";
  if (CONCEPT_LEXFILES.has(lexFile)) return "concept";
  if (ACT_LEXFILES.has(lexFile)) return "activity";
  if (facts.entityClass === "artifact" || facts.entityClass === "living") return "product";
  return null;
}

/**
 * The class of a brand's subject. The topic phrase speaks first (a "crm" topic is software
 * whatever the brand's tagline says), then the brand's words, then the topic's kitchen and
 * travel words, then WordNet's kind of the topic; a gerund topic ("birdwatching") is an
 * activity; anything else unknown is a concept, never a thing to buy. The class decides the
 * advice of briefs and drafts.
 */
export function subjectClassOf(brand: BrandContext, typedTopic: string): SubjectClass {
  const topic = typedTopic.toLowerCase();
  const brandWords = brandText(brand);
  const local = (text: string) => PLACE_BOUND.test(text) || NAMED_PLACE.test(text);
  if (SOFTWARE.test(topic)) return "software";
  // A provider with a place or "near me" in the topic is local (local-topic.ts reads the phrase).
  if (readLocalTopic(topic) !== null) return "local service";
  if (SERVICE.test(topic)) return local(`${topic} ${brandWords}`) ? "local service" : "service";
  // Lessons in something people do, named by the topic itself ("kitesurfing lessons"), are the
  // practice, whatever else the brand rents out or sells.
  if (LESSONS.test(topic) && isPractice(withoutLessons(topic), brand)) return "activity";
  // A brand that says it does the work ("we design your itinerary") sells a service, whatever
  // the topic's words are about (a trip, a dish); one that names software sells software.
  // A brand that calls itself an agency or a firm does the work, even when the work is software.
  // A brand that publishes about its subject ("research and case studies on ...") names the
  // work its subject involves ("repair"), not work it sells.
  const publisher = PUBLISHER.test(brand.description?.trim() ?? "");
  if (!publisher && PROVIDER.test(brandWords)) return local(brandWords) ? "local service" : "service";
  if (SOFTWARE.test(brandWords)) return "software";
  if (!publisher && SERVICE.test(brandWords)) return local(brandWords) ? "local service" : "service";
  if (FOOD.test(topic) && !KITCHEN_FITTINGS.test(topic)) return "food";
  if (PLACE.test(topic)) return "place";
  const known = lexiconClass(topic, brand);
  if (known !== null) return known;
  // A gerund at the head is an activity ("bass fishing"); one before it only modifies ("gaming mouse pads").
  const head = words(topic).at(-1) ?? "";
  if (head.length > 4 && head.endsWith("ing")) return "activity";
  const headClass = lexiconClass(head, brand);
  if (headClass === "product" || headClass === "place" || headClass === "food") return headClass;
  // A brand that runs classes and workouts teaches something people do.
  if (ACTIVITY.test(brandWords)) return "activity";
  // A head every sense of which is an idea ("theory", "syndrome") names an idea, even when the
  // brand coaches people through it.
  const headLemma = nounLemma(head) ?? head;
  const headSenses = sensesOf(headLemma);
  if (headSenses.length > 0 && headSenses.every((offset) => CONCEPT_LEXFILES.has(synset(offset).lexFile))) return "concept";
  if (TEACHING.test(`${topic} ${brandWords}`)) {
    // Lessons in something people do ("kitesurfing lessons", a studio's "yoga classes") are
    // about the practice: its first sessions, gear and progress. Credentials alone, or lessons
    // in a thing ("guitar lessons"), say a service one hires.
    if (LESSONS.test(`${topic} ${brandWords}`) && isPractice(withoutLessons(topic), brand)) return "activity";
    return local(brandWords) ? "local service" : "service";
  }
  if (FOOD.test(brandWords)) return "food";
  if (PLACE.test(brandWords)) return "place";
  // A head noun that names things one holds in some sense ("pads", "stripper") is a product
  // sooner than an idea; "syndrome", "theory" and "economy" have no such sense.
  if (headSenses.some((offset) => HELD_LEXFILES.has(synset(offset).lexFile))) return "product";
  return "concept";
}

/** Classes that sell nothing off a shelf: their advice never speaks of sizes, warranties or cleaning. */
export function isShelfless(subjectClass: SubjectClass | null | undefined): boolean {
  return subjectClass === "software" || subjectClass === "service" || subjectClass === "local service";
}
