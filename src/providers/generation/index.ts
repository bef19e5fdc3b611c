// What the modules import: the generator interface, both implementations, and the word count
// the article checks should share with the generators.
export type * from "./types";
export { OfflineGenerator, OFFLINE_MODEL_ID } from "./offline/offline-generator";
export { OFFLINE_AGENT_VERSION } from "./offline/brief";
export { LlmGenerator, LLM_AGENT_VERSION } from "./llm/llm-generator";
export { countWords } from "./offline/text";
export { normalizeTree, treeDepth } from "./tree-shape";
export { generateBrief } from "./types";
