// Reading briefs with their derived status (status.ts), always within the caller's workspace.
// A brief's current task is reconciled with its job before a single brief is read, so a dead job
// shows as FAILED (and refunded) at once, not when the periodic reconciler comes by.
import { desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { RequestContext } from "../../platform/context";
import { tasks } from "../../platform/db/schema";
import type { HasDb } from "../../platform/db/transaction";
import { escapeLike } from "../../platform/db/like";
import { inWorkspace } from "../../platform/db/workspace";
import { readTaskBacked } from "../../platform/tasks/task-backed";
import { briefStatusSql, statusesOf, type BriefStatus, type StatusFilter } from "./status";
import { briefs, type BriefRow } from "./table";

export const BRIEF_NOT_FOUND = "Brief not found or you do not have access to it.";

/**
 * A brief with its derived status and, from its current task, why that task last failed (while it
 * retries, or for good) and in which phase (`outline`, or `resume` after an outline review).
 */
export type BriefWithStatus = BriefRow & { status: BriefStatus; taskError: string | null; taskPhase: string | null };

export interface BriefFilter {
  brandId?: string;
  status?: StatusFilter;
  search?: string;
  /** true: authority briefs only; false: standalone only; undefined: both. */
  authority?: boolean;
  id?: string;
}

function conditions(filter: BriefFilter): (SQL | undefined)[] {
  const search = filter.search?.trim();
  const pattern = search ? `%${escapeLike(search)}%` : null;
  return [
    filter.id === undefined ? undefined : eq(briefs.id, filter.id),
    filter.brandId === undefined ? undefined : eq(briefs.brandId, filter.brandId),
    filter.authority === undefined ? undefined : filter.authority ? isNotNull(briefs.topicNode) : isNull(briefs.topicNode),
    filter.status === undefined ? undefined : inArray(briefStatusSql, [...statusesOf(filter.status)]),
    pattern === null ? undefined : or(ilike(briefs.queryText, pattern), ilike(briefs.generatedTitle, pattern)),
  ];
}

/** The workspace's briefs matching `filter`, newest first. */
export async function selectBriefs(ctx: HasDb & Pick<RequestContext, "workspace">, filter: BriefFilter): Promise<BriefWithStatus[]> {
  const rows = await ctx.db
    .select({ brief: briefs, status: briefStatusSql, taskError: tasks.error, taskPhase: sql<string | null>`${tasks.input}->>'phase'` })
    .from(briefs)
    .leftJoin(tasks, eq(tasks.id, briefs.taskId))
    .where(inWorkspace(ctx, briefs, ...conditions(filter)))
    .orderBy(desc(briefs.createdAt), desc(briefs.id));
  return rows.map(({ brief, ...task }) => ({ ...brief, ...task }));
}

/**
 * One brief, its task reconciled first; 404 when it is not in the workspace or not of the
 * wanted kind (and brand). With `lock`, the brief's row is locked for the caller's transaction.
 */
export async function findBrief(
  ctx: RequestContext,
  id: string,
  where: Omit<BriefFilter, "id"> = {},
  lock = false,
): Promise<BriefWithStatus> {
  return readTaskBacked(
    ctx,
    {
      read: async () => (await selectBriefs(ctx, { ...where, id }))[0],
      lock: () =>
        ctx.db
          .select({ id: briefs.id })
          .from(briefs)
          .where(inWorkspace(ctx, briefs, eq(briefs.id, id)))
          .for("update"),
      notFound: BRIEF_NOT_FOUND,
    },
    lock,
  );
}

/** The SERP results a brief was written from (its sources), or none when it is gone. */
export async function briefSources(
  ctx: HasDb & Pick<RequestContext, "workspace">,
  id: string,
): Promise<{ url: string; title?: string; snippet?: string }[]> {
  const [brief] = await ctx.db
    .select({ params: briefs.inputParams })
    .from(briefs)
    .where(inWorkspace(ctx, briefs, eq(briefs.id, id)));
  const entries = brief?.params.selected_serp_data;
  return Array.isArray(entries) ? (entries as { url: string; title?: string; snippet?: string }[]) : [];
}
