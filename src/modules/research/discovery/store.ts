// The brand's keyword universe in the database: replaced whole by each generation (in the
// transaction that stores its tree), read whole for the keywords view (at most a few thousand rows).
import { asc, eq } from "drizzle-orm";
import type { RequestContext } from "../../../platform/context";
import type { HasDb } from "../../../platform/db/transaction";
import { inWorkspace } from "../../../platform/db/workspace";
import type { UniverseKeyword } from "../organiser";
import { researchKeywords } from "../table";

/** Rows per insert statement: PostgreSQL takes at most 65,535 parameters, 13 a row. */
const INSERT_BATCH = 1000;

export async function replaceUniverse(
  ctx: HasDb,
  {
    brandId,
    workspaceId,
    dataSource,
    universe,
  }: { brandId: string; workspaceId: string; dataSource: string; universe: readonly UniverseKeyword[] },
): Promise<void> {
  await ctx.db.delete(researchKeywords).where(eq(researchKeywords.brandId, brandId));
  const rows = universe.map((k, rank) => ({
    brandId,
    workspaceId,
    keywordKey: k.key,
    keyword: k.keyword,
    source: k.source,
    sources: k.sources,
    searchVolume: k.searchVolume,
    cpc: k.cpc,
    competition: k.competition,
    difficulty: k.difficulty,
    intent: k.intent,
    dataSource,
    rank,
  }));
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await ctx.db.insert(researchKeywords).values(rows.slice(i, i + INSERT_BATCH));
  }
}

export type StoredKeyword = typeof researchKeywords.$inferSelect;

/** The brand's universe in discovery order (most searched first), within the caller's workspace. */
export async function readUniverse(ctx: HasDb & Pick<RequestContext, "workspace">, brandId: string): Promise<StoredKeyword[]> {
  return ctx.db
    .select()
    .from(researchKeywords)
    .where(inWorkspace(ctx, researchKeywords, eq(researchKeywords.brandId, brandId)))
    .orderBy(asc(researchKeywords.rank));
}

/** Who answered the brand's discovery (`dataforseo` or `offline`), or null when its tree was not generated from one. */
export async function universeSource(ctx: HasDb & Pick<RequestContext, "workspace">, brandId: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ dataSource: researchKeywords.dataSource })
    .from(researchKeywords)
    .where(inWorkspace(ctx, researchKeywords, eq(researchKeywords.brandId, brandId)))
    .limit(1);
  return row?.dataSource ?? null;
}
