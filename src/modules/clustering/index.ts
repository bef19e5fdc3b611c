// The clustering module's public face: what other modules may use of it. Nothing else of the
// module is imported from outside it.
export type { Cluster } from "./engine-types";
export { latestBrandReport, storedSerpsOf } from "./reports";
export { currentTask } from "./runs";
export { clusteringReports } from "./table";
export type { SerpRow, StoredAiAnswer, StoredSerpResult, TreePosition } from "./table";
export { normalizeUrl } from "./url-normalize";
export { useBrandMapWriter } from "./brand-map";
export type { BrandMapWriter } from "./brand-map";
