// The maps module's public face: what other modules may use of it. Nothing else of the
// module is imported from outside it.
export { overviewPresence, strongestPresence } from "./brand-presence";
export type { AiPresence } from "./brand-presence";
export { MapListExampleQuery } from "./examples";
export { contentType, searchIntent } from "./keyword-insights";
export type { SearchIntent } from "./keyword-insights";
export { mapMetrics } from "./metrics";
export type { KeywordMetric } from "./metrics";
export { MapListQuery, MapSummaryList } from "./schemas";
export { findMap, listMaps, mapKeywordPaths, mapKeywordSerp } from "./service";
export type { TopicalMapRow } from "./table";
export { clusteringMapWriter } from "./clustering-map";
