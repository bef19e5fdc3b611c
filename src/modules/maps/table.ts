import { sql } from "drizzle-orm";
import { boolean, doublePrecision, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "../../platform/db/schema";
import { brands } from "../brands";
import { clusteringReports } from "../clustering";

/**
 * A brand's topical map: written whole when its brand clustering completes, or uploaded, one row
 * per keyword below. `report_id` names the clustering whose stored SERPs the map was built from
 * (the authority view reads rankings and AI presence there). `version` names the keyword rows
 * that are the map: an upload writes its rows under a new version first, unseen, and then points
 * the map at them (writer.ts).
 */
export const topicalMaps = pgTable("topical_maps", {
  brandId: uuid("brand_id")
    .primaryKey()
    .references(() => brands.id, { onDelete: "cascade" }),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  reportId: uuid("report_id").references(() => clusteringReports.id, { onDelete: "set null" }),
  isUploaded: boolean("is_uploaded").notNull().default(false),
  dataSource: text("data_source").notNull(),
  clusterCount: integer("cluster_count").notNull(),
  keywordCount: integer("keyword_count").notNull(),
  version: uuid("version").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * One keyword of a map: its cluster, metrics, SERP-derived fields and research-tree position.
 * Only the rows of the map's `version` are the map; rows of another version are an upload being
 * written (or one that died before it could remove them). They belong to the brand, not to the
 * map row, because a brand's first upload writes them before the map row exists.
 */
export const topicalMapKeywords = pgTable(
  "topical_map_keywords",
  {
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    version: uuid("version").notNull(),
    keyword: text("keyword").notNull(),
    clusterId: text("cluster_id").notNull(),
    /** The cluster's place in the map (centroid order) and the keyword's place in its cluster. */
    clusterOrder: integer("cluster_order").notNull(),
    sortOrder: integer("sort_order").notNull(),
    centroid: text("centroid").notNull(),
    /** The research-tree node the keyword came from (stable across organizer edits); null when unknown. */
    nodeId: uuid("node_id"),
    mainTopic: text("main_topic").notNull().default(""),
    subtopic2: text("subtopic_2").notNull().default(""),
    subtopic3: text("subtopic_3").notNull().default(""),
    subtopic4: text("subtopic_4").notNull().default(""),
    searchVolume: integer("search_volume").notNull(),
    cpc: doublePrecision("cpc").notNull(),
    competition: doublePrecision("competition").notNull(),
    hasSerpData: boolean("has_serp_data").notNull(),
    serpAnalysis: text("serp_analysis").notNull(),
    serpCompetitors: text("serp_competitors").notNull(),
    serpFreshness: text("serp_freshness").notNull(),
    urlSlug: text("url_slug").notNull(),
    contentTitle: text("content_title").notNull(),
    searchIntent: text("search_intent").notNull(),
    buyersJourney: text("buyers_journey").notNull(),
    contentType: text("content_type").notNull(),
    snippet: text("snippet").notNull(),
    similarity: doublePrecision("similarity").notNull(),
    /** The brand's organic positions for the keyword, ascending (brand-presence.ts), as of the map's SERPs. */
    brandPositions: integer("brand_positions").array().notNull().default(sql`'{}'::integer[]`),
    /** The brand in the keyword's AI Overview and AI Mode answers (AiPresence). */
    aioStatus: text("aio_status").notNull().default("N/A"),
    aimodeStatus: text("aimode_status").notNull().default("N/A"),
  },
  // Keyed by the keyword's place in the map, which is also the order every reader reads in (a
  // map's rows, a keyset page of them, its clusters counted). A key on the keyword text cost an
  // upload of 50,000 rows most of its writing time; a keyword is once in a map all the same,
  // because both writers place each keyword once (an upload drops repeats, a clustering puts a
  // keyword in one cluster).
  (t) => [primaryKey({ columns: [t.brandId, t.version, t.clusterOrder, t.sortOrder] })],
);

export type TopicalMapRow = typeof topicalMaps.$inferSelect;
export type TopicalMapKeywordRow = typeof topicalMapKeywords.$inferSelect;
