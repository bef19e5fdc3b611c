// What the lexicon knows about a thing named by a few words: which of its words name it (the
// anchor: "espresso" in "home espresso", "meal" in "vegan meal prep"), what kind of thing it
// is, its definition, its kinds, parts, broader class and sister kinds, and the compounds that
// name related things ("espresso maker"). Read from WordNet (wordnet.ts), cached per phrase and
// context. Only a confirmed sense (sense.ts) is read: with no brand words to confirm it, a word
// of several senses anchors nothing, and harmful kinds or sisters are left out unless named.
import { isHarmfulSense } from "./harmful-senses";
import { namedBy } from "./harmful-terms";
import { confirmedSense, NO_CONTEXT, withWords, type SenseContext } from "./sense";
import { nounLemma, related, sensesOf, type Synset } from "./wordnet";

/** What kind of thing the anchor is, from WordNet's lexicographer file of its sense. */
type EntityClass = "food" | "artifact" | "activity" | "living" | "person" | "place" | "thing";

const CLASS_OF_LEXFILE: Record<number, EntityClass> = {
  4: "activity",
  5: "living",
  6: "artifact",
  9: "activity",
  10: "activity",
  11: "activity",
  13: "food",
  15: "place",
  18: "person",
  20: "living",
  22: "activity",
};

const CONCRETE = new Set<EntityClass>(["food", "artifact", "living"]);

export interface EntityFacts {
  /** The words of the phrase that WordNet names, as given ("espresso"). */
  anchor: string;
  /** Where the anchor starts and ends among the phrase's words. */
  span: [number, number];
  entityClass: EntityClass;
  synset: Synset;
  /** The definition ("strong black coffee brewed by forcing hot water ..."). */
  gloss: string;
  /** Narrower kinds (hyponyms), first lemma of each. */
  kinds: string[];
  /** Parts and ingredients (meronyms). */
  parts: string[];
  /** The broader class (first hypernym), or null at the top. */
  broader: string | null;
  /** Other kinds of the broader class. */
  sisters: string[];
  /** The anchor is every word of the phrase: only then may its gloss define the phrase. */
  whole: boolean;
}

/** Artifacts that are places one goes to ("espresso shop", "kitchen garden"), not things one uses. */
const PLACE_ANCESTORS = new Set(["structure", "establishment", "building", "facility", "place of business", "area"]);

function isPlace(s: Synset): boolean {
  let current: Synset | undefined = s;
  for (let depth = 0; current && depth < 6; depth++) {
    if (current.lemmas.some((l) => PLACE_ANCESTORS.has(l))) return true;
    current = related(current, "@")[0];
  }
  return false;
}

const classOf = (s: Synset): EntityClass => {
  const entityClass = CLASS_OF_LEXFILE[s.lexFile] ?? "thing";
  return entityClass === "artifact" && isPlace(s) ? "place" : entityClass;
};

const textLemmas = (list: Synset[]): string[] => [...new Set(list.map((s) => s.lemmas[0]).filter((l) => /^[a-z][a-z ]*$/.test(l)))];

const factsCache = new Map<string, EntityFacts | null>();

/**
 * The facts of a phrase's anchor: the longest run of its words WordNet knows as a noun with a
 * confirmed sense (sense.ts: the brand's words and the phrase's other words decide), preferring
 * concrete things and, among equals, the rightmost (English puts the head last). With no
 * context only senses that need no confirmation count (one noun sense).
 */
export function entityFacts(words: readonly string[], context: SenseContext = NO_CONTEXT): EntityFacts | null {
  const key = `${words.join(" ")}\u0000${context.key}`;
  const hit = factsCache.get(key);
  if (hit !== undefined) return hit;
  // The phrase's own words are the owner's words too: "grenade" typed is "grenade" named.
  const around = withWords(context, [words.join(" ")]);
  let best: { score: number; lemma: string; span: [number, number]; sense: Synset; text: string } | null = null;
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j <= Math.min(words.length, i + 3); j++) {
      const text = words.slice(i, j).join(" ");
      const lemma = j - i === 1 ? nounLemma(text) : sensesOf(text).length > 0 ? text : null;
      const sense = lemma === null ? null : confirmedSense(lemma, around, words.slice(i, j));
      if (!lemma || !sense) continue;
      const score = (j - i) * 10 + (CONCRETE.has(classOf(sense)) ? 5 : 0) + j * 0.1;
      if (!best || score > best.score) best = { score, lemma, span: [i, j], sense, text };
    }
  }
  const facts = best ? factsOfSense(best.text, best.span, best.sense, around, best.span[0] === 0 && best.span[1] === words.length) : null;
  if (factsCache.size > 20_000) factsCache.clear();
  factsCache.set(key, facts);
  return facts;
}

/** A related sense worth naming: not harmful, unless the owner's words name it. */
const safeFor = (context: SenseContext) => (s: Synset) => !isHarmfulSense(s) || s.lemmas.some((l) => namedBy(context.own, l));

/** The facts of a known sense (its kinds, parts, broader class and sisters), harmful neighbours left out. */
export function factsOfSense(
  anchor: string,
  span: [number, number],
  sense: Synset,
  context: SenseContext = NO_CONTEXT,
  whole = true,
): EntityFacts {
  const safe = safeFor(context);
  const broaderSynset = related(sense, "@")[0] ?? null;
  const own = new Set(sense.lemmas);
  return {
    anchor,
    span,
    entityClass: classOf(sense),
    synset: sense,
    gloss: sense.gloss,
    kinds: textLemmas(related(sense, "~").filter(safe)),
    parts: textLemmas(related(sense, "%p", "%s", "%m").filter(safe)),
    broader: broaderSynset && safe(broaderSynset) ? broaderSynset.lemmas[0] : null,
    sisters: broaderSynset && safe(broaderSynset) ? textLemmas(related(broaderSynset, "~").filter(safe)).filter((l) => !own.has(l)) : [],
    whole,
  };
}
