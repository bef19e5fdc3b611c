CREATE TABLE "page_reads" (
	"workspace_id" uuid NOT NULL,
	"url" text NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"headings" jsonb NOT NULL,
	"word_count" integer NOT NULL,
	"text" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "page_reads_workspace_id_url_pk" PRIMARY KEY("workspace_id","url")
);
--> statement-breakpoint
ALTER TABLE "clustering_serp_data" ADD COLUMN "people_also_ask" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "clustering_serp_data" ADD COLUMN "related_searches" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "page_reads" ADD CONSTRAINT "page_reads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;