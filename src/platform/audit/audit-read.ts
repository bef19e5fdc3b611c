// One page of a user's audit log, newest first, filtered or not, read in bounded steps (each
// run through `step`, see read-pacing.ts for why). Two passes over the user's blocks
// (audit-blocks.ts):
//
// 1. The walk, for the count and for where the page lies: the blocks newest first (by their
//    last entry), at most `walkBlocks` a step, and with a filter at most `walkEntries` entries a
//    step (the facets it reads are at most one per entry). Each block's matching entries are
//    counted from its facets, so no entry is unpacked. The page's entries lie in the newest
//    blocks that together hold page * page_size matches, or in a block that ends after the
//    earliest of those begins (blocks written by different processes overlap in time).
// 2. The read of those blocks, at most `readEntries` entries a step: their text is parsed here
//    (a fifth or less of what unpacking it costs the embedded database) and an entry is kept when
//    its facet is one the database matched, so that a filter means exactly what it meant as SQL
//    (ILIKE's case folding included). The kept entries are ordered by time then id, newest
//    first, as the audit_logs view orders them, and the page is cut out.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { escapeLike } from "../db/like";
import { auditLogBlocks } from "../db/schema";
import type { Step } from "./read-pacing";
import type { AuditEntry } from "./audit-entry";
import { present } from "../present";

export interface AuditFilter {
  apiKeyId?: string;
  /** Compared exactly: upper-case it first. */
  method?: string;
  statusCode?: number;
  /** Matched anywhere in the endpoint, ignoring case. */
  endpoint?: string;
}

/** An entry as read back: the recorded fields, with its id and without the owner's ids. */
export type AuditRow = { id: string } & Omit<AuditEntry, "userId" | "apiKeyId">;

export interface StepLimits {
  walkBlocks: number;
  walkEntries: number;
  readEntries: number;
}

// A few milliseconds of work a step on the embedded database (a facet costs it up to 1 us, a
// statement about 1 ms whatever its size, an entry parsed and sorted here about 1 us). A block
// is never split: a step holds one at least, and the writer's blocks hold at most 1,000 entries.
export const STEP_LIMITS: StepLimits = { walkBlocks: 1000, walkEntries: 5000, readEntries: 2000 };

interface WalkedBlock {
  id: string;
  firstMs: number;
  lastMs: number;
  entries: number;
  matched: number;
}

/** The filter as SQL on a block's columns (can it hold a match?) and on one of its facets `f.value`; null when there is no filter. */
function filterSql(filter: AuditFilter): { block: SQL; facet: SQL } | null {
  const block: SQL[] = [sql`true`];
  const facet: SQL[] = [];
  if (filter.apiKeyId !== undefined) {
    block.push(sql`${filter.apiKeyId}::uuid = any(key_ids)`);
    facet.push(sql`(f.value->>0)::uuid = ${filter.apiKeyId}::uuid`);
  }
  if (filter.method !== undefined) facet.push(sql`f.value->>2 = ${filter.method}`);
  if (filter.statusCode !== undefined) {
    block.push(sql`${filter.statusCode}::int4 = any(status_codes)`);
    facet.push(sql`(f.value->>3)::int4 = ${filter.statusCode}::int4`);
  }
  if (filter.endpoint !== undefined) facet.push(sql`f.value->>1 ilike ${`%${escapeLike(filter.endpoint)}%`}`);
  return facet.length === 0 ? null : { block: sql.join(block, sql` and `), facet: sql.join(facet, sql` and `) };
}

/** One step of the walk: how many blocks it took, the last (oldest) of them, and those holding matches, newest first. */
interface WalkStep {
  blocks: number;
  last: string | null;
  matches: WalkedBlock[];
}

