// A map version's keyword rows read a page per query, in map order (the table's key). On the
// embedded database a statement runs in this thread: one statement of 50,000 rows held every
// other request for over half a second, while each page of a few thousand rows holds them for a
// few tens of milliseconds, and they run between pages.
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { topicalMapKeywords, type TopicalMapRow } from "./table";

/** Rows per query: a few tens of milliseconds of the embedded database's work. */
const PAGE_ROWS = 2000;

/** A row's place in the map, which the next page starts after. */
interface Placed {
  clusterOrder: number;
  sortOrder: number;
}

/**
 * Every row of `map`'s version, as `readPage` selects it (with its place), in map order. A map
 * rewritten meanwhile has its old rows deleted: the caller sees fewer rows than the map counts.
 */
export async function mapRowsInPages<R extends Placed>(
  map: TopicalMapRow,
  readPage: (query: { where: SQL | undefined; orderBy: SQL[]; limit: number }) => Promise<R[]>,
): Promise<R[]> {
  const rows: R[] = [];
  let after: Placed | undefined;
  for (;;) {
    const keyset = after
      ? sql`(${topicalMapKeywords.clusterOrder}, ${topicalMapKeywords.sortOrder}) > (${after.clusterOrder}, ${after.sortOrder})`
      : undefined;
    const page = await readPage({
      where: and(eq(topicalMapKeywords.brandId, map.brandId), eq(topicalMapKeywords.version, map.version), keyset),
      orderBy: [asc(topicalMapKeywords.clusterOrder), asc(topicalMapKeywords.sortOrder)],
      limit: PAGE_ROWS,
    });
    for (const row of page) rows.push(row);
    after = page.at(-1);
    if (page.length < PAGE_ROWS || !after) return rows;
  }
}
