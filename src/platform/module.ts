// What a module contributes to the service, as its face (its index.ts) declares it: its routes
// and background jobs, made from what it needs of other modules, and what it provides to them.
// The manifest (src/app/modules.ts) is the one place that hands one module's provision to
// another's need, as a plain argument when it mounts the module: no module sets another's state,
// and importing a module changes nothing.
import type { RouteDef } from "./http/route";
import type { JobDefinition } from "./jobs/queue";

export interface ModuleDefinition<Needs, Provides> {
  /** The module's folder under src/modules. */
  readonly name: string;
  /** What other modules may be handed of this one (the manifest passes it to their `needs`). */
  readonly provides: Provides;
  /** Its routes, in the order the OpenAPI document lists them. */
  routes(needs: Needs): RouteDef[];
  /** Its background jobs (a task's job included). */
  jobs(needs: Needs): JobDefinition[];
}

/** A module mounted with what it needs: what the app and the worker run. */
export interface MountedModule {
  readonly name: string;
  readonly routes: readonly RouteDef[];
  readonly jobs: readonly JobDefinition[];
}

interface ModuleSpec<Needs, Provides> {
  name: string;
  provides?: Provides;
  routes?: (needs: Needs) => RouteDef[];
  jobs?: (needs: Needs) => JobDefinition[];
}

// What a module that provides nothing provides: an object with no keys.
type Nothing = Record<string, never>;

export function defineModule<Needs = void, Provides = Nothing>(spec: ModuleSpec<Needs, Provides>): ModuleDefinition<Needs, Provides> {
  return {
    name: spec.name,
    provides: spec.provides ?? ({} as Provides),
    routes: spec.routes ?? (() => []),
    jobs: spec.jobs ?? (() => []),
  };
}

/** Mounts a module, handing it what it needs of the others. */
export function mount(module: ModuleDefinition<void, unknown>): MountedModule;
export function mount<Needs>(module: ModuleDefinition<Needs, unknown>, needs: Needs): MountedModule;
export function mount<Needs>(module: ModuleDefinition<Needs, unknown>, needs?: Needs): MountedModule {
  return { name: module.name, routes: module.routes(needs as Needs), jobs: module.jobs(needs as Needs) };
}
