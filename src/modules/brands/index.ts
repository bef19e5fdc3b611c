// The brands module's public face: what other modules may use of it.
export { brandNames, findBrand, findTaskBrand, lockBrandInWorkspace, markBrandCompleted } from "./service";
export { generationContext } from "./generation-context";
export { brands } from "./table";
