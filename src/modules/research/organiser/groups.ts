// Keyword groups: the searches one page of the tree answers. Keywords with the same modifiers
// (the same content words once the core topic's are out, in any order) are variants of one
// search; keywords whose SERPs overlap are one page even when their words differ. Questions are
// grouped among themselves by their modifiers only: they become resources, never heads.
import { DisjointSets, samePagePairs } from "./overlap";
import { canName, compareTerms, demandOf, type Term } from "./terms";

/** Most keywords a node carries (the tree's house rule). */
const MAX_NODE_KEYWORDS = 5;

export interface KeywordGroup {
  /** Every keyword of the group, ranked (compareTerms). */
  terms: Term[];
  /** The most searched keyword that may name a node. */
  name: Term;
  /** The modifiers that place the group in the tree: its name's (none for the core topic's variants). */
  modifiers: string[];
  /** Every modifier of every keyword of the group: what a question is matched against. */
  words: ReadonlySet<string>;
  /** Known monthly searches of all its keywords. */
  demand: number;
}

const modifierKey = (term: Term): string => term.modifiers.join(" ");

/** The group's keywords for its node: the name first, then the others by rank, at most five. */
export function nodeKeywords(group: KeywordGroup, name = group.name.text): string[] {
  const others = group.terms.map((term) => term.text).filter((text) => text !== name);
  return [name, ...others].slice(0, MAX_NODE_KEYWORDS);
}

/** Groups by demand, most first, then by name: the order siblings are made in. */
export function compareGroups(a: KeywordGroup, b: KeywordGroup): number {
  return b.demand - a.demand || compareTerms(a.name, b.name);
}

function toGroup(terms: Term[], modifiers: string[], mayNameWithoutVolume: boolean): KeywordGroup | null {
  terms.sort(compareTerms);
  const name = mayNameWithoutVolume ? terms[0] : terms.find(canName);
  if (name === undefined) return null;
  const words = new Set(terms.flatMap((term) => term.modifiers));
  const demand = terms.reduce((sum, term) => sum + demandOf(term), 0);
  return { terms, name, modifiers, words, demand };
}

function byModifiers(terms: readonly Term[]): Term[][] {
  const atoms = new Map<string, Term[]>();
  for (const term of terms) {
    const atom = atoms.get(modifierKey(term));
    if (atom === undefined) atoms.set(modifierKey(term), [term]);
    else atom.push(term);
  }
  return [...atoms.values()];
}

/**
 * The groups of the keywords that are not questions (given ranked): variants joined, then groups
 * whose SERPs overlap joined. A group whose keywords nobody searches (all volume 0) is dropped.
 * A joined group that holds the core topic's variants stays the core group (no modifiers).
 */
export function groupKeywords(terms: readonly Term[], serps: ReadonlyMap<string, readonly string[]>): KeywordGroup[] {
  const atoms = byModifiers(terms);
  const atomOfTerm: number[] = [];
  const flat: Term[] = [];
  atoms.forEach((atom, index) => {
    for (const term of atom) {
      flat.push(term);
      atomOfTerm.push(index);
    }
  });
  const sets = new DisjointSets(atoms.length);
  for (const [a, b] of samePagePairs(
    flat.map((term) => term.key),
    serps,
  )) {
    sets.union(atomOfTerm[a] ?? 0, atomOfTerm[b] ?? 0);
  }
  const joined = new Map<number, Term[][]>();
  atoms.forEach((atom, index) => {
    const root = sets.find(index);
    const members = joined.get(root);
    if (members === undefined) joined.set(root, [atom]);
    else members.push(atom);
  });
  const groups: KeywordGroup[] = [];
  for (const members of joined.values()) {
    const holdsCore = members.some((atom) => atom[0]?.modifiers.length === 0);
    const group = toGroup(members.flat(), [], false);
    if (group === null) continue;
    if (!holdsCore) group.modifiers = group.name.modifiers;
    groups.push(group);
  }
  return groups.sort(compareGroups);
}

/** The question groups: variants of one question are one resource, named even if unsearched. */
export function groupQuestions(questions: readonly Term[]): KeywordGroup[] {
  const groups: KeywordGroup[] = [];
  for (const atom of byModifiers(questions)) {
    const group = toGroup(atom, atom[0]?.modifiers ?? [], true);
    if (group !== null) groups.push(group);
  }
  return groups.sort(compareGroups);
}
