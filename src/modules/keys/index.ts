// The keys module's public face: what it contributes to the service (src/app/modules.ts mounts
// it) and what other modules may use of it. Nothing else of the module is imported from outside it.
import { defineModule } from "../../platform/module";
import { keyRoutes } from "./routes";
export { CreateKeyBody } from "./schemas";

export const keysModule = defineModule({ name: "keys", routes: () => keyRoutes });
// For the operator command line.
export { createKey, listKeys, revokeKey, rotateKey } from "./service";
