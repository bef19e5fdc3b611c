// What one write changed in a research tree, as data: the records of the nodes that differ from
// the tree before, so that a write stores a few nodes instead of the whole tree.
//
// Stored trees are frozen (cache.ts), and every tree operation copies the nodes it changes
// and their ancestors and shares everything else. So in the tree a write made, a frozen node is
// one of the stored tree's, unchanged with its whole subtree, and the nodes to record are the
// others: found without visiting the unchanged part of the tree. A record lists its node's
// children only when they are not the same ids as before: renames and keyword edits, the common
// writes, then record their ancestors in a few bytes each. Everything here is pure.
import { MAX_DEPTH, type Tree, type TreeNode } from "./types";

/** One recorded node: its id, name, keywords and the ids of its children in order (null: as before). */
type NodeRecord = [id: string, name: string, keywords: string[], children: string[] | null];

export interface TreeChange {
  /** The main topics' ids in order; always recorded (a handful of ids). */
  roots: string[];
  nodes: NodeRecord[];
}

/**
 * The nodes of `after` that are not nodes of `before`, the stored (frozen) tree it was made
 * from. A tree that is not frozen is recorded whole, which is correct, only larger.
 */
export function changeBetween(before: Tree, after: Tree): TreeChange {
  const nodes: NodeRecord[] = [];
  const visit = (list: readonly TreeNode[], previousList: readonly TreeNode[]) => {
    for (const node of list) {
      if (Object.isFrozen(node)) continue;
      // The same node before the write, if it was under the same parent (a node moved and then
      // changed in one bulk is not looked for elsewhere: its children are simply recorded).
      const previous = previousList.find((candidate) => candidate.id === node.id);
      const sameChildren = previous !== undefined && sameIds(previous.children, node.children);
      nodes.push([node.id, node.name, node.keywords, sameChildren ? null : node.children.map((child) => child.id)]);
      visit(node.children, previous?.children ?? []);
    }
  };
  visit(after, before);
  return { roots: after.map((node) => node.id), nodes };
}

function sameIds(a: readonly TreeNode[], b: readonly TreeNode[]): boolean {
  return a.length === b.length && a.every((node, i) => node.id === b[i]?.id);
}

/**
 * The tree that `base` becomes after `changes`, in order. A node's latest record wins; a node
 * never recorded since the base is the base's, subtree included (a change below it would have
 * recorded it too). Nodes no longer reachable from the roots are gone. Unchanged base nodes are
 * shared with the result.
 */
export function applyChanges(base: Tree, changes: readonly TreeChange[]): Tree {
  const last = changes.at(-1);
  if (last === undefined) return base;
  const baseById = new Map<string, TreeNode>();
  const index = (nodes: readonly TreeNode[]) => {
    for (const node of nodes) {
      baseById.set(node.id, node);
      index(node.children);
    }
  };
  index(base);
  const latest = new Map<string, { name: string; keywords: string[]; children: string[] }>();
  for (const change of changes) {
    for (const [id, name, keywords, children] of change.nodes) {
      const kept = children ?? latest.get(id)?.children ?? baseById.get(id)?.children.map((child) => child.id);
      if (kept === undefined) throw new Error(`stored research tree changes keep the children of an unknown node ${id}`);
      latest.set(id, { name, keywords, children: kept });
    }
  }
  const resolve = (id: string, depth: number): TreeNode => {
    const record = latest.get(id);
    if (record === undefined) {
      const node = baseById.get(id);
      if (node === undefined) throw new Error(`stored research tree changes name an unknown node ${id}`);
      return node;
    }
    // A cycle in corrupt data would otherwise recurse forever.
    if (depth > MAX_DEPTH) throw new Error(`stored research tree changes nest node ${id} too deep`);
    return { id, name: record.name, keywords: record.keywords, children: record.children.map((child) => resolve(child, depth + 1)) };
  };
  return last.roots.map((id) => resolve(id, 1));
}

export function encodeChange(change: TreeChange): string {
  return JSON.stringify(change);
}

export function decodeChange(text: string): TreeChange {
  return JSON.parse(text) as TreeChange;
}
