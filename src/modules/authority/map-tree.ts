// A hierarchy for a brand whose map has no research tree behind it (an uploaded map): the tree
// the map's own position columns describe. Node ids are derived from the brand and the node's
// path, so they stay the same from one read to the next (and published toggles stick) as long
// as the map keeps that path.
import { createHash } from "node:crypto";
import type { Tree, TreeNode } from "../research";

export interface PositionedKeyword {
  keyword: string;
  /** main_topic, subtopic_2, ... down to the keyword's node; empty names end the path. */
  path: readonly string[];
}

/** A UUID (version 5 layout) from a SHA-1 of the brand and the path. */
export function pathNodeId(brandId: string, path: readonly string[]): string {
  const hex = createHash("sha1")
    .update(`${brandId}\u0000${path.join("\u0000")}`)
    .digest("hex");
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The tree of the keywords' paths, in first-seen order; keywords without a path are left out. */
export function treeFromMap(brandId: string, keywords: readonly PositionedKeyword[]): Tree {
  const roots: TreeNode[] = [];
  const byPath = new Map<string, TreeNode>();
  // Each node's keywords as a set too: a pillar of a flat map holds thousands, and searching its
  // list for every keyword added made the build quadratic.
  const placed = new Map<TreeNode, Set<string>>();
  for (const { keyword, path } of keywords) {
    const names = path.slice(0, 4);
    const end = names.indexOf("");
    const trimmed = end === -1 ? names : names.slice(0, end);
    let siblings = roots;
    let node: TreeNode | undefined;
    for (const [depth, name] of trimmed.entries()) {
      const key = trimmed.slice(0, depth + 1).join("\u0000");
      node = byPath.get(key);
      if (!node) {
        node = { id: pathNodeId(brandId, trimmed.slice(0, depth + 1)), name, keywords: [], children: [] };
        byPath.set(key, node);
        siblings.push(node);
      }
      siblings = node.children;
    }
    // No node: the path was empty.
    if (!node) continue;
    const seen = placed.get(node) ?? new Set<string>();
    placed.set(node, seen);
    if (!seen.has(keyword)) {
      seen.add(keyword);
      node.keywords.push(keyword);
    }
  }
  return roots;
}
