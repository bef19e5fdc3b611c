// The rows of a brand's topical map, from its clusters, the stored SERPs and the keywords'
// research-tree positions (docs/conventions.md §8). Pure: the clustering job builds them before the
// transaction that stores them.
import { normalizeUrl, type Cluster, type SerpRow, type TreePosition } from "../clustering";
import { aiPresence, brandPositions, overviewPresence, type BrandIdentity } from "./brand-presence";
import { keywordInsights, urlOverlapSimilarity, type KeywordInsights } from "./keyword-insights";
import type { topicalMapKeywords } from "./table";

/** A keyword row with every column given (the writer sends each one), without the owner's columns. */
export type MapKeywordRow = Omit<typeof topicalMapKeywords.$inferSelect, "brandId" | "version">;

function topUrls(row: SerpRow | undefined): string[] {
  if (!row) return [];
  return [...row.results]
    .sort((a, b) => a.position - b.position)
    .map((r) => normalizeUrl(r.url))
    .filter((url) => url !== "")
    .slice(0, 10);
}

/** The row columns of a keyword's SERP-derived fields. */
export function insightColumns(insights: KeywordInsights) {
  return {
    hasSerpData: insights.has_serp_data,
    serpAnalysis: insights.serp_analysis,
    serpCompetitors: insights.serp_competitors,
    serpFreshness: insights.serp_freshness,
    urlSlug: insights.url_slug,
    contentTitle: insights.content_title,
    searchIntent: insights.search_intent,
    buyersJourney: insights.buyers_journey,
    contentType: insights.content_type,
    snippet: insights.snippet,
  };
}

/** The row columns of a research-tree position (names from the main topic down; "" past its end). */
export function pathColumns(path: readonly string[]) {
  return { mainTopic: path[0] ?? "", subtopic2: path[1] ?? "", subtopic3: path[2] ?? "", subtopic4: path[3] ?? "" };
}

export function buildMapRows(
  clusters: readonly Cluster[],
  serps: ReadonlyMap<string, SerpRow>,
  positions: Readonly<Record<string, TreePosition>>,
  brand: BrandIdentity,
): MapKeywordRow[] {
  const rows: MapKeywordRow[] = [];
  clusters.forEach((cluster, clusterOrder) => {
    const centroidUrls = topUrls(serps.get(cluster.centroid));
    cluster.keywords.forEach((keyword, sortOrder) => {
      const serp = serps.get(keyword);
      const position = positions[keyword];
      const path = position?.path ?? [];
      const insights = keywordInsights({
        keyword,
        serp: serp?.ok
          ? {
              results: serp.results,
              totalResults: serp.totalResults,
              aiOverviewSources: serp.aiOverview ? serp.aiOverview.references.length : 0,
              fetchedAt: serp.fetchedAt,
            }
          : null,
      });
      rows.push({
        keyword,
        clusterId: cluster.id,
        clusterOrder,
        sortOrder,
        centroid: cluster.centroid,
        nodeId: position?.nodeId ?? null,
        ...pathColumns(path),
        searchVolume: serp?.searchVolume ?? 0,
        cpc: serp?.cpc ?? 0,
        competition: serp?.competition ?? 0,
        ...insightColumns(insights),
        similarity: sortOrder === 0 ? 1 : urlOverlapSimilarity(centroidUrls, topUrls(serp)),
        brandPositions: serp?.ok ? brandPositions(serp.results, brand) : [],
        aioStatus: overviewPresence(aiPresence(serp?.ok ? (serp.aiOverview ?? null) : null, brand)),
        aimodeStatus: aiPresence(serp?.ok ? (serp.aiMode ?? null) : null, brand),
      });
    });
  });
  return rows;
}
