// Stores a brand's topical map. The map row points at one version of the brand's keyword rows
// (table.ts); readers see only that version. Writing a map is therefore: rows under a new version,
// then the map row pointed at them, then the rows of the version it replaced deleted.
//
// A clustering does all three inside its own completing transaction (writeTopicalMap). An upload
// cannot: on the embedded database a transaction holds the one connection from its first
// statement to its commit, so 50,000 rows written inside one would make every other request wait
// for all of them. It writes its rows in chunks outside any transaction instead (stageMapRows;
// nobody reads them, since no map row points at them), points the map row at them in one short
// transaction (publishMap), and deletes the replaced rows in chunks afterwards (dropMapVersion).
// Other requests' statements run between the chunks, the map changes from the old version to the
// new one at the commit and at no other moment, and an upload that fails before it deletes its
// own rows (dropMapVersion again); rows of one that died meanwhile (a crash) are deleted by a
// later write of the brand's map once they are older than STALE_VERSION_MS.
import type { PGlite } from "@electric-sql/pglite";
import { eq, getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import { copyCsv } from "./copy-csv";
import type { HasDb } from "../../platform/db/transaction";
import { present } from "../../platform/present";
import type { MapKeywordRow } from "./map-rows";
import { firstMapVersionAt, newMapVersion } from "./map-version";
import { topicalMapKeywords, topicalMaps } from "./table";

/**
 * Rows per INSERT (or COPY): one JSON parameter (or CSV blob) of about 150 KB, read by the
 * database with json_populate_recordset (measured 3 to 5 times faster than a row of 28 parameters
 * each), and a few milliseconds of the connection, so that other requests wait behind one chunk at
 * most. The embedded database's COPY took less time per row in chunks of 250 than of 500.
 */
export const ROWS_PER_INSERT = 250;
/** Rows per DELETE of a version's rows: deleting is cheaper than inserting. */
const ROWS_PER_DELETE = 2000;
/** Rows of a version no map points at, older than this, are of an upload that died (no upload takes this long). */
export const STALE_VERSION_MS = 60 * 60 * 1000;

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

const COLUMNS = Object.entries(getTableColumns(topicalMapKeywords)).map(([key, column]) => ({ key, name: column.name }));
const COLUMN_LIST = sql.join(
  COLUMNS.map(({ name }) => sql.identifier(name)),
  sql`, `,
);
const COPY_COLUMN_LIST = COLUMNS.map(({ name }) => `"${name}"`).join(", ");
const COPY_KEYS = COLUMNS.map(({ key }) => key);
const COPY_TABLE = `"${getTableName(topicalMapKeywords)}"`;

/** Writes `rows` under `version` in one statement (the caller keeps it to ROWS_PER_INSERT rows). */
export async function stageMapRows(ctx: HasDb, brandId: string, version: string, rows: readonly MapKeywordRow[]): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map((row) => {
    const values: Record<string, unknown> = { ...row, brandId, version };
    const record: Record<string, unknown> = {};
    for (const { key, name } of COLUMNS) record[name] = values[key];
    return record;
  });
  await ctx.db.execute(
    sql`insert into ${topicalMapKeywords} (${COLUMN_LIST}) select ${COLUMN_LIST} from json_populate_recordset(null::${topicalMapKeywords}, ${JSON.stringify(records)}::json)`,
  );
}

/**
 * The embedded database's stageMapRows: the same rows through `COPY ... FROM '/dev/blob'`, which
 * it reads from a Blob handed with the statement (measured about twice as fast as the JSON
 * insert, most of an upload's writing). Not inside a transaction: it takes the database itself.
 */
export async function copyMapRows(
  pglite: Pick<PGlite, "query">,
  brandId: string,
  version: string,
  rows: readonly MapKeywordRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const text = copyCsv(
    rows.map((row) => ({ ...row, brandId, version })),
    COPY_KEYS,
  );
  await pglite.query(`copy ${COPY_TABLE} (${COPY_COLUMN_LIST}) from '/dev/blob' with (format csv)`, [], { blob: new Blob([text]) });
}

/** Deletes the brand's rows that `which` names, a chunk per statement. */
async function deleteRowsInChunks(ctx: HasDb, brandId: string, which: SQL): Promise<void> {
  for (;;) {
    // `ctid = any(array(...))` finds the chunk's rows by their physical place: no second scan.
    const gone = await ctx.db
      .delete(topicalMapKeywords)
      .where(
        sql`ctid = any(array(select ctid from ${topicalMapKeywords} where ${topicalMapKeywords.brandId} = ${brandId} and ${which} limit ${ROWS_PER_DELETE}))`,
      )
      .returning({ one: sql<number>`1` });
    if (gone.length < ROWS_PER_DELETE) return;
  }
}

/** Deletes the rows of `version`: a replaced map's, or a failed upload's own. */
export async function dropMapVersion(ctx: HasDb, brandId: string, version: string): Promise<void> {
  await deleteRowsInChunks(ctx, brandId, sql`${topicalMapKeywords.version} = ${version}`);
}

/** Deletes rows no map points at that are older than STALE_VERSION_MS (uploads that died); `current` stays. */
export async function dropStaleVersions(ctx: HasDb, brandId: string, current: string, now = Date.now()): Promise<void> {
  const before = firstMapVersionAt(now - STALE_VERSION_MS);
  await deleteRowsInChunks(ctx, brandId, sql`${topicalMapKeywords.version} <> ${current} and ${topicalMapKeywords.version} < ${before}`);
}

export interface Published {
  /** The version replaced (null when the brand had no map): the caller deletes its rows. */
  replaced: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Points the brand's map at `version` (rows already written), inside the caller's transaction. */
export async function publishMap(
  tx: HasDb,
  source: MapSource,
  version: string,
  clusterCount: number,
  keywordCount: number,
): Promise<Published> {
  const { brandId, workspaceId, reportId, isUploaded, dataSource } = source;
  const [previous] = await tx.db
    .select({ version: topicalMaps.version })
    .from(topicalMaps)
    .where(eq(topicalMaps.brandId, brandId))
    .for("update");
  const now = new Date();
  const values = { reportId, isUploaded, dataSource, clusterCount, keywordCount, version };
  const [written] = await tx.db
    .insert(topicalMaps)
    .values({ brandId, workspaceId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: topicalMaps.brandId,
      // `updated_at` tells clients the map changed (readers cache by the version), so a rewrite
      // always moves it forward, even within the millisecond of the last one.
      set: { ...values, updatedAt: sql`greatest(${now.toISOString()}::timestamptz, ${topicalMaps.updatedAt} + interval '1 millisecond')` },
    })
    .returning({ createdAt: topicalMaps.createdAt, updatedAt: topicalMaps.updatedAt });
  // An upsert returns its row whether it inserted or updated.
  const { createdAt, updatedAt } = present(written, "the upserted map");
  return { replaced: previous?.version ?? null, createdAt, updatedAt };
}

/** Writes the whole map inside the caller's transaction (the one that completes a brand clustering). */
export async function writeTopicalMap(tx: HasDb, source: MapSource, clusterCount: number, rows: readonly MapKeywordRow[]): Promise<void> {
  const version = newMapVersion();
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await stageMapRows(tx, source.brandId, version, rows.slice(i, i + ROWS_PER_INSERT));
  const { replaced } = await publishMap(tx, source, version, clusterCount, rows.length);
  if (replaced !== null) await dropMapVersion(tx, source.brandId, replaced);
}
