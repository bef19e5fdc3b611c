// From a keyword universe to the research tree its demand supports (Pillar > Hub > Branch >
// Resource), deterministically and without a model.
//
//  1. Keywords become terms: cleaned, deduplicated, their modifiers being their content words
//     once the core topic's are out. Questions (People Also Ask, or phrased as one) are set aside.
//  2. The other keywords form groups: variants (same modifiers) together, and keywords whose
//     SERPs share at least four URLs together (groups.ts). A group is one node, named by its most
//     searched keyword.
//  3. The core topic heads the tree: its pillar carries the head term and its variants. Further
//     pillars are the modifiers with real demand (shape.ts); the groups no pillar takes stay
//     under the core pillar.
//  4. Inside a pillar, hubs are the next modifier with the most demand; inside a hub, branches
//     are its groups, and a group whose modifiers extend a branch's is a resource (a longer
//     tail) under it.
//  5. Questions become resources under the node they share the most content words with.
// Siblings are ordered by the demand below them (most first, then a-z); pillars by when they
// were chosen, the core topic's first. A universe with nothing in it gives the core pillar alone.
import type { ResearchNodeOut } from "../../../providers/generation/types";
import { cleanKeyword } from "./clean";
import { compareGroups, groupKeywords, groupQuestions, type KeywordGroup, nodeKeywords } from "./groups";
import type { UniverseKeyword } from "./merge";
import { type Part, pillarRoom, splitByModifier, supportsPillar } from "./shape";
import { canName, compareTerms, demandOf, type Term, toTerm } from "./terms";
import { contentWords } from "./tokens";

export interface OrganiserInput {
  coreTopic: string;
  keywords: readonly UniverseKeyword[];
  /** Top-10 result URLs (normalised, any order) of the keywords whose SERPs were fetched, by key. */
  serps: ReadonlyMap<string, readonly string[]>;
}

const PILLAR = 1;
const BRANCH = 3;
const NO_WORDS: ReadonlySet<string> = new Set();

/** A node while the tree is built: what a question is matched against, and what it is sorted by. */
interface Draft {
  name: string;
  keywords: string[];
  level: number;
  words: ReadonlySet<string>;
  demand: number;
  children: Draft[];
}

function draftOf(group: KeywordGroup, level: number, children: Draft[] = []): Draft {
  return { name: group.name.text, keywords: nodeKeywords(group), level, words: group.words, demand: group.demand, children };
}

const sameSet = (modifiers: readonly string[], context: ReadonlySet<string>): boolean =>
  modifiers.length === context.size && modifiers.every((modifier) => context.has(modifier));

const isStrictSubset = (inner: readonly string[], outer: readonly string[]): boolean =>
  inner.length < outer.length && inner.every((modifier) => outer.includes(modifier));

/**
 * A part's own node and what goes below it: the group whose modifiers are exactly the part's
 * context heads it (e.g. "dog insurance" for the pillar "dog"); without one, its biggest group.
 */
function headOfPart(part: Part, context: ReadonlySet<string>, level: number): Draft | undefined {
  const inner = new Set([...context, part.modifier]);
  const head = part.groups.find((group) => sameSet(group.modifiers, inner)) ?? part.groups[0];
  if (head === undefined) return undefined;
  const below = part.groups.filter((group) => group !== head);
  return draftOf(head, level, nest(below, inner, level + 1));
}

/** Branches of a hub (or of a pillar's level when that is where the groups stop), each with its longer tails as resources. */
function branchesWithTails(groups: readonly KeywordGroup[], level: number): Draft[] {
  const ordered = [...groups].sort((a, b) => a.modifiers.length - b.modifiers.length || compareGroups(a, b));
  const made: { group: KeywordGroup; draft: Draft }[] = [];
  for (const group of ordered) {
    let home: { group: KeywordGroup; draft: Draft } | undefined;
    for (const branch of made) {
      if (!isStrictSubset(branch.group.modifiers, group.modifiers)) continue;
      if (home === undefined || branch.group.modifiers.length > home.group.modifiers.length) home = branch;
    }
    if (home === undefined) made.push({ group, draft: draftOf(group, level) });
    else home.draft.children.push(draftOf(group, level + 1));
  }
  return made.map((branch) => branch.draft);
}

/** The nodes at `level` for groups that all share the context's modifiers. */
function nest(groups: readonly KeywordGroup[], context: ReadonlySet<string>, level: number): Draft[] {
  if (groups.length === 0) return [];
  if (level >= BRANCH) return branchesWithTails(groups, level);
  const { parts } = splitByModifier(groups, context, () => true, Number.POSITIVE_INFINITY);
  return parts.flatMap((part) => headOfPart(part, context, level) ?? []);
}

/** Every node a question may go under (not resources: they have no children), in tree order. */
function homesFor(pillars: readonly Draft[]): Draft[] {
  const homes: Draft[] = [];
  const visit = (drafts: readonly Draft[]): void => {
    for (const draft of drafts) {
      if (draft.level > BRANCH) continue;
      homes.push(draft);
      visit(draft.children);
    }
  };
  visit(pillars);
  return homes;
}