/** The next step of the walk: the blocks after `after` (a block id; null: from the newest). */
async function walkStep(
  db: Db,
  userId: string,
  where: ReturnType<typeof filterSql>,
  after: string | null,
  limits: StepLimits,
): Promise<WalkStep> {
  // Keyset on (last_at, id), the cursor read back from its row so that it is exact to the
  // microsecond; `last_at <=` lets the (user_id, last_at) index serve it. A cursor block purged
  // meanwhile ends the walk: every block after it was as old, and purged with it.
  const cursor =
    after === null
      ? sql``
      : sql`and last_at <= (select c.last_at from ${auditLogBlocks} c where c.id = ${after})
      and (last_at, id) < (select c.last_at, c.id from ${auditLogBlocks} c where c.id = ${after})`;
  const matched = where
    ? sql`case when ${where.block} then (select coalesce(sum((f.value->>4)::int4), 0) from jsonb_array_elements(facets) as f(value) where ${where.facet}) else 0 end`
    : sql`entry_count`;
  // The window runs over the step's blocks only (limited first), so that a step costs the same at
  // the end of a long log as at its start. OFFSET 0 keeps `matched` computed once a block. The
  // blocks come back as one JSON text: a row each costs the embedded database more than this.
  const budget = where ? sql`where before < ${limits.walkEntries}` : sql``;
  const [aggregate] = await db
    .select({
      blocks: sql<number>`count(*)::int4`.mapWith(Number),
      last: sql<string | null>`(array_agg(id::text order by last_at, id))[1]`,
      matches: sql<string>`coalesce(json_agg(json_build_array(id, floor(extract(epoch from first_at) * 1000), floor(extract(epoch from last_at) * 1000),
        entry_count, matched) order by last_at desc, id desc) filter (where matched > 0), '[]')::text`,
    })
    .from(
      sql`(select *, (${matched})::int4 as matched from (
          select blocks.*, sum(entry_count) over (order by last_at desc, id desc) - entry_count as before
          from (select id, first_at, last_at, entry_count ${where ? sql`, key_ids, status_codes, facets` : sql``} from ${auditLogBlocks}
            where user_id = ${userId} ${cursor} order by last_at desc, id desc limit ${limits.walkBlocks}) as blocks
        ) as counted ${budget} offset 0) as step`,
    );
  // An aggregate without GROUP BY: one row, whatever the blocks.
  const step = present(aggregate, "the walk step's row");
  const matches = (JSON.parse(step.matches) as Array<[string, number, number, number, number]>).map(
    ([id, firstMs, lastMs, entries, matched]) => ({
      id,
      firstMs,
      lastMs,
      entries,
      matched,
    }),
  );
  return { blocks: step.blocks, last: step.last, matches };
}

type Facet = [keyId: string, endpoint: string, method: string, status: number, count: number];
type Entry = [id: string, key: number, endpoint: number, method: number, status: number, address: number, responseMs: number, ms: number];
interface BlockText {
  k: [id: string, name: string, prefix: string][];
  e: string[];
  m: string[];
  a: string[];
  r: Entry[];
}

const facetKey = (keyId: string, endpoint: string, method: string, status: number) => `${keyId}\n${method}\n${status}\n${endpoint}`;

/** The matching entries of `blocks`, each with its epoch milliseconds. */
async function readStep(
  db: Db,
  userId: string,
  where: ReturnType<typeof filterSql>,
  blocks: WalkedBlock[],
): Promise<Array<AuditRow & { ms: number }>> {
  const matching = where
    ? sql<string>`(select coalesce(jsonb_agg(f.value), '[]') from jsonb_array_elements(${auditLogBlocks.facets}) as f(value) where ${where.facet})::text`
    : sql<string>`'[]'`;
  const rows = await db
    .select({ entries: auditLogBlocks.entries, matching })
    .from(auditLogBlocks)
    .where(
      and(
        eq(auditLogBlocks.userId, userId),
        inArray(
          auditLogBlocks.id,
          blocks.map((b) => b.id),
        ),
      ),
    );
  const out: Array<AuditRow & { ms: number }> = [];
  for (const row of rows) {
    const wanted = where ? new Set((JSON.parse(row.matching) as Facet[]).map((f) => facetKey(f[0], f[1], f[2], f[3]))) : null;
    const block = JSON.parse(row.entries) as BlockText;
    // An entry's numbers index its block's tables, written together with it (audit-blocks.ts).
    for (const [id, k, e, m, statusCode, a, responseTimeMs, ms] of block.r) {
      const [keyId, apiKeyName, apiKeyPrefix] = present(block.k[k], "an audit entry's key");
      const endpoint = present(block.e[e], "an audit entry's endpoint");
      const method = present(block.m[m], "an audit entry's method");
      if (wanted && !wanted.has(facetKey(keyId, endpoint, method, statusCode))) continue;
      const ipAddress = present(block.a[a], "an audit entry's address");
      out.push({ id, apiKeyName, apiKeyPrefix, endpoint, method, statusCode, ipAddress, responseTimeMs, timestamp: new Date(ms), ms });
    }
  }
  return out;
}

