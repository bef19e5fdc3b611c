// The blocks one audit flush writes: the batch's entries grouped by user, each group one JSON
// text in the format the audit_logs view (migration 0004) and audit-read.ts read:
//
//   {"k": [[key id, key name, key prefix], ...],   the keys, each once
//    "e": [endpoint, ...], "m": [method, ...], "a": [client address, ...],
//    "r": [[entry id, k, e, m, status, a, response ms, epoch ms], ...]}   one per entry
//
// Each entry names its key, endpoint, method and address by position in those lists: a batch
// repeats them, and every byte of the text is copied, compressed and logged by the database on
// the request thread of the embedded one (about 70 bytes an entry instead of 160).
//
// Next to the text, the block's facets: how many of its entries have each combination of key
// id, endpoint, method and status, `[[key id, endpoint, method, status, count], ...]`. A filter
// of the audit log is about these four only, and a block of a busy key holds few combinations
// for its many entries: reads count and locate filtered entries from the facets alone.
import type { AuditEntry } from "./audit-entry";
import { timeOrderedIds } from "./batch-ids";
import { present } from "../present";

export interface AuditBlock {
  id: string;
  userId: string;
  firstMs: number;
  lastMs: number;
  count: number;
  /** The distinct key ids and status codes of its entries (for filters to skip the block). */
  keyIds: string[];
  statusCodes: number[];
  /** The block's JSON text (format above). */
  entries: string;
  /** The block's facets as JSON text (format above). */
  facets: string;
}

/** A list of distinct JSON values and the position of each. */
class Dictionary {
  readonly items: string[] = [];
  private readonly positions = new Map<string, number>();

  /** The position of the value whose identity is `key` (the value itself unless given). */
  positionOf(key: string, value: unknown = key): number {
    let position = this.positions.get(key);
    if (position === undefined) {
      position = this.items.length;
      this.items.push(JSON.stringify(value));
      this.positions.set(key, position);
    }
    return position;
  }
}

class BlockBuilder {
  readonly keys = new Dictionary();
  readonly endpoints = new Dictionary();
  readonly methods = new Dictionary();
  readonly addresses = new Dictionary();
  readonly rows: string[] = [];
  readonly keyIds = new Set<string>();
  readonly statusCodes = new Set<number>();
  /** The key id (as JSON) of each position in `keys`. */
  private readonly keyIdTexts: string[] = [];
  /** Entries per combination of key, endpoint and method positions and status. */
  private readonly facetCounts = new Map<string, number>();

  constructor(
    public firstMs: number,
    public lastMs: number,
  ) {}

  add(entry: AuditEntry, id: string, ms: number): void {
    // A key's name can change between two entries of one batch: name and prefix are part of its identity here.
    const keyIdentity = `${entry.apiKeyId}\n${entry.apiKeyName}\n${entry.apiKeyPrefix}`;
    const key = this.keys.positionOf(keyIdentity, [entry.apiKeyId, entry.apiKeyName, entry.apiKeyPrefix]);
    const endpoint = this.endpoints.positionOf(entry.endpoint);
    const method = this.methods.positionOf(entry.method);
    const address = this.addresses.positionOf(entry.ipAddress);
    if (key === this.keyIdTexts.length) this.keyIdTexts.push(JSON.stringify(entry.apiKeyId));
    const facet = `${key},${endpoint},${method},${entry.statusCode}`;
    this.facetCounts.set(facet, (this.facetCounts.get(facet) ?? 0) + 1);
    // Ids are UUIDs of hex digits and dashes: nothing to escape.
    this.rows.push(`["${id}",${key},${endpoint},${method},${entry.statusCode},${address},${entry.responseTimeMs},${ms}]`);
    this.keyIds.add(entry.apiKeyId);
    this.statusCodes.add(entry.statusCode);
    if (ms < this.firstMs) this.firstMs = ms;
    if (ms > this.lastMs) this.lastMs = ms;
  }

  text(): string {
    return (
      `{"k":[${this.keys.items.join(",")}],"e":[${this.endpoints.items.join(",")}],` +
      `"m":[${this.methods.items.join(",")}],"a":[${this.addresses.items.join(",")}],"r":[${this.rows.join(",")}]}`
    );
  }

  /** The facets, in the order their first entries were added. Key positions that share a key id (a key renamed within the batch) stay apart: their counts add up the same. */
  facetsText(): string {
    const facets: string[] = [];
    for (const [facet, count] of this.facetCounts) {
      const [key, endpoint, method, status] = facet.split(",").map(Number) as [number, number, number, number];
      facets.push(`[${this.keyIdTexts[key]},${this.endpoints.items[endpoint]},${this.methods.items[method]},${status},${count}]`);
    }
    return `[${facets.join(",")}]`;
  }
}

/**
 * Groups `batch` by user, in the order recorded. Entry ids are time-ordered UUIDs made in that
 * order (see batch-ids.ts); a block's id is made after its entries', from its first entry's time.
 */
export function auditBlocks(batch: readonly AuditEntry[]): AuditBlock[] {
  const ids = timeOrderedIds(batch.map((entry) => entry.timestamp.getTime()));
  const builders = new Map<string, BlockBuilder>();
  for (const [i, entry] of batch.entries()) {
    const ms = entry.timestamp.getTime();
    let builder = builders.get(entry.userId);
    if (!builder) {
      builder = new BlockBuilder(ms, ms);
      builders.set(entry.userId, builder);
    }
    builder.add(entry, present(ids[i], "an audit entry's id"), ms);
  }
  const users = [...builders];
  const blockIds = timeOrderedIds(users.map(([, builder]) => builder.firstMs));
  return users.map(([userId, builder], i) => {
    return {
      id: present(blockIds[i], "an audit block's id"),
      userId,
      firstMs: builder.firstMs,
      lastMs: builder.lastMs,
      count: builder.rows.length,
      keyIds: [...builder.keyIds],
      statusCodes: [...builder.statusCodes],
      entries: builder.text(),
      facets: builder.facetsText(),
    };
  });
}
