CREATE TABLE "query_serps" (
	"brand_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"keyword" text NOT NULL,
	"results" jsonb NOT NULL,
	"people_also_ask" text[] NOT NULL,
	"related_searches" text[] NOT NULL,
	"ai_overview" jsonb,
	"data_source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "query_serps_brand_id_keyword_pk" PRIMARY KEY("brand_id","keyword")
);
--> statement-breakpoint
ALTER TABLE "query_serps" ADD CONSTRAINT "query_serps_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_serps" ADD CONSTRAINT "query_serps_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;