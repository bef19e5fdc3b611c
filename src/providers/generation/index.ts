// The generation provider's face: the generator interface and its types (types.ts), the house
// rules of a research tree (tree-shape.ts) that a stored tree is held to, and the offline model's id.
export type * from "./types";
export { OFFLINE_MODEL_ID } from "./offline-model";
export { normalizeTree } from "./tree-shape";
