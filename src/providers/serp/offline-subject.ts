// What a discovery seed is about, read from the seed alone: its class (a condition, a person,
// a profession's work, a product, food, software, a place...), its head noun and any place it
// names. The class decides which searches the offline simulator may put around the seed
// (offline-modifiers.ts): "adhd" must never be offered as something to buy, "tree surgeon in
// bristol" never with a price. WordNet's lexicographer file of the head's sense says the class;
// a few marker words that name work or software speak first, because WordNet files "hire" as a
// person and "automation" as an act.
import { keywordMatchKey } from "../../platform/text/keyword";
import { isWord, nounLemma, related, sensesOf, synset, type Synset } from "../lexicon/wordnet";

export type SeedClass =
  | "condition"
  | "person"
  | "work"
  | "activity"
  | "product"
  | "food"
  | "software"
  | "place"
  | "stay"
  | "venue"
  | "idea"
  | "recipes"
  | "local service"
  | "unknown";

export interface SeedReading {
  /** The seed as typed: lowercased, spacing collapsed. */
  seed: string;
  seedClass: SeedClass;
  /**
   * The seed without its place ("tree surgeon" of "tree surgeon in bristol") or its page format
   * ("pot roast" of "pot roast recipes"); the seed when it names neither.
   */
  service: string;
  /** The place it names ("in bristol", "leeds", "near me"), or null. */
  place: string | null;
  /** The seed with its head noun singular ("lawyer" of "lawyers"), for "what does a lawyer do". */
  singular: string;
  /** The head is plural as typed ("visa applications"): "what are", not "what is". */
  plural: boolean;
  /** The head's WordNet sense, when one was read. */
  sense: Synset | null;
  /** Whether the whole service phrase is the sense's own lemma: only then are its sister terms its neighbours. */
  whole: boolean;
  /** Whether a word of the seed names a condition ("diabetes socks"): such a seed is never sold. */
  health: boolean;
  /** For a local service: whether a person is hired ("plumber") or work is booked ("crane hire"). */
  provider: "person" | "work" | null;
}

// WordNet's lexicographer files (wndb(5)).
const LEX = {
  act: 4,
  artifact: 6,
  cognition: 9,
  communication: 10,
  food: 13,
  location: 15,
  person: 18,
  process: 22,
  state: 26,
  substance: 27,
};

/** Words that end a phrase naming work people pay someone to do: WordNet reads some as people ("hire") or things. */
const WORK_MARKERS = new Set(
  `service services hire rental rentals repair repairs cleaning installation installations removals consulting consultancy
  coaching tutoring lessons classes therapy counselling counseling training grooming agency agencies advice planning
  translation translations support`.split(/\s+/),
);

/** Words that say a thing runs on a computer, anywhere in the phrase. */
const SOFTWARE_MARKERS = new Set(`software app apps saas cms crm erp api plugin plugins platform automation`.split(/\s+/));

/** A phrase ending in a recipe word is a dish, whatever its other words. */
const FOOD_MARKERS = new Set(["recipe", "recipes"]);

/** Classes above a sense that make it a condition of body or mind. */
const CONDITION_ANCESTORS = new Set([
  "disorder",
  "disease",
  "illness",
  "ill health",
  "pathological state",
  "syndrome",
  "symptom",
  "psychological state",
  "mental disorder",
  "injury",
  "pain",
]);

/** Classes above an act that make it a pastime rather than someone's work. */
const PASTIME_ANCESTORS = new Set(["sport", "diversion", "recreation", "athletics", "hobby"]);

/** Classes above a building or location that one stays in. */
const STAY_ANCESTORS = new Set(["hotel", "dwelling", "housing", "lodging", "hostel", "inn"]);

/** Classes above an artifact that make it a place one goes to, not a thing one holds. */
const VENUE_ANCESTORS = new Set(["establishment", "place of business", "facility", "building", "structure", "room"]);

