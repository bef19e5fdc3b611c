// Names, paths and copy-on-write edits of the research tree: the shared ground of the tree
// operations, the bulk runner, the wire conversion and the diff. Everything here is pure.
import { MAX_LENGTH } from "../../../platform/http/limits";
import { present } from "../../../platform/present";
import { LEVEL_CODES, MAX_DEPTH, TreeOpError, type LevelCode, type Tree, type TreeNode } from "./types";

export const MAX_NAME_LENGTH = MAX_LENGTH.nodeName;
export const MAX_KEYWORD_LENGTH = MAX_LENGTH.keyword;

/** Any UTF-16 unit past ASCII (the whole range above \u007f, surrogates included). */
const NON_ASCII = /[\u0080-\uffff]/;

/** How names and keywords are stored: trimmed, lowercase, NFC (so equal-looking names compare equal). */
export function normalizeText(raw: string): string {
  const lower = raw.trim().toLowerCase();
  // ASCII text is already in NFC, and normalizing is the costly part of reading a large tree.
  return NON_ASCII.test(lower) ? lower.normalize("NFC") : lower;
}

/** A new node name, ready to store; 400 naming `field` when it is not a usable name. */
export function normalizeName(raw: unknown, field: string): string {
  if (typeof raw !== "string") throw new TreeOpError(400, `${field} must be a string`);
  const name = normalizeText(raw);
  if (name.length === 0) throw new TreeOpError(400, `${field} must not be empty`);
  if (isLongerThan(name, MAX_NAME_LENGTH)) throw new TreeOpError(400, `${field} must be at most ${MAX_NAME_LENGTH} characters`);
  return name;
}

/** Counted in characters (code points), not UTF-16 units, as a user would count them. */
export function isLongerThan(text: string, max: number): boolean {
  return text.length > max && Array.from(text).length > max;
}

/** A path for messages: `"seo > tools"`, as the caller wrote it. */
export function formatPath(path: readonly unknown[]): string {
  return `"${path.map((part) => String(part)).join(" > ")}"`;
}

/** Where a name clash happened, for 409 messages. */
export function placeOf(parentPath: readonly string[]): string {
  return parentPath.length === 0 ? "among the main topics" : `under ${formatPath(parentPath)}`;
}

export function levelOf(depth: number): LevelCode {
  const code = LEVEL_CODES[depth - 1];
  if (code === undefined) throw new RangeError(`no level for depth ${depth}`);
  return code;
}

/**
 * Checks the shape of a path argument: an array of strings whose length is within
 * [min, max]. The elements are returned as given (for messages); matching normalizes them.
 */
export function checkPath(raw: unknown, field: string, min: number, max: number): string[] {
  if (!Array.isArray(raw)) throw new TreeOpError(400, `${field} must be an array of node names`);
  raw.forEach((part, i) => {
    if (typeof part !== "string") throw new TreeOpError(400, `${field}[${i}] must be a string`);
  });
  const path = raw as string[];
  if (path.length < min) throw new TreeOpError(400, `${field} must not be empty`);
  if (path.length > max) {
    throw new TreeOpError(
      400,
      max === MAX_DEPTH
        ? `${field} has ${path.length} levels; the tree has at most ${MAX_DEPTH}`
        : `${field} has ${path.length} levels; a node under it would be deeper than the ${MAX_DEPTH} levels of the tree`,
    );
  }
  return path;
}

/** 0-based insertion index or null (append); 400 for anything else. */
export function checkPosition(raw: unknown, field = "position"): number | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== "number" || !Number.isInteger(raw)) throw new TreeOpError(400, `${field} must be an integer or null`);
  if (raw < 0) throw new TreeOpError(400, `${field} must not be negative`);
  return raw;
}

export interface Located {
  /** The nodes from the main topic down to the target; empty for the root. */
  nodes: TreeNode[];
  /** Index of each of those nodes among its siblings. */
  indices: number[];
  /** Their stored names. */
  names: string[];
}

/** Finds the node a path names, or 404 naming the path as given. An empty path is the root. */
export function locate(tree: Tree, path: readonly string[]): Located {
  const nodes: TreeNode[] = [];
  const indices: number[] = [];
  const names: string[] = [];
  let siblings: readonly TreeNode[] = tree;
  for (const part of path) {
    const wanted = normalizeText(part);
    const index = siblings.findIndex((node) => node.name === wanted);
    const node = siblings[index];
    if (node === undefined) throw new TreeOpError(404, `Node not found: ${formatPath(path)}`);
    nodes.push(node);
    indices.push(index);
    names.push(node.name);
    siblings = node.children;
  }
  return { nodes, indices, names };
}

/** The children of the last located node, or the main topics for the root. */
export function childrenAt(tree: Tree, at: Located): TreeNode[] {
  return at.nodes.at(-1)?.children ?? tree;
}

/** `locate` for a path of at least one name, with the node it names and that node's index among its siblings. */
export function locateNode(tree: Tree, path: readonly string[]): Located & { node: TreeNode; index: number } {
  const at = locate(tree, path);
  const node = at.nodes.at(-1);
  const index = at.indices.at(-1);
  if (node === undefined || index === undefined) throw new RangeError("locateNode needs a path of at least one name");
  return { ...at, node, index };
}

/**
 * Replaces the child list found by following `indices` from the root with `edit(list)`,
 * copying only the nodes on the way (the rest of the tree is shared, never mutated).
 */
export function editChildren(list: Tree, indices: readonly number[], edit: (children: TreeNode[]) => TreeNode[], from = 0): Tree {
  const index = indices[from];
  if (index === undefined) return edit(list);
  const node = present(list[index], "the node at a located index");
  const copy = list.slice();
  copy[index] = { ...node, children: editChildren(node.children, indices, edit, from + 1) };
  return copy;
}

/** Replaces the node at `indices` (non-empty) with `edit(node)`. */
export function editNode(tree: Tree, indices: readonly number[], edit: (node: TreeNode) => TreeNode): Tree {
  const index = present(indices.at(-1), "the index of the node to edit");
  return editChildren(tree, indices.slice(0, -1), (children) => {
    const copy = children.slice();
    copy[index] = edit(present(children[index], "the node to edit"));
    return copy;
  });
}

/** Inserts into a copy of `list` at `position` clamped to [0, length]; null appends. */
export function insertAt<T>(list: readonly T[], item: T, position: number | null): T[] {
  const at = position === null ? list.length : Math.min(position, list.length);
  return [...list.slice(0, at), item, ...list.slice(at)];
}

export function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name, i) => name === b[i]);
}

/** Levels in the subtree of `node`, itself included (a node without children has height 1). */
export function heightOf(node: TreeNode): number {
  let deepest = 0;
  for (const child of node.children) deepest = Math.max(deepest, heightOf(child));
  return deepest + 1;
}

/** Calls `visit` for every node in pre-order with its depth (1 for a main topic). */
export function walk(tree: Tree, visit: (node: TreeNode, depth: number) => void, depth = 1): void {
  for (const node of tree) {
    visit(node, depth);
    walk(node.children, visit, depth + 1);
  }
}
