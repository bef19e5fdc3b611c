import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { BriefOutline, BriefPartFailure } from "../../providers/generation/types";
import type { PageHeading, PageSourceName } from "../../providers/pages/types";
import { workspaces } from "../../platform/db/schema";
import { brands } from "../brands";

/** What the last completed step of a brief left it as; while a task works on it, the task says more (status.ts). */
export type BriefOutcome = "DRAFT" | "AWAITING_OUTLINE_REVIEW" | "COMPLETE" | "PARTIAL_COMPLETE";

/**
 * A content brief, standalone (`topic_node` null) or linked to a node of the brand's authority
 * hierarchy. Its status is derived: from its current task while one is open or has failed,
 * else from `outcome` (status.ts), so a dead or refunded job can never leave it "processing".
 */
export const briefs = pgTable(
  "briefs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    topicNode: uuid("topic_node"),
    queryText: text("query_text").notNull(),
    outcome: text("outcome").$type<BriefOutcome>().notNull().default("DRAFT"),
    /** The request as sent (and, for authority briefs, the node it was made for). */
    inputParams: jsonb("input_params").$type<Record<string, unknown>>().notNull(),
    resultJson: jsonb("result_json").$type<Record<string, unknown> | null>(),
    curatedBriefJson: jsonb("curated_brief_json").$type<Record<string, unknown> | null>(),
    /**
     * The outline a generation's task wrote before its optional parts, kept so that a retry after
     * a passing fault in a part does not write (and vary) the outline again. Only the task that
     * wrote it reuses it.
     */
    keptOutline: jsonb("kept_outline").$type<{ taskId: string; outline: BriefOutline } | null>(),
    /** Why each optional part the last generation left null is null (a PARTIAL_COMPLETE brief's). */
    partFailures: jsonb("part_failures").$type<Pick<BriefPartFailure, "stage" | "error">[]>().notNull().default(sql`'[]'::jsonb`),
    generatedTitle: text("generated_title").notNull().default(""),
    generatedMetaDescription: text("generated_meta_description").notNull().default(""),
    aiModelId: text("ai_model_id").notNull(),
    /** The task working on the brief now (or last): generation, or the continuation after review. */
    taskId: uuid("task_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("briefs_workspace_idx").on(t.workspaceId, t.createdAt), index("briefs_brand_idx").on(t.brandId, t.createdAt)],
);

export type BriefRow = typeof briefs.$inferSelect;

/**
 * One query's SERP, fetched for a brand so that a standalone brief on a query outside the brand's
 * map has something to be written from (POST /api/v1/briefs/serp-data/). One row per brand and
 * query; a later fetch replaces it.
 */
export const querySerps = pgTable(
  "query_serps",
  {
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The query as canopy stores keywords (trimmed, lowercase). */
    keyword: text("keyword").notNull(),
    results: jsonb("results").$type<QuerySerpResult[]>().notNull(),
    peopleAlsoAsk: text("people_also_ask").array().notNull(),
    relatedSearches: text("related_searches").array().notNull(),
    aiOverview: jsonb("ai_overview").$type<{ text: string; references: { url: string; domain: string; title: string }[] } | null>(),
    dataSource: text("data_source").notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.keyword] })],
);

export interface QuerySerpResult {
  position: number;
  url: string;
  title: string;
  snippet: string;
  domain: string;
}

/**
 * A page that ranks, as it was read (PAGE_SOURCE): kept per workspace and address with its date,
 * so that the briefs of one workspace read a page once a week at most (ranking-pages.ts). The
 * address is the one asked for, not a redirect's target.
 */
export const pageReads = pgTable(
  "page_reads",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** Who read it: a page read by another source is read again, not answered from here. */
    source: text("source").$type<PageSourceName>().notNull(),
    title: text("title").notNull(),
    headings: jsonb("headings").$type<PageHeading[]>().notNull(),
    wordCount: integer("word_count").notNull(),
    text: text("text").notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.url] })],
);
