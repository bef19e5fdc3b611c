// The platform every process stands on, built from the configuration: the database (migrated),
// the providers, the job queue and the listener that keeps cached principals fresh. `canopy
// serve` builds its HTTP app on it (app.ts); `canopy worker` runs jobs on it with no HTTP app.
// No business logic.
import type { Config } from "../platform/config";
import { allJobs } from "./modules";
import { listenForAuthChanges, publishAuthChange, type AuthListener } from "../platform/auth/auth-changes";
import { PrincipalCache } from "../platform/auth/principal-cache";
import type { Platform } from "../platform/context";
import type { Database } from "../platform/db/client";
import { runMigrations } from "../platform/db/migrate";
import { openConfiguredDatabase, type Progress } from "../platform/db/open-configured";
import { onCommit } from "../platform/db/transaction";
import { JOB_DRAIN_SECONDS } from "../platform/jobs/drain";
import { JobQueue, noJobs, type JobDefinition } from "../platform/jobs/queue";
import { getModelRegistry } from "../providers/models/registry";
import { createPageReader } from "../providers/pages";
import { createSerpProvider } from "../providers/serp";

export interface PlatformOptions {
  config: Config;
  log: Platform["log"];
  /** An already open database (tests share one); opened from config otherwise, and closed with the platform. */
  database?: Database;
  /** Run job handlers in this process. */
  workers: boolean;
  /**
   * Start the job queue and the listener for auth changes (default). A one-shot operator command
   * needs neither: it sends no job and caches no principal, and only tells the servers.
   */
  queue?: boolean;
  /** Connections of the pool to a PostgreSQL server (default 10). */
  poolSize?: number;
  extraJobs?: JobDefinition[];
  /** Where each start-up step is said. */
  progress: Progress;
}

export interface Runtime<Q extends JobQueue | null = JobQueue> {
  platform: Platform;
  /** null without a queue (`queue: false`). */
  queue: Q;
  /** Principals cached in this process; every process's is cleared when keys or users change. */
  authCache: PrincipalCache;
  /** Waits for the jobs running here (saying so), then releases the queue, the listener and the database. */
  close(): Promise<void>;
}

export async function createPlatform(options: PlatformOptions & { queue: false }): Promise<Runtime<null>>;
export async function createPlatform(options: PlatformOptions & { queue?: true }): Promise<Runtime>;
export async function createPlatform(options: PlatformOptions): Promise<Runtime<JobQueue | null>> {
  const { config, progress } = options;
  const database = options.database ?? (await openConfiguredDatabase(config, progress, options.poolSize));
  progress({}, "applying database migrations");
  await runMigrations(database);

  const authCache = new PrincipalCache();
  const serp = createSerpProvider(config);
  const platform: Platform = {
    config,
    database,
    log: options.log,
    async authChanged(ctx) {
      await publishAuthChange(ctx.db);
      onCommit(ctx, () => authCache.clear());
    },
    // Replaced by the queue below; the queue itself needs the platform to run jobs.
    jobs: noJobs,
    // Throws a ConfigError at start-up when DEFAULT_AI_MODEL is not a usable model.
    models: getModelRegistry(config),
    serp,
    pages: createPageReader(config, serp),
  };

  const ownsDatabase = !options.database;
  if (options.queue === false) {
    return {
      platform,
      queue: null,
      authCache,
      close: async () => {
        if (ownsDatabase) await database.close();
      },
    };
  }

  progress({}, "starting the job queue");
  const listener: AuthListener = await listenForAuthChanges(
    database,
    () => authCache.clear(),
    (err) => options.log.warn({ err }, "auth change listener error"),
  );
  const queue = new JobQueue(platform, [...allJobs, ...(options.extraJobs ?? [])]);
  platform.jobs = queue;
  await queue.start({ workers: options.workers });

  return {
    platform,
    queue,
    authCache,
    async close() {
      // Stopping the queue waits for the jobs running here (a clustering takes seconds): say so.
      const running = queue.runningJobs();
      if (running.length > 0) options.log.info({ jobs: running }, `waiting up to ${JOB_DRAIN_SECONDS} s for running jobs to finish`);
      await queue.stop();
      await listener.stop();
      if (ownsDatabase) await database.close();
    },
  };
}
