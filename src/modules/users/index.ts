// The users module's public face: what other modules may use of it. Nothing else of the
// module is imported from outside it.
export { PLANS, findUserByEmail } from "./service";
export type { UserRow } from "./service";
