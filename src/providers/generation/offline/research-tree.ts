// The offline research tree, built from the topic's real vocabulary: pillars on the things the
// lexicon puts around the topic ("espresso makers", "coffee beans", "coffee grinders" for
// "home espresso"), on its kinds ("vegan breakfast") or sister kinds ("types of coffee"), and
// on the intent facets a strategist covers for any topic ("home espresso recipes", "kubernetes
// monitoring tools"). Below a pillar: a facet's hub ("best espresso makers"), its topics (the
// facet's other searches), and page ideas (the same searches for the subject's kinds, or
// qualified). Every name is a search phrase; none borrows a word from the ranking pages, so
// no site name or template word can leak in. The ranking pages order the facet pillars.
import { readFacet, type FacetId } from "../../serp/offline-facets";
import { tokenize } from "../../serp/offline-keywords";
import { cleanName, normalizeTree } from "../tree-shape";
import type { ResearchNodeOut, ResearchTreeInput } from "../types";
import { brandSenseContext } from "./brand-senses";
import { topicFromBrand } from "./brand-topic";
import { claimDistinct } from "./distinct-names";
import { localPillar } from "./local-pillar";
import { readLocalTopic } from "./local-topic";
import { narrowingFits } from "./narrowing-fit";
import { safeTree } from "./safe-output";
import { saidSubjectClass } from "./subject-class";
import { subjectOfClass } from "./class-subject";
import { placeOfTopic } from "./place-topic";
import { subjectOfTopic } from "./topic-narrowing";
import { isStopword, seededRandom, words, type Random } from "./text";
import { pluralOf, topicLexicon, type Subject } from "./topic-lexicon";
import { facetPillar, facetsFor, FACET_PHRASES, phrasesFor } from "./topic-phrases";
import { node, offer } from "./tree-node";

type Facet = Exclude<FacetId, "general">;
type FacetPhrase = (typeof FACET_PHRASES)[Facet][number];

interface Context {
  random: Random;
}

/** Siblings with unique names, in order, at most `max`. */
function unique(nodes: ResearchNodeOut[], max: number): ResearchNodeOut[] {
  const seen = new Set<string>();
  const out: ResearchNodeOut[] = [];
  for (const n of nodes) {
    if (out.length >= max) break;
    if (n.name === "" || seen.has(n.name)) continue;
    seen.add(n.name);
    out.push(n);
  }
  return out;
}

/** A subject for a kind named by the lexicon, counted like its parent. */
function kindSubject(name: string, parent: Subject): Subject {
  const article = parent.article ? (/^[aeiou]/.test(name) ? "an " : "a ") : "";
  return {
    name,
    plural: parent.article ? pluralOf(name) : name,
    article,
    entityClass: parent.entityClass,
    kinds: [],
    sisters: [],
    onFood: parent.onFood,
  };
}

/**
 * Page ideas under a facet topic: the same search for the subject's kinds ("caffe latte for
 * beginners" under "home espresso for beginners"), the facet's searches no node took yet, and
 * only then the facet's narrowings of the topic.
 */
function pageIdeas(
  facet: Facet,
  s: Subject,
  pattern: FacetPhrase,
  topicName: string,
  spare: string[],
  ctx: Context,
): { want: number; ideas: ResearchNodeOut[] } {
  const forKinds = s.kinds.map((k) => pattern(kindSubject(k, s))).filter((p): p is string => p !== null);
  const wanted = ctx.random.int(1, 3);
  const kinds = ctx.random.shuffle(forKinds).slice(0, 2);
  const own = spare.splice(0, Math.max(0, wanted - kinds.length));
  const ideas = [...kinds, ...own].map((p) => node(p, [], []));
  const fallback = narrowed(topicName, facet, s, ctx, wanted);
  const chosen = unique(
    ideas.length > 0 ? ideas : fallback.length > 0 ? fallback : narrowed(topicName, facet, s, ctx, wanted, true),
    wanted,
  );
  // The narrowings and a guide stand by for ideas another branch took first.
  const standBy = [...narrowed(topicName, facet, s, ctx, 3, true), node(`${topicName} guide`, [], [])];
  return { want: Math.max(1, chosen.length), ideas: unique([...chosen, ...standBy], 6) };
}

