// The parsed trees this process used last, so that a write does not read and parse the tree it
// is about to change. An entry is good for one (brand, version) only; the caller learns the
// current version from the database (under the row lock when writing), so a tree that another
// process has changed since is never used. Trees are frozen before they are kept: they are handed
// out to every later request, and the tree operations build new trees without touching them.
import type { Tree, TreeNode } from "./tree-types";

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

/** Least recently used first out; `limit` trees of up to a few MB each. */
export class TreeCache {
  private readonly entries = new Map<string, CachedTree>();

  constructor(private readonly limit: number) {}

  /** The brand's tree at exactly `version`, or null. */
  get(brandId: string, version: number): Tree | null {
    const entry = this.entries.get(brandId);
    if (entry === undefined || entry.version !== version) return null;
    this.touch(brandId, entry);
    return entry.tree;
  }

  /** Whatever version of the brand's tree is kept, to catch up from. */
  latest(brandId: string): CachedTree | null {
    return this.entries.get(brandId) ?? null;
  }

  /** Keeps `tree` (frozen) as the brand's tree at `version`; an older version never replaces a newer one. */
  set(brandId: string, version: number, tree: Tree): void {
    const entry = this.entries.get(brandId);
    if (entry !== undefined && entry.version > version) return;
    this.touch(brandId, { version, tree: freezeTree(tree) });
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  private touch(brandId: string, entry: CachedTree): void {
    this.entries.delete(brandId);
    this.entries.set(brandId, entry);
  }
}
