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
import { findBrand } from "./service";
import { brands } from "./table";

export const BRAND_WORK_RUNNING = "A research generation or clustering of this brand is running; delete the brand when it has finished.";

/**
 * Whether work on the brand that its deletion must wait for is running, inside the caller's
 * transaction. The modules that do such work answer it (brand-work/running.ts); the brands
 * module is handed the answer and imports none of them.
 */
export type BrandWorkCheck = (tx: RequestContext, brandId: string) => Promise<boolean>;

/** 404 for a brand outside the workspace, 409 while its work runs; else the brand and what is its are gone. */
export async function deleteBrand(ctx: RequestContext, brandId: string, brandWorkRunning: BrandWorkCheck): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    // The row lock: a generation or clustering start locks the brand too, so none starts meanwhile.
    await findBrand(tx, brandId, true);
    if (await brandWorkRunning(tx, brandId)) throw new Conflict(BRAND_WORK_RUNNING);
    await tx.db.delete(brands).where(inWorkspace(tx, brands, eq(brands.id, brandId)));
  });
}