/** A facet hub for a subject: its first phrase, with 2-3 of the others as topics, the rest as page ideas. */
function facetHub(facet: Facet, s: Subject, ctx: Context, avoid: ReadonlySet<string>): ResearchNodeOut | null {
  const indexed = FACET_PHRASES[facet]
    .map((pattern) => ({ text: pattern(s), pattern }))
    .filter((x): x is { text: string; pattern: FacetPhrase } => x.text !== null && !avoid.has(x.text));
  const [hub, ...rest] = indexed;
  if (hub === undefined || indexed.length < 3) return null;
  const chosen = rest.slice(0, ctx.random.int(2, 3));
  const spare = rest.slice(chosen.length).map((r) => r.text);
  const topics = chosen.map(({ text, pattern }) => {
    const keywords = ctx.random.shuffle(spare).slice(0, ctx.random.int(0, 2));
    const { want, ideas } = pageIdeas(facet, s, pattern, text, spare, ctx);
    return offer(want, text, keywords, ideas);
  });
  return node(
    hub.text,
    rest.slice(0, 3).map((r) => r.text),
    unique(topics, 3),
  );
}

/** A pillar on a subject (a thing, a kind): 2-4 of its facets' hubs. */
function subjectPillar(name: string, s: Subject, foodish: boolean, ctx: Context): ResearchNodeOut | null {
  const avoid = new Set([name]);
  const hubs = facetsFor(s, foodish)
    .map((f) => facetHub(f, s, ctx, avoid))
    .filter((h): h is ResearchNodeOut => h !== null);
  const kept = unique(hubs, ctx.random.int(2, 4));
  if (kept.length < 2) return null;
  return node(name, kept.map((h) => h.name).slice(0, 3), kept);
}

/** How people narrow a search of each facet they already typed ("espresso maker tips for beginners"). */
const NARROWINGS: Record<Facet, readonly string[]> = {
  howto: ["{p} for beginners", "{p} at home", "{p} step by step", "easy {p}"],
  buying: ["{p} for beginners", "{p} for home", "{p} on a budget"],
  cleaning: ["{p} at home", "{p} step by step", "easy {p}"],
  problems: ["{p} for beginners", "{p} at home"],
  comparison: ["{p} for beginners", "{p} for home"],
  definitions: ["{p} for beginners", "{p} for kids", "{p} basics"],
  health: ["{p} for kids", "{p} for women", "{p} for men"],
  ideas: ["{p} for beginners", "easy {p}", "{p} for kids", "{p} at home"],
  local: ["{p} open now", "{p} delivery", "{p} nearby"],
};

/** Searches people type whole: questions, and phrases that already say what they ask. */
const UNNARROWED =
  /^(how|what|why|when|where|which|is|are|can|do|does|should) |\b(questions to ask|in real life|case studies|near me|open now)\b/;

/** A narrowing already in the phrase: a search is narrowed once ("... for beginners", not "... for home for beginners"). */
const NARROWED = /\b(for (beginners|home|kids|women|men)|at home|step by step|on a budget|open now|delivery|nearby|basics)\b|^easy /;

/**
 * The facet's narrowings of a phrase not yet narrowed. `twice` allows a second narrowing, for
 * the one place that has nothing else to offer (a facet of a topic the lexicon does not know).
 */
function narrowed(phrase: string, facet: Facet, s: Subject, ctx: Context, count: number, twice = false): ResearchNodeOut[] {
  if (NARROWED.test(phrase) && !twice) return [];
  // A question or a set phrase is typed as it is: no "easy how to prepare for ...". Only the
  // words a facet put around the subject count: a subject that starts like a question ("do it
  // yourself plumbing") is narrowed like any other.
  if (UNNARROWED.test(phrase.replace(s.name, "subject"))) return [];
  const narrowings = (v: string) => (v.match(new RegExp(NARROWED.source, "g")) ?? []).map((m) => m.trim());
  const fits = (v: string) => {
    const found = narrowings(v);
    const audiences = found.filter((f) => f.startsWith("for ")).length;
    // A second narrowing only of an audience or a place ("easy ... for beginners"): "... step by
    // step for beginners" and "... basics for beginners" are typed by nobody.
    const second = found.length === 2 && !found.some((f) => f === "step by step" || f === "basics");
    return (
      new Set(found).size === found.length &&
      (found.length <= 1 || (twice && second)) &&
      audiences <= 1 &&
      !/^easy (best|cheap|common|easy)/.test(v)
    );
  };
  const variants = [
    ...new Set(NARROWINGS[facet].filter((n) => narrowingFits(n, phrase, facet, s)).map((n) => n.replace("{p}", phrase))),
  ].filter(fits);
  return ctx.random
    .shuffle(variants)
    .slice(0, count)
    .map((v) => node(v, [], []));
}

