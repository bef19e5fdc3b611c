// Near-duplicate nodes of a research tree, by lexical similarity (works offline).
//
// Similarity of two nodes = the higher of
//  - name similarity: Dice coefficient of the character trigrams of the names, with the
//    words sorted first (so "tools seo" and "seo tools" are the same name), and
//  - keyword similarity: Jaccard index of their keyword sets (when both have keywords).
// Pairs that share no trigram and no keyword are never grouped, even at threshold 0.
//
// Not every pair is compared: each node is indexed by the rarest of its trigrams (and
// keywords), only as many as a partner at the threshold must share at least one of ("prefix
// filtering"), so only nodes that share one of those are compared.
//
// Groups are the connected components of the pairs at or above the threshold (single
// linkage); a group's similarity is the level at which it holds together: the weakest link
// of its strongest spanning tree. Groups are sorted by similarity, then tree order.
import { levelOf, walk } from "./tree-path";
import { TreeOpError, type LevelCode, type Tree } from "./tree-types";

export interface DuplicateNode {
  path: string[];
  name: string;
  level: LevelCode;
}

export interface DuplicateGroup {
  similarity: number;
  nodes: DuplicateNode[];
}

export interface DedupResult {
  threshold: number;
  groups: DuplicateGroup[];
}

/** Float noise must not drop a pair that sits exactly on the threshold. */
const EPSILON = 1e-9;

function canonicalName(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
  return words.length === 0 ? name : words.sort().join(" ");
}

function trigramsOf(name: string): string[] {
  const padded = ` ${canonicalName(name)} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return [...grams];
}

/**
 * Token sets as sorted arrays of ranks, rarest token first: the global order prefix
 * filtering needs, and a cheap merge for intersections.
 */
function rankTokens(sets: readonly string[][]): number[][] {
  const frequency = new Map<string, number>();
  for (const tokens of sets) for (const token of tokens) frequency.set(token, (frequency.get(token) ?? 0) + 1);
  const order = [...frequency.keys()].sort((x, y) => frequency.get(x)! - frequency.get(y)! || (x < y ? -1 : x > y ? 1 : 0));
  const rank = new Map(order.map((token, i) => [token, i]));
  return sets.map((tokens) => tokens.map((token) => rank.get(token)!).sort((x, y) => x - y));
}

function overlap(x: readonly number[], y: readonly number[]): number {
  let common = 0;
  for (let i = 0, j = 0; i < x.length && j < y.length; ) {
    if (x[i] === y[j]) {
      common += 1;
      i += 1;
      j += 1;
    } else if (x[i]! < y[j]!) i += 1;
    else j += 1;
  }
  return common;
}

function dice(x: readonly number[], y: readonly number[]): number {
  return x.length + y.length === 0 ? 0 : (2 * overlap(x, y)) / (x.length + y.length);
}

function jaccardOf(x: readonly number[], y: readonly number[]): number {
  if (x.length === 0 || y.length === 0) return 0;
  const common = overlap(x, y);
  return common / (x.length + y.length - common);
}

/**
 * How many of a set's rarest tokens to index so that any partner reaching the threshold shares
 * one of them: a partner must share at least `minShared` tokens, so it shares one among the
 * first `size - minShared + 1`.
 */
function prefixLength(size: number, minShared: number): number {
  return Math.max(1, Math.min(size, size - Math.max(0, Math.ceil(minShared - EPSILON)) + 1));
}

class PrefixIndex {
  private readonly postings = new Map<number, number[]>();
  constructor(
    private readonly sets: readonly number[][],
    /** Fewest tokens a set of this size shares with any partner at the threshold. */
    private readonly minShared: (size: number) => number,
  ) {}

  /** Earlier nodes that may reach the threshold with node x; then indexes x. */
  probe(x: number, seen: Int32Array, into: number[]): void {
    const tokens = this.sets[x]!;
    if (tokens.length === 0) return;
    const prefix = tokens.slice(0, prefixLength(tokens.length, this.minShared(tokens.length)));
    for (const token of prefix) {
      const list = this.postings.get(token);
      if (list === undefined) {
        this.postings.set(token, [x]);
        continue;
      }
      for (const y of list) {
        if (seen[y] !== x) {
          seen[y] = x;
          into.push(y);
        }
      }
      list.push(x);
    }
  }
}

interface Entry {
  path: string[];
  name: string;
  depth: number;
}

export function findDuplicates(tree: Tree, threshold: number): DedupResult {
  if (typeof threshold !== "number" || !Number.isFinite(threshold) || threshold < 0 || threshold > 1) {
    throw new TreeOpError(400, "threshold must be a number from 0 to 1");
  }
  const entries: Entry[] = [];
  const keywordSets: string[][] = [];
  const trail: string[] = [];
  walk(tree, (node, depth) => {
    trail.length = depth - 1;
    trail.push(node.name);
    entries.push({ path: [...trail], name: node.name, depth });
    keywordSets.push(node.keywords);
  });
  const names = rankTokens(entries.map((entry) => trigramsOf(entry.name)));
  const keywords = rankTokens(keywordSets);
  const t = threshold;
  // Dice >= t needs o >= t(|x| + |y|) / 2 with |y| >= o, so o >= t|x| / (2 - t); Jaccard >= t needs o >= t|x|.
  const nameIndex = new PrefixIndex(names, (size) => (t * size) / (2 - t));
  const keywordIndex = new PrefixIndex(keywords, (size) => t * size);

  const edges: { x: number; y: number; similarity: number }[] = [];
  const seen = new Int32Array(entries.length).fill(-1);
  const candidates: number[] = [];
  for (let x = 0; x < entries.length; x++) {
    candidates.length = 0;
    nameIndex.probe(x, seen, candidates);
    keywordIndex.probe(x, seen, candidates);
    for (const y of candidates) {
      const similarity = Math.max(dice(names[x]!, names[y]!), jaccardOf(keywords[x]!, keywords[y]!));
      if (similarity > 0 && similarity >= t - EPSILON) edges.push({ x: y, y: x, similarity });
    }
  }
  return { threshold, groups: groupsOf(entries, edges) };
}

function groupsOf(entries: readonly Entry[], edges: { x: number; y: number; similarity: number }[]): DuplicateGroup[] {
  edges.sort((e, f) => f.similarity - e.similarity || e.x - f.x || e.y - f.y);
  const parent = entries.map((_, i) => i);
  const level = new Float64Array(entries.length).fill(1);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (const { x, y, similarity } of edges) {
    const rx = find(x);
    const ry = find(y);
    if (rx === ry) continue;
    // Edges come strongest first, so the one that joins two components is their weakest link.
    const root = Math.min(rx, ry);
    parent[Math.max(rx, ry)] = root;
    level[root] = similarity;
  }
  const members = new Map<number, number[]>();
  for (let i = 0; i < entries.length; i++) {
    const root = find(i);
    const list = members.get(root);
    if (list === undefined) members.set(root, [i]);
    else list.push(i);
  }
  const groups = [...members.entries()]
    .filter(([, list]) => list.length > 1)
    .map(([root, list]) => ({ similarity: level[root]!, first: list[0]!, list }))
    .sort((g, h) => h.similarity - g.similarity || g.first - h.first);
  return groups.map(({ similarity, list }) => ({
    similarity: Math.round(similarity * 10_000) / 10_000,
    nodes: list.map((i) => ({ path: entries[i]!.path, name: entries[i]!.name, level: levelOf(entries[i]!.depth) })),
  }));
}
