-- The rows a map had before versions were written are its version: the nil UUID, on both sides.
ALTER TABLE "topical_map_keywords" ADD COLUMN "version" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL;--> statement-breakpoint
ALTER TABLE "topical_map_keywords" ALTER COLUMN "version" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "topical_maps" ADD COLUMN "version" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL;--> statement-breakpoint
ALTER TABLE "topical_maps" ALTER COLUMN "version" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "topical_map_keywords" DROP CONSTRAINT "topical_map_keywords_brand_id_topical_maps_brand_id_fk";--> statement-breakpoint
DROP INDEX "topical_map_keywords_order_idx";--> statement-breakpoint
ALTER TABLE "topical_map_keywords" DROP CONSTRAINT "topical_map_keywords_brand_id_keyword_pk";--> statement-breakpoint
ALTER TABLE "topical_map_keywords" ADD CONSTRAINT "topical_map_keywords_brand_id_version_keyword_pk" PRIMARY KEY("brand_id","version","keyword");--> statement-breakpoint
ALTER TABLE "topical_map_keywords" ADD CONSTRAINT "topical_map_keywords_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "topical_map_keywords_order_idx" ON "topical_map_keywords" USING btree ("brand_id","version","cluster_order","sort_order");