/** Classes above a written work that make it a program. */
const SOFTWARE_ANCESTORS = new Set(["software", "program", "application"]);

/** Whether the sense, or a class up to seven levels above it, bears one of the names. */
function under(sense: Synset, names: ReadonlySet<string>): boolean {
  let level = [sense];
  for (let depth = 0; depth < 8 && level.length > 0; depth++) {
    if (level.some((s) => s.lemmas.some((l) => names.has(l)))) return true;
    level = level.flatMap((s) => related(s, "@", "@i"));
  }
  return false;
}

const firstSenses = (lemma: string, n: number): Synset[] =>
  sensesOf(lemma)
    .slice(0, n)
    .map((o) => synset(o));

/**
 * A word or phrase whose commonest sense is a condition ("adhd", "diabetes", "anxiety"). For
 * the head, `senses` is 2: a head read as a condition in either of its two commonest senses is
 * one (the safe side); a describing word must be one in its commonest sense, or the "mouse" of
 * "gaming mouse pads" (a black eye, second) would take a product's words away.
 */
function namesCondition(lemma: string, senses = 1): boolean {
  // noun.state only: "curiosity" is a psychological state too, but of the mind's interest, filed under cognition.
  return firstSenses(lemma, senses).some((s) => s.lexFile === LEX.state && under(s, CONDITION_ANCESTORS));
}

/** A proper place WordNet knows ("bristol", "isle of skye"): an instance of a location. */
function isNamedPlace(phrase: string): boolean {
  const [first] = firstSenses(phrase, 1);
  return first !== undefined && first.lexFile === LEX.location && first.pointers.some((p) => p.symbol === "@i");
}

interface PlaceSplit {
  service: string[];
  place: string | null;
}

/** "tree surgeon in bristol" -> tree surgeon + "in bristol"; "plumber leeds" -> plumber + "leeds"; "... near me". */
function splitPlace(words: readonly string[]): PlaceSplit {
  const n = words.length;
  if (n >= 3 && words[n - 2] === "near" && words[n - 1] === "me") return { service: words.slice(0, -2), place: "near me" };
  for (let k = Math.min(3, n - 1); k >= 1; k--) {
    const tail = words.slice(n - k).join(" ");
    if (!isNamedPlace(tail)) continue;
    const before = words.slice(0, n - k);
    const joiner = before.at(-1);
    if (joiner === "in" || joiner === "near" || joiner === "around") {
      if (before.length > 1) return { service: before.slice(0, -1), place: `${joiner} ${tail}` };
    } else if (before.length > 0) return { service: before, place: tail };
  }
  return { service: [...words], place: null };
}

interface Head {
  /** Index of the head's last word among the phrase's words. */
  end: number;
  /** The head's lemma ("tree surgeon", "lawyer"). */
  lemma: string;
  /** How many words the lemma spans. */
  span: number;
}

/**
 * The phrase's last noun, as the longest WordNet lemma (up to three words) ending on it. Words
 * WordNet knows only as adjectives or verbs are passed over; a last word it does not know at all
 * ("bouldering"), or knows only as a verb ("invoicing"), is the head, unread: the words before
 * it only describe it.
 */
function headOf(words: readonly string[]): Head | null {
  for (let end = words.length - 1; end >= 0; end--) {
    for (let span = Math.min(3, end + 1); span >= 1; span--) {
      const phrase = words.slice(end - span + 1, end + 1).join(" ");
      const lemma = span === 1 ? nounLemma(phrase) : sensesOf(phrase).length > 0 ? phrase : null;
      if (lemma !== null) return { end, lemma, span };
    }
    const word = words[end] as string;
    // An "-ing" form WordNet has no noun for names an act it does not know ("invoicing").
    if (!isWord(word) || word.endsWith("ing")) return null;
  }
  return null;
}

