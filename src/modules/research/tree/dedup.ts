// Near-duplicate nodes of a research tree, by lexical similarity (works offline).
//
// Similarity of two nodes = the higher of
//  - name similarity: Dice coefficient of the character trigrams of the names, with the
//    words sorted first (so "tools seo" and "seo tools" are the same name), and
//  - keyword similarity: Jaccard index of their keyword sets (when both have keywords).
// Pairs that share no trigram and no keyword are never grouped, even at threshold 0.
//
// Not every pair is compared: see prefix-join.ts.
//
// Groups are the connected components of the pairs at or above the threshold (single
// linkage); a group's similarity is the level at which it holds together: the weakest link
// of its strongest spanning tree. Groups are sorted by similarity, then tree order.
import { levelOf, walk } from "./path";
import { diceMeasure, jaccardMeasure, PrefixJoin, rankSets } from "./prefix-join";
import { TreeOpError, type LevelCode, type Tree } from "./types";

interface DuplicateNode {
  path: string[];
  name: string;
  level: LevelCode;
}

interface DuplicateGroup {
  similarity: number;
  nodes: DuplicateNode[];
}

export interface DedupResult {
  threshold: number;
  groups: DuplicateGroup[];
}

function canonicalName(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
  return words.length === 0 ? name : words.sort().join(" ");
}

/**
 * Trigram ids of each name (with its words sorted), and how many distinct trigrams there are.
 * A trigram is keyed by its three UTF-16 codes packed into one number: no string per trigram.
 */
function nameTrigrams(names: readonly string[]): { sets: number[][]; count: number } {
  const idOf = new Map<number, number>();
  const sets = names.map((name) => {
    const padded = ` ${canonicalName(name)} `;
    const ids: number[] = [];
    for (let i = 0; i + 3 <= padded.length; i++) {
      const code = padded.charCodeAt(i) * 4_294_967_296 + padded.charCodeAt(i + 1) * 65_536 + padded.charCodeAt(i + 2);
      let id = idOf.get(code);
      if (id === undefined) {
        id = idOf.size;
        idOf.set(code, id);
      }
      ids.push(id);
    }
    return ids;
  });
  return { sets, count: idOf.size };
}

function keywordIds(lists: readonly (readonly string[])[]): { sets: number[][]; count: number } {
  const idOf = new Map<string, number>();
  const sets = lists.map((keywords) =>
    keywords.map((keyword) => {
      let id = idOf.get(keyword);
      if (id === undefined) {
        id = idOf.size;
        idOf.set(keyword, id);
      }
      return id;
    }),
  );
  return { sets, count: idOf.size };
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
  const keywordLists: string[][] = [];
  const trail: string[] = [];
  walk(tree, (node, depth) => {
    trail.length = depth - 1;
    trail.push(node.name);
    entries.push({ path: [...trail], name: node.name, depth });
    keywordLists.push(node.keywords);
  });
  const trigrams = nameTrigrams(entries.map((entry) => entry.name));
  const keywords = keywordIds(keywordLists);
  const nameJoin = new PrefixJoin(rankSets(trigrams.sets, trigrams.count), diceMeasure(threshold));
  const keywordJoin = new PrefixJoin(rankSets(keywords.sets, keywords.count), jaccardMeasure(threshold));

  // A pair found by one measure only is below the threshold on the other, so the higher of
  // what the two report is the pair's similarity.
  const edges: Edge[] = [];
  const best = new Float64Array(entries.length);
  const stamp = new Int32Array(entries.length).fill(-1);
  const partners: number[] = [];
  let x = 0;
  const found = (y: number, similarity: number): void => {
    if (stamp[y] !== x) {
      stamp[y] = x;
      best[y] = similarity;
      partners.push(y);
    } else if (similarity > best[y]!) best[y] = similarity;
  };
  for (; x < entries.length; x++) {
    partners.length = 0;
    nameJoin.probe(x, found);
    keywordJoin.probe(x, found);
    for (const y of partners) edges.push({ x: y, y: x, similarity: best[y]! });
  }
  return { threshold, groups: groupsOf(entries, edges) };
}

interface Edge {
  x: number;
  y: number;
  similarity: number;
}

function groupsOf(entries: readonly Entry[], edges: Edge[]): DuplicateGroup[] {
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