/** How a node fits a question: the words they share, and the node's words the question lacks. */
interface Fit {
  home: Draft;
  shared: number;
  extra: number;
}

/** More shared words, then fewer words the question lacks (the closer match), then deeper, then more demand, then a-z. */
function fitsBetter(a: Fit, b: Fit): boolean {
  if (a.shared !== b.shared) return a.shared > b.shared;
  if (a.extra !== b.extra) return a.extra < b.extra;
  if (a.home.level !== b.home.level) return a.home.level > b.home.level;
  if (a.home.demand !== b.home.demand) return a.home.demand > b.home.demand;
  return a.home.name < b.home.name;
}

/**
 * Each question under its best home. Only the homes that share a word with a question are
 * scored (through an index of word -> homes); the best home sharing none is the same for every
 * question, so it is found once.
 */
function placeQuestions(pillars: readonly Draft[], questions: readonly KeywordGroup[]): void {
  const homes = homesFor(pillars);
  const homesByWord = new Map<string, Draft[]>();
  for (const home of homes) {
    for (const word of home.words) {
      const list = homesByWord.get(word);
      if (list === undefined) homesByWord.set(word, [home]);
      else list.push(home);
    }
  }
  let bestSharingNone: Fit | undefined;
  for (const home of homes) {
    const fit: Fit = { home, shared: 0, extra: home.words.size };
    if (bestSharingNone === undefined || fitsBetter(fit, bestSharingNone)) bestSharingNone = fit;
  }
  for (const question of questions) {
    const shared = new Map<Draft, number>();
    for (const word of question.words) {
      for (const home of homesByWord.get(word) ?? []) shared.set(home, (shared.get(home) ?? 0) + 1);
    }
    let best = bestSharingNone;
    for (const [home, count] of shared) {
      const fit: Fit = { home, shared: count, extra: home.words.size - count };
      if (best === undefined || fitsBetter(fit, best)) best = fit;
    }
    best?.home.children.push(draftOf(question, best.home.level + 1));
  }
}

function totalDemand(draft: Draft): number {
  return draft.children.reduce((sum, child) => sum + totalDemand(child), draft.demand);
}

/** Children by the demand below them, most first, then a-z; the result in the generator's shape. */
function finish(draft: Draft): ResearchNodeOut {
  const children = draft.children
    .map((child) => ({ child, demand: totalDemand(child) }))
    .sort((a, b) => b.demand - a.demand || (a.child.name < b.child.name ? -1 : a.child.name > b.child.name ? 1 : 0))
    .map(({ child }) => finish(child));
  return { name: draft.name, keywords: draft.keywords, children };
}

/** Cleaned, deduplicated terms (a keyword twice keeps its best-ranked entry), ranked. */
function termsOf(keywords: readonly UniverseKeyword[], coreText: string): Term[] {
  const coreWords = new Set(contentWords(coreText));
  const terms = keywords
    .map((keyword) => toTerm(keyword, cleanKeyword(keyword.keyword), coreWords, coreText))
    .filter((term) => term.text !== "")
    .sort((a, b) => compareTerms(a, b) || Number(a.question) - Number(b.question) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const seen = new Set<string>();
  return terms.filter((term) => {
    if (seen.has(term.text)) return false;
    seen.add(term.text);
    return true;
  });
}

/**
 * The tree the demand supports, deterministic: the same universe (in any order) gives the same
 * tree. Every name and keyword is a keyword of the universe, but for the core pillar's name,
 * which is the core topic as typed (cleaned). Each keyword is in at most one node.
 */
export function organise(input: OrganiserInput): ResearchNodeOut[] {
  const coreText = cleanKeyword(input.coreTopic);
  const terms = termsOf(input.keywords, coreText);
  const groups = groupKeywords(
    terms.filter((term) => !term.question),
    input.serps,
  );
  const core = groups.find((group) => group.modifiers.length === 0);
  const demandBeyondCore = terms.reduce((sum, term) => sum + demandOf(term), 0) - (core?.demand ?? 0);
  const searched = terms.filter(canName).length;

  const { parts, rest } = splitByModifier(
    groups.filter((group) => group !== core),
    NO_WORDS,
    (demand, count) => supportsPillar(demand, count, demandBeyondCore),
    pillarRoom(searched) - 1,
  );
  const pillars: Draft[] = [];
  const coreName = coreText !== "" ? coreText : core?.name.text;
  if (coreName !== undefined) {
    pillars.push({
      name: coreName,
      keywords: core === undefined ? [coreName] : nodeKeywords(core, coreName),
      level: PILLAR,
      words: core?.words ?? NO_WORDS,
      demand: core?.demand ?? 0,
      children: nest(rest, NO_WORDS, PILLAR + 1),
    });
  }
  for (const part of parts) {
    const pillar = headOfPart(part, NO_WORDS, PILLAR);
    if (pillar !== undefined) pillars.push(pillar);
  }
  placeQuestions(pillars, groupQuestions(terms.filter((term) => term.question)));
  return pillars.map(finish);
}
