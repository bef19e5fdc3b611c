// The brands module's public face: what it contributes to the service (src/app/modules.ts mounts
// it) and what other modules may use of it. Nothing else of the module is imported from outside it.
import { defineModule } from "../../platform/module";
import type { BrandWorkCheck } from "./delete";
import { brandRoutes } from "./routes";
export { generationContext } from "./generation-context";
export { brandNames, findBrand, findTaskBrand, lockBrandInWorkspace, markBrandCompleted } from "./service";
export { brands } from "./table";
export type { BrandRow } from "./table";
export { CreateBrandExample } from "./examples";

/** A brand's deletion waits for the work on it that brand-work reports. */
export const brandsModule = defineModule<{ brandWorkRunning: BrandWorkCheck }>({
  name: "brands",
  routes: ({ brandWorkRunning }) => brandRoutes(brandWorkRunning),
});
