// The keyword universe the offline simulator finds around a seed: the class's searches
// (offline-modifiers.ts) wrapped around the whole seed as typed, the seed's narrowings, its
// People Also Ask questions, and its neighbours in WordNet (kinds and sister terms) when the
// seed is a WordNet lemma. Built from the seed alone, deterministically; nothing in it is real
// demand. Every text passes the lexicon's harmful-term check with the seed as the only words
// the user brought, so a neighbour or a template never brings in a harm the seed did not say.
import { factsOfSense } from "../lexicon/entity-facts";
import { introducesHarm, ownWordsOf } from "../lexicon/harmful-terms";
import { nounFrequency, sensesOf } from "../lexicon/wordnet";
import { stem } from "./offline-keywords";
import { LOCAL_WORK, MODIFIERS, MONEY_WORDS, type ClassModifiers } from "./offline-modifiers";
import { readSeed, type SeedReading } from "./offline-subject";
import { rngFrom } from "./prng";

/** Words of a template that say nothing of their own: they may repeat a word of the seed. */
const GLUE = new Set("a an the to in of for with from on at by is are do does how what when who which why where can you i".split(" "));

const PEOPLE_ALSO_ASK = 4;
const RELATED_SEARCHES = 8;

/** The table of the seed's class: work booked near a place has no person to name. */
function tableOf(reading: SeedReading): ClassModifiers {
  return reading.seedClass === "local service" && reading.provider === "work" ? LOCAL_WORK : MODIFIERS[reading.seedClass];
}

function articled(phrase: string): string {
  const an = /^[aeio]/.test(phrase) || (/^u/.test(phrase) && !/^u(ni|s[eu])/.test(phrase)) || /^hour/.test(phrase);
  return `${an ? "an" : "a"} ${phrase}`;
}

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** Whether a phrase holds a money word as a whole word ("best", "near me"). */
function hasMoneyWord(text: string): boolean {
  const padded = ` ${wordsOf(text).join(" ")} `;
  return MONEY_WORDS.some((m) => padded.includes(` ${m} `));
}

/**
 * A template filled for the seed, or null: when it needs a sister term the seed has none of,
 * when its own words repeat the seed's ("pot roast recipes" takes no "{x} recipe"), or when it
 * would sell health.
 */
function fill(template: string, reading: SeedReading, sister: string | null): string | null {
  if (template.includes("{vs}") && sister === null) return null;
  const added = wordsOf(template.replace(/\{[a-z]+\}/g, " "));
  const seedStems = new Set(wordsOf(reading.seed).map(stem));
  if (added.some((w) => !GLUE.has(w) && seedStems.has(stem(w)))) return null;
  if (reading.health && hasMoneyWord(template.replace(/\{[a-z]+\}/g, " "))) return null;
  // A person's article does not read for work ("a crane hire leeds"), nor for an unread head.
  if (template.includes("{a}") && reading.seedClass !== "person" && reading.seedClass !== "venue" && reading.provider !== "person")
    return null;
  return template
    .replace("{is}", reading.plural ? "are" : "is")
    .replace("{does}", reading.plural ? "do" : "does")
    .replace("{x}", reading.seed)
    .replace("{a}", articled(reading.singular))
    .replace("{s}", reading.service)
    .replace("{vs}", sister ?? "");
}

/** WordNet neighbours of a seed that is itself a lemma: its kinds and its sister terms, commonest first. */
interface Neighbours {
  kinds: string[];
  sisters: string[];
}

/** Lemmas of up to three plain words, the commonest in WordNet's tagged corpus first; `seen` keeps only those met there. */
function commonestFirst(lemmas: readonly string[], seen: boolean): string[] {
  return lemmas
    .filter((l) => /^[a-z][a-z ]*$/.test(l) && l.split(" ").length <= 3)
    .map((l) => ({ l, f: sensesOf(l).reduce((sum, o) => sum + nounFrequency(o), 0) }))
    .filter((x) => !seen || x.f > 0)
    .sort((a, b) => b.f - a.f || a.l.localeCompare(b.l))
    .map((x) => x.l);
}

function neighboursOf(reading: SeedReading): Neighbours {
  const sense = reading.sense;
  // A local search's neighbours would lose its place ("interior designer" for "tree surgeon in bristol").
  if (sense === null || !reading.whole || reading.place !== null) return { kinds: [], sisters: [] };
  // The seed's own words are the only words of its owner: a harmful neighbour stays out.
  const words = reading.seed.split(" ");
  const facts = factsOfSense(reading.seed, [0, words.length], sense);
  const seed = new Set([reading.seed, ...sense.lemmas]);
  const fresh = (l: string) => !seed.has(l);
  // Sisters met in use only: WordNet lists "chinese restaurant syndrome" beside "autism" under "syndrome".
  return {
    kinds: commonestFirst(facts.kinds.filter(fresh), false).slice(0, 4),
    sisters: commonestFirst(facts.sisters.filter(fresh), true).slice(0, 3),
  };
}

