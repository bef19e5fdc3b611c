// The route registry: every route of the service, in one list. The app, the OpenAPI document,
// llms.txt and the shared security suite all read it.
import { analyticsRoutes } from "./modules/analytics/routes";
import { authorityArticleRoutes } from "./modules/articles/authority-routes";
import { articleRoutes } from "./modules/articles/routes";
import { authorityRoutes } from "./modules/authority/routes";
import { brandWorkRunning } from "./modules/brand-work/running";
import { brandRoutes } from "./modules/brands/routes";
import { authorityBriefRoutes } from "./modules/briefs/authority-routes";
import { briefRoutes } from "./modules/briefs/routes";
import { clusteringRoutes } from "./modules/clustering/routes";
import { consoleRoutes } from "./modules/console/routes";
import { docsRoutes } from "./modules/docs/routes";
import { keyRoutes } from "./modules/keys/routes";
import { mapRoutes } from "./modules/maps/routes";
import { modelRoutes } from "./modules/models/routes";
import { researchRoutes } from "./modules/research/routes";
import { systemRoutes } from "./modules/system/routes";
import { userRoutes } from "./modules/users/routes";
import type { RouteDef } from "./platform/http/route";

export const apiRoutes: RouteDef[] = [
  ...userRoutes,
  ...keyRoutes,
  ...modelRoutes,
  ...brandRoutes(brandWorkRunning),
  ...researchRoutes,
  ...mapRoutes,
  ...authorityRoutes,
  ...clusteringRoutes,
  ...briefRoutes,
  ...authorityBriefRoutes,
  ...articleRoutes,
  ...authorityArticleRoutes,
  ...analyticsRoutes,
];
export const allRoutes: RouteDef[] = [...systemRoutes, ...docsRoutes, ...consoleRoutes, ...apiRoutes];
