import { pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { brands } from "../brands";

/**
 * The authority view's published toggles: a row per published node of a brand's research tree
 * (docs/conventions.md §8). Keyed by the tree's stable node id, so a toggle survives renames and moves; a
 * node unpublished again loses its row.
 */
export const authorityPublished = pgTable(
  "authority_published",
  {
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    nodeId: uuid("node_id").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.nodeId] })],
);
