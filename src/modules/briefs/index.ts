// The briefs module's public face: what it contributes to the service (src/app/modules.ts mounts
// it) and what other modules may use of it. Nothing else of the module is imported from outside it.
import { defineModule } from "../../platform/module";
import { authorityBriefRoutes } from "./authority-routes";
import { briefTask } from "./brief-task";
import { briefRoutes } from "./routes";
export { BRIEF_NOT_FOUND, briefSources, findBrief } from "./queries";
export { draftMaterial } from "./draft-material";
export type { DraftMaterial } from "./draft-material";
export { briefWarnings, sensitiveWarnings } from "./warnings";
export type { ContentWarning } from "./warnings";
export type { BriefWithStatus } from "./queries";
export { briefs } from "./table";
export { StandaloneBriefExample } from "./examples";
export { ContentWarningsSchema } from "./schemas";

export const briefsModule = defineModule({
  name: "briefs",
  routes: () => [...briefRoutes, ...authorityBriefRoutes],
  jobs: () => [briefTask.job()],
});
