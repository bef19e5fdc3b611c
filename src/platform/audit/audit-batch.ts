// The SQL the audit writer runs: a batch as one block per user (see auditLogBlocks in the schema
// and audit-blocks.ts), and the keys' and users' latest use.
//
// Why it is shaped this way (measured on the embedded database, where it runs on the request
// thread): a row per entry cost 15-25 us of database work each, as much as the rest of the
// request, and parsing array parameters cost microseconds an element. A block is one row and one
// text value whatever the number of entries. The latest-use updates rewrite a users row and an
// api_keys row each time; written with every batch they cost as much as the entries, so the
// writer gathers them and writes them about once a second (audit-writer.ts), with the users'
// active days (activity-days.ts).
import { sql, type SQL } from "drizzle-orm";
import type { ActivityDays } from "./activity-days";
import { integerArrayLiteral, textArrayLiteral } from "./array-literal";
import type { AuditEntry } from "./audit-entry";
import { auditBlocks } from "./audit-blocks";

/** Latest use per id: parallel arrays of ids and epoch milliseconds. */
export interface LatestUse {
  ids: string[];
  times: number[];
}

const text = (values: readonly string[]) => sql.param(textArrayLiteral(values));
const integers = (values: readonly number[]) => sql.param(integerArrayLiteral(values));
// Epoch milliseconds to timestamptz: float8 seconds, which PostgreSQL rounds to the microsecond,
// so every millisecond comes back exactly.
const epochMs = (column: SQL) => sql`to_timestamp(${column}::float8 / 1000)`;

/** The batch's entries: one block per user (audit-blocks.ts), one statement. */
export function auditBatchStatement(batch: readonly AuditEntry[]): SQL {
  const rows = auditBlocks(batch).map(
    (b) => sql`(${b.id}::uuid, ${b.userId}::uuid, ${epochMs(sql`${b.firstMs}`)}, ${epochMs(sql`${b.lastMs}`)}, ${b.count}::int4,
      ${text(b.keyIds)}::uuid[], ${integers(b.statusCodes)}::int4[], ${b.entries}, ${b.facets}::jsonb)`,
  );
  return sql`insert into audit_log_blocks (id, user_id, first_at, last_at, entry_count, key_ids, status_codes, entries, facets)
    values ${sql.join(rows, sql`, `)}`;
}

/**
 * Moves each key's `last_used_at` and each user's `last_active` forward to its latest use
 * (`greatest` keeps a later time written by another process), and records the users' active
 * days (activity-days.ts) not yet stored. The statements run together and touch different tables.
 */
export function lastUseStatement(keys: LatestUse, usersSeen: LatestUse, activity?: ActivityDays): SQL {
  // A user deleted since the batch has no row to refer to: its days are skipped, as its last use is.
  const activeDays =
    activity && activity.userIds.length > 0
      ? sql`, days_active as (
      insert into user_activity_days (day, user_id)
      select date '1970-01-01' + v.day, v.user_id
      from unnest(${text(activity.userIds)}::uuid[], ${integers(activity.days)}::int4[]) as v(user_id, day)
      where exists (select 1 from users where users.id = v.user_id)
      on conflict do nothing
    )`
      : sql``;
  return sql`with keys_used as (
      update api_keys set last_used_at = greatest(api_keys.last_used_at, ${epochMs(sql`v.at_ms`)})
      from unnest(${text(keys.ids)}::uuid[], ${integers(keys.times)}::int8[]) as v(id, at_ms)
      where api_keys.id = v.id
    )${activeDays}
    update users set last_active = greatest(users.last_active, ${epochMs(sql`v.at_ms`)})
    from unnest(${text(usersSeen.ids)}::uuid[], ${integers(usersSeen.times)}::int8[]) as v(id, at_ms)
    where users.id = v.id`;
}