/** The class one sense gives a phrase. */
function classOfSense(sense: Synset, second: Synset | undefined): SeedClass {
  switch (sense.lexFile) {
    case LEX.person:
      return "person";
    case LEX.act:
    case LEX.process:
      return under(sense, PASTIME_ANCESTORS) ? "activity" : "work";
    case LEX.food:
      return "food";
    case LEX.location:
      if (under(sense, STAY_ANCESTORS)) return "stay";
      return "place";
    case LEX.artifact:
      if (under(sense, STAY_ANCESTORS)) return "stay";
      return under(sense, VENUE_ANCESTORS) ? "venue" : "product";
    case LEX.substance:
      return "product";
    case LEX.cognition:
      return "idea";
    case LEX.communication:
      if (under(sense, SOFTWARE_ANCESTORS)) return "software";
      // A written thing one holds ("notebook") has an artifact sense next to it.
      return second?.lexFile === LEX.artifact ? "product" : "unknown";
    default:
      return "unknown";
  }
}

interface PhraseClass {
  seedClass: SeedClass;
  sense: Synset | null;
  whole: boolean;
}

/** The class of a phrase with no place in it. */
function classOfPhrase(words: readonly string[]): PhraseClass {
  const last = words.at(-1);
  if (last === undefined) return { seedClass: "unknown", sense: null, whole: false };
  const none = (seedClass: SeedClass): PhraseClass => ({ seedClass, sense: null, whole: false });
  if (words.some((w) => SOFTWARE_MARKERS.has(w))) return none("software");
  if (WORK_MARKERS.has(last)) return none("work");
  if (FOOD_MARKERS.has(last)) return none("recipes");
  const head = headOf(words);
  if (head === null) return none("unknown");
  const [first, second] = firstSenses(head.lemma, 2);
  if (first === undefined) return none("unknown");
  const whole = head.end === words.length - 1 && head.span === words.length;
  // A condition in either of its two commonest senses is read as one: the safe side.
  if (namesCondition(head.lemma, 2)) return { seedClass: "condition", sense: first, whole };
  return { seedClass: classOfSense(first, second), sense: first, whole };
}

/** "lawyers" -> "lawyer": the head noun singular, the rest as typed. */
function singularOf(words: readonly string[]): string {
  const head = headOf(words);
  if (head === null) return words.join(" ");
  const out = [...words];
  const word = out[head.end] as string;
  out[head.end] = nounLemma(word) ?? word;
  return out.join(" ");
}

const PROVIDER_OF: Partial<Record<SeedClass, "person" | "work">> = {
  person: "person",
  work: "work",
  activity: "work",
  venue: "work",
  idea: "work",
  unknown: "work",
  condition: "work",
};

const cache = new Map<string, SeedReading>();

/** What the offline simulator knows of a seed, from its words alone. */
export function readSeed(raw: string): SeedReading {
  const seed = keywordMatchKey(raw);
  const hit = cache.get(seed);
  if (hit) return hit;
  const words = seed.split(" ").filter((w) => w !== "");
  const { service, place } = splitPlace(words);
  const singular = singularOf(words);
  const phrase = classOfPhrase(service);
  const health = words.some((w) => w.length > 2 && namesCondition(nounLemma(w) ?? w)) || phrase.seedClass === "condition";
  // A place with a person or work before it is a local service; a product or a dish keeps its class.
  const provider = place === null ? null : (PROVIDER_OF[phrase.seedClass] ?? null);
  let seedClass: SeedClass = provider === null ? phrase.seedClass : "local service";
  if (place === null && isNamedPlace(seed)) seedClass = "place";
  const reading: SeedReading = {
    seed,
    seedClass,
    // A collection of recipes is about its dish: "how do you make pot roast", not "... pot roast recipes".
    service: (seedClass === "recipes" && service.length > 1 ? service.slice(0, -1) : service).join(" "),
    place,
    singular,
    plural: singular !== seed,
    sense: phrase.sense,
    whole: phrase.whole,
    health,
    provider,
  };
  if (cache.size > 20_000) cache.clear();
  cache.set(seed, reading);
  return reading;
}
