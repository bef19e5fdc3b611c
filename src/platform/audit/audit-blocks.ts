// The blocks one audit flush writes: the batch's entries grouped by user, each group one JSON
// text in the format the audit_logs view reads (an array per entry, AUDIT_ENTRY_FIELDS order).
import type { AuditEntry } from "./audit-writer";
import { timeOrderedIds } from "./batch-ids";

/** Position of each field in an entry's array; the audit_logs view (migration 0004) reads these. */
export const AUDIT_ENTRY_FIELDS = [
  "id",
  "api_key_id",
  "api_key_name",
  "api_key_prefix",
  "endpoint",
  "method",
  "status_code",
  "ip_address",
  "response_time_ms",
  "timestamp_ms",
] as const;

export interface AuditBlock {
  id: string;
  userId: string;
  firstMs: number;
  lastMs: number;
  count: number;
  /** JSON array of entries, each `[id, key id, key name, key prefix, endpoint, method, status, ip, ms, time]`. */
  entries: string;
}

/**
 * Groups `batch` by user, in the order recorded. Entry ids are time-ordered UUIDs made in that
 * order (see batch-ids.ts); a block's id is made after its entries', from its first entry's time.
 */
export function auditBlocks(batch: readonly AuditEntry[]): AuditBlock[] {
  const ids = timeOrderedIds(batch.map((entry) => entry.timestamp.getTime()));
  // Strings repeat across a batch (the key, the endpoint, the address): each is quoted once.
  const quoted = new Map<string, string>();
  const quote = (value: string): string => {
    let json = quoted.get(value);
    if (json === undefined) {
      json = JSON.stringify(value);
      quoted.set(value, json);
    }
    return json;
  };
  const groups = new Map<string, { parts: string[]; firstMs: number; lastMs: number }>();
  for (let i = 0; i < batch.length; i++) {
    const entry = batch[i]!;
    const ms = entry.timestamp.getTime();
    // Ids are UUIDs of hex digits and dashes: nothing to escape.
    const json =
      `["${ids[i]!}",${quote(entry.apiKeyId)},${quote(entry.apiKeyName)},${quote(entry.apiKeyPrefix)},` +
      `${quote(entry.endpoint)},${quote(entry.method)},${entry.statusCode},${quote(entry.ipAddress)},` +
      `${entry.responseTimeMs},${ms}]`;
    const group = groups.get(entry.userId);
    if (group) {
      group.parts.push(json);
      if (ms < group.firstMs) group.firstMs = ms;
      if (ms > group.lastMs) group.lastMs = ms;
    } else {
      groups.set(entry.userId, { parts: [json], firstMs: ms, lastMs: ms });
    }
  }
  const users = [...groups.keys()];
  const blockIds = timeOrderedIds(users.map((userId) => groups.get(userId)!.firstMs));
  return users.map((userId, i) => {
    const group = groups.get(userId)!;
    return {
      id: blockIds[i]!,
      userId,
      firstMs: group.firstMs,
      lastMs: group.lastMs,
      count: group.parts.length,
      entries: `[${group.parts.join(",")}]`,
    };
  });
}
