// Starting clustering work on a report. A start is one transaction: the report row, its task,
// the credit charge and the queued job commit together or not at all. A recluster is a free
// task on the same report, reading only the SERP data already stored.
import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { RequestContext } from "../../platform/context";
import { clusteringCost } from "../../platform/credits/costs";
import { Conflict } from "../../platform/errors";
import { present } from "../../platform/present";
import { OPEN_STATUSES, reconcileTaskById, type TaskRow, type TaskStatus } from "../../platform/tasks/tasks";
import { clusteringTask } from "./clustering-task";
import { batchCount } from "./report-state";
import { clusteringReports, clusteringSerpData, type ReportRow, type TreePosition } from "./table";

export const CLUSTERING_RUNNING = "Clustering is already in progress for this report; try again when it has finished.";
export const NO_STORED_SERPS = "This report has no complete stored SERP data to re-cluster; create a new report instead.";

export interface NewReport {
  reportName: string;
  keywords: string[];
  country: string;
  location: string | null;
  language: string;
  overlapPercentage: number;
  aiModelId: string | null;
  brandId: string | null;
  treePositions: Record<string, TreePosition> | null;
}

/** Inserts a report, charges for its keywords and queues its first run (SERP fetching, then clustering). */
export async function startReport(tx: RequestContext, input: NewReport): Promise<{ report: ReportRow; task: TaskRow }> {
  const id = randomUUID();
  const totalBatches = batchCount(input.keywords.length);
  const task = await clusteringTask.start(tx, {
    subjectId: id,
    input: { report_id: id, overlap_percentage: input.overlapPercentage, fetch_serps: true },
    cost: clusteringCost(input.keywords.length),
    progressTotal: totalBatches + 1,
    message: `Queued: ${input.keywords.length} keywords in ${totalBatches} SERP batches.`,
  });
  const [report] = await tx.db
    .insert(clusteringReports)
    .values({
      id,
      workspaceId: tx.workspace.id,
      userId: tx.userId,
      brandId: input.brandId,
      reportName: input.reportName,
      country: input.country,
      location: input.location,
      language: input.language,
      overlapPercentage: input.overlapPercentage,
      aiModelId: input.aiModelId,
      keywords: input.keywords,
      totalKeywords: input.keywords.length,
      totalBatches,
      treePositions: input.treePositions,
      taskId: task.id,
      groupId: randomUUID(),
      dataSource: tx.platform.serp.name,
    })
    .returning();
  return { report: present(report, "the inserted report"), task };
}

/**
 * Queues a free re-clustering of a locked report from its stored SERP data. 409 while the
 * report's task is open, or when its SERP data was never completely fetched.
 */
export async function startRecluster(
  tx: RequestContext,
  report: ReportRow,
  overlapPercentage: number,
): Promise<{ report: ReportRow; task: TaskRow }> {
  await assertNotRunning(tx, report);
  const [stored] = await tx.db.select({ n: count() }).from(clusteringSerpData).where(eq(clusteringSerpData.reportId, report.id));
  if ((stored?.n ?? 0) < report.totalKeywords) throw new Conflict(NO_STORED_SERPS);
  const task = await clusteringTask.start(tx, {
    subjectId: report.id,
    input: { report_id: report.id, overlap_percentage: overlapPercentage, fetch_serps: false },
    cost: 0,
    operation: "recluster",
    progressTotal: 1,
    message: "Queued: re-clustering from stored SERP data.",
  });
  const [updated] = await tx.db
    .update(clusteringReports)
    .set({ taskId: task.id, groupId: randomUUID(), overlapPercentage, updatedAt: new Date() })
    .where(eq(clusteringReports.id, report.id))
    .returning();
  // The caller holds the report's row lock.
  return { report: present(updated, "the locked report"), task };
}

/** 409 while the report's current task is open (after reconciling it with its job). */
export async function assertNotRunning(tx: RequestContext, report: ReportRow): Promise<void> {
  const task = await currentTask(tx, report);
  if (task && OPEN_STATUSES.includes(task.status as TaskStatus)) throw new Conflict(CLUSTERING_RUNNING);
}

/**
 * The report's current task, reconciled with its job first (a dead job is not "in progress").
 * Inside a transaction the job lookup joins it, so this is safe in an idempotent request too.
 */
export async function currentTask(ctx: RequestContext, report: ReportRow): Promise<TaskRow | null> {
  return reconcileTaskById(ctx, report.taskId);
}