/** A facet of the topic alone: its searches as hubs, the later ones and their narrowings below. */
function soloFacetPillar(facet: Facet, topic: Subject, name: string, ctx: Context, spareHubs = 0): ResearchNodeOut | null {
  // Searches not yet narrowed make the hubs; the narrowed ones ("yoga for beginners") topics.
  const all = phrasesFor(facet, topic).filter((p) => p !== name);
  const phrases = [...all.filter((p) => !NARROWED.test(p)), ...all.filter((p) => NARROWED.test(p))];
  if (phrases.length < 2) return null;
  // A facet with few searches makes two hubs, so each keeps two of them as its topics.
  const hubCount = phrases.length <= 6 ? 2 : Math.min(phrases.length, ctx.random.int(2, 3));
  // A guide stands by for narrowings another branch took first.
  const ideas = (t: string) => narrowed(t, facet, topic, ctx, ctx.random.int(1, 2), true);
  const topicNode = (t: string) => {
    const found = ideas(t);
    return offer(Math.max(1, found.length), t, [], [...found, node(`${t} guide`, [], [])]);
  };
  // Spare hubs stand by, with narrowings for topics, for a hub an earlier pillar took first
  // ("what is yoga" under the topic's own pillar "yoga for women").
  const hubs = phrases.slice(0, hubCount + spareHubs).map((hub, i) => {
    const own = phrases.slice(hubCount).filter((_, k) => k % hubCount === i);
    // Spare topics after the first 2-3: the tree's distinct-names pass keeps the first that are free.
    const topics = [...own, ...narrowed(hub, facet, topic, ctx, 3, true).map((n) => n.name)];
    return offer(ctx.random.int(2, 3), hub, own.slice(0, 2), topics.map(topicNode));
  });
  return offer(hubCount, name, phrases.slice(0, 3), hubs);
}

/** A pillar on one facet of the topic: the facet's hub for the topic and for the things around it. */
function facetPillarNode(facet: Facet, topic: Subject, others: Subject[], ctx: Context, spareHubs = 0): ResearchNodeOut | null {
  const name = facetPillar(facet, topic);
  const avoid = new Set([name]);
  const hubs = [topic, ...others].map((s) => facetHub(facet, s, ctx, avoid)).filter((h): h is ResearchNodeOut => h !== null);
  const kept = unique(hubs, ctx.random.int(2, 4));
  if (kept.length < 2) return soloFacetPillar(facet, topic, name, ctx, spareHubs);
  return node(name, [...phrasesFor(facet, topic)].slice(0, 3), kept);
}

/** A group pillar ("types of coffee"): one branch per member, each with two of its hubs. */
function groupPillar(name: string, members: Subject[], foodish: boolean, ctx: Context): ResearchNodeOut | null {
  const branches = members
    .map((m) => subjectPillar(m.name, m, foodish, ctx))
    .filter((b): b is ResearchNodeOut => b !== null)
    .map((b) => ({ ...b, children: b.children.slice(0, 3) }));
  const kept = unique(branches, ctx.random.int(2, 4));
  if (kept.length < 2) return null;
  return node(name, kept.map((b) => b.name).slice(0, 3), kept);
}

/** The facets the ranking pages lean to, most pages first, then the topic's usual order. */
function facetOrder(topic: Subject, foodish: boolean, serpTitles: string[]): Facet[] {
  const counts = new Map<Facet, number>();
  for (const title of serpTitles) {
    const { facet } = readFacet(tokenize(title));
    if (facet !== "general") counts.set(facet, (counts.get(facet) ?? 0) + 1);
  }
  const usual = facetsFor(topic, foodish);
  return [...usual].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || usual.indexOf(a) - usual.indexOf(b));
}

function topicOf(input: ResearchTreeInput): string {
  const raw = cleanName(input.coreTopic);
  const brandName = cleanName(input.brand.name);
  // The default core topic is the brand's name: a name is no topic unless the lexicon knows it.
  // Nor is a topic of function words alone ("is", "in the"): the brand says what it is about.
  const topic = raw === "" || raw === brandName || words(raw).every(isStopword) ? topicFromBrand(input.brand) : raw;
  const cleaned = words(topic).join(" ") || "content";
  // Long topics make unreadable names three levels down; cut short, a topic ends on a word that
  // says something ("emergency plumber in leeds", not "... in leeds for").
  const all = cleaned.split(" ");
  const kept = all.slice(0, 5);
  while (all.length > kept.length && kept.length > 1 && isStopword(kept.at(-1) ?? "")) kept.pop();
  return kept.join(" ");
}

/**
 * The topic's own pillar, named as the user typed it: the hubs of its first facets ("what is
 * ...", "... tips", "best ..."), so the phrase itself is a keyword of the tree and heads the
 * branch with the most searches under it. Returns the facets it used.
 */
