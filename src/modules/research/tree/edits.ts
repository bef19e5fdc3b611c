// The research tree's write operations as pure functions: each takes a tree and returns a new
// one (unchanged parts shared, the input never mutated) with the fields of the spec's response,
// or throws TreeOpError. Checks run in a fixed order: the shape of the arguments (400), then
// the paths against the tree (404), then what the tree allows (400 depth, 409 name clash).
import {
  checkPath,
  checkPosition,
  childrenAt,
  editChildren,
  editNode,
  formatPath,
  heightOf,
  insertAt,
  isLongerThan,
  levelOf,
  locate,
  locateNode,
  MAX_KEYWORD_LENGTH,
  normalizeName,
  normalizeText,
  placeOf,
  sameNames,
  walk,
} from "./path";
import { MAX_DEPTH, TreeOpError, type LevelCode, type Tree, type TreeNode } from "./types";

export { mergeNodes } from "./merge";

export type NewId = () => string;

export interface Outcome<R> {
  tree: Tree;
  result: R;
}

/** Most keywords one `add` or `remove` array may carry. */
const MAX_KEYWORDS_PER_ARRAY = 200;

function assertNoClash(siblings: readonly TreeNode[], name: string, parentNames: readonly string[], except?: TreeNode): void {
  if (siblings.some((node) => node.name === name && node !== except)) {
    throw new TreeOpError(409, `A node named "${name}" already exists ${placeOf(parentNames)}`);
  }
}

export interface RenameResult {
  path: string[];
  old_name: string;
  new_name: string;
  updated_path: string[];
}

export function renameNode(tree: Tree, path: readonly string[], newName: string): Outcome<RenameResult> {
  const given = checkPath(path, "path", 1, MAX_DEPTH);
  const name = normalizeName(newName, "new_name");
  const at = locateNode(tree, given);
  const node = at.node;
  const parentNames = at.names.slice(0, -1);
  const siblings = at.nodes.at(-2)?.children ?? tree;
  assertNoClash(siblings, name, parentNames, node);
  return {
    tree: name === node.name ? tree : editNode(tree, at.indices, (n) => ({ ...n, name })),
    result: { path: at.names, old_name: node.name, new_name: name, updated_path: [...parentNames, name] },
  };
}

export interface AddResult {
  parent_path: string[];
  name: string;
  level: LevelCode;
  path: string[];
}

/** `position`: 0-based index among the new siblings, clamped to their number; null or absent appends. */
export function addNode(
  tree: Tree,
  parentPath: readonly string[],
  name: string,
  position: number | null | undefined,
  newId: NewId,
): Outcome<AddResult> {
  const given = checkPath(parentPath, "parent_path", 0, MAX_DEPTH - 1);
  const clean = normalizeName(name, "name");
  const at = checkPosition(position);
  const parent = locate(tree, given);
  assertNoClash(childrenAt(tree, parent), clean, parent.names);
  const node: TreeNode = { id: newId(), name: clean, keywords: [], children: [] };
  return {
    tree: editChildren(tree, parent.indices, (children) => insertAt(children, node, at)),
    result: {
      parent_path: parent.names,
      name: clean,
      level: levelOf(parent.names.length + 1),
      path: [...parent.names, clean],
    },
  };
}

export interface DeleteResult {
  path: string[];
  deleted_node: string;
  deleted_descendants: number;
  /** How many keywords went with it: the node's and all its descendants'. */
  deleted_keywords: number;
}

export function deleteNode(tree: Tree, path: readonly string[]): Outcome<DeleteResult> {
  const given = checkPath(path, "path", 1, MAX_DEPTH);
  const at = locateNode(tree, given);
  const { node, index } = at;
  let keywords = node.keywords.length;
  let descendants = 0;
  walk(node.children, (child) => {
    descendants += 1;
    keywords += child.keywords.length;
  });
  return {
    tree: editChildren(tree, at.indices.slice(0, -1), (children) => children.filter((_, i) => i !== index)),
    result: { path: at.names, deleted_node: node.name, deleted_descendants: descendants, deleted_keywords: keywords },
  };
}

export interface KeywordsResult {
  path: string[];
  added: string[];
  removed: string[];
  current_keywords: string[];
}

