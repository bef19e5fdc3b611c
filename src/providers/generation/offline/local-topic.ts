// A local topic: a provider or a service people hire near them ("roofer in leeds", "boiler
// repair bristol", "24 hour locksmith near me"). Such a topic keeps its place, and its tree
// leads with the searches a person types to find and hire one. Read from the phrase alone:
// a provider word, then a place ("in <place>", or the words that end the phrase) or "near me".
import { entityFacts } from "../../lexicon/entity-facts";
import { nounLemma, sensesOf, synset } from "../../lexicon/wordnet";

export interface LocalTopic {
  /** The service as searched, without its place: "emergency roofer", "boiler repair". */
  service: string;
  /** The provider without urgency words: "roofer", "boiler repair". */
  provider: string;
  /** The place named, or null ("near me", or none). */
  place: string | null;
  /** A person hired by the job (a roofer), who takes call-out fees and holds qualifications. */
  person: boolean;
}

/** People hired for a job at home or nearby. */
const PEOPLE = new Set(
  `plumber plumbers electrician electricians locksmith locksmiths roofer roofers dentist dentists lawyer lawyers solicitor
  solicitors accountant accountants mechanic mechanics builder builders cleaner cleaners mover movers removalist contractor
  contractors handyman handymen painter painters decorator decorators plasterer plasterers landscaper landscapers gardener
  gardeners florist florists photographer photographers caterer caterers tutor tutors installer installers exterminator
  exterminators chiropractor chiropractors physiotherapist physiotherapists physio therapist therapists vet vets groomer
  groomers glazier glaziers tiler tilers carpenter carpenters joiner joiners bricklayer bricklayers surveyor surveyors
  optician opticians hairdresser hairdressers barber barbers realtor realtors estate agent agents driver drivers courier
  couriers`.split(/\s+/),
);

/** Services named by what is done, hired like a person ("crane hire", "gutter cleaning", "boiler repair"). */
const SERVICES = new Set(
  `hire rental rentals repair repairs cleaning removals removal grooming physiotherapy physio massage tutoring towing
  installation servicing catering landscaping roofing plumbing`.split(/\s+/),
);

/** Places people go to ("a blow dry bar", "a nail salon"): local only with a place or "near me" ("chocolate bar" is none). */
const VENUES = new Set(`bar salon spa clinic studio gym garage barbershop cafe restaurant bakery pharmacy`.split(/\s+/));

/** Said after a service about who does it: part of the provider ("gutter cleaning service"). */
const PROVIDER_NOUNS = new Set(["service", "services", "company", "companies"]);

/** Said before the provider about when it is needed, not what it is. */
const URGENCY = new Set(["emergency", "24", "hour", "24-hour", "local", "same", "day"]);

/** Words that end a phrase but name no place ("roofer prices", "boiler repair cost"). */
const NOT_PLACES = new Set(
  `cost costs price prices pricing rates rate fee fees salary jobs job training course courses tips guide ideas reviews
  review insurance tools equipment software services service company companies near me for with and the of`.split(/\s+/),
);

const isProvider = (w: string) => PEOPLE.has(w) || SERVICES.has(w) || VENUES.has(w);

/** A service named by what is done ("crane hire", "boiler repair"): work, not a thing to count. */
export function isServiceWord(word: string): boolean {
  return SERVICES.has(word);
}

/** WordNet's lexicographer file of places (wndb(5)). */
const LOCATION_LEXFILE = 15;

/** A name every sense of which is a place ("manchester": the English city or the one in New Hampshire). */
function onlyPlaces(name: string): boolean {
  const senses = sensesOf(name);
  return senses.length > 0 && senses.every((offset) => synset(offset).lexFile === LOCATION_LEXFILE);
}

/** A word the lexicon knows in no form ("frome", not "mistakes" or "easy"). */
const unknownWord = (w: string) => nounLemma(w) === null && (["verb", "adj", "adv"] as const).every((pos) => sensesOf(w, pos).length === 0);

/**
 * Whether the words name a place: the lexicon reads all of them as one, a name with a place among
 * its senses ("cork", a city as well as a stopper), or words it does not know at all (most towns).
 */
export function namesPlace(words: readonly string[]): boolean {
  const facts = entityFacts(words);
  const whole = facts?.span[0] === 0 && facts.span[1] === words.length;
  const placeSense = sensesOf(words.join(" ")).some((offset) => synset(offset).lexFile === LOCATION_LEXFILE);
  return (whole && facts.entityClass === "place") || placeSense || words.every(unknownWord);
}

/**
 * A place after the provider: after "in", 1 to 4 words that name no provider and no facet; with
 * no "in" ("boiler repair bristol"), 1 to 3 words the lexicon knows as a place or does not know
 * at all (most towns), so "bike repair manual" stays a manual.
 */
function placeAfter(rest: string[]): string | null {
  const said = rest[0] === "in";
  const words = said ? rest.slice(1) : rest;
  if (words.length < 1 || words.length > (said ? 4 : 3)) return null;
  if (!words.every((w) => /^[a-z][a-z'-]*$/.test(w) && !NOT_PLACES.has(w) && !isProvider(w))) return null;
  const named = said || entityFacts(words)?.entityClass === "place" || onlyPlaces(words.join(" ")) || words.every(unknownWord);
  return named ? words.join(" ") : null;
}

export function readLocalTopic(topic: string): LocalTopic | null {
  const nearMe = / near me$/.test(topic);
  const words = (nearMe ? topic.replace(/ near me$/, "") : topic).split(" ").filter((w) => w !== "");
  let at = words.findLastIndex(isProvider);
  const who = words[at];
  // A provider after "for" is the audience, not the one hired: "seo for lawyers".
  if (who === undefined || words.slice(0, at).includes("for")) return null;
  while (PROVIDER_NOUNS.has(words[at + 1] ?? "")) at++;
  const rest = words.slice(at + 1);
  const place = rest.length > 0 ? placeAfter(rest) : null;
  if (rest.length > 0 && place === null) return null;
  if (VENUES.has(who) && place === null && !nearMe) return null;
  const service = words.slice(0, at + 1).join(" ");
  const provider = words
    .slice(0, at + 1)
    .filter((w, i) => !(URGENCY.has(w) && i < at))
    .join(" ");
  if (provider === "") return null;
  return { service, provider, place, person: PEOPLE.has(who) };
}
