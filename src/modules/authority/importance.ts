// A node's importance (docs/conventions.md §8): how much search demand lies under it, against the largest
// node of the whole tree and against its siblings. Pure.
//
//   importance = 100 × (0.7 × √(V / V_tree) + 0.3 × √(V / V_siblings))
//
// V: the monthly search volume of the keywords under the node (its own and its descendants');
// V_tree: the largest V in the tree; V_siblings: the largest V among the node and its siblings.
// Square roots, because search demand is heavy-tailed: on a plain ratio nearly every node of a
// large tree would sit near 0. The sibling term lets the strongest child of a small branch
// stand out where the plan for that branch is made. So: 0 without volume, 100 for the tree's
// largest node, never more; siblings keep the order of their volumes; more volume never lowers
// a node's importance.

export const IMPORTANCE_FORMULA =
  "importance = 100 × (0.7 × √(V / V_tree) + 0.3 × √(V / V_siblings)), rounded to one decimal, where V is the monthly search volume " +
  "of the keywords under the node (its own and its descendants', from the map), V_tree the largest V in the tree and V_siblings the " +
  "largest V among the node and its siblings (0 when that is 0). `priority_category` is High from 66, Medium from 33, else Low.";

export type PriorityCategory = "High" | "Medium" | "Low";

function ratio(volume: number, largest: number): number {
  return largest > 0 ? Math.sqrt(Math.min(1, volume / largest)) : 0;
}

export function importance(volume: number, siblingsLargest: number, treeLargest: number): number {
  const value = 100 * (0.7 * ratio(volume, treeLargest) + 0.3 * ratio(volume, siblingsLargest));
  return Math.round(value * 10) / 10;
}

export function priorityCategory(importanceValue: number): PriorityCategory {
  if (importanceValue >= 66) return "High";
  return importanceValue >= 33 ? "Medium" : "Low";
}
