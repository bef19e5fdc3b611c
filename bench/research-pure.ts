// The research tree's pure logic under load, with no HTTP and no database:
//  - a 200-operation bulk (mixed operations) on a 5,000-node tree, and what storing it costs
//    before the database: finding the changed nodes and writing them out as JSON,
//  - a diff of two 2,500-node trees (the second derived from the first by renames, moves,
//    additions, deletions and keyword edits), limits check included,
//  - the offline duplicate analysis of the 5,000-node tree at threshold 0.8.
//
//   node --import tsx bench/research-pure.ts [--runs=300]
//
// Trees and operations are built from a fixed seed, so every run measures the same work.
// Printed, never asserted: timings depend on the machine and on what else runs.
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import {
  addNode,
  applyBulk,
  assertDiffLimits,
  changeBetween,
  deleteNode,
  diffTrees,
  encodeChange,
  findDuplicates,
  freezeTree,
  mergeNodes,
  moveNode,
  renameNode,
  toWire,
  treeStats,
  updateKeywords,
  type Tree,
  type TreeNode,
} from "../src/modules/research/tree";
import { present } from "../src/platform/present";
import { nearestRank } from "./lib/report";
import { seeded } from "./lib/seeded";

const { values } = parseArgs({ options: { runs: { type: "string", default: "300" } } });
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a positive whole number, got "${values.runs}"`);
const WARMUP = Math.max(10, Math.floor(RUNS / 10));

/** A vocabulary of 800 made-up words, so names vary about as much as real topic names do. */
function vocabulary(random: () => number): string[] {
  const syllables = ["ka", "lo", "mi", "ne", "ra", "tu", "si", "po", "de", "gu", "fa", "ve", "zo", "hi", "ba", "ce", "tor", "lin", "mas"];
  const words = new Set<string>();
  while (words.size < 800) {
    const length = 2 + Math.floor(random() * 2);
    words.add(Array.from({ length }, () => syllables[Math.floor(random() * syllables.length)]).join(""));
  }
  return [...words];
}

function idCounter(prefix: string): () => string {
  let next = 0;
  return () => `${prefix}${++next}`;
}

/**
 * A tree of exactly `total` nodes: fixed fan-out down to level 3, the rest spread as level-4
 * leaves. Names are 2 to 4 words; about 3% are near-copies of an earlier name (plural, words
 * swapped), so the duplicate analysis has something to find.
 */
function buildTree(total: number, seed: number): Tree {
  const random = seeded(seed);
  const words = vocabulary(random);
  const id = idCounter("n");
  const word = () => present(words[Math.floor(random() * words.length)], "a word");
  const earlier: string[] = [];
  const phrase = (): string => {
    const copied = earlier[Math.floor(random() * earlier.length)];
    if (copied !== undefined && random() < 0.03) return random() < 0.5 ? `${copied}s` : copied.split(" ").reverse().join(" ");
    const name = Array.from({ length: 2 + Math.floor(random() * 3) }, word).join(" ");
    earlier.push(name);
    return name;
  };
  const make = (siblings: TreeNode[]): TreeNode => {
    let name = phrase();
    while (siblings.some((sibling) => sibling.name === name)) name = `${name} ${word()}`;
    const node = {
      id: id(),
      name,
      keywords: Array.from(new Set(Array.from({ length: Math.floor(random() * 4) }, () => `${word()} ${word()}`))),
      children: [],
    };
    siblings.push(node);
    return node;
  };
  const mains = Math.max(1, Math.round(total / 500));
  const tree: TreeNode[] = [];
  const branches: TreeNode[] = [];
  let count = 0;
  for (let m = 0; m < mains && count < total; m++) {
    const main = make(tree);
    count += 1;
    for (let h = 0; h < 8 && count < total; h++) {
      const hub = make(main.children);
      count += 1;
      for (let b = 0; b < 8 && count < total; b++) {
        branches.push(make(hub.children));
        count += 1;
      }
    }
  }
  for (let i = 0; count < total; i++, count++) make(present(branches[i % branches.length], "a branch").children);
  return tree;
}

function paths(tree: Tree, above: string[] = []): string[][] {
  return tree.flatMap((node) => [[...above, node.name], ...paths(node.children, [...above, node.name])]);
}

function nodeCount(tree: Tree): number {
  return treeStats(tree).total_nodes;
}

type Kind = "add" | "rename" | "delete" | "move" | "merge" | "update_keywords";

/**
 * `count` operations that all succeed in sequence from `tree`, mixing the kinds given, each
 * with the same parameters a client would send; plus the tree they lead to.
 */
function operationsFor(tree: Tree, count: number, kinds: Kind[], seed: number): { operations: Record<string, unknown>[]; after: Tree } {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]): T => present(list[Math.floor(random() * list.length)], "a pick from a non-empty list");
  const ids = idCounter("b");
  const operations: Record<string, unknown>[] = [];
  let current = tree;
  let all = paths(current);
  let attempts = 0;
  while (operations.length < count) {
    if (++attempts > count * 200) throw new Error("could not build enough valid operations");
    const kind = pick(kinds);
    const path = pick(all);
    const suffix = `${operations.length}`;
    let op: Record<string, unknown>;
    let next: Tree;
    try {
      switch (kind) {
        case "add": {
          const parent = path.slice(0, Math.min(path.length, 3));
          op = { action: "add", parent_path: parent, name: `new ${suffix}`, position: random() < 0.5 ? 0 : null };
          next = addNode(current, parent, `new ${suffix}`, op.position as number | null, ids).tree;
          break;
        }
        case "rename":
          op = { op: "rename", path, new_name: `${path.at(-1)} v${suffix}` };
          next = renameNode(current, path, op.new_name as string).tree;
          break;
        case "delete": {
          // Mostly leaves, so the tree keeps its size over 200 operations.
          if (path.length < 4 && random() < 0.9) continue;
          op = { action: "delete", path };
          next = deleteNode(current, path).tree;
          break;
        }
        case "move": {
          // A parent no deeper than the source's own parent keeps the subtree within 4 levels.
          const targets = [[], ...all.filter((candidate) => candidate.length < path.length)];
          const target = pick(targets);
          op = { action: "move", source_path: path, target_parent_path: target, position: null };
          next = moveNode(current, path, target, null).tree;
          break;
        }
        case "merge": {
          const parent = path.slice(0, -1);
          const siblings = all.filter(
            (candidate) => candidate.length === path.length && candidate.slice(0, -1).join("\0") === parent.join("\0"),
          );
          const other = pick(siblings);
          if (other === path) continue;
          op = { action: "merge", keep_path: path, merge_path: other };
          next = mergeNodes(current, path, other).tree;
          break;
        }
        case "update_keywords":
          op = { action: "update_keywords", path, add: [`kw ${suffix}`, `extra ${suffix}`], remove: [] };
          next = updateKeywords(current, path, op.add as string[], []).tree;
          break;
      }
    } catch {
      continue; // a clash or a depth limit: draw again
    }
    operations.push(op);
    current = next;
    all = paths(current);
  }
  return { operations, after: current };
}

function time(label: string, run: () => void): void {
  for (let i = 0; i < WARMUP; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  samples.sort((x, y) => x - y);
  const at = (p: number) => nearestRank(samples, p);
  const mean = samples.reduce((sum, s) => sum + s, 0) / samples.length;
  console.log(
    `${label.padEnd(44)} p50 ${at(0.5).toFixed(2).padStart(7)} ms   p99 ${at(0.99).toFixed(2).padStart(7)} ms   mean ${mean.toFixed(2).padStart(7)} ms   (${RUNS} runs)`,
  );
}

const ALL_KINDS: Kind[] = ["add", "rename", "delete", "move", "merge", "update_keywords"];

const big = buildTree(5_000, 1);
const bulk = operationsFor(big, 200, ALL_KINDS, 2);
const tally = new Map<string, number>();
for (const op of bulk.operations) {
  const kind = String(op.action ?? op.op);
  tally.set(kind, (tally.get(kind) ?? 0) + 1);
}
console.log(`bulk: ${nodeCount(big)} nodes, ${bulk.operations.length} operations (${[...tally].map(([k, n]) => `${k} ${n}`).join(", ")})`);
time("bulk of 200 operations, 5,000-node tree", () => {
  const outcome = applyBulk(big, bulk.operations, idCounter("r"));
  if (!outcome.ok) throw new Error(outcome.error);
});
// The stored tree is frozen (as the service keeps it); the bulk's new nodes are not.
const stored = freezeTree(structuredClone(big));
const bulked = applyBulk(stored, bulk.operations, idCounter("r"));
if (!bulked.ok) throw new Error(bulked.error);
console.log(`bulk change: ${(Buffer.byteLength(encodeChange(changeBetween(stored, bulked.tree))) / 1024).toFixed(0)} KiB of changed nodes`);
time("changed nodes of that bulk, as JSON", () => {
  encodeChange(changeBetween(stored, bulked.tree));
});

const half = buildTree(2_500, 3);
let edited = operationsFor(half, 120, ["rename", "move", "add", "delete", "update_keywords"], 4).after;
// Back to 2,500 nodes (5,000 together, the limit) by deleting the last leaves.
while (nodeCount(edited) > 2_500)
  edited = deleteNode(
    edited,
    present(
      paths(edited)
        .filter((path) => path.length === 4)
        .at(-1),
      "a leaf's path",
    ),
  ).tree;
const before = toWire(half);
const after = toWire(edited);
const bytes = Buffer.byteLength(JSON.stringify({ before, after }));
const sample = diffTrees(before, after).summary;
console.log(
  `diff: ${nodeCount(half)} + ${nodeCount(edited)} nodes, ${(bytes / 1024).toFixed(0)} KiB body; found ${JSON.stringify(sample)}`,
);
time("diff of two 2,500-node trees (with limits)", () => {
  assertDiffLimits(bytes, before, after);
  diffTrees(before, after);
});

const groups = findDuplicates(big, 0.8).groups.length;
console.log(`dedup: ${nodeCount(big)} nodes, threshold 0.8, ${groups} groups`);
time("dedup of a 5,000-node tree at 0.8", () => {
  findDuplicates(big, 0.8);
});
