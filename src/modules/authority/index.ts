// The authority module's public face: what other modules may use of it. Nothing else of the
// module is imported from outside it.
export { nodeTopic } from "./service";
