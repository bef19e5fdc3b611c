// The brands module's public face: what other modules may use of it.
export {    lockBrandInWorkspace,  } from "./service";
;
;
