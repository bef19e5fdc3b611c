// The difference between two states of a research tree, as sent in a diff body (no ids).
//
// Matching, in this order:
//  1. By path: main topics by name, then children by name under every matched pair.
//  2. Until nothing more pairs, over the unmatched nodes of `after` in tree order:
//     - renamed: an unmatched node of `before` under the same (matched) parent, with a different
//       name and similar content (Jaccard of child names and keywords >= 0.5; best wins);
//     - moved: an unmatched node of `before` with the same name under a different parent; at
//       first only one whose parent still has a match (so a node under a renamed parent is not
//       taken for a move), then, when nothing else pairs, any (a node moved out of a deleted one).
//     Whenever two nodes pair, their children are matched by name beneath them, so a renamed or
//     moved node's subtree is matched relative to it and not reported again.
//  3. Unmatched nodes of `after` are added, of `before` deleted.
//
// Reporting rule: `changes` lists each renamed and moved node, and the top node of each added
// or deleted subtree once (with `descendants_added` / `descendants_deleted` counting the
// unmatched nodes below it). The summary counts every affected node: `nodes_added` and
// `nodes_deleted` include those descendants. Keywords are counted per node: for a matched pair
// the keywords only one side has, for an added or deleted node all its keywords.
import { countWireNodes, fromWireLenient } from "./wire";
import { levelOf } from "./path";
import { TreeOpError, type LevelCode, type Tree } from "./types";

export const MAX_DIFF_BYTES = 2 * 1024 * 1024;
const MAX_DIFF_NODES = 5_000;
const RENAME_SIMILARITY = 0.5;

interface ChangeBase {
  level: LevelCode;
  path: string[];
  name: string;
}
type DiffChange =
  | (ChangeBase & { type: "added"; descendants_added: number })
  | (ChangeBase & { type: "deleted"; descendants_deleted: number })
  | (ChangeBase & { type: "renamed"; old_name: string })
  | (ChangeBase & { type: "moved"; old_path: string[] });

interface DiffSummary {
  nodes_added: number;
  nodes_deleted: number;
  nodes_renamed: number;
  nodes_moved: number;
  keywords_added: number;
  keywords_removed: number;
}

export interface DiffResult {
  changes: DiffChange[];
  summary: DiffSummary;
}

/** 413 when the body is over 2 MB or before and after hold over 5,000 nodes together. */
export function assertDiffLimits(rawBodyBytes: number, before: unknown, after: unknown): void {
  if (rawBodyBytes > MAX_DIFF_BYTES) {
    throw new TreeOpError(
      413,
      `The diff payload is ${rawBodyBytes} bytes; before and after together may be at most 2 MB (${MAX_DIFF_BYTES} bytes)`,
    );
  }
  const nodes = countWireNodes(before) + countWireNodes(after);
  if (nodes > MAX_DIFF_NODES) {
    throw new TreeOpError(413, `before and after hold ${nodes} nodes together; at most ${MAX_DIFF_NODES} are allowed`);
  }
}

/** A tree laid out in arrays, nodes numbered in pre-order; parent -1 is the root. */
interface Flat {
  name: string[];
  keywords: string[][];
  parent: number[];
  depth: number[];
  children: number[][];
  roots: number[];
}

function flatten(tree: Tree): Flat {
  const flat: Flat = { name: [], keywords: [], parent: [], depth: [], children: [], roots: [] };
  const visit = (nodes: Tree, parent: number, depth: number): number[] =>
    nodes.map((node) => {
      const index = flat.name.length;
      flat.name.push(node.name);
      flat.keywords.push(node.keywords);
      flat.parent.push(parent);
      flat.depth.push(depth);
      flat.children.push([]);
      flat.children[index] = visit(node.children, index, depth + 1);
      return index;
    });
  flat.roots = visit(tree, -1, 1);
  return flat;
}

function describe(flat: Flat, index: number): { level: LevelCode; path: string[]; name: string } {
  return { level: levelOf(flat.depth[index]!), path: pathOf(flat, index), name: flat.name[index]! };
}

function pathOf(flat: Flat, index: number): string[] {
  const path: string[] = [];
  for (let at = index; at !== -1; at = flat.parent[at]!) path.push(flat.name[at]!);
  return path.reverse();
}

