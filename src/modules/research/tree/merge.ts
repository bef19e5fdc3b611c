// Merging two sibling nodes: the kept node takes the other's keywords and children, then the
// other is deleted. A child whose name clashes with a child of the kept node is merged into it,
// recursively, instead of failing: a merge is how a user removes a duplicate, and the duplicate
// branches usually share child names. The kept side's ids stay; the merged side's ids go.
import { present } from "../../../platform/present";
import { checkPath, editChildren, formatPath, locateNode, normalizeText, sameNames } from "./path";
import { MAX_DEPTH, TreeOpError, type Tree, type TreeNode } from "./types";

export interface MergeResult {
  keep_path: string[];
  merged_from: string[];
  /** The merged node's direct children (each moved or merged into a namesake). */
  children_moved: number;
  /** Keywords of the merged node that the kept node did not have yet. */
  keywords_merged: number;
}

function combine(keep: TreeNode, merge: TreeNode): { node: TreeNode; newKeywords: number } {
  const keywords = [...keep.keywords];
  const held = new Set(keywords);
  for (const keyword of merge.keywords) {
    if (!held.has(keyword)) {
      held.add(keyword);
      keywords.push(keyword);
    }
  }
  const children = [...keep.children];
  const byName = new Map(children.map((child, i) => [child.name, i]));
  for (const child of merge.children) {
    const index = byName.get(child.name);
    if (index === undefined) {
      byName.set(child.name, children.length);
      children.push(child);
    } else {
      children[index] = combine(present(children[index], "the namesake child"), child).node;
    }
  }
  return { node: { ...keep, keywords, children }, newKeywords: keywords.length - keep.keywords.length };
}

export function mergeNodes(tree: Tree, keepPath: readonly string[], mergePath: readonly string[]): { tree: Tree; result: MergeResult } {
  const keepGiven = checkPath(keepPath, "keep_path", 1, MAX_DEPTH);
  const mergeGiven = checkPath(mergePath, "merge_path", 1, MAX_DEPTH);
  if (keepGiven.length !== mergeGiven.length) {
    throw new TreeOpError(400, `keep_path ${formatPath(keepGiven)} and merge_path ${formatPath(mergeGiven)} must be at the same level`);
  }
  const keepNames = keepGiven.map(normalizeText);
  const mergeNames = mergeGiven.map(normalizeText);
  if (!sameNames(keepNames.slice(0, -1), mergeNames.slice(0, -1))) {
    throw new TreeOpError(400, `keep_path ${formatPath(keepGiven)} and merge_path ${formatPath(mergeGiven)} must have the same parent`);
  }
  if (keepNames.at(-1) === mergeNames.at(-1)) throw new TreeOpError(400, "keep_path and merge_path must name two different nodes");
  const keep = locateNode(tree, keepGiven);
  const merge = locateNode(tree, mergeGiven);
  const { node: keepNode, index: keepIndex } = keep;
  const { node: mergeNode, index: mergeIndex } = merge;
  const { node, newKeywords } = combine(keepNode, mergeNode);
  const next = editChildren(tree, keep.indices.slice(0, -1), (siblings) =>
    siblings.flatMap((sibling, i) => (i === mergeIndex ? [] : i === keepIndex ? [node] : [sibling])),
  );
  return {
    tree: next,
    result: {
      keep_path: keep.names,
      merged_from: merge.names,
      children_moved: mergeNode.children.length,
      keywords_merged: newKeywords,
    },
  };
}
