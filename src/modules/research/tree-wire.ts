// Between the stored tree and the wire shape of the specification (DECISIONS 5): a node's
// children are the items of the next level's array; the deeper arrays the spec also shows on
// a node are always present and empty in responses, and must be empty or absent on input.
import { MAX_NAME_LENGTH, normalizeText } from "./tree-path";
import {
  MAX_DEPTH,
  TreeOpError,
  type Tree,
  type TreeNode,
  type WireBranch,
  type WireHub,
  type WireLeaf,
  type WireMainTopic,
  type WireTree,
} from "./tree-types";

// ---- to the wire ----------------------------------------------------------------------------

function leafToWire(node: TreeNode): WireLeaf {
  return { name: node.name, keywords: [...node.keywords] };
}

function branchToWire(node: TreeNode): WireBranch {
  return { name: node.name, subtopic_4: node.children.map(leafToWire), keywords: [...node.keywords] };
}

function hubToWire(node: TreeNode): WireHub {
  return { name: node.name, subtopic_3: node.children.map(branchToWire), subtopic_4: [], keywords: [...node.keywords] };
}

export function toWire(tree: Tree): WireTree {
  return tree.map(
    (node): WireMainTopic => ({
      main_topic: node.name,
      subtopic_2: node.children.map(hubToWire),
      subtopic_3: [],
      subtopic_4: [],
      keywords: [...node.keywords],
    }),
  );
}

// ---- from the wire --------------------------------------------------------------------------

/** The array that holds the children of a node at each depth (index = depth - 1). */
const CHILD_KEYS = ["subtopic_2", "subtopic_3", "subtopic_4", null] as const;
const ARRAY_KEYS = ["subtopic_2", "subtopic_3", "subtopic_4"] as const;

export interface FromWireOptions {
  /** The body field that holds the tree, for messages (`research_data`, `before`, `after`). */
  root?: string;
  /**
   * Status for two siblings with the same name. An import is a write, and DECISIONS 5 answers
   * every sibling-name clash of a write with 409; a diff body is only read, so there it is 400.
   */
  duplicateStatus?: 400 | 409;
  /** Accept `name` as well as `main_topic` on main topics and skip empty keywords (diff bodies). */
  lenient?: boolean;
}

interface Reader {
  newId: () => string;
  duplicateStatus: 400 | 409;
  lenient: boolean;
}

function fail(place: string, problem: string): never {
  throw new TreeOpError(400, `${place} ${problem}`);
}

function readName(raw: unknown, place: string): string {
  if (typeof raw !== "string") fail(place, "must be a string");
  const name = normalizeText(raw);
  if (name.length === 0) fail(place, "must not be empty");
  if (name.length > MAX_NAME_LENGTH && [...name].length > MAX_NAME_LENGTH) fail(place, `must be at most ${MAX_NAME_LENGTH} characters`);
  return name;
}

function readKeywords(raw: unknown, place: string, reader: Reader): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) fail(place, "must be an array of strings");
  const keywords = new Set<string>();
  raw.forEach((keyword: unknown, i) => {
    if (typeof keyword !== "string") fail(`${place}[${i}]`, "must be a string");
    const clean = normalizeText(keyword);
    if (clean.length === 0) {
      if (reader.lenient) return;
      fail(`${place}[${i}]`, "must not be empty");
    }
    keywords.add(clean);
  });
  return [...keywords];
}

function readList(raw: unknown, place: string): unknown[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) fail(place, "must be an array");
  return raw;
}

function readNodes(raw: unknown, place: string, depth: number, reader: Reader): TreeNode[] {
  const seen = new Map<string, number>();
  return readList(raw, place).map((item, i) => {
    const node = readNode(item, `${place}[${i}]`, depth, reader);
    const first = seen.get(node.name);
    if (first !== undefined) {
      throw new TreeOpError(reader.duplicateStatus, `${place}[${i}] is named "${node.name}", as is its sibling ${place}[${first}]`);
    }
    seen.set(node.name, i);
    return node;
  });
}

function readNode(raw: unknown, place: string, depth: number, reader: Reader): TreeNode {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) fail(place, "must be an object");
  const item = raw as Record<string, unknown>;
  let nameKey = depth === 1 ? "main_topic" : "name";
  if (depth === 1 && reader.lenient && item.main_topic === undefined && item.name !== undefined) nameKey = "name";
  if (item[nameKey] === undefined) fail(`${place}.${nameKey}`, "is required");
  const name = readName(item[nameKey], `${place}.${nameKey}`);
  const childKey = CHILD_KEYS[depth - 1] ?? null;
  for (const key of ARRAY_KEYS) {
    if (key === childKey) continue;
    // Ignoring a non-empty array here would silently drop part of the tree.
    if (readList(item[key], `${place}.${key}`).length > 0) {
      fail(`${place}.${key}`, childKey === null ? "must be empty: a level-4 node has no children" : `must be empty: the children of this node go in ${childKey}`);
    }
  }
  const keywords = readKeywords(item.keywords, `${place}.keywords`, reader);
  const id = reader.newId(); // before the children: ids in tree order
  const children = childKey === null || depth >= MAX_DEPTH ? [] : readNodes(item[childKey], `${place}.${childKey}`, depth + 1, reader);
  return { id, name, keywords, children };
}

/** The tree of an import body's `research_data` (or a diff body's side), with fresh ids. */
export function fromWire(input: unknown, newId: () => string, options: FromWireOptions = {}): Tree {
  const root = options.root ?? "research_data";
  const reader: Reader = { newId, duplicateStatus: options.duplicateStatus ?? 409, lenient: options.lenient ?? false };
  if (!Array.isArray(input)) fail(root, "must be an array of main topics");
  return readNodes(input, root, 1, reader);
}

/** A diff body's side: read with the same checks, but duplicates are a 400 and empty keywords are skipped. */
export function fromWireLenient(input: unknown, root: string): Tree {
  let next = 0;
  return fromWire(input, () => String(next++), { root, duplicateStatus: 400, lenient: true });
}

/** Nodes in a wire tree, counted without validating it (for the diff's size limit). */
export function countWireNodes(input: unknown): number {
  let total = 0;
  const visit = (list: unknown, depth: number): void => {
    if (!Array.isArray(list) || depth > MAX_DEPTH) return;
    for (const item of list) {
      total += 1;
      if (typeof item !== "object" || item === null) continue;
      const record = item as Record<string, unknown>;
      for (const key of ARRAY_KEYS) visit(record[key], depth + 1);
    }
  };
  visit(input, 1);
  return total;
}
