// A topic as the lexicon sees it: the topic itself, the things around it a writer would give a
// section or a pillar (its tools, ingredients, parts: "espresso maker" and "coffee bean" for
// "home espresso"), its kinds ("breakfast", "lunch", "dinner" for meals, with the topic's own
// modifier: "vegan breakfast") and its sister kinds ("types of coffee"). All from WordNet
// (../../lexicon), ranked by how common WordNet's tagged corpus finds them. Only a sense the
// brand's words confirm lends anything (../../lexicon/sense.ts), and nothing harmful is named
// unless the brand names it: the world stays with the phrase otherwise.
import { present } from "../../../platform/present";
import {
  compoundsOf,
  entityFacts,
  factsOfSense,
  isDishSense,
  lemmasIn,
  topicFacts,
  type EntityClass,
  type EntityFacts,
} from "../../lexicon/entity-facts";
import { isHarmfulSense } from "../../lexicon/harmful-senses";
import { introducesHarm, namedBy } from "../../lexicon/harmful-terms";
import { NO_CONTEXT, signatureOf, withWords, type SenseContext } from "../../lexicon/sense";
import { nounFrequency, nounLemma, related, sensesOf, singularLast, synset, type Synset } from "../../lexicon/wordnet";
import { QUALIFIERS } from "../../serp/offline-facets";
import type { SubjectClass } from "./subject-class";

interface Subject {
  /** As phrases use it in the singular or as a mass noun: "espresso maker", "home espresso". */
  name: string;
  /** "espresso makers"; the name itself for a mass noun ("espresso") or an activity. */
  plural: string;
  /** "a ", "an " or "" (mass nouns and activities take none). */
  article: string;
  entityClass: EntityClass | "unknown";
  /** Narrower kinds and sister kinds, most common first (for "vs" and "types of"). */
  kinds: string[];
  sisters: string[];
  /** An activity about food ("vegan meal prep"). */
  onFood: boolean;
  /**
   * The class of the brand's subject (subject-class.ts), set on the topic itself: it decides
   * which searches fit a subject the lexicon does not know ("... software" only for software).
   */
  subjectClass?: SubjectClass;
}

export interface TopicLexicon {
  topic: Subject;
  /** The topic's anchor is food ("vegan meal prep" is an activity about food). */
  foodish: boolean;
  /** Related things worth a pillar, best first. */
  things: Subject[];
  /** Kinds of the anchor, with the topic's modifier where it fits ("vegan breakfast"). */
  kinds: Subject[];
  /** "types of coffee" and its members, when the anchor has few kinds of its own. */
  sisterGroup: { name: string; members: Subject[] } | null;
}

const IRREGULAR_F = new Set(["knife", "wife", "life", "leaf", "loaf", "half", "shelf", "wolf", "calf", "thief"]);

export function pluralOf(phrase: string): string {
  const words = phrase.split(" ");
  const last = present(words.pop(), "the last word of a phrase");
  let plural: string;
  if (/[^aeiou]y$/.test(last)) plural = `${last.slice(0, -1)}ies`;
  else if (/(s|x|z|ch|sh)$/.test(last)) plural = `${last}es`;
  else if (/man$/.test(last) && last !== "human") plural = `${last.slice(0, -3)}men`;
  else if (IRREGULAR_F.has(last)) plural = `${last.replace(/fe?$/, "")}ves`;
  else plural = `${last}s`;
  return [...words, plural].join(" ");
}

const articleFor = (word: string): string => (/^[aeiou]/.test(word) ? "an " : "a ");

/** Things counted one by one (artifacts, living things, people; foods defined as "a ..."). */
function countable(entityClass: EntityClass | "unknown", gloss: string): boolean {
  if (entityClass === "artifact" || entityClass === "living" || entityClass === "person") return true;
  return entityClass === "food" && /^(a|an)\b/.test(gloss);
}

function subjectOf(name: string, facts: EntityFacts | null, activity = false): Subject {
  const entityClass = activity ? "activity" : (facts?.entityClass ?? "unknown");
  const counted = !activity && facts !== null && countable(entityClass, facts.gloss);
  const broader = facts ? (related(facts.synset, "@")[0] ?? null) : null;
  return {
    name,
    plural: counted ? pluralOf(name) : name,
    article: counted ? articleFor(name) : "",
    entityClass,
    kinds: facts
      ? rankByFrequency(facts.kinds, facts.synset)
          .filter((k) => k !== name)
          .slice(0, 6)
      : [],
    sisters: facts
      ? rankByFrequency(facts.sisters, broader)
          .filter((k) => k !== name)
          .slice(0, 6)
      : [],
    onFood: activity && facts?.entityClass === "food",
  };
}

