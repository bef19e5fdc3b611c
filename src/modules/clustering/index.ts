// The clustering module's public face: what it contributes to the service (src/app/modules.ts mounts
// it) and what other modules may use of it. Nothing else of the module is imported from outside it.
import { defineModule } from "../../platform/module";
import type { ClusteringNeeds } from "./brand-map";
import { clusteringTask } from "./clustering-task";
import { clusteringRoutes } from "./routes";
export type { Cluster } from "./engine";
export { latestBrandReport, storedSerpsOf } from "./reports";
export { currentTask } from "./runs";
export { clusteringReports, clusteringSerpData } from "./table";
export type { SerpRow, StoredAiAnswer, StoredSerpResult, TreePosition } from "./table";
export { normalizeUrl } from "./engine";
export type { BrandMapWriter, ClusteringNeeds } from "./brand-map";

/** A brand clustering writes the brand's topical map with the writer the maps module provides. */
export const clusteringModule = defineModule<ClusteringNeeds>({
  name: "clustering",
  routes: () => clusteringRoutes,
  jobs: (needs) => [clusteringTask.job(needs)],
});
