// The authority module's public face: what it contributes to the service (src/app/modules.ts mounts
// it) and what other modules may use of it. Nothing else of the module is imported from outside it.
import { defineModule } from "../../platform/module";
import { authorityRoutes } from "./routes";
export { buildHierarchy } from "./hierarchy";
export { NODE_NOT_FOUND, nodeLinks, nodesTargeting, nodeTopic } from "./service";
export { authorityPublished } from "./table";

export const authorityModule = defineModule({ name: "authority", routes: () => authorityRoutes });
