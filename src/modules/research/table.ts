import { integer, jsonb, pgTable, text, timestamp, uuid, index } from "drizzle-orm/pg-core";
import { workspaces } from "../../platform/db/schema";
import { brands } from "../brands/table";
import type { Tree } from "./tree-types";

/**
 * One research record per brand. The tree is stored whole, as JSON with a stable id per node:
 * every write locks the row, applies a pure operation and stores the result, so concurrent
 * writers queue up instead of overwriting each other; `version` counts the writes.
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
    tree: jsonb("tree").$type<Tree>().notNull(),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("research_trees_workspace_idx").on(t.workspaceId, t.updatedAt)],
);

export type ResearchRow = typeof researchTrees.$inferSelect;
