// The generation provider's face: the generator interface and its types (types.ts), and the house
// rules of a research tree (tree-shape.ts) that a stored tree is held to.
export type * from "./types";
export { normalizeTree } from "./tree-shape";
