CREATE TABLE "authority_published" (
	"brand_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "authority_published_brand_id_node_id_pk" PRIMARY KEY("brand_id","node_id")
);
--> statement-breakpoint
ALTER TABLE "topical_map_keywords" ADD COLUMN "brand_positions" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "topical_map_keywords" ADD COLUMN "aio_status" text DEFAULT 'N/A' NOT NULL;--> statement-breakpoint
ALTER TABLE "topical_map_keywords" ADD COLUMN "aimode_status" text DEFAULT 'N/A' NOT NULL;--> statement-breakpoint
ALTER TABLE "authority_published" ADD CONSTRAINT "authority_published_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;