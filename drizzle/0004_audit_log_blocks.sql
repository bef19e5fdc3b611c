CREATE TABLE "audit_log_blocks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"entry_count" integer NOT NULL,
	"key_ids" uuid[] NOT NULL,
	"status_codes" integer[] NOT NULL,
	"entries" text NOT NULL
);
--> statement-breakpoint
-- Entries written before blocks existed move into blocks, one per user and minute, in the format
-- of src/platform/audit/audit-blocks.ts; each entry gets its own place in the block's lists.
INSERT INTO "audit_log_blocks" ("id", "user_id", "first_at", "last_at", "entry_count", "key_ids", "status_codes", "entries")
SELECT
	(array_agg("id" ORDER BY "timestamp", "id"))[1],
	"user_id",
	min("timestamp"),
	max("timestamp"),
	count(*),
	array_agg(DISTINCT "api_key_id"),
	array_agg(DISTINCT "status_code"),
	json_build_object(
		'k', json_agg(json_build_array("api_key_id", "api_key_name", "api_key_prefix") ORDER BY "timestamp", "id"),
		'e', json_agg("endpoint" ORDER BY "timestamp", "id"),
		'm', json_agg("method" ORDER BY "timestamp", "id"),
		'a', json_agg("ip_address" ORDER BY "timestamp", "id"),
		'r', json_agg(json_build_array("id", "n", "n", "n", "status_code", "n", "response_time_ms",
			floor(extract(epoch FROM "timestamp") * 1000)::bigint) ORDER BY "timestamp", "id")
	)::text
FROM (
	SELECT *, (row_number() OVER (PARTITION BY "user_id", date_trunc('minute', "timestamp") ORDER BY "timestamp", "id") - 1)::integer AS "n"
	FROM "audit_logs"
) AS "numbered"
GROUP BY "user_id", date_trunc('minute', "timestamp");
--> statement-breakpoint
DROP TABLE "audit_logs" CASCADE;--> statement-breakpoint
CREATE INDEX "audit_log_blocks_user_idx" ON "audit_log_blocks" USING btree ("user_id","last_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_blocks_last_at_idx" ON "audit_log_blocks" USING btree ("last_at");--> statement-breakpoint
-- The entries one row each. A condition on user_id (and on block_last_at, the latest time in the
-- entry's block) reaches the blocks' index; one on block_key_ids or block_status_codes skips
-- blocks before they are unpacked; the others apply to the unpacked entries. OFFSET 0
-- keeps the subquery from being folded into the outer query, so that each block's text is parsed
-- once, not once per column of each entry.
CREATE VIEW "audit_logs" AS
SELECT
	(r.value->>0)::uuid AS "id",
	b."user_id",
	(d.doc->'k'->((r.value->>1)::integer)->>0)::uuid AS "api_key_id",
	d.doc->'k'->((r.value->>1)::integer)->>1 AS "api_key_name",
	d.doc->'k'->((r.value->>1)::integer)->>2 AS "api_key_prefix",
	d.doc->'e'->>((r.value->>2)::integer) AS "endpoint",
	d.doc->'m'->>((r.value->>3)::integer) AS "method",
	(r.value->>4)::integer AS "status_code",
	d.doc->'a'->>((r.value->>5)::integer) AS "ip_address",
	(r.value->>6)::integer AS "response_time_ms",
	to_timestamp((r.value->>7)::double precision / 1000) AS "timestamp",
	b."last_at" AS "block_last_at",
	b."key_ids" AS "block_key_ids",
	b."status_codes" AS "block_status_codes"
FROM "audit_log_blocks" b
CROSS JOIN LATERAL (SELECT b."entries"::jsonb AS doc OFFSET 0) AS d
CROSS JOIN LATERAL jsonb_array_elements(d.doc->'r') AS r(value);
