// Topical research: reading, editing (each edit a pure tree operation applied under a row
// lock), importing and generating a brand's research tree.
import { randomUUID } from "node:crypto";
import { desc, eq, inArray, sql } from "drizzle-orm";
import type { RequestContext } from "../../platform/context";
import { CREDIT_COSTS } from "../../platform/credits/costs";
import { tasks } from "../../platform/db/schema";
import { withTransaction, type HasDb } from "../../platform/db/transaction";
import { inWorkspace } from "../../platform/db/workspace";
import { Conflict, NotFound, ServiceError } from "../../platform/errors";
import { newestTask, OPEN_STATUSES, openTask, type TaskRow } from "../../platform/tasks/tasks";
import { taskUsage, type ModelUsageView } from "../../platform/tasks/usage-read";
import { assertKnownModel } from "../../providers/models/registry";
import { findBrand, brands } from "../brands";
import { RESEARCH_TASK_TYPE, researchGenerationTask } from "./generation-task";
import { researchTrees } from "./table";
import { readResearch, replaceTree, storeEdit, type ResearchRecord } from "./tree-store";
import { mainTopicBreakdown, treeStats } from "./tree/stats";
import { toWire, fromWire } from "./tree/wire";
import { TreeOpError, treeErrorCode, type Tree } from "./tree/types";
import { filterKeywordRows, keywordRows, type KeywordFilters } from "./discovery/keywords-view";
import { readUniverse, universeSource } from "./discovery/store";

const RESEARCH_NOT_FOUND = "No research found for this brand.";
const TASK_RUNNING = "A research generation task is running for this brand; try again when it has finished.";

/** A tree operation's failure as the service's refusal. */
export function asServiceError(err: unknown): unknown {
  return err instanceof TreeOpError ? new ServiceError(treeErrorCode(err.status), err.message) : err;
}

export async function listResearch(ctx: RequestContext) {
  const rows = await ctx.db
    .select({
      record: {
        brandId: researchTrees.brandId,
        coreTopic: researchTrees.coreTopic,
        createdAt: researchTrees.createdAt,
        updatedAt: researchTrees.updatedAt,
      },
      brandName: brands.brandName,
    })
    .from(researchTrees)
    .innerJoin(brands, eq(brands.id, researchTrees.brandId))
    .where(inWorkspace(ctx, researchTrees))
    .orderBy(desc(researchTrees.updatedAt));
  return rows.map(({ record, brandName }) => recordView(record, brandName));
}

