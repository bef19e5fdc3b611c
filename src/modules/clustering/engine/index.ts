// The clustering engine's face: SERP-overlap clustering as pure functions over keywords and their
// top-10 URLs, with no database, request or provider. The clustering module runs it on stored
// SERPs; the operator's `canopy cluster` runs it on an export file; the benchmarks run it alone.
export { clusterKeywords, clusterSerps, requiredOverlap } from "./cluster";
export { ByteUrlInterner } from "./intern";
export { prepareKeywords } from "./keywords";
export { internSerps } from "./serp-index";
export { InternedSerpsBuilder } from "./serps";
export { TOP_RESULTS } from "./types";
export type { Cluster, ClusterInput, InternedSerps } from "./types";
export { normalizeUrl } from "./url-normalize";
