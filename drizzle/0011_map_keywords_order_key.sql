-- Map keyword rows are keyed by their place in the map (the order readers read them in), not by the keyword text: the text key cost most of a large upload's writing time.
DROP INDEX "topical_map_keywords_order_idx";--> statement-breakpoint
ALTER TABLE "topical_map_keywords" DROP CONSTRAINT "topical_map_keywords_brand_id_version_keyword_pk";--> statement-breakpoint
ALTER TABLE "topical_map_keywords" ADD CONSTRAINT "topical_map_keywords_brand_id_version_cluster_order_sort_order_pk" PRIMARY KEY("brand_id","version","cluster_order","sort_order");