// Deleting a brand, with everything that is the brand's: its research tree (and the stored
// changes of it), its topical map and keywords, its published toggles, its brand clusterings
// and their SERP data. All of it goes by the foreign keys' ON DELETE CASCADE in the one DELETE
// (research_trees, research_tree_changes through it, topical_maps, topical_map_keywords through
// it, authority_published, clustering_reports with the brand's id, clustering_serp_data through
// them), so it commits whole or not at all. Tasks stay: they are the account's history (and the
// credit ledger points at them); standalone reports have no brand and stay too.
import { eq } from "drizzle-orm";
import type { RequestContext } from "../../platform/context";
import { withTransaction } from "../../platform/db/transaction";
import { inWorkspace } from "../../platform/db/workspace";
import { Conflict } from "../../platform/errors";
import { OPEN_STATUSES, openTask, type TaskStatus } from "../../platform/tasks/tasks";
import { latestBrandReport } from "../clustering/reports";
import { currentTask } from "../clustering/runs";
import { RESEARCH_TASK_TYPE } from "../research/generation-task";
import { findBrand } from "./service";
import { brands } from "./table";

export const BRAND_WORK_RUNNING = "A research generation or clustering of this brand is running; delete the brand when it has finished.";

/**
 * Whether the brand's research generation or its latest clustering is open, each reconciled with
 * its job first (a dead job does not block), inside the caller's transaction.
 */
async function brandWorkRunning(tx: RequestContext, brandId: string): Promise<boolean> {
  if (await openTask(tx, RESEARCH_TASK_TYPE, brandId)) return true;
  const latest = await latestBrandReport(tx, brandId);
  const task = latest ? await currentTask(tx, latest) : null;
  return task !== null && OPEN_STATUSES.includes(task.status as TaskStatus);
}

/** 404 for a brand outside the workspace, 409 while its work runs; else the brand and what is its are gone. */
export async function deleteBrand(ctx: RequestContext, brandId: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    // The row lock: a generation or clustering start locks the brand too, so none starts meanwhile.
    await findBrand(tx, brandId, true);
    if (await brandWorkRunning(tx, brandId)) throw new Conflict(BRAND_WORK_RUNNING);
    await tx.db.delete(brands).where(inWorkspace(tx, brands, eq(brands.id, brandId)));
  });
}
