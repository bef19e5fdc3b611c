// The research module's public face: what it contributes to the service (src/app/modules.ts mounts
// it) and what other modules may use of it. Nothing else of the module is imported from outside it.
import { defineModule } from "../../platform/module";
import { researchGenerationTask } from "./generation-task";
import { researchRoutes } from "./routes";
export { RESEARCH_TASK_TYPE } from "./generation-task";
export { currentTree, readTree } from "./service";
export { LEVEL_LABELS } from "./tree/types";
export type { Tree, TreeNode } from "./tree/types";
export { researchTreeChanges, researchTrees } from "./table";
export { ImportResearchExample } from "./examples";

export const researchModule = defineModule({
  name: "research",
  routes: () => researchRoutes,
  jobs: () => [researchGenerationTask.job()],
});
