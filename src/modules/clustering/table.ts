import { sql } from "drizzle-orm";
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "../../platform/db/schema";
import { brands } from "../brands";
import type { Cluster } from "./engine/types";

/** Where a brand-clustering keyword sits in the research tree when the clustering started. */
export interface TreePosition {
  nodeId: string;
  /** Node names from the main topic down (1 to 4 entries). */
  path: string[];
}

/**
 * A clustering report: its keywords, the options it runs with, and its latest clusters. Brand
 * clusterings are reports too (`brand_id` set), keeping their keywords' research-tree positions
 * so the topical map can say where each keyword came from. The report's status is its current
 * task's status (`task_id`): one state, kept by the task runner, the reconciler and the refund.
 */
export const clusteringReports = pgTable(
  "clustering_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    brandId: uuid("brand_id").references(() => brands.id, { onDelete: "cascade" }),
    reportName: text("report_name").notNull(),
    country: text("country").notNull(),
    location: text("location"),
    language: text("language").notNull(),
    overlapPercentage: doublePrecision("overlap_percentage").notNull(),
    aiModelId: text("ai_model_id"),
    /** Trimmed, lowercased, unique, in the order given. */
    keywords: jsonb("keywords").$type<string[]>().notNull(),
    totalKeywords: integer("total_keywords").notNull(),
    totalBatches: integer("total_batches").notNull(),
    treePositions: jsonb("tree_positions").$type<Record<string, TreePosition>>(),
    taskId: uuid("task_id"),
    groupId: uuid("group_id").notNull(),
    /** The SERP provider the report's data comes from (`offline` or `dataforseo`). */
    dataSource: text("data_source").notNull(),
    clusters: jsonb("clusters").$type<Cluster[]>(),
    /** The overlap the stored clusters were computed with. */
    clusteredOverlap: doublePrecision("clustered_overlap"),
    clusteredAt: timestamp("clustered_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("clustering_reports_workspace_idx").on(t.workspaceId, t.createdAt),
    index("clustering_reports_brand_idx").on(t.brandId, t.updatedAt).where(sql`${t.brandId} is not null`),
  ],
);

export interface StoredSerpResult {
  position: number;
  url: string;
  title: string;
  snippet: string;
  domain: string;
}

export interface StoredAiAnswer {
  text: string;
  references: { url: string; domain: string; title: string }[];
}

/** One keyword's SERP and metrics as fetched for a report; recluster reads these, never the provider. */
export const clusteringSerpData = pgTable(
  "clustering_serp_data",
  {
    reportId: uuid("report_id")
      .notNull()
      .references(() => clusteringReports.id, { onDelete: "cascade" }),
    keyword: text("keyword").notNull(),
    /** False when the provider could not give results for this keyword (`error` says why). */
    ok: boolean("ok").notNull(),
    error: text("error"),
    results: jsonb("results").$type<StoredSerpResult[]>().notNull(),
    totalResults: bigint("total_results", { mode: "number" }).notNull(),
    aiOverview: jsonb("ai_overview").$type<StoredAiAnswer | null>(),
    aiMode: jsonb("ai_mode").$type<StoredAiAnswer | null>(),
    /** The SERP's People Also Ask questions and related searches, as the provider gave them. */
    peopleAlsoAsk: text("people_also_ask").array().notNull().default(sql`'{}'::text[]`),
    relatedSearches: text("related_searches").array().notNull().default(sql`'{}'::text[]`),
    searchVolume: integer("search_volume").notNull(),
    cpc: doublePrecision("cpc").notNull(),
    competition: doublePrecision("competition").notNull(),
    dataSource: text("data_source").notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.keyword] })],
);

export type ReportRow = typeof clusteringReports.$inferSelect;
export type SerpRow = typeof clusteringSerpData.$inferSelect;
