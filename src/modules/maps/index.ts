// The maps module's public face: what it contributes to the service (src/app/modules.ts mounts
// it) and what other modules may use of it. Nothing else of the module is imported from outside it.
import { defineModule } from "../../platform/module";
import { clusteringMapWriter } from "./clustering-map";
import { mapRoutes } from "./routes";
export { overviewPresence, strongestPresence } from "./brand-presence";
export type { AiPresence } from "./brand-presence";
export { MapListExampleQuery } from "./examples";
export { contentType, searchIntent } from "./keyword-insights";
export type { SearchIntent } from "./keyword-insights";
export { mapMetrics } from "./metrics";
export type { KeywordMetric } from "./metrics";
export { MapListQuery, MapSummaryList } from "./schemas";
export { findMap, listMaps, mapKeywordPaths, mapKeywordSerp } from "./service";
export { topicalMapKeywords, topicalMaps } from "./table";
export type { TopicalMapRow } from "./table";
// For the benchmarks, which measure the map's writing and its streamed detail apart from the routes.
export { entryView, mapDetailJson } from "./detail-stream";
export { uploadedMapRows } from "./upload/map";
export { writeTopicalMap } from "./writer";
export { MAP_NOT_FOUND } from "./service";

/** It provides clustering the writer of a brand's topical map. */
export const mapsModule = defineModule({ name: "maps", provides: { brandMapWriter: clusteringMapWriter }, routes: () => mapRoutes });
