// The users module's public face: what it contributes to the service (src/app/modules.ts mounts
// it) and what other modules may use of it. Nothing else of the module is imported from outside it.
import { defineModule } from "../../platform/module";
import { userRoutes } from "./routes";
export { PLANS, createUser, findUserByEmail, listUsers, updateUser } from "./service";
export type { Plan, UserRow } from "./service";

export const usersModule = defineModule({ name: "users", routes: () => userRoutes });
