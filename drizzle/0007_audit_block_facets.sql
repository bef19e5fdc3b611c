ALTER TABLE "audit_log_blocks" ADD COLUMN "facets" jsonb;--> statement-breakpoint
-- Each existing block's facets, from its entries, in the format src/platform/audit/audit-blocks.ts
-- writes: one [key id, endpoint, method, status, count] per combination its entries hold, in the
-- order of their first entry. The key id is the text the block holds, as a new block's is.
UPDATE "audit_log_blocks" AS b SET "facets" = (
	SELECT coalesce(jsonb_agg(jsonb_build_array(g."key_id", g."endpoint", g."method", g."status_code", g."n") ORDER BY g."first"), '[]'::jsonb)
	FROM (
		SELECT
			d.doc->'k'->((r.value->>1)::integer)->>0 AS "key_id",
			d.doc->'e'->>((r.value->>2)::integer) AS "endpoint",
			d.doc->'m'->>((r.value->>3)::integer) AS "method",
			(r.value->>4)::integer AS "status_code",
			count(*)::integer AS "n",
			min(r.position) AS "first"
		FROM (SELECT b."entries"::jsonb AS doc) AS d
		CROSS JOIN LATERAL jsonb_array_elements(d.doc->'r') WITH ORDINALITY AS r(value, position)
		GROUP BY 1, 2, 3, 4
	) AS g
);--> statement-breakpoint
ALTER TABLE "audit_log_blocks" ALTER COLUMN "facets" SET NOT NULL;
