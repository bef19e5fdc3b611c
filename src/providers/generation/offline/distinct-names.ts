// One name, one node, across the whole offline tree: the same search as two pages splits its
// links and its traffic, and the house rules only keep siblings apart. A branch is claimed
// whole or not at all, so a node that loses a repeated child still has the children the tree's
// shape asks of it (a pillar 2 hubs, a hub 2 topics, a topic 1 page idea), or goes itself.
// A builder may offer spare children: the first that are free are kept, up to the most allowed.
import type { ResearchNodeOut } from "../types";

/** Children a node at each level needs, and holds at most (level 4 is a page idea, a leaf). */
const MIN_CHILDREN: Record<number, number> = { 1: 2, 2: 2, 3: 1, 4: 0 };
const MAX_CHILDREN: Record<number, number> = { 1: 4, 2: 3, 3: 3, 4: 0 };

/** A node as a builder offers it: `want` children, the rest standing by for repeated ones. */
export interface Offered extends ResearchNodeOut {
  want?: number;
  children: Offered[];
}

const keyOf = (name: string) => name.toLowerCase().trim();

function claim(node: Offered, level: number, seen: Set<string>, journal: string[]): ResearchNodeOut | null {
  const key = keyOf(node.name);
  if (key === "" || seen.has(key)) return null;
  const mark = journal.length;
  seen.add(key);
  journal.push(key);
  const children: ResearchNodeOut[] = [];
  for (const child of node.children) {
    // Spare children stand by for repeated ones; past the most a node holds, they are not claimed.
    if (children.length >= Math.min(MAX_CHILDREN[level] ?? 0, node.want ?? Infinity)) break;
    const kept = claim(child, level + 1, seen, journal);
    if (kept) children.push(kept);
  }
  if (children.length < (MIN_CHILDREN[level] ?? 0)) {
    // Give back what the branch took: its names are free for a later branch.
    for (const name of journal.splice(mark)) seen.delete(name);
    return null;
  }
  return { name: node.name, keywords: node.keywords, children };
}

/**
 * The node at `level` (1 = pillar) without the names `seen` already holds, its claimed names
 * added to `seen`; null when the node's own name is taken or too few children are left.
 */
export function claimDistinct(node: Offered, level: number, seen: Set<string>): ResearchNodeOut | null {
  return claim(node, level, seen, []);
}
