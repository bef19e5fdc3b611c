// Reading and writing research trees as table.ts stores them: a base tree plus the changes of the
// writes since, with the parsed tree of each recently used brand kept in this process.
import { eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { onCommit, type HasDb } from "../../platform/db/transaction";
import { present } from "../../platform/present";
import { researchTreeChanges, researchTrees } from "./table";
import { freezeTree, TreeCache } from "./tree/cache";
import { applyChanges, changeBetween, decodeChange, encodeChange } from "./tree/changes";
import type { Tree } from "./tree/types";

/** Eight trees of 5,000 nodes take some tens of MB. */
// Trees of a few MB each at most, a few dozen of the usual hundreds of nodes within the bound.
const trees = new TreeCache(32 * 1024 * 1024);

// The record without its base tree, plus the base's size (read from the value's header, not the value).
const { tree: _tree, ...recordColumns } = getTableColumns(researchTrees);
const RECORD = { ...recordColumns, baseBytes: sql<number>`octet_length(${researchTrees.tree})`.mapWith(Number) };

export type ResearchRecord = { [K in keyof typeof recordColumns]: (typeof researchTrees.$inferSelect)[K] } & { baseBytes: number };

/**
 * The stored changes after `version`, oldest first, read in the same statement as the row.
 * Written out with qualified names: Drizzle leaves columns unqualified in a one-table select,
 * and inside the subquery `brand_id` would then name the changes' own column.
 */
function changesAfter(version: "base" | number) {
  const after = version === "base" ? sql.raw(`"research_trees"."base_version"`) : sql`${version}`;
  return sql<string[]>`coalesce((select array_agg(c.nodes order by c.version) from research_tree_changes c
    where c.brand_id = "research_trees"."brand_id" and c.version > ${after}), '{}')`;
}

/** Freezes `tree` now (the caller may share it at once) and keeps it once the transaction has committed. */
function remember(ctx: HasDb, brandId: string, version: number, tree: Tree): void {
  freezeTree(tree);
  onCommit(ctx, () => trees.set(brandId, version, tree));
}

/**
 * Builds the tree of a record read a moment ago. Each query below reads the row together with
 * the changes it needs, so what it returns is consistent even if a write has happened since the
 * record was read; the record returned is the one that goes with the tree.
 */
async function load(ctx: HasDb, record: ResearchRecord): Promise<{ record: ResearchRecord; tree: Tree } | null> {
  const cached = trees.latest(record.brandId);
  if (cached !== null && cached.version >= record.baseVersion && cached.version < record.version) {
    const [row] = await ctx.db
      .select({ ...RECORD, changes: changesAfter(cached.version) })
      .from(researchTrees)
      .where(eq(researchTrees.brandId, record.brandId));
    // A write may have stored a new base meanwhile and dropped the changes: then read it whole.
    if (row !== undefined && row.baseVersion <= cached.version && row.changes.length === row.version - cached.version) {
      const { changes, ...fresh } = row;
      const tree = applyChanges(cached.tree, changes.map(decodeChange));
      remember(ctx, fresh.brandId, fresh.version, tree);
      return { record: fresh, tree };
    }
  }
  const whole = await loadWhole(ctx, record.brandId);
  if (whole !== null) remember(ctx, whole.record.brandId, whole.record.version, whole.tree);
  return whole; // null: deleted (with its brand) since the record was read
}

/** The brand's record and tree built from the database alone (this process's cache not used), or null. */
export async function loadWhole(ctx: HasDb, brandId: string): Promise<{ record: ResearchRecord; tree: Tree } | null> {
  const [row] = await ctx.db
    .select({ ...RECORD, base: researchTrees.tree, changes: changesAfter("base") })
    .from(researchTrees)
    .where(eq(researchTrees.brandId, brandId));
  if (row === undefined) return null;
  const { base, changes, ...record } = row;
  if (changes.length !== record.version - record.baseVersion) {
    throw new Error(
      `research record ${brandId} has ${changes.length} stored changes for versions ${record.baseVersion} to ${record.version}`,
    );
  }
  return { record, tree: applyChanges(JSON.parse(base) as Tree, changes.map(decodeChange)) };
}

/**
 * The research record matching `where` and its tree, or null. With `lock` the row is locked for
 * the caller's transaction and the tree is the one a write applies to. `also`: more values to
 * read in the same statement (a check that would otherwise cost a statement of its own).
 *
 * The tree may be shared with other requests: it is frozen, never to be changed in place.
 */
export async function readResearch<A extends Record<string, SQL>>(
  ctx: HasDb,
  where: SQL,
  options: { lock?: boolean; also?: A } = {},
): Promise<{ record: ResearchRecord; tree: Tree; also: { [K in keyof A]: A[K]["_"]["type"] } } | null> {
  const extra = options.also ?? ({} as A);
  const query = ctx.db
    .select({ ...extra, ...RECORD })
    .from(researchTrees)
    .where(where);
  const [row] = options.lock ? await query.for("update") : await query;
  if (row === undefined) return null;
  const values = row as Record<string, unknown>;
  const record = Object.fromEntries(Object.keys(RECORD).map((key) => [key, values[key]])) as ResearchRecord;
  const also = Object.fromEntries(Object.keys(extra).map((key) => [key, values[key]])) as { [K in keyof A]: A[K]["_"]["type"] };
  const tree = trees.get(record.brandId, record.version);
  if (tree !== null) return { record, tree, also };
  const loaded = await load(ctx, record);
  return loaded === null ? null : { ...loaded, also };
}

/**
 * Stores `after`, the tree that a write made of `before`, the tree of `record` (locked by
 * readResearch in this transaction). Stores the nodes that changed, or a new base when the
 * changes since the last one would outweigh it. One statement either way: on the embedded
 * database every statement is a round trip through the engine.
 */
export async function storeEdit(ctx: HasDb, record: ResearchRecord, before: Tree, after: Tree): Promise<void> {
  const version = record.version + 1;
  const brandId = record.brandId;
  const change = encodeChange(changeBetween(before, after));
  const bytes = Buffer.byteLength(change);
  const now = new Date().toISOString();
  if (record.changeBytes + bytes > record.baseBytes) {
    await ctx.db.execute(sql`with dropped as (delete from ${researchTreeChanges} where brand_id = ${brandId})
      update ${researchTrees} set tree = ${JSON.stringify(after)}, version = ${version}, base_version = ${version},
        change_bytes = 0, updated_at = ${now}::timestamptz
      where brand_id = ${brandId}`);
  } else {
    await ctx.db.execute(sql`with added as (insert into ${researchTreeChanges} (brand_id, version, nodes) values (${brandId}, ${version}, ${change}))
      update ${researchTrees} set version = ${version}, change_bytes = ${record.changeBytes + bytes}, updated_at = ${now}::timestamptz
      where brand_id = ${brandId}`);
  }
  remember(ctx, brandId, version, after);
}

/**
 * Replaces (or creates) the brand's tree, as an import or a generation does. The version goes on
 * counting from the replaced tree's, so no process mistakes its cached tree for the new one.
 */
export async function replaceTree(
  ctx: HasDb,
  input: { brandId: string; workspaceId: string; coreTopic: string; tree: Tree },
): Promise<ResearchRecord> {
  const base = JSON.stringify(input.tree);
  const next = sql`${researchTrees.version} + 1`;
  const [record] = await ctx.db
    .insert(researchTrees)
    .values({ brandId: input.brandId, workspaceId: input.workspaceId, coreTopic: input.coreTopic, tree: base })
    .onConflictDoUpdate({
      target: researchTrees.brandId,
      set: { coreTopic: input.coreTopic, tree: base, version: next, baseVersion: next, changeBytes: 0, updatedAt: new Date() },
    })
    .returning(RECORD);
  // An upsert returns its row whether it inserted or updated.
  const stored = present(record, "the upserted research tree");
  await ctx.db.delete(researchTreeChanges).where(eq(researchTreeChanges.brandId, input.brandId));
  remember(ctx, input.brandId, stored.version, input.tree);
  return stored;
}
