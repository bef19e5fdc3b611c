// What the modules import: the generator interface, both implementations, and the word count
// the article checks should share with the generators.
export type * from "./types";
;
;
;
;
export { normalizeTree,  } from "./tree-shape";
;
