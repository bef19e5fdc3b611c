import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "../../platform/db/schema";
import { brands } from "../brands";
import { briefs } from "../briefs";

/** What an article's last drafting left it as; while a task drafts it, it is `in_progress` (machine-state.ts). */
export type ArticleOutcome = "ready" | "draft_done" | "incomplete";

/**
 * An article drafted section by section from a brief, standalone or linked to a hierarchy node
 * (`topic_node`). Its sections live per version (article_sections): a regeneration makes a new
 * version and keeps the previous one readable. Its machine state is derived from its current
 * task and `outcome` (machine-state.ts), as a brief's status is.
 */
export const articles = pgTable(
  "articles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    briefId: uuid("brief_id").references(() => briefs.id, { onDelete: "set null" }),
    topicNode: uuid("topic_node"),
    title: text("title").notNull(),
    additionalDirections: text("additional_directions"),
    editorialState: text("editorial_state").notNull().default("draft"),
    outcome: text("outcome").$type<ArticleOutcome>().notNull().default("ready"),
    /** The version whose sections the article shows now. */
    version: integer("version").notNull().default(1),
    taskId: uuid("task_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("articles_workspace_idx").on(t.workspaceId, t.createdAt), index("articles_brand_idx").on(t.brandId, t.createdAt)],
);

/** One drafting of an article: what it was drafted from and with, and what its specialists added. */
export const articleVersions = pgTable(
  "article_versions",
  {
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    briefId: uuid("brief_id"),
    topicNode: uuid("topic_node"),
    title: text("title").notNull(),
    aiModelId: text("ai_model_id"),
    intent: text("intent").notNull().default("human"),
    /** The specialists enabled for this drafting, after filtering by article type. */
    specialists: jsonb("specialists").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    webResearchMode: text("web_research_mode").notNull().default("basic"),
    articleType: text("article_type").notNull().default("resource"),
    /** Each specialist's output by name, written as each finishes. */
    extras: jsonb("extras").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.version] })],
);

export const articleSections = pgTable(
  "article_sections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    position: integer("position").notNull(),
    heading: text("heading").notNull(),
    level: text("level").notNull().default("h2"),
    subheadings: jsonb("subheadings").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    talkingPoints: jsonb("talking_points").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    wordCountTarget: integer("word_count_target"),
    status: text("status").notNull().default("not_started"),
    aiDraft: text("ai_draft"),
    /** Why a draft needs attention, when it does. */
    problems: jsonb("problems").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("article_sections_position_idx").on(t.articleId, t.version, t.position)],
);

export type ArticleRow = typeof articles.$inferSelect;
export type ArticleSectionRow = typeof articleSections.$inferSelect;
export type ArticleVersionRow = typeof articleVersions.$inferSelect;
