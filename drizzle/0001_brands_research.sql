CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"brand_name" text NOT NULL,
	"website_url" text,
	"description" text,
	"mission" text,
	"vision" text,
	"tagline" text,
	"target_audience" text,
	"brand_voice" text,
	"values" text,
	"marketplace" text,
	"market_position" text,
	"key_competitors" text,
	"unique_selling_proposition" text,
	"brand_personality" text,
	"brand_story" text,
	"language" text DEFAULT 'en' NOT NULL,
	"country_code" text,
	"country_name" text,
	"stage" text DEFAULT 'new' NOT NULL,
	"content_scope" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_trees" (
	"brand_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"core_topic" text NOT NULL,
	"tree" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_trees" ADD CONSTRAINT "research_trees_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_trees" ADD CONSTRAINT "research_trees_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brands_workspace_idx" ON "brands" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "research_trees_workspace_idx" ON "research_trees" USING btree ("workspace_id","updated_at");