/**
 * A lemma's own subject ("coffee bean" -> its facts read afresh), without its own kinds and
 * sister kinds: those are two steps from the topic, too far to be the topic's vocabulary.
 */
function lemmaSubject(lemma: string, sisters: string[] = [], sense: Synset | null = null, context: SenseContext = NO_CONTEXT): Subject {
  // The sense is known when the lemma came from the anchor's own sense (a kind, a part, a sister).
  const facts = sense ? factsOfSense(lemma, [0, lemma.split(" ").length], sense, context) : entityFacts(lemma.split(" "), context);
  return { ...subjectOf(lemma, facts), kinds: [], sisters: sisters.filter((s) => s !== lemma) };
}

/** The senses next to the anchor's (kinds, parts, sisters) by their first lemma. */
function neighbourSenses(facts: EntityFacts): Map<string, Synset> {
  const broader = related(facts.synset, "@")[0];
  const near = [...related(facts.synset, "~", "%p", "%s", "%m"), ...(broader ? related(broader, "~") : [])];
  return new Map(near.map((s) => [s.lemmas[0], s] as const));
}

/** A lemma the world may name: not of a harmful sense, nor a harmful term, unless the brand names it. */
function safeLemma(lemma: string, sense: Synset | null, context: SenseContext): boolean {
  if (sense && isHarmfulSense(sense) && !namedBy(context.own, lemma)) return false;
  return !introducesHarm(lemma, context.own);
}

function frequencyOf(lemma: string): number {
  const first = sensesOf(lemma)[0];
  return first === undefined ? 0 : nounFrequency(first);
}

/**
 * Most common first; WordNet's order among equals. With a parent, a lemma counts for its sense
 * under that parent ("mess" the meal, not "mess" the state of confusion).
 */
function rankByFrequency(lemmas: readonly string[], parent?: Synset | null): string[] {
  const under = new Set(parent ? parent.pointers.filter((p) => p.symbol === "~").map((p) => p.offset) : []);
  const frequency = (lemma: string) => {
    const senses = sensesOf(lemma);
    const sense = senses.find((o) => under.has(o)) ?? senses[0];
    return sense === undefined ? 0 : nounFrequency(sense);
  };
  return lemmas
    .map((lemma, i) => ({ lemma, i, f: frequency(lemma) }))
    .sort((a, b) => b.f - a.f || a.i - b.i)
    .map((x) => x.lemma);
}

const CONCRETE_LEXFILES = new Set([6, 13]);
const isConcrete = (s: Synset) => CONCRETE_LEXFILES.has(s.lexFile);
const firstSense = (lemma: string): Synset | null => {
  const offset = sensesOf(lemma)[0];
  return offset === undefined ? null : synset(offset);
};

/**
 * Things around the anchor: the things its definition names ("coffee bean") and its parts
 * always; compounds of the anchor ("espresso maker") and of its broader class ("coffee mill")
 * when their own definition shares a word with the anchor's context (anchor, broader class,
 * the concrete things its definition names), which keeps "dog collar" and drops "dog hook".
 */
