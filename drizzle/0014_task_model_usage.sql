CREATE TABLE "task_model_usage" (
	"task_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"model_id" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_model_usage_task_id_model_id_pk" PRIMARY KEY("task_id","model_id")
);
--> statement-breakpoint
ALTER TABLE "task_model_usage" ADD CONSTRAINT "task_model_usage_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_model_usage" ADD CONSTRAINT "task_model_usage_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_model_usage_created_idx" ON "task_model_usage" USING btree ("created_at");