CREATE TABLE "article_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"position" integer NOT NULL,
	"heading" text NOT NULL,
	"level" text DEFAULT 'h2' NOT NULL,
	"subheadings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"talking_points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"word_count_target" integer,
	"status" text DEFAULT 'not_started' NOT NULL,
	"ai_draft" text,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_versions" (
	"article_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"brief_id" uuid,
	"topic_node" uuid,
	"title" text NOT NULL,
	"ai_model_id" text,
	"intent" text DEFAULT 'human' NOT NULL,
	"specialists" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"web_research_mode" text DEFAULT 'basic' NOT NULL,
	"article_type" text DEFAULT 'resource' NOT NULL,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_versions_article_id_version_pk" PRIMARY KEY("article_id","version")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"brief_id" uuid,
	"topic_node" uuid,
	"title" text NOT NULL,
	"additional_directions" text,
	"editorial_state" text DEFAULT 'draft' NOT NULL,
	"outcome" text DEFAULT 'ready' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"task_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_sections" ADD CONSTRAINT "article_sections_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_versions" ADD CONSTRAINT "article_versions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_brief_id_briefs_id_fk" FOREIGN KEY ("brief_id") REFERENCES "public"."briefs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_sections_position_idx" ON "article_sections" USING btree ("article_id","version","position");--> statement-breakpoint
CREATE INDEX "articles_workspace_idx" ON "articles" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "articles_brand_idx" ON "articles" USING btree ("brand_id","created_at");