function checkKeywords(raw: unknown, field: string): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new TreeOpError(400, `${field} must be an array of keywords`);
  if (raw.length > MAX_KEYWORDS_PER_ARRAY) {
    throw new TreeOpError(400, `${field} has ${raw.length} keywords; at most ${MAX_KEYWORDS_PER_ARRAY} are allowed`);
  }
  return raw.map((keyword: unknown, i) => {
    if (typeof keyword !== "string") throw new TreeOpError(400, `${field}[${i}] must be a string`);
    const clean = normalizeText(keyword);
    if (clean.length === 0) throw new TreeOpError(400, `${field}[${i}] must not be empty`);
    if (isLongerThan(clean, MAX_KEYWORD_LENGTH))
      throw new TreeOpError(400, `${field}[${i}] must be at most ${MAX_KEYWORD_LENGTH} characters`);
    return clean;
  });
}

/**
 * Removes, then adds (so a keyword in both arrays ends up present). Keywords already present,
 * repeated in `add`, or absent from the node in `remove` are skipped and not reported.
 */
export function updateKeywords(
  tree: Tree,
  path: readonly string[],
  add: readonly string[] | undefined,
  remove: readonly string[] | undefined,
): Outcome<KeywordsResult> {
  const given = checkPath(path, "path", 1, MAX_DEPTH);
  const toAdd = checkKeywords(add, "add");
  const toRemove = checkKeywords(remove, "remove");
  if (toAdd.length === 0 && toRemove.length === 0) {
    throw new TreeOpError(400, "At least one of add or remove must be a non-empty array of keywords");
  }
  const at = locateNode(tree, given);
  const node = at.node;
  const present = new Set(node.keywords);
  const removed: string[] = [];
  for (const keyword of toRemove) {
    if (present.delete(keyword)) removed.push(keyword);
  }
  const added: string[] = [];
  for (const keyword of toAdd) {
    if (!present.has(keyword)) {
      present.add(keyword);
      added.push(keyword);
    }
  }
  const gone = new Set(removed);
  // A keyword removed and added again is in `added`, so it moves to the end, once.
  const current = [...node.keywords.filter((keyword) => !gone.has(keyword)), ...added];
  const changed = added.length > 0 || removed.length > 0;
  return {
    tree: changed ? editNode(tree, at.indices, (n) => ({ ...n, keywords: current })) : tree,
    result: { path: at.names, added, removed, current_keywords: [...current] },
  };
}

export interface MoveResult {
  source_path: string[];
  target_parent_path: string[];
  new_path: string[];
}

function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((name, i) => name === path[i]);
}

/**
 * Moves the node with its whole subtree under `targetParentPath` ([] makes it a main topic).
 * `position` counts among the target's children without the moved node, so moving a node to
 * its own parent repositions it.
 */
export function moveNode(
  tree: Tree,
  sourcePath: readonly string[],
  targetParentPath: readonly string[],
  position: number | null | undefined,
): Outcome<MoveResult> {
  const source = checkPath(sourcePath, "source_path", 1, MAX_DEPTH);
  const target = checkPath(targetParentPath, "target_parent_path", 0, MAX_DEPTH - 1);
  const at = checkPosition(position);
  if (startsWith(target.map(normalizeText), source.map(normalizeText))) {
    throw new TreeOpError(400, `Cannot move ${formatPath(source)} into itself or its own subtree`);
  }
  const from = locateNode(tree, source);
  const to = locate(tree, target);
  const { node, index } = from;
  const depth = to.names.length + heightOf(node);
  if (depth > MAX_DEPTH) {
    throw new TreeOpError(
      400,
      `Moving ${formatPath(source)} under ${target.length === 0 ? "the root" : formatPath(target)} would make the tree ${depth} levels deep; at most ${MAX_DEPTH} are allowed`,
    );
  }
  assertNoClash(childrenAt(tree, to), node.name, to.names, node);
  const without = editChildren(tree, from.indices.slice(0, -1), (children) => children.filter((_, i) => i !== index));
  // The target is not inside the source, so its names still lead to it once the source is gone.
  const parent = sameNames(to.names, from.names.slice(0, -1)) ? { indices: from.indices.slice(0, -1) } : locate(without, to.names);
  return {
    tree: editChildren(without, parent.indices, (children) => insertAt(children, node, at)),
    result: { source_path: from.names, target_parent_path: to.names, new_path: [...to.names, node.name] },
  };
}