function topicPillar(
  name: string,
  topic: Subject,
  facets: readonly Facet[],
  hubCount: number,
  ctx: Context,
): { pillar: ResearchNodeOut | null; used: Facet[] } {
  const avoid = new Set([name]);
  const hubs: ResearchNodeOut[] = [];
  const used: Facet[] = [];
  for (const facet of facets) {
    if (hubs.length >= hubCount) break;
    const hub = facetHub(facet, topic, ctx, avoid);
    if (hub && !hubs.some((h) => h.name === hub.name)) {
      hubs.push(hub);
      used.push(facet);
    }
  }
  if (hubs.length >= 2)
    return {
      pillar: node(
        name,
        hubs.map((h) => h.name),
        hubs,
      ),
      used,
    };
  const first = facets[0];
  return first ? { pillar: soloFacetPillar(first, topic, name, ctx), used: [first] } : { pillar: null, used: [] };
}

/**
 * A subject that is one word of a multi-word topic ("interest" of "compound interest"): the
 * phrase means something its words alone do not, so a word is no pillar of its own.
 */
function isWordOfTopic(s: Subject, topicWords: readonly string[]): boolean {
  if (topicWords.length < 2 || s.name.includes(" ")) return false;
  return topicWords.some((w) => w === s.name || w === s.plural || w === pluralOf(s.name));
}

/** Facets whose searches suit any subject: what it is, how it compares, what goes wrong. */
const EVERY_SUBJECT_FACETS: readonly Facet[] = ["definitions", "comparison", "problems"];

