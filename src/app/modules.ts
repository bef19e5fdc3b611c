// The module manifest: every module of the service, in one list, each mounted with what it needs
// of the others. The app's routes, the worker's jobs, the OpenAPI document, llms.txt and the MCP
// tools are all read from it. The order is the order of the OpenAPI document's paths.
import { analyticsModule } from "../modules/analytics";
import { articlesModule } from "../modules/articles";
import { authorityModule } from "../modules/authority";
import { brandWorkModule } from "../modules/brand-work";
import { brandsModule } from "../modules/brands";
import { briefsModule } from "../modules/briefs";
import { clusteringModule } from "../modules/clustering";
import { consoleModule } from "../modules/console";
import { docsModule } from "../modules/docs";
import { keysModule } from "../modules/keys";
import { mapsModule } from "../modules/maps";
import { modelsModule } from "../modules/models";
import { researchModule } from "../modules/research";
import { systemModule } from "../modules/system";
import { teamsModule } from "../modules/teams";
import { usersModule } from "../modules/users";
import type { RouteDef } from "../platform/http/route";
import { retentionJob } from "../platform/jobs/maintenance";
import type { JobDefinition } from "../platform/jobs/queue";
import { mount, type MountedModule } from "../platform/module";
import { taskReconcileJob } from "../platform/tasks/reconcile-job";

/** What the service serves beside the API: health, the documentation and the console. */
const besideTheApi: readonly MountedModule[] = [mount(systemModule), mount(docsModule), mount(consoleModule)];

/** The API: what keys, scopes, the audit log and the MCP tools are about. */
const api: readonly MountedModule[] = [
  mount(usersModule),
  mount(teamsModule),
  mount(keysModule),
  mount(modelsModule),
  mount(brandsModule, { brandWorkRunning: brandWorkModule.provides.brandWorkRunning }),
  mount(brandWorkModule),
  mount(researchModule),
  mount(mapsModule),
  mount(authorityModule),
  mount(clusteringModule, { brandMapWriter: mapsModule.provides.brandMapWriter }),
  mount(briefsModule),
  mount(articlesModule),
  mount(analyticsModule),
];

const modules: readonly MountedModule[] = [...besideTheApi, ...api];

/** Every route of the service. */
export const allRoutes: RouteDef[] = modules.flatMap((module) => module.routes);

/** The API's routes. */
export const apiRoutes: RouteDef[] = api.flatMap((module) => module.routes);

/** Every background job: the platform's own upkeep, then the modules'. */
export const allJobs: JobDefinition[] = [retentionJob, taskReconcileJob, ...modules.flatMap((module) => module.jobs)];
