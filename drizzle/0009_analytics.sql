CREATE TABLE "user_activity_days" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "user_activity_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_activity_days" ADD CONSTRAINT "user_activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_created_idx" ON "credit_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_date_joined_idx" ON "users" USING btree ("date_joined");--> statement-breakpoint
-- The activity already on record: every UTC day an audit block spans (a block covers one flush,
-- so one day, two across midnight), and the day of each user's last activity (older than the
-- audit log's 90 days, for some). Blocks of users deleted since have no user row to refer to.
INSERT INTO "user_activity_days" ("day", "user_id")
SELECT DISTINCT d."day"::date, b."user_id"
FROM "audit_log_blocks" AS b
CROSS JOIN LATERAL generate_series(
	date_trunc('day', b."first_at" AT TIME ZONE 'UTC'),
	date_trunc('day', b."last_at" AT TIME ZONE 'UTC'),
	interval '1 day'
) AS d("day")
WHERE EXISTS (SELECT 1 FROM "users" AS u WHERE u."id" = b."user_id")
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "user_activity_days" ("day", "user_id")
SELECT ("last_active" AT TIME ZONE 'UTC')::date, "id" FROM "users" WHERE "last_active" IS NOT NULL
ON CONFLICT DO NOTHING;
