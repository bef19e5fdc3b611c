// Turns a generator's research tree into a stored tree: the house rules of tree-shape.ts (the
// generators apply them too, but a stored tree must never depend on that) and a fresh id per node.
import { normalizeTree, type ResearchNodeOut } from "../../providers/generation";
import type { Tree } from "./tree/types";

function withIds(nodes: readonly ResearchNodeOut[], newId: () => string): Tree {
  return nodes.map((node) => ({ id: newId(), name: node.name, keywords: node.keywords, children: withIds(node.children, newId) }));
}

export function treeFromGenerated(nodes: readonly ResearchNodeOut[], newId: () => string): Tree {
  return withIds(normalizeTree(nodes), newId);
}
