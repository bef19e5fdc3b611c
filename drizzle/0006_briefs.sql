CREATE TABLE "briefs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"topic_node" uuid,
	"query_text" text NOT NULL,
	"outcome" text DEFAULT 'DRAFT' NOT NULL,
	"input_params" jsonb NOT NULL,
	"result_json" jsonb,
	"curated_brief_json" jsonb,
	"generated_title" text DEFAULT '' NOT NULL,
	"generated_meta_description" text DEFAULT '' NOT NULL,
	"ai_model_id" text NOT NULL,
	"task_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "charge_reference_id" uuid;--> statement-breakpoint
ALTER TABLE "briefs" ADD CONSTRAINT "briefs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "briefs" ADD CONSTRAINT "briefs_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "briefs_workspace_idx" ON "briefs" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "briefs_brand_idx" ON "briefs" USING btree ("brand_id","created_at");