// The brand-work module's public face: what it contributes to the service (src/app/modules.ts mounts
// it) and what other modules may use of it. Nothing else of the module is imported from outside it.
import { defineModule } from "../../platform/module";
import { brandWorkRunning } from "./running";

/** It serves no route: it provides the brands module the check a deletion waits on. */
export const brandWorkModule = defineModule({ name: "brand-work", provides: { brandWorkRunning } });