function thingsAround(facts: EntityFacts, exclude: ReadonlySet<number>, withParts: boolean, context: SenseContext): string[] {
  const anchorWords = new Set(facts.anchor.split(" ").map((w) => nounLemma(w) ?? w));
  const anchorList = [...anchorWords];
  const anchor = anchorList.join(" ");
  const head = present(anchorList.at(-1), "the head word of the anchor");
  const glossed = lemmasIn(facts.gloss).filter((l) => {
    if (l.includes(" ")) return true;
    const sense = firstSense(l);
    return sense !== null && isConcrete(sense);
  });
  const contextWords = new Set([...anchorWords, ...(facts.broader?.split(" ") ?? []), ...glossed.flatMap((l) => l.split(" "))]);
  const found = new Map<number, { lemma: string; score: number }>();
  const dish = isDishSense(facts.synset);
  const add = (lemma: string, base: number, always: boolean) => {
    if (anchorWords.has(lemma) || lemma === facts.broader) return;
    const sense = firstSense(lemma);
    if (!sense || !isConcrete(sense) || sense.offset === facts.synset.offset || exclude.has(sense.offset)) return;
    if (!safeLemma(lemma, sense, context)) return;
    // The thing's own name says nothing, except that it names the anchor ("dog collar": "a collar for a dog").
    const own = new Set(lemma.split(" ").filter((w) => !anchorWords.has(w)));
    const shared = new Set(
      (sense.gloss.toLowerCase().match(/[a-z]+/g) ?? []).map((w) => nounLemma(w) ?? w).filter((w) => contextWords.has(w) && !own.has(w)),
    );
    if (!always && shared.size === 0) return;
    // A compound is named after the anchor's word, not always its sense ("punch pliers" of the
    // drink): its own signature must share a word with the anchor's, beyond the names themselves.
    if (!always && !sharesSense(sense, facts.synset, new Set([...anchorWords, ...own]))) return;
    // What a dish's definition names are its ingredients ("grated cheese" of risotto): a pillar
    // only when the brand names it too.
    if (always && dish && !lemma.split(" ").some((w) => context.words.has(nounLemma(w) ?? w))) return;
    const score = base + shared.size;
    // One synset, one thing: "coffee grinder" and "coffee mill" are not two pillars.
    const before = found.get(sense.offset);
    if (!before || before.score < score) found.set(sense.offset, { lemma, score });
  };
  for (const l of glossed) if (l.includes(" ")) add(l, 3, true);
  if (withParts) for (const p of facts.parts) add(p, 3, true);
  for (const c of compoundsOf(head)) if (c.startsWith(`${anchor} `)) add(c, 2, false);
  const broaderHead = anchor.includes(" ") ? head : facts.broader?.split(" ").at(-1);
  if (broaderHead) for (const c of compoundsOf(broaderHead)) if (c.startsWith(`${broaderHead} `)) add(c, 1, false);
  return [...found.values()]
    .sort((a, b) => b.score - a.score || frequencyOf(b.lemma) - frequencyOf(a.lemma) || a.lemma.localeCompare(b.lemma))
    .map(({ lemma }) => lemma);
}

/** Whether two senses' signatures (sense.ts) share a word other than `names`. */
function sharesSense(a: Synset, b: Synset, names: ReadonlySet<string>): boolean {
  const theirs = signatureOf(b);
  for (const w of signatureOf(a)) if (!names.has(w) && theirs.has(w)) return true;
  return false;
}

/** A class named in the plural when its members are counted ("types of shoes"), else as is ("types of coffee"). */
function className(lemma: string, sense: Synset | null): string {
  const entityClass = lemmaSubject(lemma, [], sense).entityClass;
  return entityClass === "artifact" || entityClass === "living" || entityClass === "person" ? pluralOf(lemma) : lemma;
}

/**
 * With nothing around it in the lexicon ("kubernetes monitoring"), a topic's own names are its
 * things: "kubernetes" alone, as a reader new to the topic searches it.
 */
function wordSubjects(words: string[], known: string[], context: SenseContext): Subject[] {
  if (words.length < 2) return [];
  const names = words.filter((w) => !QUALIFIERS.has(w) && w.length >= 3 && !known.includes(w));
  return names.slice(0, 2).map((w) => {
    const lemma = nounLemma(w) ?? w;
    const facts = entityFacts([lemma], withWords(context, words));
    return facts ? subjectOf(lemma, facts) : subjectOf(w, null);
  });
}

/**
 * The topic's words read: its anchor, and whether a word after it makes it an activity ("meal
 * prep"). `context` holds the brand's words (sense.ts): they confirm which sense the topic's
 * words have; without them only words of one sense lend kinds and things.
 */
/** The most kinds a broader class may have for its other kinds to be the topic's sisters. */
const MAX_SISTER_CLASS = 40;

/** Words that say what form a page takes, not what it is about: "pot roast recipes" are about pot roast. */
const FORMAT_WORDS = new Set(["recipe", "recipes", "idea", "ideas", "tip", "tips", "guide", "guides", "tutorial", "tutorials"]);

/** The topic without the page format it ends with, if that leaves a subject. */
function subjectWords(topic: string): string[] {
  const all = topic.split(" ");
  // The first word stays even when it is a format word.
  const last = all.findLastIndex((word, i) => i === 0 || !FORMAT_WORDS.has(word));
  return all.slice(0, last + 1);
}

