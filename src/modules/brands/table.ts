import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "../../platform/db/schema";

export const brands = pgTable(
  "brands",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    brandName: text("brand_name").notNull(),
    websiteUrl: text("website_url"),
    description: text("description"),
    mission: text("mission"),
    vision: text("vision"),
    tagline: text("tagline"),
    targetAudience: text("target_audience"),
    brandVoice: text("brand_voice"),
    values: text("values"),
    marketplace: text("marketplace"),
    marketPosition: text("market_position"),
    keyCompetitors: text("key_competitors"),
    uniqueSellingProposition: text("unique_selling_proposition"),
    // Not a field of the specification's brand: what the brand sells, one entry per product or service.
    productsAndServices: text("products_and_services").array().notNull().default([]),
    brandPersonality: text("brand_personality"),
    brandStory: text("brand_story"),
    language: text("language").notNull().default("en"),
    countryCode: text("country_code"),
    countryName: text("country_name"),
    stage: text("stage").notNull().default("new"),
    contentScope: text("content_scope"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("brands_workspace_idx").on(t.workspaceId, t.createdAt)],
);

export type BrandRow = typeof brands.$inferSelect;
