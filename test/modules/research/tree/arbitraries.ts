// fast-check generators for research trees and tree operations, shared by the pure tests and
// the HTTP tests. Trees are valid stored trees (depth <= 4, lowercase names unique among
// siblings, deterministic ids "n1", "n2", ...); operations mix valid ones (paths that exist,
// often written in another case or with spaces) with invalid ones of every kind (missing
// paths, too deep, name clashes, bad types, unknown actions), so sequences both pass and fail.
import fc from "fast-check";
import type { Tree, TreeNode } from "../../../../src/modules/research/tree/types";

/** Few names, so that siblings often clash and renames and moves hit 409. */
const STORED_NAMES = ["seo", "tools", "content", "links", "audit", "local seo", "seo tools", "café", "a", "b"];
const KEYWORDS = ["seo", "best seo tools", "link building", "audit", "serp", "content plan", "ranking"];

export const nameArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...STORED_NAMES) },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z]{1,6}( [a-z]{1,5})?$/) },
);

const keywordsArb: fc.Arbitrary<string[]> = fc.uniqueArray(fc.oneof(fc.constantFrom(...KEYWORDS), fc.stringMatching(/^[a-z]{1,8}$/)), {
  maxLength: 4,
});

/** A node before ids are given: what tests write by hand. */
export interface RawNode {
  name: string;
  keywords: string[];
  children: RawNode[];
}

const WIDTH = [4, 4, 3, 3];

function levelArb(depth: number): fc.Arbitrary<RawNode[]> {
  const children = depth < 4 ? levelArb(depth + 1) : fc.constant([] as RawNode[]);
  return fc.uniqueArray(fc.record({ name: nameArb, keywords: keywordsArb, children }), {
    selector: (node) => node.name,
    // A non-empty tree most of the time, so operations mostly find their nodes.
    minLength: depth === 1 ? 1 : 0,
    maxLength: WIDTH[depth - 1]!,
  });
}

/** Gives every node an id "n1", "n2", ... in tree order. */
export function withIds(nodes: readonly RawNode[], counter = { next: 1 }): Tree {
  return nodes.map((node): TreeNode => {
    const id = `n${counter.next++}`;
    return { id, name: node.name, keywords: [...node.keywords], children: withIds(node.children, counter) };
  });
}

export const treeArb: fc.Arbitrary<Tree> = fc
  .oneof({ weight: 12, arbitrary: levelArb(1) }, { weight: 1, arbitrary: fc.constant([] as RawNode[]) })
  .map((nodes) => withIds(nodes));

/** Ids for new nodes: "new1", "new2", ... (a fresh sequence per call). */
export function counterIds(prefix = "new"): () => string {
  let next = 0;
  return () => `${prefix}${++next}`;
}

/** Every node's path, in tree order. */
export function allPaths(tree: Tree, above: string[] = []): string[][] {
  return tree.flatMap((node) => [[...above, node.name], ...allPaths(node.children, [...above, node.name])]);
}

/** Pairs of sibling paths (candidates for a merge). */
export function siblingPairs(tree: Tree, above: string[] = []): [string[], string[]][] {
  const pairs: [string[], string[]][] = [];
  for (const x of tree)
    for (const y of tree)
      if (x !== y)
        pairs.push([
          [...above, x.name],
          [...above, y.name],
        ]);
  for (const node of tree) pairs.push(...siblingPairs(node.children, [...above, node.name]));
  return pairs;
}

/** A path as a client may write it: other case, surrounding spaces. */
function spelledArb(path: string[]): fc.Arbitrary<string[]> {
  return fc
    .array(fc.constantFrom("same", "upper", "spaced"), { minLength: path.length, maxLength: path.length })
    .map((styles) => path.map((name, i) => (styles[i] === "upper" ? name.toUpperCase() : styles[i] === "spaced" ? `  ${name} ` : name)));
}

function existingArb(paths: string[][]): fc.Arbitrary<string[]> {
  return paths.length === 0 ? fc.constant(["missing"]) : fc.constantFrom(...paths).chain(spelledArb);
}

function pathArb(tree: Tree, maxLength: number, allowEmpty: boolean): fc.Arbitrary<string[]> {
  const fitting = allPaths(tree).filter((path) => path.length <= maxLength);
  return fc.oneof(
    { weight: 24, arbitrary: existingArb(fitting) },
    { weight: allowEmpty ? 3 : 1, arbitrary: fc.constant([] as string[]) },
    { weight: 1, arbitrary: existingArb(fitting).map((path) => [...path.slice(0, -1), "nowhere"]) },
    { weight: 1, arbitrary: fc.constant<string[]>(["a", "b", "c", "d", "e"]) },
  );
}

const newNameArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: nameArb },
  { weight: 2, arbitrary: nameArb.map((name) => ` ${name.toUpperCase()}  `) },
  { weight: 1, arbitrary: fc.constantFrom("", "   ", "x".repeat(201), 42, null) },
);

const positionArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 4, arbitrary: fc.nat(5) },
  { weight: 1, arbitrary: fc.constantFrom(-1, 1.5, "1") },
);

const keywordListArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 8, arbitrary: fc.array(fc.oneof(fc.constantFrom(...KEYWORDS), fc.constantFrom(" SEO ", "Audit")), { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      [""],
      ["ok", 3],
      "seo",
      Array.from({ length: 201 }, (_, i) => `k${i}`),
    ),
  },
);

function named(action: string, fields: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  return fc.constantFrom("action", "op").map((key) => {
    const op: Record<string, unknown> = { [key]: action };
    for (const [field, value] of Object.entries(fields)) if (value !== undefined) op[field] = value;
    return op;
  });
}

/** One bulk operation against `tree` (valid or not), in the wire shape of the bulk body. */
function operationArb(tree: Tree): fc.Arbitrary<unknown> {
  const node = pathArb(tree, 4, false);
  const parent = pathArb(tree, 3, true);
  const pairs = siblingPairs(tree);
  const anyPair = fc.tuple(node, node);
  const pairArb: fc.Arbitrary<[string[], string[]]> =
    pairs.length === 0 ? anyPair : fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pairs) }, { weight: 1, arbitrary: anyPair });
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.tuple(parent, newNameArb, positionArb).chain(([p, name, position]) => named("add", { parent_path: p, name, position })),
    },
    { weight: 3, arbitrary: fc.tuple(node, newNameArb).chain(([path, newName]) => named("rename", { path, new_name: newName })) },
    { weight: 2, arbitrary: node.chain((path) => named("delete", { path })) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(node, parent, positionArb)
        .chain(([source, target, position]) => named("move", { source_path: source, target_parent_path: target, position })),
    },
    { weight: 2, arbitrary: pairArb.chain(([keep, merge]) => named("merge", { keep_path: keep, merge_path: merge })) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(node, keywordListArb, keywordListArb)
        .chain(([path, add, remove]) => named("update_keywords", { path, add, remove })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(
        "rename",
        null,
        {},
        { action: "explode" },
        { action: "add", op: "delete" },
        { op: "rename", path: "seo" },
        {
          action: "delete",
          path: [1],
        },
      ),
    },
  );
}

/** A tree and a sequence of operations against it (later ones may fail on the changed tree). */
export const treeWithOpsArb: fc.Arbitrary<{ tree: Tree; operations: unknown[] }> = treeArb.chain((tree) =>
  fc.array(operationArb(tree), { maxLength: 12 }).map((operations) => ({ tree, operations })),
);

/** Freezes a tree all the way down, so an operation that mutates its input throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
