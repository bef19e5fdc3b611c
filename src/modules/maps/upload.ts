// Uploading a topical map made with another tool: the keywords (JSON, or CSV decoded into the
// same shape by upload-csv.ts) checked, clustered by their labels (upload-map.ts) and written
// whole, replacing the brand's map, in one transaction.
import type { RequestContext } from "../../platform/context";
import { withTransaction } from "../../platform/db/transaction";
import { Conflict, PayloadTooLarge, ValidationFailed } from "../../platform/http/errors";
import type { StreamedReply } from "../../platform/http/formats";
import { OPEN_STATUSES, type TaskStatus } from "../../platform/tasks/tasks";
import { findBrand } from "../brands/service";
import { latestBrandReport } from "../clustering/reports";
import { currentTask } from "../clustering/runs";
import { findMap, mapDetailReply } from "./service";
import { MAX_LISTED_PROBLEMS, TOO_MANY_ROWS } from "./upload-csv";
import { checkEntry, MAX_UPLOAD_ROWS, type CleanEntry, type RawEntry } from "./upload-entries";
import { uploadedMapRows } from "./upload-map";
import { writeTopicalMap } from "./writer";

export const UPLOADED_DATA_SOURCE = "uploaded";
export const CLUSTERING_WOULD_OVERWRITE =
  "A clustering of this brand is in progress and would overwrite the uploaded map; upload it when the clustering has finished.";

/** The entries cleaned, or 400 with each bad field as `keywords.<index>.<field>` (the first 20). */
function cleanEntries(raw: readonly RawEntry[]): CleanEntry[] {
  const entries: CleanEntry[] = [];
  const fields: Record<string, string[]> = {};
  let listed = 0;
  raw.forEach((item, index) => {
    const checked = checkEntry(item);
    if (checked.entry) {
      entries.push(checked.entry);
      return;
    }
    for (const { field, message } of checked.problems) {
      if (listed++ < MAX_LISTED_PROBLEMS) (fields[`keywords.${index}.${field}`] ??= []).push(message.charAt(0).toUpperCase() + message.slice(1));
    }
  });
  if (listed > 0) throw new ValidationFailed(fields);
  if (entries.length === 0) throw new ValidationFailed({ keywords: ["No keywords to upload."] });
  return entries;
}

/** 409 while the brand's clustering is open (its job reconciled first): completing, it would write its own map. */
async function assertNoClusteringRunning(tx: RequestContext, brandId: string): Promise<void> {
  const latest = await latestBrandReport(tx, brandId);
  const task = latest ? await currentTask(tx, latest) : null;
  if (task && OPEN_STATUSES.includes(task.status as TaskStatus)) throw new Conflict(CLUSTERING_WOULD_OVERWRITE);
}

export async function uploadMap(ctx: RequestContext, brandId: string, body: { keywords: RawEntry[] }): Promise<StreamedReply> {
  if (body.keywords.length > MAX_UPLOAD_ROWS) throw new PayloadTooLarge(TOO_MANY_ROWS);
  // Everything that needs no database is done before the transaction, which then only writes.
  const { rows, clusterCount, duplicates } = uploadedMapRows(cleanEntries(body.keywords));
  await withTransaction(ctx, async (tx) => {
    // The brand's row lock: a clustering start takes it too, so the two take turns.
    const brand = await findBrand(tx, brandId, true);
    await assertNoClusteringRunning(tx, brandId);
    const source = { brandId, workspaceId: brand.workspaceId, reportId: null, isUploaded: true, dataSource: UPLOADED_DATA_SOURCE };
    await writeTopicalMap(tx, source, clusterCount, rows);
  });
  const { map, brandName } = await findMap(ctx, brandId);
  return mapDetailReply(ctx, map, brandName, false, { duplicates_ignored: duplicates });
}