/** Child names and keywords: what a node "is about", whatever its own name. */
function contentOf(flat: Flat, index: number): string[] {
  return [...flat.children[index]!.map((child) => `c${flat.name[child]}`), ...flat.keywords[index]!.map((keyword) => `k${keyword}`)];
}

/** How a pair of nodes was matched; only renamed and moved pairs are reported. */
const Kind = { Silent: 0, Renamed: 1, Moved: 2 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

class Matcher {
  readonly aToB: Int32Array;
  readonly bToA: Int32Array;
  readonly kind: Uint8Array;
  /** Content of the nodes of `before` left unmatched by path (null for the others). */
  private readonly aContent: (Set<string> | null)[] = [];
  /** `${parent}|${token}` -> nodes of `before` under that parent whose content has the token. */
  private readonly byParentToken = new Map<string, number[]>();
  private readonly aByName = new Map<string, number[]>();

  constructor(
    readonly a: Flat,
    readonly b: Flat,
  ) {
    this.aToB = new Int32Array(a.name.length).fill(-1);
    this.bToA = new Int32Array(b.name.length).fill(-1);
    this.kind = new Uint8Array(b.name.length);
  }

  /**
   * Indexes what path matching left over; only those nodes can pair later, and in the usual
   * diff they are few, so the cost follows the size of the change rather than of the trees.
   */
  indexLeftovers(): void {
    for (let i = 0; i < this.a.name.length; i++) {
      if (this.aToB[i] !== -1) {
        this.aContent.push(null);
        continue;
      }
      const tokens = new Set(contentOf(this.a, i));
      this.aContent.push(tokens);
      for (const token of tokens) push(this.byParentToken, `${this.a.parent[i]}|${token}`, i);
      push(this.aByName, this.a.name[i]!, i);
    }
  }

  pair(i: number, j: number, kind: Kind): void {
    this.aToB[i] = j;
    this.bToA[j] = i;
    this.kind[j] = kind;
    this.matchChildren(this.a.children[i]!, this.b.children[j]!);
  }

  matchChildren(aKids: readonly number[], bKids: readonly number[]): void {
    const byName = new Map<string, number>();
    for (const i of aKids) if (this.aToB[i] === -1) byName.set(this.a.name[i]!, i);
    for (const j of bKids) {
      const i = byName.get(this.b.name[j]!);
      if (i !== undefined && this.bToA[j] === -1 && this.aToB[i] === -1) this.pair(i, j, Kind.Silent);
    }
  }

  /** Counterpart in `before` of the parent of `after` node j: -1 root, -2 none (j's parent is unmatched). */
  private parentInA(j: number): number {
    const parent = this.b.parent[j]!;
    return parent === -1 ? -1 : this.bToA[parent] === -1 ? -2 : this.bToA[parent]!;
  }

  renamePass(): boolean {
    let paired = false;
    for (let j = 0; j < this.b.name.length; j++) {
      if (this.bToA[j] !== -1) continue;
      const parent = this.parentInA(j);
      if (parent === -2) continue;
      const tokens = new Set(contentOf(this.b, j));
      if (tokens.size === 0) continue;
      const shared = new Map<number, number>();
      for (const token of tokens) {
        for (const i of this.byParentToken.get(`${parent}|${token}`) ?? []) {
          if (this.aToB[i] === -1) shared.set(i, (shared.get(i) ?? 0) + 1);
        }
      }
      let best = -1;
      let bestScore = RENAME_SIMILARITY;
      for (const [i, common] of shared) {
        if (this.a.name[i] === this.b.name[j]) continue;
        const score = common / (tokens.size + this.aContent[i]!.size - common);
        if (score > bestScore || (score === bestScore && (best === -1 || i < best))) {
          best = i;
          bestScore = score;
        }
      }
      if (best !== -1) {
        this.pair(best, j, Kind.Renamed);
        paired = true;
      }
    }
    return paired;
  }

  movePass(strict: boolean): boolean {
    let paired = false;
    for (let j = 0; j < this.b.name.length; j++) {
      if (this.bToA[j] !== -1) continue;
      const bParent = this.b.parent[j]!;
      let best = -1;
      let bestScore = -1;
      let tokens: Set<string> | null = null;
      for (const i of this.aByName.get(this.b.name[j]!) ?? []) {
        if (this.aToB[i] !== -1) continue;
        const aParent = this.a.parent[i]!;
        if (aParent === -1) {
          if (bParent === -1) continue; // both main topics: the same place
        } else {
          const counterpart = this.aToB[aParent]!;
          if (counterpart === -1) {
            if (strict) continue; // under a parent that may still pair: wait for it
          } else if (counterpart === bParent) continue; // the same place
        }
        tokens ??= new Set(contentOf(this.b, j));
        const score = jaccard(tokens, this.aContent[i]!);
        if (score > bestScore) {
          best = i;
          bestScore = score;
        }
      }
      if (best !== -1) {
        this.pair(best, j, Kind.Moved);
        paired = true;
      }
    }
    return paired;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

function jaccard(x: ReadonlySet<string>, y: ReadonlySet<string>): number {
  if (x.size === 0 && y.size === 0) return 0;
  let common = 0;
  for (const token of x) if (y.has(token)) common += 1;
  return common / (x.size + y.size - common);
}

/** Unmatched nodes in the subtree below `index`, not descending past matched nodes. */
function unmatchedBelow(flat: Flat, matches: Int32Array, index: number): number {
  let total = 0;
  for (const child of flat.children[index]!) {
    if (matches[child] === -1) total += 1 + unmatchedBelow(flat, matches, child);
  }
  return total;
}

function isTopOfUnmatched(flat: Flat, matches: Int32Array, index: number): boolean {
  const parent = flat.parent[index]!;
  return matches[index] === -1 && (parent === -1 || matches[parent] !== -1);
}

function sameList(x: readonly string[], y: readonly string[]): boolean {
  return x.length === y.length && x.every((item, i) => item === y[i]);
}

function keywordsOnlyIn(x: readonly string[], y: readonly string[]): number {
  if (x.length === 0) return 0;
  const other = new Set(y);
  return x.filter((keyword) => !other.has(keyword)).length;
}

export function diffTrees(before: unknown, after: unknown): DiffResult {
  const a = flatten(fromWireLenient(before, "before"));
  const b = flatten(fromWireLenient(after, "after"));
  const m = new Matcher(a, b);
  m.matchChildren(a.roots, b.roots);
  m.indexLeftovers();
  for (;;) {
    const renamed = m.renamePass();
    const moved = m.movePass(true);
    if (!renamed && !moved && !m.movePass(false)) break;
  }

  const changes: DiffChange[] = [];
  const summary: DiffSummary = {
    nodes_added: 0,
    nodes_deleted: 0,
    nodes_renamed: 0,
    nodes_moved: 0,
    keywords_added: 0,
    keywords_removed: 0,
  };
  for (let j = 0; j < b.name.length; j++) {
    const i = m.bToA[j]!;
    if (i === -1) {
      summary.nodes_added += 1;
      summary.keywords_added += b.keywords[j]!.length;
      if (isTopOfUnmatched(b, m.bToA, j))
        changes.push({ type: "added", ...describe(b, j), descendants_added: unmatchedBelow(b, m.bToA, j) });
      continue;
    }
    if (!sameList(a.keywords[i]!, b.keywords[j]!)) {
      summary.keywords_added += keywordsOnlyIn(b.keywords[j]!, a.keywords[i]!);
      summary.keywords_removed += keywordsOnlyIn(a.keywords[i]!, b.keywords[j]!);
    }
    if (m.kind[j] === Kind.Renamed) {
      summary.nodes_renamed += 1;
      changes.push({ type: "renamed", ...describe(b, j), old_name: a.name[i]! });
    } else if (m.kind[j] === Kind.Moved) {
      summary.nodes_moved += 1;
      changes.push({ type: "moved", ...describe(b, j), old_path: pathOf(a, i) });
    }
  }
  for (let i = 0; i < a.name.length; i++) {
    if (m.aToB[i] !== -1) continue;
    summary.nodes_deleted += 1;
    summary.keywords_removed += a.keywords[i]!.length;
    if (isTopOfUnmatched(a, m.aToB, i)) {
      changes.push({ type: "deleted", ...describe(a, i), descendants_deleted: unmatchedBelow(a, m.aToB, i) });
    }
  }
  return { changes, summary };
}
