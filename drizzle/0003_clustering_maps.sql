CREATE TABLE "clustering_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"brand_id" uuid,
	"report_name" text NOT NULL,
	"country" text NOT NULL,
	"location" text,
	"language" text NOT NULL,
	"overlap_percentage" double precision NOT NULL,
	"ai_model_id" text,
	"keywords" jsonb NOT NULL,
	"total_keywords" integer NOT NULL,
	"total_batches" integer NOT NULL,
	"tree_positions" jsonb,
	"task_id" uuid,
	"group_id" uuid NOT NULL,
	"data_source" text NOT NULL,
	"clusters" jsonb,
	"clustered_overlap" double precision,
	"clustered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clustering_serp_data" (
	"report_id" uuid NOT NULL,
	"keyword" text NOT NULL,
	"ok" boolean NOT NULL,
	"error" text,
	"results" jsonb NOT NULL,
	"total_results" bigint NOT NULL,
	"ai_overview" jsonb,
	"ai_mode" jsonb,
	"search_volume" integer NOT NULL,
	"cpc" double precision NOT NULL,
	"competition" double precision NOT NULL,
	"data_source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "clustering_serp_data_report_id_keyword_pk" PRIMARY KEY("report_id","keyword")
);
--> statement-breakpoint
CREATE TABLE "topical_map_keywords" (
	"brand_id" uuid NOT NULL,
	"keyword" text NOT NULL,
	"cluster_id" text NOT NULL,
	"cluster_order" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"centroid" text NOT NULL,
	"node_id" uuid,
	"main_topic" text DEFAULT '' NOT NULL,
	"subtopic_2" text DEFAULT '' NOT NULL,
	"subtopic_3" text DEFAULT '' NOT NULL,
	"subtopic_4" text DEFAULT '' NOT NULL,
	"search_volume" integer NOT NULL,
	"cpc" double precision NOT NULL,
	"competition" double precision NOT NULL,
	"has_serp_data" boolean NOT NULL,
	"serp_analysis" text NOT NULL,
	"serp_competitors" text NOT NULL,
	"serp_freshness" text NOT NULL,
	"url_slug" text NOT NULL,
	"content_title" text NOT NULL,
	"search_intent" text NOT NULL,
	"buyers_journey" text NOT NULL,
	"content_type" text NOT NULL,
	"snippet" text NOT NULL,
	"similarity" double precision NOT NULL,
	CONSTRAINT "topical_map_keywords_brand_id_keyword_pk" PRIMARY KEY("brand_id","keyword")
);
--> statement-breakpoint
CREATE TABLE "topical_maps" (
	"brand_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"report_id" uuid,
	"is_uploaded" boolean DEFAULT false NOT NULL,
	"data_source" text NOT NULL,
	"cluster_count" integer NOT NULL,
	"keyword_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clustering_reports" ADD CONSTRAINT "clustering_reports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clustering_reports" ADD CONSTRAINT "clustering_reports_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clustering_serp_data" ADD CONSTRAINT "clustering_serp_data_report_id_clustering_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."clustering_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topical_map_keywords" ADD CONSTRAINT "topical_map_keywords_brand_id_topical_maps_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."topical_maps"("brand_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topical_maps" ADD CONSTRAINT "topical_maps_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topical_maps" ADD CONSTRAINT "topical_maps_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topical_maps" ADD CONSTRAINT "topical_maps_report_id_clustering_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."clustering_reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clustering_reports_workspace_idx" ON "clustering_reports" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "clustering_reports_brand_idx" ON "clustering_reports" USING btree ("brand_id","updated_at") WHERE "clustering_reports"."brand_id" is not null;--> statement-breakpoint
CREATE INDEX "topical_map_keywords_order_idx" ON "topical_map_keywords" USING btree ("brand_id","cluster_order","sort_order");