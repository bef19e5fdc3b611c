CREATE TABLE "audit_log_blocks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"entry_count" integer NOT NULL,
	"entries" text NOT NULL
);
--> statement-breakpoint
-- Entries written before blocks existed move into blocks: one per user and minute.
INSERT INTO "audit_log_blocks" ("id", "user_id", "first_at", "last_at", "entry_count", "entries")
SELECT
	(array_agg("id" ORDER BY "timestamp", "id"))[1],
	"user_id",
	min("timestamp"),
	max("timestamp"),
	count(*),
	json_agg(json_build_array("id", "api_key_id", "api_key_name", "api_key_prefix", "endpoint", "method", "status_code",
		"ip_address", "response_time_ms", floor(extract(epoch FROM "timestamp") * 1000)::bigint) ORDER BY "timestamp", "id")::text
FROM "audit_logs"
GROUP BY "user_id", date_trunc('minute', "timestamp");
--> statement-breakpoint
DROP TABLE "audit_logs" CASCADE;--> statement-breakpoint
CREATE INDEX "audit_log_blocks_user_idx" ON "audit_log_blocks" USING btree ("user_id","last_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_blocks_last_at_idx" ON "audit_log_blocks" USING btree ("last_at");--> statement-breakpoint
-- The entries one row each, in the field order of src/platform/audit/audit-blocks.ts. A condition
-- on user_id (and on block_last_at, the latest time in the entry's block) reaches the blocks'
-- index; the others apply to the unpacked entries.
CREATE VIEW "audit_logs" AS
SELECT
	(e.value->>0)::uuid AS "id",
	b."user_id",
	(e.value->>1)::uuid AS "api_key_id",
	e.value->>2 AS "api_key_name",
	e.value->>3 AS "api_key_prefix",
	e.value->>4 AS "endpoint",
	e.value->>5 AS "method",
	(e.value->>6)::integer AS "status_code",
	e.value->>7 AS "ip_address",
	(e.value->>8)::integer AS "response_time_ms",
	to_timestamp((e.value->>9)::double precision / 1000) AS "timestamp",
	b."last_at" AS "block_last_at"
FROM "audit_log_blocks" b
CROSS JOIN LATERAL jsonb_array_elements(b."entries"::jsonb) AS e(value);
