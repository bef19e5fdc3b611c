// One typed shape for every background task (research generation, clustering, briefs and
// articles). A definition names its task type and queue, declares its input as a
// schema, and gives the work two steps: `run` (long, outside any transaction) and `commit`
// (stores the result in the transaction that marks the task completed). The job that carries
// it checks the stored input against the schema and hands the work a context acting in the
// task's workspace, the same shape a request's services get, so the work calls services
// instead of casting `task.input` and reading other modules' tables by hand.
import type { Static, TSchema } from "typebox";
import { Value } from "typebox/value";
import type { RequestContext } from "../context";
import type { HasDb } from "../db/transaction";
import { defineJob, type JobContext, type JobDefinition } from "../jobs/queue";
import { runTask, TaskFailure, type TaskProgress } from "./runner";
import { startTask, type TaskActor, type TaskRow } from "./tasks";

/** What a task's work acts as: the task's user, in the task's workspace, with no key. */
export interface TaskContext extends RequestContext {
  task: TaskRow;
  /** This attempt is the job's last: a passing failure now fails the task instead of retrying it. */
  finalAttempt: boolean;
}

/**
 * `Needs` is what the work needs of other modules (void for most tasks): the module's face builds
 * the task's job with it when the manifest mounts the module (platform/module.ts).
 */
export interface TaskDefinition<S extends TSchema, R, Needs = void> {
  /** The task type, as status endpoints report it and the ledger names its charge. */
  type: string;
  /** The job queue that carries it. */
  queue: string;
  /** The task's input; checked when the task starts and again when its job runs. */
  input: S;
  /** Attempts after the first, for transient failures and for a worker's death. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A bound on one attempt's run time; a dead worker is noticed by heartbeat long before. */
  expireInSeconds: number;
  /** Tasks one process runs at once, and one workspace may run at once (see JobDefinition). */
  concurrency?: number;
  perWorkspace?: number;
  /** The work; may take long. Throw TaskFailure for a failure the user should read. */
  run(ctx: TaskContext, input: Static<S>, progress: TaskProgress, needs: Needs): Promise<R>;
  /** Stores the result; `ctx` is inside the transaction that completes the task. */
  commit(ctx: TaskContext, input: Static<S>, result: R, needs: Needs): Promise<Record<string, unknown> | null>;
}

interface StartOptions<S extends TSchema> {
  /** The row the task works on (a brand, a report), for "is one running?" questions. */
  subjectId: string;
  input: Static<S>;
  /** Credits to charge; 0 for free work. */
  cost: number;
  /** The ledger's name for the charge, when it is not the task type (a free recluster). */
  operation?: string;
  progressTotal?: number;
  message?: string;
  /** For a free follow-up of paid work: the task whose charge a failure of this one refunds. */
  refundsChargeOf?: string;
}

export interface Task<S extends TSchema, Needs = void> {
  type: string;
  /** The job to register with the queue, given what the work needs (the module's face does). */
  job(needs: Needs): JobDefinition;
  /** Records, charges and queues one task, joining the caller's transaction (see startTask). */
  start(ctx: TaskActor, options: StartOptions<S>): Promise<TaskRow>;
}

/** The context a task's work runs in: its user, its workspace, the job's handles. */
function taskContext(ctx: JobContext, task: TaskRow): TaskContext {
  return {
    db: ctx.db,
    platform: ctx.platform,
    log: ctx.log,
    principal: null,
    userId: task.userId,
    // A personal workspace has its user's id (see the workspaces of docs/conventions.md §3).
    workspace: { id: task.workspaceId, kind: task.workspaceId === task.userId ? "personal" : "team" },
    task,
    finalAttempt: ctx.job.retryCount >= (ctx.retryLimit ?? 0),
  };
}

export function defineTask<S extends TSchema, R, Needs = void>(definition: TaskDefinition<S, R, Needs>): Task<S, Needs> {
  const checkedInput = (task: TaskRow): Static<S> => {
    if (!Value.Check(definition.input, task.input)) {
      // Written by an older version, or by hand: not something a retry can mend.
      throw new TaskFailure(`The task's stored input is not valid for a ${definition.type} task.`);
    }
    return task.input;
  };
  const job = (needs: Needs): JobDefinition =>
    defineJob<{ taskId: string }>({
      name: definition.queue,
      retryLimit: definition.retryLimit,
      retryDelaySeconds: definition.retryDelaySeconds,
      expireInSeconds: definition.expireInSeconds,
      concurrency: definition.concurrency,
      perWorkspace: definition.perWorkspace,
      async handler(ctx, data) {
        await runTask<{ input: Static<S>; result: R }>(ctx, data.taskId, {
          async run(task, progress) {
            const input = checkedInput(task);
            return { input, result: await definition.run(taskContext(ctx, task), input, progress, needs) };
          },
          commit: (tx: HasDb, task, { input, result }) => definition.commit({ ...taskContext(ctx, task), ...tx }, input, result, needs),
        });
      },
    });
  return {
    type: definition.type,
    job,
    async start(ctx, options) {
      if (!Value.Check(definition.input, options.input)) throw new TypeError(`invalid input for a ${definition.type} task`);
      return startTask(ctx, {
        type: definition.type,
        queue: definition.queue,
        subjectId: options.subjectId,
        input: options.input,
        cost: options.cost,
        operation: options.operation ?? definition.type,
        progressTotal: options.progressTotal,
        message: options.message,
        refundsChargeOf: options.refundsChargeOf,
      });
    },
  };
}
