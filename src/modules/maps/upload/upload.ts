// Uploading a topical map made with another tool: the keywords (JSON, or CSV decoded into the
// same shape by csv.ts) checked, clustered by their labels (map.ts) and written,
// replacing the brand's map whole or not at all. The rows are written in chunks before the short
// transaction that makes them the map (writer.ts says why), and the work between the chunks
// gives the event loop a turn, so that other requests are served while 50,000 rows go in.
import { setImmediate as nextTurn } from "node:timers/promises";
import type { RequestContext } from "../../../platform/context";
import { withTransaction } from "../../../platform/db/transaction";
import { Conflict, PayloadTooLarge, ValidationFailed } from "../../../platform/errors";
import { OPEN_STATUSES, type TaskStatus } from "../../../platform/tasks/tasks";
import { findBrand } from "../../brands";
import { latestBrandReport, currentTask } from "../../clustering";
import { checkedEntries } from "./checked-entries";
import type { MapKeywordRow } from "../map-rows";
import { newMapVersion } from "../map-version";
import { MAX_LISTED_PROBLEMS, TOO_MANY_ROWS } from "./csv";
import { checkEntry, MAX_UPLOAD_ROWS, type CleanEntry, type RawEntry } from "./entries";
import { planUploadedMap, uploadedRow } from "./map";
import { copyMapRows, dropMapVersion, dropStaleVersions, publishMap, ROWS_PER_INSERT, stageMapRows } from "../writer";

const UPLOADED_DATA_SOURCE = "uploaded";
export const CLUSTERING_WOULD_OVERWRITE =
  "A clustering of this brand is in progress and would overwrite the uploaded map; upload it when the clustering has finished.";

/** Entries checked between two turns of the event loop (a few milliseconds of work). */
const ENTRIES_PER_TURN = 2000;

/** What the upload answers: the map's summary and what was read, not the map itself. */
export interface UploadSummary {
  /** The route adds `description`. */
  _meta: { data_source: string };
  brand_id: string;
  brand_name: string;
  is_uploaded: true;
  created_at: string;
  updated_at: string;
  cluster_count: number;
  keyword_count: number;
  rows_read: number;
  duplicates_ignored: number;
}

/** The entries cleaned, or 400 with each bad field as `keywords.<index>.<field>` (the first 20). */
async function cleanEntries(raw: readonly RawEntry[]): Promise<readonly CleanEntry[]> {
  const entries: CleanEntry[] = [];
  const fields: Record<string, string[]> = {};
  let listed = 0;
  for (const [index, rawEntry] of raw.entries()) {
    if (index > 0 && index % ENTRIES_PER_TURN === 0) await nextTurn();
    const checked = checkEntry(rawEntry);
    if (checked.entry) {
      entries.push(checked.entry);
      continue;
    }
    for (const { field, message } of checked.problems) {
      if (listed++ < MAX_LISTED_PROBLEMS) {
        const key = `keywords.${index}.${field}`;
        fields[key] ??= [];
        fields[key].push(message.charAt(0).toUpperCase() + message.slice(1));
      }
    }
  }
  if (listed > 0) throw new ValidationFailed(fields);
  if (entries.length === 0) throw new ValidationFailed({ keywords: ["No keywords to upload."] });
  return entries;
}

/** 409 while the brand's clustering is open (its job reconciled first): completing, it would write its own map. */
async function assertNoClusteringRunning(ctx: RequestContext, brandId: string): Promise<void> {
  const latest = await latestBrandReport(ctx, brandId);
  const task = latest ? await currentTask(ctx, latest) : null;
  if (task && OPEN_STATUSES.includes(task.status as TaskStatus)) throw new Conflict(CLUSTERING_WOULD_OVERWRITE);
}

/** How a chunk of the upload's rows is written: a bulk COPY on the embedded database, a JSON insert on a server. */
function rowWriter(ctx: RequestContext, brandId: string, version: string): (rows: readonly MapKeywordRow[]) => Promise<void> {
  const { database } = ctx.platform;
  if (database.kind === "pglite") return (rows) => copyMapRows(database.pglite, brandId, version, rows);
  return (rows) => stageMapRows(ctx, brandId, version, rows);
}

export async function uploadMap(ctx: RequestContext, brandId: string, body: { keywords: RawEntry[] }): Promise<UploadSummary> {
  if (body.keywords.length > MAX_UPLOAD_ROWS) throw new PayloadTooLarge(TOO_MANY_ROWS);
  const plan = planUploadedMap(checkedEntries(body.keywords) ?? (await cleanEntries(body.keywords)));
  // Checked before the rows are written, so that a refusal costs no writing; checked again below
  // where it counts, in the transaction that makes the rows the map.
  const brand = await findBrand(ctx, brandId);
  await assertNoClusteringRunning(ctx, brandId);

  const version = newMapVersion();
  const writeRows = rowWriter(ctx, brandId, version);
  const source = { brandId, workspaceId: brand.workspaceId, reportId: null, isUploaded: true, dataSource: UPLOADED_DATA_SOURCE };
  let published: Awaited<ReturnType<typeof publishMap>>;
  try {
    for (let i = 0; i < plan.placed.length; i += ROWS_PER_INSERT) {
      // Each statement waits for a turn of the event loop on the embedded database; this turn is for the rows' building.
      if (i > 0) await nextTurn();
      await writeRows(plan.placed.slice(i, i + ROWS_PER_INSERT).map(uploadedRow));
    }
    published = await withTransaction(ctx, async (tx) => {
      // The brand's row lock: a clustering start takes it too, so the two take turns.
      await findBrand(tx, brandId, true);
      await assertNoClusteringRunning(tx, brandId);
      return publishMap(tx, source, version, plan.clusterCount, plan.placed.length);
    });
  } catch (err) {
    // The written rows were never the map; they go. A brand deleted meanwhile took them with it
    // (and its foreign key is what stopped the writing): that is the brand's 404, not a 500.
    await dropMapVersion(ctx, brandId, version);
    await findBrand(ctx, brandId);
    throw err;
  }
  if (published.replaced !== null) await dropMapVersion(ctx, brandId, published.replaced);
  await dropStaleVersions(ctx, brandId, version);
  return {
    _meta: { data_source: UPLOADED_DATA_SOURCE },
    brand_id: brandId,
    brand_name: brand.brandName,
    is_uploaded: true,
    created_at: published.createdAt.toISOString(),
    updated_at: published.updatedAt.toISOString(),
    cluster_count: plan.clusterCount,
    keyword_count: plan.placed.length,
    rows_read: body.keywords.length,
    duplicates_ignored: plan.duplicates,
  };
}
