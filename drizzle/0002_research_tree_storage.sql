CREATE TABLE "research_tree_changes" (
	"brand_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"nodes" text NOT NULL,
	CONSTRAINT "research_tree_changes_brand_id_version_pk" PRIMARY KEY("brand_id","version")
);
--> statement-breakpoint
ALTER TABLE "research_trees" ALTER COLUMN "tree" SET DATA TYPE text USING "tree"::text;--> statement-breakpoint
ALTER TABLE "research_trees" ADD COLUMN "base_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "research_trees" ADD COLUMN "change_bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "research_trees" SET "base_version" = "version";--> statement-breakpoint
ALTER TABLE "research_tree_changes" ADD CONSTRAINT "research_tree_changes_brand_id_research_trees_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."research_trees"("brand_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Trees and their changes are written far more often than TOAST compression pays for: keep them uncompressed.
ALTER TABLE "research_trees" ALTER COLUMN "tree" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "research_tree_changes" ALTER COLUMN "nodes" SET STORAGE EXTERNAL;
