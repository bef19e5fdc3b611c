// Stores a brand's topical map: the map row and its keyword rows, replaced whole, inside the
// transaction that completes the brand clustering.
import { eq } from "drizzle-orm";
import type { HasDb } from "../../platform/db/transaction";
import type { ReportRow } from "../clustering/table";
import type { MapKeywordRow } from "./map-rows";
import { topicalMapKeywords, topicalMaps } from "./table";

/** Rows per INSERT: 26 columns each keeps a statement well under PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 1000;

export async function writeTopicalMap(tx: HasDb, report: ReportRow, clusterCount: number, rows: readonly MapKeywordRow[]): Promise<void> {
  const brandId = report.brandId!;
  const now = new Date();
  const values = { reportId: report.id, isUploaded: false, dataSource: report.dataSource, clusterCount, keywordCount: rows.length, updatedAt: now };
  await tx.db
    .insert(topicalMaps)
    .values({ brandId, workspaceId: report.workspaceId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: topicalMaps.brandId, set: values });
  await tx.db.delete(topicalMapKeywords).where(eq(topicalMapKeywords.brandId, brandId));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await tx.db.insert(topicalMapKeywords).values(rows.slice(i, i + ROWS_PER_INSERT).map((row) => ({ ...row, brandId })));
  }
}
