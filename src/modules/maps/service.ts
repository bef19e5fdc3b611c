// Reading topical maps: summaries, and the detail as it was written (the original research
// data: organizer edits made in the research tree afterwards do not change it).
import { asc, desc, eq } from "drizzle-orm";
import type { RequestContext } from "../../platform/context";
import { inWorkspace } from "../../platform/db/workspace";
import { NotFound } from "../../platform/http/errors";
import { brandNames, findBrand } from "../brands/service";
import { storedSerpsOf } from "../clustering/reports";
import type { SerpRow } from "../clustering/table";
import { topicalMapKeywords, topicalMaps, type TopicalMapKeywordRow, type TopicalMapRow } from "./table";

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
  const names = await brandNames(ctx, maps.map((m) => m.brandId));
  return maps.filter((m) => names.has(m.brandId)).map((m) => summaryView(m, names.get(m.brandId)!));
}

/** The brand's map row, in the workspace; 404 (the brand's own message first) when there is none. */
export async function findMap(ctx: RequestContext, brandId: string): Promise<{ map: TopicalMapRow; brandName: string }> {
  const brand = await findBrand(ctx, brandId);
  const [map] = await ctx.db.select().from(topicalMaps).where(inWorkspace(ctx, topicalMaps, eq(topicalMaps.brandId, brandId)));
  if (!map) throw new NotFound(MAP_NOT_FOUND);
  return { map, brandName: brand.brandName };
}

function entryView(row: TopicalMapKeywordRow) {
  return {
    keyword: row.keyword,
    main_topic: row.mainTopic,
    subtopic_2: row.subtopic2,
    subtopic_3: row.subtopic3,
    subtopic_4: row.subtopic4,
    sort_order: row.sortOrder,
    search_volume: row.searchVolume,
    cpc: row.cpc,
    competition: row.competition,
    has_serp_data: row.hasSerpData,
    serp_analysis: row.serpAnalysis,
    serp_competitors: row.serpCompetitors,
    serp_freshness: row.serpFreshness,
    url_slug: row.urlSlug,
    content_title: row.contentTitle,
    search_intent: row.searchIntent,
    buyers_journey: row.buyersJourney,
    content_type: row.contentType,
    snippet: row.snippet,
    similarity: row.similarity,
  };
}

export async function mapDetail(ctx: RequestContext, brandId: string) {
  const { map, brandName } = await findMap(ctx, brandId);
  const rows = await ctx.db
    .select()
    .from(topicalMapKeywords)
    .where(eq(topicalMapKeywords.brandId, brandId))
    .orderBy(asc(topicalMapKeywords.clusterOrder), asc(topicalMapKeywords.sortOrder));
  const clusters: { id: string; centroid: string; keyword_count: number; keywords: ReturnType<typeof entryView>[] }[] = [];
  for (const row of rows) {
    let cluster = clusters[clusters.length - 1];
    if (!cluster || cluster.id !== row.clusterId) {
      cluster = { id: row.clusterId, centroid: row.centroid, keyword_count: 0, keywords: [] };
      clusters.push(cluster);
    }
    cluster.keywords.push(entryView(row));
    cluster.keyword_count++;
  }
  return { _meta: { data_source: map.dataSource }, ...summaryView(map, brandName), cluster_count: clusters.length, clusters };
}

/** Each keyword of the map with its research-tree position as the map recorded it, in map order. */
export async function mapKeywordPaths(ctx: RequestContext, brandId: string): Promise<{ keyword: string; path: string[] }[]> {
  const rows = await ctx.db
    .select({
      keyword: topicalMapKeywords.keyword,
      mainTopic: topicalMapKeywords.mainTopic,
      subtopic2: topicalMapKeywords.subtopic2,
      subtopic3: topicalMapKeywords.subtopic3,
      subtopic4: topicalMapKeywords.subtopic4,
    })
    .from(topicalMapKeywords)
    .where(eq(topicalMapKeywords.brandId, brandId))
    .orderBy(asc(topicalMapKeywords.clusterOrder), asc(topicalMapKeywords.sortOrder));
  return rows.map((r) => ({ keyword: r.keyword, path: [r.mainTopic, r.subtopic2, r.subtopic3, r.subtopic4] }));
}

/** The stored SERP of `keyword` in the brand's map (the clustering it was written from), or null. */
export async function mapKeywordSerp(ctx: RequestContext, brandId: string, keyword: string): Promise<SerpRow | null> {
  const [map] = await ctx.db.select().from(topicalMaps).where(inWorkspace(ctx, topicalMaps, eq(topicalMaps.brandId, brandId)));
  if (!map?.reportId) return null;
  const [serp] = await storedSerpsOf(ctx, map.reportId, [keyword]);
  return serp ?? null;
}