/** Newest first: later time, then greater id (ids are lower-case UUID text, compared as PostgreSQL compares uuids). */
function newestFirst(x: { ms: number; id: string }, y: { ms: number; id: string }): number {
  return y.ms - x.ms || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0);
}

/** The `need` newest of two lists already in that order. */
function mergeNewest<T extends { ms: number; id: string }>(a: T[], b: T[], need: number): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (out.length < need) {
    const x = a[i];
    const y = b[j];
    if (x !== undefined && (y === undefined || newestFirst(x, y) <= 0)) {
      out.push(x);
      i++;
    } else if (y !== undefined) {
      out.push(y);
      j++;
    } else break;
  }
  return out;
}

/** The blocks in order, cut into runs of at most `maxEntries` entries (a larger block alone). */
function chunksOf(blocks: readonly WalkedBlock[], maxEntries: number): WalkedBlock[][] {
  const chunks: WalkedBlock[][] = [];
  let chunk: WalkedBlock[] = [];
  let entries = 0;
  for (const block of blocks) {
    if (chunk.length > 0 && entries + block.entries > maxEntries) {
      chunks.push(chunk);
      chunk = [];
      entries = 0;
    }
    chunk.push(block);
    entries += block.entries;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/** The count of the user's entries matching `filter`, and the `page` (from 1) of `pageSize` of them. */
export async function readAuditPage(
  db: Db,
  userId: string,
  filter: AuditFilter,
  page: number,
  pageSize: number,
  step: Step,
  limits: StepLimits = STEP_LIMITS,
): Promise<{ count: number; rows: AuditRow[] }> {
  const where = filterSql(filter);
  const offset = (page - 1) * pageSize;
  const need = offset + pageSize;
  let count = 0;
  // The blocks to read, newest first; `covered` matches in the first of them, which begin at `since`.
  const toRead: WalkedBlock[] = [];
  let covered = 0;
  let since = Infinity;
  for (let after: string | null = null; ; ) {
    const walked = await step(() => walkStep(db, userId, where, after, limits));
    for (const block of walked.matches) {
      count += block.matched;
      if (covered < need) {
        covered += block.matched;
        since = Math.min(since, block.firstMs);
        toRead.push(block);
      } else if (block.lastMs >= since) {
        toRead.push(block);
      }
    }
    // Without a filter a step takes walkBlocks blocks unless the log ends; with one, the entry
    // budget may end it sooner, and only an empty step tells the end.
    if (walked.blocks === 0 || (!where && walked.blocks < limits.walkBlocks)) break;
    after = walked.last;
  }
  if (offset >= count) return { count, rows: [] };

  let newest: Array<AuditRow & { ms: number }> = [];
  for (const chunk of chunksOf(toRead, limits.readEntries)) {
    newest = await step(async () => mergeNewest(newest, (await readStep(db, userId, where, chunk)).sort(newestFirst), need));
  }
  return { count, rows: newest.slice(offset, need).map(({ ms: _ms, ...row }) => row) };
}
