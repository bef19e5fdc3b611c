import { doublePrecision, integer, pgTable, primaryKey, text, timestamp, uuid, index } from "drizzle-orm/pg-core";
import type { KeywordSource, SearchIntent } from "../../providers/serp";
import { workspaces } from "../../platform/db/schema";
import { brands } from "../brands";

/**
 * One research record per brand. Every write locks the row, applies a pure operation and stores
 * the result, so concurrent writers queue up instead of overwriting each other; `version` counts
 * the writes and only ever grows (a replaced tree gets the next version too), so (brand, version)
 * names one tree for good, which is what lets a process cache the parsed tree.
 *
 * Storage, measured on the embedded database with a 5,000-node tree (~600 KB of JSON):
 *  - the whole tree as jsonb, read and rewritten per write: ~18 ms to read, ~60 ms to write;
 *  - as text: no jsonb conversion, but TOAST compression still costs ~50 ms per write; with
 *    compression skipped (STORAGE EXTERNAL) ~27 ms, still proportional to the whole tree;
 *  - one row per node: ~12 ms to update 200 rows, but ~100 ms to read a tree back, and a move
 *    or an insertion renumbers siblings.
 * So the tree is kept as a base (`tree`, JSON text of the tree at `base_version`, stored
 * uncompressed) plus one row per later write in `research_tree_changes` holding only the nodes
 * that write changed: a write costs what it changed, not the tree's size. When the changes since
 * the base add up to more than the base itself, the next write stores a new base and drops them,
 * which bounds both the storage and the cost of rebuilding the tree from the database.
 */
export const researchTrees = pgTable(
  "research_trees",
  {
    brandId: uuid("brand_id")
      .primaryKey()
      .references(() => brands.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    coreTopic: text("core_topic").notNull(),
    /** JSON text of the tree (TreeNode[]) as of `base_version`. */
    tree: text("tree").notNull(),
    version: integer("version").notNull().default(1),
    baseVersion: integer("base_version").notNull().default(1),
    /** Bytes of the change rows written since the base. */
    changeBytes: integer("change_bytes").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("research_trees_workspace_idx").on(t.workspaceId, t.updatedAt)],
);

/** The nodes one write changed (JSON text, see tree/changes.ts), turning version - 1 into `version`. */
export const researchTreeChanges = pgTable(
  "research_tree_changes",
  {
    brandId: uuid("brand_id")
      .notNull()
      .references(() => researchTrees.brandId, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    nodes: text("nodes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.version] })],
);

export type ResearchRow = typeof researchTrees.$inferSelect;

/**
 * The brand's keyword universe: every keyword its last generation discovered (or a model proposed
 * and canopy looked up), with where it came from and its metrics. Replaced with the tree by each
 * generation, in the same transaction. Which node a keyword is attached to is not stored: it is
 * read from the tree as it stands, so tree edits move keywords without touching this table.
 */
export const researchKeywords = pgTable(
  "research_keywords",
  {
    brandId: uuid("brand_id")
      .notNull()
      .references(() => researchTrees.brandId, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** keywordMatchKey of the keyword: one row per key. */
    keywordKey: text("keyword_key").notNull(),
    keyword: text("keyword").notNull(),
    /** The first source that found it; `sources` holds them all, in the order they found it. */
    source: text("source").$type<KeywordSource>().notNull(),
    sources: text("sources").array().$type<KeywordSource[]>().notNull(),
    searchVolume: integer("search_volume"),
    cpc: doublePrecision("cpc"),
    competition: doublePrecision("competition"),
    difficulty: integer("difficulty"),
    intent: text("intent").$type<SearchIntent>(),
    /** Who answered the discovery: `dataforseo`, or `offline` (the simulator: nothing in it is real demand). */
    dataSource: text("data_source").notNull(),
    /** Order of discovery rank (most searched first), for a stable default order. */
    rank: integer("rank").notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.keywordKey] }), index("research_keywords_rank_idx").on(t.brandId, t.rank)],
);