export function offlineResearchTree(input: ResearchTreeInput): ResearchNodeOut[] {
  const topic = topicOf(input);
  // The tree is built on the topic's subject: "yoga for women" is about yoga (topic-narrowing.ts).
  const subject = subjectOfTopic(topic);
  // A local topic keeps its place in its own pillar; the rest of the tree is about the service.
  const local = readLocalTopic(subject);
  // The brand's words confirm the topic's word senses and say what harmful terms it may see.
  const context = brandSenseContext(input.brand, input.coreTopic, topic);
  // The brand's class decides which searches fit a topic the lexicon does not know, and whether
  // an activity on a food is cooking ("vegan meal prep") or not ("bass fishing" is no recipe).
  const readClass = saidSubjectClass(input.brand, subject);
  // A place's searches are about the place, not the stay or the trip the brand sells there:
  // "things to do in cannon beach", not "cannon beach hotels walks" (place-topic.ts).
  const place = readClass === "place" ? placeOfTopic(subject) : null;
  // A trip to nowhere in particular ("budget travel") is something people do, not a place.
  const subjectClass = readClass === "place" && place === null ? "activity" : readClass;
  // The tree is built on what its class writes about: the place of a trip, the practice of
  // lessons ("kitesurfing lessons" on kitesurfing) (class-subject.ts).
  const subjectPhrase = local ? local.service : subjectClass ? subjectOfClass(subject, subjectClass, topic) : subject;
  const lexicon = topicLexicon(subjectPhrase, context);
  const cooking = subjectClass === "food" || subjectClass === "product";
  const topicSubject = { ...lexicon.topic, onFood: lexicon.topic.onFood && cooking, subjectClass };
  const foodish = lexicon.foodish && cooking;
  const serpTitles = (input.serpResults ?? []).map((r) => r.title);
  const ctx: Context = { random: seededRandom(`tree|${topic}|${input.brand.name}|${serpTitles.join("|")}`) };
  const mainCount = ctx.random.int(5, 6);

  // Every name once in the whole tree: a pillar takes only the names no earlier pillar holds.
  const seen = new Set<string>();
  const pillars: ResearchNodeOut[] = [];
  const add = (pillar: ResearchNodeOut | null): boolean => {
    if (!pillar || pillars.length >= mainCount) return false;
    const kept = claimDistinct(pillar, 1, seen);
    if (kept) pillars.push(kept);
    return kept !== null;
  };
  // Local topics are hired: the buying and "near me" searches are the local pillar's.
  const facets = facetOrder(topicSubject, foodish, serpTitles).filter((f) => !local || (f !== "buying" && f !== "local"));
  // The lexicon's pillars: kinds when the anchor has several ("vegan breakfast", "vegan
  // lunch"), else the things around it ("espresso makers"); none a lone word of the topic.
  const topicWords = subjectPhrase.split(" ");
  const ownPhrase = (list: readonly Subject[]) => list.filter((s) => !isWordOfTopic(s, topicWords));
  // An activity on a food that is not cooking ("bass fishing"): the food's kinds become kinds of
  // the activity ("largemouth bass fishing"); the things around the food ("bass viol", a compound
  // of another sense) and its sister kinds are not the activity's.
  const pursuit = lexicon.foodish && !cooking && topicSubject.entityClass === "activity";
  // A service is the work itself: the things around its words ("dog sled" of dog grooming) are
  // not what its clients search for.
  const hired = subjectClass === "service" || subjectClass === "local service";
  const act = subjectPhrase.slice(subjectPhrase.lastIndexOf(" ") + 1);
  const pursued = (s: Subject): Subject => ({
    ...s,
    name: `${s.name} ${act}`,
    plural: `${s.name} ${act}`,
    article: "",
    entityClass: "activity",
    kinds: [],
    sisters: [],
    onFood: false,
    subjectClass,
  });
  const lexicalKinds = hired ? [] : pursuit ? lexicon.kinds.map(pursued) : lexicon.kinds;
  if (pursuit) topicSubject.kinds = lexicalKinds.slice(0, 3).map((k) => k.name);
  const kindsFirst = lexicalKinds.length >= 3;
  const things = pursuit || hired ? [] : ownPhrase(lexicon.things).slice(0, kindsFirst ? 0 : 3);
  const kinds = ownPhrase(lexicalKinds).slice(0, kindsFirst ? 3 : 2);
  const used: Facet[] = [];
  // The phrase first: the topic's own pillar, named as typed. With nothing from the lexicon,
  // the facets make every pillar, so the topic's takes two of them, not three.
  // A topic that names one of its facets ("guitar ideas") is that facet's pillar, which would
  // otherwise be lost to the topic's own pillar of the same name: with nothing from the lexicon,
  // the facets are all the pillars there are. (With it, the topic's own hubs come first: "pot
  // roast recipes" would lose its recipe hubs to the lexicon's pillars.)
  const others = [...things, ...kinds];
  const namedFacet = others.length === 0 ? facets.find((f) => facetPillar(f, topicSubject) === topic) : undefined;
  const facetFirst = namedFacet ? facetPillarNode(namedFacet, topicSubject, others, ctx) : null;
  // A facet with too few searches of its own for a whole pillar leaves the topic's to the topic.
  const first = local
    ? { pillar: localPillar(topic, local), used: [] }
    : namedFacet && facetFirst && claimDistinct(facetFirst, 1, new Set())
      ? { pillar: facetFirst, used: [namedFacet] }
      : topicPillar(topic, topicSubject, facets, others.length > 0 ? 3 : 2, ctx);
  // The lexical pillars claim their names before it: their searches are theirs ("edger
  // reviews" under "edgers"), and the topic's pillar has its narrowings to fall back on.
  const lexicalLimit = mainCount - 2;
  const lexical = (pillar: () => ResearchNodeOut | null) => pillars.length < lexicalLimit && add(pillar());
  for (const s of kindsFirst ? [...kinds, ...things] : [...things, ...kinds])
    lexical(() => subjectPillar(s.article ? s.plural : s.name, s, false, ctx));
  const group = pursuit || hired ? null : lexicon.sisterGroup;
  if (group) lexical(() => groupPillar(group.name, ownPhrase(group.members), foodish, ctx));
  if (add(first.pillar)) {
    // The topic's own pillar, just added, goes first.
    pillars.unshift(...pillars.splice(-1));
    used.push(...first.used);
  }
  // Then the facets of the topic itself.
  for (const facet of facets) if (!used.includes(facet)) add(facetPillarNode(facet, topicSubject, others, ctx));
  // A small topic with few facets of its own: the used facets again, for what is left of them.
  for (const facet of used) if (pillars.length < 3) add(facetPillarNode(facet, topicSubject, others, ctx));
  // Still short of three pillars: the facets every subject has, beyond its class's own.
  for (const facet of EVERY_SUBJECT_FACETS)
    if (pillars.length < 3 && !facets.includes(facet)) add(facetPillarNode(facet, topicSubject, others, ctx));
  // And short still (a word with few searches of its class): the searches of a subject of no class.
  if (pillars.length < 3) {
    const { subjectClass: _unused, ...classless } = topicSubject;
    for (const facet of facetsFor(classless, foodish)) if (pillars.length < 3) add(facetPillarNode(facet, classless, others, ctx));
  }
  // And the last resort: each facet again, with hubs standing by for those earlier pillars took.
  for (const facet of [...facets, ...EVERY_SUBJECT_FACETS])
    if (pillars.length < 3) add(facetPillarNode(facet, topicSubject, others, ctx, 2));
  return normalizeTree(safeTree(pillars, context.own));
}