function recordView(record: Pick<ResearchRecord, "brandId" | "coreTopic" | "createdAt" | "updatedAt">, brandName: string) {
  return {
    brand_id: record.brandId,
    brand_name: brandName,
    core_topic: record.coreTopic,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
}

/** The brand's research record with its tree (shared and frozen: never change it in place). */
async function findResearch(ctx: HasDb & Pick<RequestContext, "workspace">, brandId: string) {
  const found = await readResearch(ctx, inWorkspace(ctx, researchTrees, eq(researchTrees.brandId, brandId)));
  if (!found) throw new NotFound(RESEARCH_NOT_FOUND);
  return found;
}

/**
 * The brand's research tree as it is now, organizer edits applied (shared and frozen: never
 * change it), or null when the brand has no research. For views of other modules.
 */
export async function currentTree(ctx: HasDb & Pick<RequestContext, "workspace">, brandId: string): Promise<Tree | null> {
  const found = await readResearch(ctx, inWorkspace(ctx, researchTrees, eq(researchTrees.brandId, brandId)));
  return found?.tree ?? null;
}

/** Whether a generation task of the brand is recorded open, as a value to read with the research row. */
function openTaskRecorded(ctx: HasDb & Pick<RequestContext, "workspace">, brandId: string) {
  const open = ctx.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(inWorkspace(ctx, tasks, eq(tasks.type, RESEARCH_TASK_TYPE), eq(tasks.subjectId, brandId), inArray(tasks.status, OPEN_STATUSES)))
    .limit(1);
  return sql<boolean>`exists(${open})`;
}

/**
 * Locks the brand's research row for a write and reads, in that one statement, its tree and
 * whether a generation task is open. A brand without research has no row to lock: then whether
 * a task is open is asked on its own (the brand's first generation is running: a 409, not a
 * 404), and no brand at all is a 404 with the brand's own message.
 */
async function lockForEdit(tx: HasDb & Pick<RequestContext, "workspace">, brandId: string) {
  const found = await readResearch(tx, inWorkspace(tx, researchTrees, eq(researchTrees.brandId, brandId)), {
    lock: true,
    also: { taskOpen: openTaskRecorded(tx, brandId) },
  });
  if (found) return { found, taskOpen: found.also.taskOpen };
  await findBrand(tx, brandId);
  return { found: null, taskOpen: await isTaskRecordedOpen(tx, brandId) };
}

async function generationStatus(ctx: RequestContext, brandId: string) {
  return { has_running_task: (await openTask(ctx, RESEARCH_TASK_TYPE, brandId)) !== null };
}

/**
 * Fails and refunds the brand's open generation tasks whose jobs have ended, so that a dead job
 * does not block writes. Runs before the write's transaction, never inside it: the job lookup
 * goes through the queue's own connection, and on the embedded database (one connection) it
 * would wait forever for the transaction that asked. Inside a caller's transaction (an
 * Idempotency-Key replay guard) it is skipped; task-status and the periodic reconciler catch up.
 */
async function reconcileGeneration(ctx: RequestContext, brandId: string): Promise<void> {
  if (!ctx.inTransaction) await openTask(ctx, RESEARCH_TASK_TYPE, brandId);
}

/** Whether a generation task of the brand is recorded open: stored state, safe inside a transaction. */
async function isTaskRecordedOpen(tx: HasDb & Pick<RequestContext, "workspace">, brandId: string): Promise<boolean> {
  const [open] = await tx.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(inWorkspace(tx, tasks, eq(tasks.type, RESEARCH_TASK_TYPE), eq(tasks.subjectId, brandId), inArray(tasks.status, OPEN_STATUSES)))
    .limit(1);
  return open !== undefined;
}

/** 409 while a generation task is recorded open. */
async function assertNoOpenTask(tx: HasDb & Pick<RequestContext, "workspace">, brandId: string): Promise<void> {
  if (await isTaskRecordedOpen(tx, brandId)) throw new Conflict(TASK_RUNNING);
}

function detailView(record: ResearchRecord, tree: Tree, brandName: string, hasRunningTask: boolean) {
  return {
    ...recordView(record, brandName),
    research_data: toWire(tree),
    stats: treeStats(tree),
    generation_status: { has_running_task: hasRunningTask },
  };
}

/** The tree with its stats; `_meta.data_source` says who answered the discovery it was generated from, if any. */
export async function researchDetail(ctx: RequestContext, brandId: string) {
  const brand = await findBrand(ctx, brandId);
  const { record, tree } = await findResearch(ctx, brandId);
  const view = detailView(record, tree, brand.brandName, (await generationStatus(ctx, brandId)).has_running_task);
  const source = await universeSource(ctx, brandId);
  return source === null ? view : { _meta: { data_source: source }, ...view };
}

export async function researchStats(ctx: RequestContext, brandId: string) {
  await findBrand(ctx, brandId);
  const { tree } = await findResearch(ctx, brandId);
  return {
    brand_id: brandId,
    ...treeStats(tree),
    main_topics: mainTopicBreakdown(tree),
    generation_status: await generationStatus(ctx, brandId),
  };
}

function taskView(task: TaskRow, usage: ModelUsageView) {
  return {
    has_running_task: true as const,
    task_id: task.id,
    task_type: task.type,
    task_status: task.status === "queued" ? "pending" : task.status,
    progress: { current: task.progressCurrent, total: task.progressTotal, message: task.message },
    started_at: (task.startedAt ?? task.createdAt).toISOString(),
    error: task.error,
    usage,
  };
}

/**
 * The newest generation's failure, when the newest generation failed: after its last try the
 * task is no longer running, and without this the caller would never learn why (the
 * specification's `has_running_task: false` alone says nothing). A later successful
 * generation, or one running, replaces it.
 */
async function lastGeneration(ctx: RequestContext, brandId: string) {
  const newest = await newestTask(ctx, RESEARCH_TASK_TYPE, brandId);
  if (!newest) return {};
  // What the newest generation's model calls used, whether it completed or failed.
  const usage = { last_generation_usage: await taskUsage(ctx, newest.id) };
  if (newest.status !== "failed") return usage;
  return {
    ...usage,
    last_failure: {
      task_id: newest.id,
      error: newest.error ?? "The generation failed.",
      failed_at: (newest.finishedAt ?? newest.createdAt).toISOString(),
    },
  };
}

/**
 * The running generation task, reconciled with its job first (a dead job is not "running").
 * With none running, `has_running_task: false`, the newest generation's `last_generation_usage`,
 * and `last_failure` when it failed; while a task retries, `error` says why its last attempt failed.
 */
export async function researchTaskStatus(ctx: RequestContext, brandId: string) {
  await findBrand(ctx, brandId);
  const task = await openTask(ctx, RESEARCH_TASK_TYPE, brandId);
  if (task) return taskView(task, await taskUsage(ctx, task.id));
  return { has_running_task: false as const, ...(await lastGeneration(ctx, brandId)) };
}

const RECONCILE_FIRST = Symbol("reconcile first");

/**
 * Applies one pure operation to the brand's tree. The row lock makes concurrent edits of one
 * tree take turns, each applied to the tree the previous one left: none is lost. The operation
 * gets a frozen tree and returns a new one (tree operations never change their input).
 *
 * A recorded generation task refuses the write, but only once reconciled with its job (a dead
 * job must not block writes), which cannot happen inside the transaction (see
 * reconcileGeneration). The usual case has no task, so the check is read with the lock, and only
 * when a task is recorded is it reconciled and the write tried once more.
 */
export async function editTree<R>(ctx: RequestContext, brandId: string, operation: (tree: Tree) => { tree: Tree; result: R }): Promise<R> {
  for (let attempt = 0; ; attempt++) {
    const outcome = await withTransaction(ctx, async (tx) => {
      const { found, taskOpen } = await lockForEdit(tx, brandId);
      if (taskOpen) {
        if (attempt === 0 && !ctx.inTransaction) return RECONCILE_FIRST;
        throw new Conflict(TASK_RUNNING);
      }
      if (!found) throw new NotFound(RESEARCH_NOT_FOUND);
      const { record, tree } = found;
      let edited: { tree: Tree; result: R };
      try {
        edited = operation(tree);
      } catch (err) {
        throw asServiceError(err);
      }
      // An operation that changed nothing (keywords already there) still counts as a write.
      await storeEdit(tx, record, tree, edited.tree);
      return { result: edited.result };
    });
    if (outcome !== RECONCILE_FIRST) return outcome.result;
    await reconcileGeneration(ctx, brandId);
  }
}

/**
 * Reads the tree for an analysis that changes nothing (dedup). The spec lists dedup among the
 * writes that a running generation refuses: the tree it would analyse is about to be replaced.
 */
export async function readTree(ctx: RequestContext, brandId: string): Promise<Tree> {
  await findBrand(ctx, brandId);
  // A running generation first: while the brand's first one runs there is no tree yet, and the
  // answer is "try again later" (409), not "there is nothing" (404).
  await reconcileGeneration(ctx, brandId);
  await assertNoOpenTask(ctx, brandId);
  const { tree } = await findResearch(ctx, brandId);
  return tree;
}

/** `PUT /research/{brand_id}/`: replaces (or creates) the brand's tree with the given one. */
export async function importResearch(ctx: RequestContext, brandId: string, input: { core_topic?: string; research_data: unknown }) {
  let tree: Tree;
  try {
    tree = fromWire(input.research_data, randomUUID);
  } catch (err) {
    throw asServiceError(err);
  }
  await reconcileGeneration(ctx, brandId);
  return withTransaction(ctx, async (tx) => {
    const brand = await findBrand(tx, brandId, true);
    await assertNoOpenTask(tx, brandId);
    const coreTopic = input.core_topic?.trim() || brand.brandName;
    const record = await replaceTree(tx, { brandId, workspaceId: ctx.workspace.id, coreTopic, tree });
    return detailView(record, tree, brand.brandName, false);
  });
}

/** `POST /research/{brand_id}/generate/`: charges, records and queues a generation task. */
export async function startResearchGeneration(ctx: RequestContext, brandId: string, input: { core_topic?: string; ai_model_id?: string }) {
  const modelId = input.ai_model_id ?? ctx.platform.models.defaultId;
  assertKnownModel(ctx.platform.models, modelId);
  await reconcileGeneration(ctx, brandId);
  return withTransaction(ctx, async (tx) => {
    // Locking the brand makes two generate requests for one brand take turns: the second sees the first's task.
    const brand = await findBrand(tx, brandId, true);
    await assertNoOpenTask(tx, brandId);
    const coreTopic = input.core_topic?.trim() || brand.brandName;
    const task = await researchGenerationTask.start(tx, {
      subjectId: brandId,
      input: { core_topic: coreTopic, ai_model_id: modelId },
      cost: CREDIT_COSTS.researchGeneration,
      progressTotal: 3,
      message: "Queued",
    });
    return {
      brand_id: brandId,
      task_id: task.id,
      task_type: RESEARCH_TASK_TYPE,
      task_status: "pending",
      core_topic: coreTopic,
      ai_model_id: modelId,
      credits_charged: task.creditsCharged,
      message: "Research generation started. Poll the task-status endpoint for progress.",
    };
  });
}

/**
 * The brand's keyword universe joined with its tree as it stands, filtered and ordered (the
 * caller pages it). A brand without research answers 404, as its tree does.
 */
export async function researchKeywords(ctx: RequestContext, brandId: string, filters: KeywordFilters) {
  const { tree } = await findResearch(ctx, brandId);
  const universe = await readUniverse(ctx, brandId);
  const rows = filterKeywordRows(keywordRows(universe, tree), filters);
  return { rows, dataSource: universe[0]?.dataSource ?? null };
}
