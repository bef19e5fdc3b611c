// The context every service receives: the actor, the workspace it acts in and the handles it
// may use. Routes build it from the request; jobs build the same shape with a system actor.
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import type { Principal } from "./auth/principal";
import type { Database } from "./db/client";
import type { HasDb } from "./db/transaction";

export interface Workspace {
  id: string;
  kind: "personal" | "team";
}

export interface EnqueueOptions {
  /** The workspace the job works for: a queue with a per-workspace bound counts it there. */
  workspaceId?: string;
  /** Higher runs first; among equals, the oldest. */
  priority?: number;
}

/** What services need of the job queue: send a job (inside a transaction) and look one up. */
export interface JobSender {
  enqueue(ctx: HasDb, queue: string, data: object, options?: EnqueueOptions): Promise<string>;
  /**
   * The queue's view of a job; null when the queue no longer knows it. Inside a transaction pass
   * its context: on the embedded database (one connection) a lookup over the queue's own
   * connection would wait for the transaction that is waiting for it.
   */
  jobState(queue: string, id: string, ctx?: HasDb): Promise<string | null>;
}

/**
 * Long-lived handles shared by every request and job in this process. The providers add their
 * own handles to it (`models`, `serp`) where they are defined, by module augmentation as
 * Fastify's decorators do, so the platform names no provider and every arrow points down to it.
 */
export interface Platform {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** Drops cached principals in this process and tells every other process to do the same. */
  authChanged(ctx: HasDb): Promise<void>;
  jobs: JobSender;
}

/**
 * What a service needs when it acts for no one in particular (an operator command, an account
 * service): a database handle or transaction, and the platform.
 */
export interface ServiceCtx extends HasDb {
  platform: Platform;
}

export interface RequestContext extends HasDb {
  platform: Platform;
  /** The verified key and its user; null for system work. */
  principal: Principal | null;
  userId: string;
  workspace: Workspace;
  log: FastifyBaseLogger;
}
