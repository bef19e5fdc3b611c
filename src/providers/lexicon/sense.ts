// Which sense of a word the brand means, or none. A WordNet sense is used (its kinds, parts,
// sister terms, gloss, broader class) only when it is confirmed: the lemma has a single noun
// sense, or the brand's words (description, tagline, audience, name, the topic's other words)
// overlap the sense's signature: its gloss, its lemmas, the lemmas and glosses of the classes
// above it, its topic domain and its lexicographer file (a simplified Lesk). A harmful sense
// (harmful-senses.ts) must moreover be named by the brand's own words. Otherwise the world
// stays with the phrase as typed: "python programming" is not about snakes, "bath bombs" not
// about explosive devices.
import { isHarmfulSense } from "./harmful-senses";
import { namedBy, ownWordsOf, type OwnWords } from "./harmful-terms";
import { nounLemma, related, sensesOf, synset, type Synset } from "./wordnet";

export interface SenseContext {
  /** Content words of the brand's texts, in their base form ("mice" -> "mouse"). */
  words: ReadonlySet<string>;
  /** The brand's texts as said, for "does the brand name this harmful thing". */
  own: OwnWords;
  /** Whether a brand said anything: then even a word of one sense must share a word with it. */
  described: boolean;
  /** A stable key for caches. */
  key: string;
}

// Words too common in glosses and brand texts to tell one sense from another.
const GENERIC = new Set(
  `a an the and or of to in on at by for with from as is are be been being it its that this these those which who whom whose
  what when where how than then there their they them one ones some any all each other such not no nor only also very more
  most much many few small large big used use using usually especially often typically something someone thing things
  kind kinds type types form forms part parts make made way having has have had can may will into out over under about
  our your you we us my new best good high low same own etc e g i.e event work get getting ready great welcome first minute
  explain explained build help time day way free based home want better whole selling sell people everyday`.split(/\s+/),
);

/** A word's base form for matching: its noun lemma, else the word with a plain suffix off. */
function base(word: string): string {
  const noun = nounLemma(word);
  if (noun) return noun;
  return word.replace(/(ing|ed|es|s)$/, "") || word;
}

function contentBases(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => w.length >= 3 && !GENERIC.has(w)).map(base);
}

/** The context of a brand's texts (and a topic's words): what a sense must overlap to be used. */
export function senseContext(texts: ReadonlyArray<string | null | undefined>): SenseContext {
  const present = texts.filter((t): t is string => !!t && t.trim() !== "");
  const words = new Set(present.flatMap(contentBases));
  return { words, own: ownWordsOf(present), described: words.size > 0, key: `${words.size > 0 ? "d" : ""}:${[...words].sort().join(" ")}` };
}

/** No brand at all (the offline SERP provider): only senses needing no confirmation are used. */
export const NO_CONTEXT: SenseContext = senseContext([]);

/** A context with a few more words (the topic's other words). */
export function withWords(context: SenseContext, texts: readonly string[]): SenseContext {
  const extra = texts.flatMap(contentBases).filter((w) => !context.words.has(w));
  if (extra.length === 0) return context;
  const words = new Set([...context.words, ...extra]);
  const own = { sequences: [...context.own.sequences, ...ownWordsOf(texts).sequences] };
  return { words, own, described: context.described, key: `${context.described ? "d" : ""}:${[...words].sort().join(" ")}` };
}

/** Lexicographer files, named by their topic ("noun.animal" -> "animal"). */
const LEXFILE_TOPIC: Record<number, string> = {
  4: "act activity",
  5: "animal",
  6: "artifact",
  7: "attribute",
  8: "body",
  9: "knowledge",
  10: "communication language",
  11: "event",
  12: "feeling",
  13: "food",
  14: "group",
  15: "place location",
  16: "motive",
  17: "object",
  18: "person people",
  19: "phenomenon",
  20: "plant",
  21: "possession money",
  22: "process",
  23: "quantity",
  24: "relation",
  25: "shape",
  26: "state",
  27: "substance",
  28: "time",
};

const signatures = new Map<number, Set<string>>();

/**
 * The words a sense is known by: gloss, lemmas, two classes up (lemmas and glosses), its
 * narrower kinds' names ("kidney" for the body's organ), topic domain, lexicographer file.
 */
function signatureOf(sense: Synset): Set<string> {
  const hit = signatures.get(sense.offset);
  if (hit) return hit;
  const texts = [sense.gloss, ...sense.lemmas, LEXFILE_TOPIC[sense.lexFile] ?? ""];
  let level = related(sense, "@", "@i");
  for (let depth = 0; depth < 2 && level.length > 0; depth++) {
    for (const up of level) texts.push(up.gloss, ...up.lemmas);
    level = level.flatMap((up) => related(up, "@", "@i"));
  }
  for (const domain of related(sense, ";c")) texts.push(...domain.lemmas);
  for (const kind of related(sense, "~", "~i")) texts.push(kind.lemmas[0]);
  const signature = new Set(texts.flatMap(contentBases));
  signatures.set(sense.offset, signature);
  return signature;
}

/** The brand's words a sense's signature shares, the lemma's own words left out. */
function overlapOf(sense: Synset, context: SenseContext, own: readonly string[] = []): number {
  const signature = signatureOf(sense);
  const skip = new Set(own.flatMap(contentBases));
  let shared = 0;
  for (const w of context.words) if (!skip.has(w) && signature.has(w)) shared += 1;
  return shared;
}

/** A harmful sense is used only when the brand itself names it (one of its lemmas). */
function harmAllowed(sense: Synset, context: SenseContext): boolean {
  return !isHarmfulSense(sense) || sense.lemmas.some((l) => namedBy(context.own, l));
}

/**
 * The confirmed noun sense of a lemma in a context, or null: a single sense needs no
 * confirmation where no brand spoke (the offline web) or when it is a compound ("coffee
 * bean"), and else one shared word, since WordNet may lack the brand's sense ("jaguar" is only
 * the cat); among several, the one whose signature shares most of the brand's words, if
 * it shares any and no other sense shares as many (a tie singles out nothing: "blow" the
 * stroke and "blow" the gust are both an "event"). `own` are the words naming the lemma in
 * the text (they say nothing about which sense is meant).
 */
export function confirmedSense(lemma: string, context: SenseContext, own: readonly string[] = [lemma]): Synset | null {
  const senses = sensesOf(lemma).map((o) => synset(o));
  const [only] = senses;
  if (only === undefined) return null;
  if (senses.length === 1) {
    // A compound of one sense ("coffee bean") is specific enough; a single word may not be.
    if (context.described && !lemma.includes(" ") && overlapOf(only, context, own) === 0) return null;
    return harmAllowed(only, context) ? only : null;
  }
  const scored = senses.map((sense) => ({ sense, score: overlapOf(sense, context, own) })).sort((a, b) => b.score - a.score);
  const [best, second] = scored;
  if (!best || best.score === 0 || (second && second.score === best.score)) return null;
  return harmAllowed(best.sense, context) ? best.sense : null;
}
