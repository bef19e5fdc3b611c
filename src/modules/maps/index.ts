// The maps module's public face: what other modules may use of it. Nothing else of the
// module is imported from outside it.
export { overviewPresence, siteDomain, strongestPresence } from "./brand-presence";
export type { AiPresence, BrandIdentity } from "./brand-presence";
export { MapListExampleQuery } from "./examples";
export { contentType, searchIntent } from "./keyword-insights";
export type { SearchIntent } from "./keyword-insights";
export { buildMapRows } from "./map-rows";
export type { MapKeywordRow } from "./map-rows";
export { mapMetrics } from "./metrics";
export type { KeywordMetric } from "./metrics";
export { MapListQuery, MapSummaryList } from "./schemas";
export { findMap, listMaps, mapKeywordPaths, mapKeywordSerp } from "./service";
export type { TopicalMapRow } from "./table";
export { writeTopicalMap } from "./writer";
