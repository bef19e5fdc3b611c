// Reading topical maps: summaries, and the detail as it was written (the original research
// data: organizer edits made in the research tree afterwards do not change it), streamed.
import { asc, desc, eq } from "drizzle-orm";
import type { RequestContext } from "../../platform/context";
import type { HasDb } from "../../platform/db/transaction";
import { inWorkspace } from "../../platform/db/workspace";
import { NotFound } from "../../platform/errors";
import { csvReply, StreamedReply } from "../../platform/http/formats";
import { brandNames, findBrand } from "../brands";
import { storedSerpsOf, type SerpRow } from "../clustering";
import { MAP_CSV_HEADER, mapCsvBatches, mapDetailJson } from "./detail-stream";
import { slugify } from "../../platform/text/slug";
import { mapRowsInPages } from "./row-pages";
import { topicalMapKeywords, topicalMaps, type TopicalMapRow } from "./table";

export const MAP_NOT_FOUND = "No topical map found for this brand.";

function summaryView(map: TopicalMapRow, brandName: string) {
  return {
    brand_id: map.brandId,
    brand_name: brandName,
    is_uploaded: map.isUploaded,
    created_at: map.createdAt.toISOString(),
    updated_at: map.updatedAt.toISOString(),
  };
}

/** The maps of the workspace (one per brand at most), newest change first; `brandId` narrows to one. */
export async function listMaps(ctx: RequestContext, brandId?: string) {
  const maps = await ctx.db
    .select()
    .from(topicalMaps)
    .where(inWorkspace(ctx, topicalMaps, brandId === undefined ? undefined : eq(topicalMaps.brandId, brandId)))
    .orderBy(desc(topicalMaps.updatedAt), asc(topicalMaps.brandId));
  const names = await brandNames(
    ctx,
    maps.map((m) => m.brandId),
  );
  return maps.flatMap((m) => {
    const name = names.get(m.brandId);
    return name === undefined ? [] : [summaryView(m, name)];
  });
}

/** The brand's map row, in the workspace; 404 (the brand's own message first) when there is none. */
export async function findMap(ctx: RequestContext, brandId: string): Promise<{ map: TopicalMapRow; brandName: string }> {
  const brand = await findBrand(ctx, brandId);
  const [map] = await ctx.db
    .select()
    .from(topicalMaps)
    .where(inWorkspace(ctx, topicalMaps, eq(topicalMaps.brandId, brandId)));
  if (!map) throw new NotFound(MAP_NOT_FOUND);
  return { map, brandName: brand.brandName };
}

/**
 * The map detail as a stream: JSON in the response schema's shape, or CSV. `meta` adds `_meta`
 * fields of the caller's (the upload says how many duplicates it dropped).
 */
function mapDetailReply(
  ctx: RequestContext,
  map: TopicalMapRow,
  brandName: string,
  csv: boolean,
  meta: Record<string, unknown> = {},
): StreamedReply {
  if (csv) return csvReply(`${slugify(brandName) || "brand"}-map.csv`, MAP_CSV_HEADER, mapCsvBatches(ctx, map));
  return new StreamedReply("application/json; charset=utf-8", (base) =>
    mapDetailJson(ctx, map, { _meta: { ...base, data_source: map.dataSource, ...meta }, ...summaryView(map, brandName) }),
  );
}

export async function mapDetail(ctx: RequestContext, brandId: string, csv: boolean): Promise<StreamedReply> {
  const { map, brandName } = await findMap(ctx, brandId);
  return mapDetailReply(ctx, map, brandName, csv);
}

/**
 * Each keyword of the map's version with its research-tree position as the map recorded it, in
 * map order; fewer than the map counts when it was rewritten meanwhile.
 */
export async function mapKeywordPaths(ctx: HasDb, map: TopicalMapRow): Promise<{ keyword: string; path: string[] }[]> {
  const rows = await mapRowsInPages(map, (page) =>
    ctx.db
      .select({
        keyword: topicalMapKeywords.keyword,
        mainTopic: topicalMapKeywords.mainTopic,
        subtopic2: topicalMapKeywords.subtopic2,
        subtopic3: topicalMapKeywords.subtopic3,
        subtopic4: topicalMapKeywords.subtopic4,
        clusterOrder: topicalMapKeywords.clusterOrder,
        sortOrder: topicalMapKeywords.sortOrder,
      })
      .from(topicalMapKeywords)
      .where(page.where)
      .orderBy(...page.orderBy)
      .limit(page.limit),
  );
  return rows.map((r) => ({ keyword: r.keyword, path: [r.mainTopic, r.subtopic2, r.subtopic3, r.subtopic4] }));
}

/** The stored SERP of `keyword` in the brand's map (the clustering it was written from), or null. */
export async function mapKeywordSerp(ctx: RequestContext, brandId: string, keyword: string): Promise<SerpRow | null> {
  const [map] = await ctx.db
    .select()
    .from(topicalMaps)
    .where(inWorkspace(ctx, topicalMaps, eq(topicalMaps.brandId, brandId)));
  if (!map?.reportId) return null;
  const [serp] = await storedSerpsOf(ctx, map.reportId, [keyword]);
  return serp ?? null;
}
