// The map detail written as it is read: a page of keyword rows at a time, into the JSON document
// (cluster by cluster, the same bytes the response schema would give for the whole document) or
// into CSV rows. A 10,000-keyword map is about 10 MB of JSON; built whole it was held three times
// over (rows, views, text), streamed it is never held at all beyond a page.
//
// The pages are separate queries, not one transaction (a transaction held open while a slow
// client downloads would hold a connection, and on the embedded database every other request).
// Each page reads the rows of the map's version, and only while the map still points at that
// version, so a map rewritten meanwhile (an upload, a clustering), whose old rows are then
// deleted, ends the stream with an error instead of mixing two maps; the client sees a broken
// response, never a wrong one.
import { Readable } from "node:stream";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { HasDb } from "../../platform/db/transaction";
import type { CsvCell } from "../../platform/csv/csv-write";
import { topicalMapKeywords, topicalMaps, type TopicalMapKeywordRow, type TopicalMapRow } from "./table";

/** Rows per query: a few hundred KB of text, and other requests run between pages. */
export const MAP_PAGE_ROWS = 1000;

export class MapChanged extends Error {
  constructor() {
    super("The topical map was rewritten while it was being sent.");
  }
}

/** A keyword entry in the order of the response schema (KeywordEntry). */
export function entryView(row: TopicalMapKeywordRow) {
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

/** The map's keyword rows in map order (cluster, then place in it), a page at a time. */
export async function* mapPages(ctx: HasDb, map: TopicalMapRow): AsyncGenerator<TopicalMapKeywordRow[]> {
  const sameVersion = sql`exists (select 1 from ${topicalMaps} where ${topicalMaps.brandId} = ${map.brandId} and ${topicalMaps.version} = ${map.version})`;
  let after: TopicalMapKeywordRow | null = null;
  let read = 0;
  for (;;) {
    const keyset =
      after === null
        ? undefined
        : sql`(${topicalMapKeywords.clusterOrder}, ${topicalMapKeywords.sortOrder}) > (${after.clusterOrder}, ${after.sortOrder})`;
    const page: TopicalMapKeywordRow[] = await ctx.db
      .select()
      .from(topicalMapKeywords)
      .where(and(eq(topicalMapKeywords.brandId, map.brandId), eq(topicalMapKeywords.version, map.version), keyset, sameVersion))
      .orderBy(asc(topicalMapKeywords.clusterOrder), asc(topicalMapKeywords.sortOrder))
      .limit(MAP_PAGE_ROWS);
    read += page.length;
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (page.length < MAP_PAGE_ROWS || last === undefined) break;
    after = last;
  }
  if (read !== map.keywordCount) throw new MapChanged();
}

/** Each cluster's keyword count by its place in the map (written before the cluster's keywords). */
async function clusterSizes(ctx: HasDb, map: TopicalMapRow): Promise<Map<number, number>> {
  const rows = await ctx.db
    .select({ order: topicalMapKeywords.clusterOrder, n: count() })
    .from(topicalMapKeywords)
    .where(and(eq(topicalMapKeywords.brandId, map.brandId), eq(topicalMapKeywords.version, map.version)))
    .groupBy(topicalMapKeywords.clusterOrder);
  return new Map(rows.map((r) => [r.order, r.n]));
}

export interface DetailHead {
  _meta: Record<string, unknown>;
  brand_id: string;
  brand_name: string;
  is_uploaded: boolean;
  created_at: string;
  updated_at: string;
}

/** The JSON map detail, written cluster by cluster. */
export function mapDetailJson(ctx: HasDb, map: TopicalMapRow, head: DetailHead): Readable {
  async function* chunks() {
    const sizes = await clusterSizes(ctx, map);
    const opening = JSON.stringify(head);
    yield `${opening.slice(0, -1)},"cluster_count":${sizes.size},"clusters":[`;
    let cluster = -1;
    let text = "";
    for await (const page of mapPages(ctx, map)) {
      for (const row of page) {
        if (row.clusterOrder !== cluster) {
          if (cluster !== -1) text += "]},";
          cluster = row.clusterOrder;
          const size = sizes.get(cluster) ?? 0;
          text += `{"id":${JSON.stringify(row.clusterId)},"centroid":${JSON.stringify(row.centroid)},"keyword_count":${size},"keywords":[`;
        } else {
          text += ",";
        }
        text += JSON.stringify(entryView(row));
      }
      yield text;
      text = "";
    }
    yield cluster === -1 ? "]}" : "]}]}";
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The CSV export's columns: the cluster, then every keyword entry field. */
export const MAP_CSV_HEADER = [
  "cluster",
  "centroid",
  "keyword",
  "main_topic",
  "subtopic_2",
  "subtopic_3",
  "subtopic_4",
  "sort_order",
  "search_volume",
  "cpc",
  "competition",
  "has_serp_data",
  "serp_analysis",
  "serp_competitors",
  "serp_freshness",
  "url_slug",
  "content_title",
  "search_intent",
  "buyers_journey",
  "content_type",
  "snippet",
  "similarity",
] as const;

function mapCsvRow(row: TopicalMapKeywordRow): CsvCell[] {
  const entry = entryView(row);
  return [row.clusterId, row.centroid, ...Object.values(entry)];
}

/** The map's rows as CSV rows, a page at a time. */
export async function* mapCsvBatches(ctx: HasDb, map: TopicalMapRow): AsyncGenerator<CsvCell[][]> {
  for await (const page of mapPages(ctx, map)) yield page.map(mapCsvRow);
}
