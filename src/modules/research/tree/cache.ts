// The parsed trees this process used last, so that a write does not read and parse the tree it
// is about to change. An entry is good for one (brand, version) only; the caller learns the
// current version from the database (under the row lock when writing), so a tree that another
// process has changed since is never used. Trees are frozen before they are kept: they are handed
// out to every later request, and the tree operations build new trees without touching them.
import { LRUCache } from "lru-cache";
import type { Tree, TreeNode } from "./types";

export interface CachedTree {
  version: number;
  tree: Tree;
}

/** Freezes the nodes of `tree` not frozen yet; a frozen node's subtree is frozen already (children first). */
export function freezeTree(tree: Tree): Tree {
  const freeze = (node: TreeNode) => {
    if (Object.isFrozen(node)) return;
    node.children.forEach(freeze);
    Object.freeze(node.children);
    Object.freeze(node.keywords);
    Object.freeze(node);
  };
  tree.forEach(freeze);
  return Object.freeze(tree) as Tree;
}

/**
 * About how many bytes a parsed tree holds: its strings (two bytes a character) and an object
 * and two arrays a node. An estimate for the cache's bound, walked once when a tree is kept.
 */
export function treeBytes(tree: Tree): number {
  let bytes = 0;
  const walk = (node: TreeNode) => {
    bytes += NODE_OVERHEAD_BYTES + 2 * (node.id.length + node.name.length);
    for (const keyword of node.keywords) bytes += STRING_OVERHEAD_BYTES + 2 * keyword.length;
    node.children.forEach(walk);
  };
  tree.forEach(walk);
  return Math.max(1, bytes);
}

const NODE_OVERHEAD_BYTES = 160;
const STRING_OVERHEAD_BYTES = 24;

/** Least recently used first out, within `maxBytes` of trees (treeBytes); a bigger tree is not kept. */
export class TreeCache {
  private readonly entries: LRUCache<string, CachedTree>;

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, CachedTree>({ maxSize: maxBytes, sizeCalculation: (entry) => treeBytes(entry.tree) });
  }

  /** The brand's tree at exactly `version`, or null. */
  get(brandId: string, version: number): Tree | null {
    const entry = this.entries.peek(brandId);
    if (entry === undefined || entry.version !== version) return null;
    // Read again to mark it used: a miss on the version leaves the order alone.
    this.entries.get(brandId);
    return entry.tree;
  }

  /** Whatever version of the brand's tree is kept, to catch up from. */
  latest(brandId: string): CachedTree | null {
    return this.entries.peek(brandId) ?? null;
  }

  /** Keeps `tree` (frozen) as the brand's tree at `version`; an older version never replaces a newer one. */
  set(brandId: string, version: number, tree: Tree): void {
    const entry = this.entries.peek(brandId);
    if (entry !== undefined && entry.version > version) return;
    this.entries.set(brandId, { version, tree: freezeTree(tree) });
  }
}
