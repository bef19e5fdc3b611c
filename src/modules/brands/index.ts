// The brands module's public face: what other modules may use of it. Nothing else of the
// module is imported from outside it.
export { generationContext } from "./generation-context";
export { brandNames, findBrand, findTaskBrand, lockBrandInWorkspace, markBrandCompleted } from "./service";
export { brands } from "./table";
export type { BrandRow } from "./table";
