// The organiser: a brand's discovered keyword universe, organised into the research tree its
// search demand supports (Pillar > Hub > Branch > Resource), without a model. Pure: no I/O.
export { mergeUniverse, type UniverseKeyword } from "./merge";
export { organise } from "./organise";
export { variantKey } from "./tokens";
