// What the authority view needs of a map, by keyword: search volume, the brand's positions, its
// AI presence and the keyword's stored slug. Read once per map version and kept: a map changes
// only when a clustering or an upload rewrites it (and then its `version` changes), while the
// authority view is read and toggled often, and 50,000 keyword rows are far more than a request
// should read each time.
import { LRUCache } from "lru-cache";
import type { HasDb } from "../../platform/db/transaction";
import type { AiPresence } from "./brand-presence";
import { mapRowsInPages } from "./row-pages";
import { topicalMapKeywords, type TopicalMapRow } from "./table";

export interface KeywordMetric {
  volume: number;
  /** The brand's organic positions, ascending. */
  positions: readonly number[];
  aio: AiPresence;
  aimode: AiPresence;
  /** The keyword's url_slug as the map stored it (the hierarchy's node slug, without slugging again). */
  slug?: string;
}

interface Cached {
  /** The map version the metrics are of. */
  version: string;
  metrics: ReadonlyMap<string, KeywordMetric>;
}

/** By brand, least recently used out first; a map of 50,000 keywords is a few MB. */
const cache = new LRUCache<string, Cached>({ max: 16 });

/** The map's metrics by keyword (shared between requests: never change it). */
export async function mapMetrics(ctx: HasDb, map: TopicalMapRow): Promise<ReadonlyMap<string, KeywordMetric>> {
  const kept = cache.get(map.brandId);
  if (kept?.version === map.version) return kept.metrics;
  const rows = await mapRowsInPages(map, (page) =>
    ctx.db
      .select({
        keyword: topicalMapKeywords.keyword,
        volume: topicalMapKeywords.searchVolume,
        positions: topicalMapKeywords.brandPositions,
        aio: topicalMapKeywords.aioStatus,
        aimode: topicalMapKeywords.aimodeStatus,
        slug: topicalMapKeywords.urlSlug,
        clusterOrder: topicalMapKeywords.clusterOrder,
        sortOrder: topicalMapKeywords.sortOrder,
      })
      .from(topicalMapKeywords)
      .where(page.where)
      .orderBy(...page.orderBy)
      .limit(page.limit),
  );
  const metrics = new Map<string, KeywordMetric>();
  for (const row of rows) {
    metrics.set(row.keyword, {
      volume: row.volume,
      positions: row.positions,
      aio: row.aio as AiPresence,
      aimode: row.aimode as AiPresence,
      slug: row.slug,
    });
  }
  // Fewer rows than the map counts: the map was rewritten after `map` was read and these rows are
  // being deleted. The request answers with what it read; the next one reads the new version.
  if (rows.length === map.keywordCount) cache.set(map.brandId, { version: map.version, metrics });
  return metrics;
}
