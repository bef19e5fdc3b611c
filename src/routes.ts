// The route registry: every route of the service, in one list. The app, the OpenAPI document,
// llms.txt and the shared security suite all read it.
import { docsRoutes } from "./modules/docs/routes";
import { keyRoutes } from "./modules/keys/routes";
import { modelRoutes } from "./modules/models/routes";
import { systemRoutes } from "./modules/system/routes";
import { userRoutes } from "./modules/users/routes";
import type { RouteDef } from "./platform/http/route";

export const apiRoutes: RouteDef[] = [...userRoutes, ...keyRoutes, ...modelRoutes];
export const allRoutes: RouteDef[] = [...systemRoutes, ...docsRoutes, ...apiRoutes];
