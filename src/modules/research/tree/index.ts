// The research tree's face: the 4-level tree (Pillar, Hub, Branch, Resource) as pure values and
// the operations on it (edits, bulk, diff, near-duplicates, stats, the wire form), with no
// database or request. The research module stores and serves it; the benchmarks run it alone.
export { applyBulk } from "./bulk";
export { freezeTree } from "./cache";
export { changeBetween, encodeChange } from "./changes";
export { findDuplicates } from "./dedup";
export { assertDiffLimits, diffTrees } from "./diff";
export { addNode, deleteNode, mergeNodes, moveNode, renameNode, updateKeywords } from "./edits";
export { treeStats } from "./stats";
export { LEVEL_CODES } from "./types";
export type { LevelCode, Tree, TreeNode, WireTree } from "./types";
export { fromWire, toWire } from "./wire";
