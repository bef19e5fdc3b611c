CREATE TABLE "research_keywords" (
	"brand_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"keyword_key" text NOT NULL,
	"keyword" text NOT NULL,
	"source" text NOT NULL,
	"sources" text[] NOT NULL,
	"search_volume" integer,
	"cpc" double precision,
	"competition" double precision,
	"difficulty" integer,
	"intent" text,
	"data_source" text NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "research_keywords_brand_id_keyword_key_pk" PRIMARY KEY("brand_id","keyword_key")
);
--> statement-breakpoint
ALTER TABLE "research_keywords" ADD CONSTRAINT "research_keywords_brand_id_research_trees_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."research_trees"("brand_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_keywords" ADD CONSTRAINT "research_keywords_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "research_keywords_rank_idx" ON "research_keywords" USING btree ("brand_id","rank");