/** Everything the simulator may say around a seed, each list in its order, de-duplicated and harmless. */
export interface SeedUniverse {
  reading: SeedReading;
  /** The class's keywords around the seed, in the table's order. */
  modified: string[];
  /** Modified keywords narrowed once more ("adhd symptoms in adults"). */
  narrowed: string[];
  /** People Also Ask questions, all of them. */
  questions: string[];
  /** Narrower kinds of the seed (WordNet hyponyms). */
  kinds: string[];
  /** Sister terms: other kinds of the seed's broader class. */
  sisters: string[];
}

const universes = new Map<string, SeedUniverse>();

export function seedUniverse(raw: string): SeedUniverse {
  const reading = readSeed(raw);
  const hit = universes.get(reading.seed);
  if (hit) return hit;
  const own = ownWordsOf([reading.seed]);
  const safe = (list: ReadonlyArray<string | null>): string[] => [
    ...new Set(list.filter((t): t is string => t !== null && t !== reading.seed && !introducesHarm(t, own))),
  ];
  const { kinds, sisters } = neighboursOf(reading);
  const table = tableOf(reading);
  const sister = sisters[0] ?? null;
  const modified = safe(table.keywords.map((t) => fill(t, reading, sister)));
  // Only "seed + one word" is narrowed ("adhd symptoms in adults"): a keyword narrowed already
  // ("adhd in adults") or ending in a phrase ("... near me") would read twice narrowed.
  const narrowed = safe(
    modified
      .filter((k) => k.startsWith(`${reading.seed} `) && /^[a-z]+$/.test(k.slice(reading.seed.length + 1)))
      .slice(0, 6)
      .flatMap((k) => table.narrowers.map((n) => fill(`${k} ${n}`.replace(reading.seed, "{x}"), reading, sister))),
  );
  const questions = safe(table.questions.map((t) => fill(t, reading, sister)));
  const universe: SeedUniverse = { reading, modified, narrowed, questions, kinds: safe(kinds), sisters: safe(sisters) };
  if (universes.size > 5_000) universes.clear();
  universes.set(reading.seed, universe);
  return universe;
}

/** Keywords that hold the seed as typed, as words ("adhd" in "adhd test", not in "adhdx"). */
export function holdsSeed(keyword: string, seed: string): boolean {
  return ` ${keyword} `.includes(` ${seed} `);
}

/** What the page of a keyword shows under People Also Ask: four of its questions, the same every time. */
export function peopleAlsoAskFor(keyword: string): string[] {
  const universe = seedUniverse(keyword);
  const neutral = universe.questions.length >= PEOPLE_ALSO_ASK ? [] : neutralQuestions(universe.reading);
  const pool = [...new Set([...universe.questions, ...neutral])];
  // The commonest question leads; the rest vary by keyword, as pages do.
  const [first, ...rest] = pool;
  if (first === undefined) return [];
  return [first, ...rngFrom("paa", universe.reading.seed).shuffle(rest)].slice(0, PEOPLE_ALSO_ASK);
}

function neutralQuestions(reading: SeedReading): string[] {
  const own = ownWordsOf([reading.seed]);
  return MODIFIERS.unknown.questions.map((t) => fill(t, reading, null)).filter((q): q is string => q !== null && !introducesHarm(q, own));
}

/** The page's related searches: eight searches around the keyword, the same every time. */
export function relatedSearchesFor(keyword: string): string[] {
  const universe = seedUniverse(keyword);
  const { reading } = universe;
  const ownWords = ownWordsOf([reading.seed]);
  const own = [...new Set([...universe.modified, ...universe.narrowed, ...universe.sisters, ...universe.kinds])];
  // The words any subject takes fill a short list only: they read worse than the class's own.
  const neutral =
    own.length >= RELATED_SEARCHES
      ? []
      : MODIFIERS.unknown.keywords
          .map((t) => fill(t, reading, universe.sisters[0] ?? null))
          .filter((k): k is string => k !== null && !introducesHarm(k, ownWords));
  const pool = [...new Set([...own, ...neutral])].filter((k) => k !== reading.seed);
  return rngFrom("related-searches", reading.seed).shuffle(pool).slice(0, RELATED_SEARCHES);
}