export function topicLexicon(typedTopic: string, context: SenseContext = NO_CONTEXT): TopicLexicon {
  // The facets add the formats themselves ("pot roast recipes", "pot roast tips"): the subject is
  // what is left, or "pot roast recipes" would become "pot roast recipes recipes".
  const words = subjectWords(typedTopic);
  const topic = words.join(" ");
  const facts = topicFacts(
    words.map((w) => nounLemma(w) ?? w),
    context,
  );
  if (!facts) {
    return { topic: subjectOf(topic, null), foodish: false, things: wordSubjects(words, [], context), kinds: [], sisterGroup: null };
  }
  const near = neighbourSenses(facts);
  const activity = facts.span[1] < words.length;
  const singularTopic = activity ? topic : singularLast(words).join(" ");
  const subject = subjectOf(singularTopic, facts, activity);
  // An activity's own lexicon ("marketing": sale, retailing, ...) says nothing of "email
  // marketing": only concrete anchors (foods, artifacts, living things) lend things and kinds.
  if (facts.entityClass !== "food" && facts.entityClass !== "artifact" && facts.entityClass !== "living") {
    return {
      topic: { ...subject, kinds: [], sisters: [] },
      foodish: false,
      things: wordSubjects(words, [facts.anchor], context),
      kinds: [],
      sisterGroup: null,
    };
  }
  const modifiers = words.slice(0, facts.span[0]).filter((w) => !QUALIFIERS.has(w));
  // "dog training" is not about kinds of dog; "vegan meal prep" is about kinds of meal.
  const kindsApply = !activity || facts.entityClass === "food";
  // Kinds the tagged corpus has met, when there are enough of them ("breakfast", not "refection").
  const ranked = rankByFrequency(facts.kinds, facts.synset).filter((k) => !introducesHarm(k, context.own));
  const common = ranked.filter((k) => nounFrequency(sensesOf(k).find((o) => facts.synset.pointers.some((p) => p.offset === o)) ?? -1) > 0);
  // A kind defined by an earlier one ("supper": "... if dinner is at midday") is a variant of it.
  const distinct: string[] = [];
  for (const kind of common.length >= 3 ? common : ranked) {
    const gloss = firstSense(kind)?.gloss ?? "";
    if (!distinct.some((d) => new RegExp(`\\b${d}\\b`).test(gloss))) distinct.push(kind);
  }
  const kinds = distinct.slice(0, kindsApply ? 5 : 0).map((kind) => {
    const found = lemmaSubject(kind, ranked.slice(0, 6), near.get(kind) ?? null, context);
    // Meals and dishes are made, not counted: "how to make vegan dinner".
    const own = found.entityClass === "food" ? { ...found, plural: found.name, article: "" } : found;
    if (facts.entityClass !== "food" || modifiers.length === 0) return own;
    const name = `${modifiers.join(" ")} ${kind}`;
    // "vegan dinner vs supper" would compare different things: a modified kind has no sisters.
    return { ...own, name, plural: own.plural === own.name ? name : `${modifiers.join(" ")} ${own.plural}`, sisters: [] };
  });
  const sisters = rankByFrequency(facts.sisters, related(facts.synset, "@")[0] ?? null)
    .filter((k) => !introducesHarm(k, context.own))
    .slice(0, 4);
  // Sisters say something of the topic only under a narrow class: "types of coffee" (13 kinds)
  // for espresso, never "types of dish" (141, soup among them) for a risotto.
  const narrowClass = facts.sisters.length <= MAX_SISTER_CLASS;
  const sisterGroup =
    kindsApply && narrowClass && kinds.length < 3 && facts.broader && sisters.length >= 3
      ? {
          name: `types of ${className(facts.broader, related(facts.synset, "@")[0] ?? null)}`,
          members: sisters.map((m) => lemmaSubject(m, sisters, near.get(m) ?? null, context)),
        }
      : null;
  // Kinds and sister kinds have their own place in the tree: not again as things.
  const exclude = new Set([...facts.kinds, ...facts.sisters].flatMap((l) => sensesOf(l)));
  // An activity on a living thing ("dog training") takes its tools, not its parts or relatives.
  const things = thingsAround(facts, exclude, kindsApply, context)
    // A thing's sense is the one thingsAround weighed (its first, a concrete one).
    .map((t) => lemmaSubject(t, [], near.get(t) ?? firstSense(t), context))
    .filter((t) => t.entityClass !== "place")
    .slice(0, 4);
  return {
    // The topic's kinds are those its pillars name, not every kind the lexicon lists.
    topic: { ...subject, kinds: kinds.slice(0, 3).map((k) => k.name) },
    foodish: facts.entityClass === "food",
    // With nothing around it, the topic's own words stand in ("running", "shoe").
    things: things.length > 0 || kinds.length > 0 ? things : wordSubjects(words, [], context),
    kinds,
    sisterGroup,
  };
}
