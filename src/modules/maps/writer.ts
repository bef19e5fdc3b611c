// Stores a brand's topical map: the map row and its keyword rows, replaced whole, inside the
// caller's transaction (the one that completes the brand clustering, or the upload's).
import { eq, sql } from "drizzle-orm";
import type { HasDb } from "../../platform/db/transaction";
import type { MapKeywordRow } from "./map-rows";
import { topicalMapKeywords, topicalMaps } from "./table";

/** Rows per INSERT: 26 columns each keeps a statement well under PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 1000;

/** What the map row says about where the map came from. */
export interface MapSource {
  brandId: string;
  workspaceId: string;
  /** The clustering whose stored SERPs the map was built from; null for an upload. */
  reportId: string | null;
  isUploaded: boolean;
  /** `offline` or `dataforseo` for a clustering's map, `uploaded` for an upload. */
  dataSource: string;
}

export async function writeTopicalMap(tx: HasDb, source: MapSource, clusterCount: number, rows: readonly MapKeywordRow[]): Promise<void> {
  const { brandId, workspaceId, reportId, isUploaded, dataSource } = source;
  const now = new Date();
  const values = { reportId, isUploaded, dataSource, clusterCount, keywordCount: rows.length };
  await tx.db
    .insert(topicalMaps)
    .values({ brandId, workspaceId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: topicalMaps.brandId,
      // `updated_at` names the map's version (readers cache by it, streamed reads check it), so a
      // rewrite always moves it forward, even within the millisecond of the last one.
      set: { ...values, updatedAt: sql`greatest(${now.toISOString()}::timestamptz, ${topicalMaps.updatedAt} + interval '1 millisecond')` },
    });
  await tx.db.delete(topicalMapKeywords).where(eq(topicalMapKeywords.brandId, brandId));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await tx.db.insert(topicalMapKeywords).values(rows.slice(i, i + ROWS_PER_INSERT).map((row) => ({ ...row, brandId })));
  }
}
