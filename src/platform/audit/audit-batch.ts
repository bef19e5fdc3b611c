// The SQL of one audit flush: the entries, and each key's and user's latest use, written by ONE
// statement whose text does not depend on the batch size.
//
// Why it is shaped this way (measured on the embedded database, where it runs on the request
// thread): a multi-row INSERT built by the query builder cost more CPU than serving the requests
// it recorded, and even one array parameter per column spends most of its time parsing arrays
// (a uuid or a timestamp costs several microseconds an element in PGlite). So the columns that
// repeat across a batch (the key and its user, the endpoint, the method, the client address)
// travel once per distinct value, and each entry carries small integers: positions into those
// lists, its status, its response time, and its time as epoch milliseconds.
import { sql, type SQL } from "drizzle-orm";
import { integerArrayLiteral, textArrayLiteral } from "./array-literal";
import type { AuditEntry } from "./audit-writer";
import { timeOrderedIds } from "./batch-ids";

/** The distinct entries (first seen of each) and each entry's 1-based position among them. */
export interface Dictionary {
  distinct: AuditEntry[];
  positions: number[];
}

/**
 * Groups the batch: entries with the same `keyOf` that `same` finds equal share one position.
 * The key is a field the entries already hold (its hash is computed once per string), so the
 * common case costs one map lookup an entry; `same` tells apart the rare entries that share
 * the key but not the other fields.
 */
export function dictionary(
  batch: readonly AuditEntry[],
  keyOf: (entry: AuditEntry) => string,
  same: (a: AuditEntry, b: AuditEntry) => boolean = () => true,
): Dictionary {
  const byKey = new Map<string, number[]>();
  const distinct: AuditEntry[] = [];
  const positions = new Array<number>(batch.length);
  for (let i = 0; i < batch.length; i++) {
    const entry = batch[i]!;
    const key = keyOf(entry);
    let candidates = byKey.get(key);
    if (!candidates) byKey.set(key, (candidates = []));
    let position: number | undefined;
    for (const candidate of candidates) {
      if (same(distinct[candidate - 1]!, entry)) {
        position = candidate;
        break;
      }
    }
    if (position === undefined) {
      distinct.push(entry);
      position = distinct.length;
      candidates.push(position);
    }
    positions[i] = position;
  }
  return { distinct, positions };
}

/** Latest use per id: parallel arrays of ids and epoch milliseconds. */
export interface LatestUse {
  ids: string[];
  times: number[];
}

/** The latest entry time of each id that `idOf` picks out of the batch. */
export function latestUse(batch: readonly AuditEntry[], idOf: (entry: AuditEntry) => string): LatestUse {
  const latest = new Map<string, number>();
  for (const entry of batch) {
    const id = idOf(entry);
    const time = entry.timestamp.getTime();
    const seen = latest.get(id);
    if (seen === undefined || seen < time) latest.set(id, time);
  }
  return { ids: [...latest.keys()], times: [...latest.values()] };
}

// A key's name and owner do not change under it in practice, but an entry keeps its own values
// even across a rename within one batch.
const samePrincipal = (a: AuditEntry, b: AuditEntry) =>
  a.userId === b.userId && a.apiKeyName === b.apiKeyName && a.apiKeyPrefix === b.apiKeyPrefix;

const text = (values: readonly string[]) => sql.param(textArrayLiteral(values));
const integers = (values: readonly number[]) => sql.param(integerArrayLiteral(values));
// Epoch milliseconds to timestamptz: float8 seconds, which PostgreSQL rounds to the microsecond,
// so every millisecond comes back exactly.
const epochMs = (column: SQL) => sql`to_timestamp(${column}::float8 / 1000)`;

/**
 * One statement: insert the entries, and move each key's `last_used_at` and each user's
 * `last_active` forward to its latest entry (`greatest` keeps a later time written by another
 * process's batch). The data-modifying CTEs run together and touch different tables.
 */
export function auditBatchStatement(batch: readonly AuditEntry[]): SQL {
  const principals = dictionary(batch, (e) => e.apiKeyId, samePrincipal);
  const endpoints = dictionary(batch, (e) => e.endpoint);
  const methods = dictionary(batch, (e) => e.method);
  const addresses = dictionary(batch, (e) => e.ipAddress);
  const p = principals.distinct;
  const times = batch.map((e) => e.timestamp.getTime());
  const keys = latestUse(batch, (e) => e.apiKeyId);
  const usersSeen = latestUse(batch, (e) => e.userId);
  return sql`with inserted as (
      insert into audit_logs
        (id, user_id, api_key_id, api_key_name, api_key_prefix, endpoint, method, status_code, ip_address, response_time_ms, timestamp)
      select
        r.id,
        (${text(p.map((e) => e.userId))}::uuid[])[r.principal],
        (${text(p.map((e) => e.apiKeyId))}::uuid[])[r.principal],
        (${text(p.map((e) => e.apiKeyName))}::text[])[r.principal],
        (${text(p.map((e) => e.apiKeyPrefix))}::text[])[r.principal],
        (${text(endpoints.distinct.map((e) => e.endpoint))}::text[])[r.endpoint],
        (${text(methods.distinct.map((e) => e.method))}::text[])[r.method],
        r.status_code,
        (${text(addresses.distinct.map((e) => e.ipAddress))}::text[])[r.address],
        r.response_time_ms,
        ${epochMs(sql`r.at_ms`)}
      from unnest(
        ${text(timeOrderedIds(times))}::uuid[],
        ${integers(principals.positions)}::int4[], ${integers(endpoints.positions)}::int4[],
        ${integers(methods.positions)}::int4[], ${integers(addresses.positions)}::int4[],
        ${integers(batch.map((e) => e.statusCode))}::int4[], ${integers(batch.map((e) => e.responseTimeMs))}::int4[],
        ${integers(times)}::int8[]
      ) as r(id, principal, endpoint, method, address, status_code, response_time_ms, at_ms)
    ),
    keys_used as (
      update api_keys set last_used_at = greatest(api_keys.last_used_at, ${epochMs(sql`v.at_ms`)})
      from unnest(${text(keys.ids)}::uuid[], ${integers(keys.times)}::int8[]) as v(id, at_ms)
      where api_keys.id = v.id
    )
    update users set last_active = greatest(users.last_active, ${epochMs(sql`v.at_ms`)})
    from unnest(${text(usersSeen.ids)}::uuid[], ${integers(usersSeen.times)}::int8[]) as v(id, at_ms)
    where users.id = v.id`;
}
