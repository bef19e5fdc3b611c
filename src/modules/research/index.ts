// The research module's public face: what other modules may use of it. Nothing else of the
// module is imported from outside it.
export { RESEARCH_TASK_TYPE } from "./generation-task";
export { currentTree, readTree } from "./service";
export { LEVEL_LABELS } from "./tree-types";
export type { Tree, TreeNode } from "./tree-types";
