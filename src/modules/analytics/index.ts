// The analytics module's public face: what it contributes to the service (src/app/modules.ts mounts
// it) and what other modules may use of it. Nothing else of the module is imported from outside it.
import { defineModule } from "../../platform/module";
import { analyticsRoutes } from "./routes";

export const analyticsModule = defineModule({ name: "analytics", routes: () => analyticsRoutes });
