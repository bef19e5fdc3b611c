// Free-form JSON fields (content_info_context, the parts of curated_brief_json the outline does not
// define, research trees before the service reads them) hold whatever the client sends, so their
// shape is bounded here instead of by a schema (docs/conventions.md §2): at most 32 levels of nesting and, for
// free-form objects, 256 KB of JSON. Deeper values would reach recursive code further on (the
// database's jsonb input, canonical hashing, serializers) and answer 500; larger ones would be
// stored and echoed on every read.
//
// Pure, and iterative: a body may be nested thousands of levels deep, which a recursive walk would
// overflow on. The walk stops as soon as it is past the limit.

export const FREE_FORM_MAX_DEPTH = 32;
export const FREE_FORM_MAX_BYTES = 256 * 1024;

export const TOO_DEEP_MESSAGE = `Ensure this value has no more than ${FREE_FORM_MAX_DEPTH} levels of nesting.`;
export const TOO_LARGE_MESSAGE = `Ensure this value is no larger than ${FREE_FORM_MAX_BYTES / 1024} KB as JSON.`;

/**
 * Whether `value` nests objects and arrays deeper than `maxDepth` levels. A scalar has no level; an
 * object or array is one level plus its deepest member.
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: Array<{ value: object; depth: number }> = [];
  if (typeof value === "object" && value !== null) pending.push({ value, depth: 1 });
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.depth > maxDepth) return true;
    const members = Array.isArray(next.value) ? next.value : Object.values(next.value);
    for (const member of members) {
      if (typeof member === "object" && member !== null) pending.push({ value: member as object, depth: next.depth + 1 });
    }
  }
  return false;
}

/** The size of `value` as UTF-8 JSON, in bytes. Only for a value already known to be shallow. */
function jsonBytes(value: Record<string, unknown>): number {
  return Buffer.byteLength(JSON.stringify(value), "utf8");
}

/** The members of `object` other than `known`: the free-form part of an object with defined fields. */
function extraMembers(object: Record<string, unknown>, known: readonly string[]): Record<string, unknown> {
  if (known.length === 0) return object;
  const extra: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(object)) if (!known.includes(key)) extra[key] = member;
  return extra;
}

/** What is wrong with a free-form value (its nesting, then its size), in DRF's words; empty when nothing. */
export function freeFormProblems(value: unknown, limits: { known?: readonly string[]; sized: boolean }): string[] {
  if (nestsDeeperThan(value, FREE_FORM_MAX_DEPTH)) return [TOO_DEEP_MESSAGE];
  if (!limits.sized || typeof value !== "object" || value === null || Array.isArray(value)) return [];
  const free = extraMembers(value as Record<string, unknown>, limits.known ?? []);
  return jsonBytes(free) > FREE_FORM_MAX_BYTES ? [TOO_LARGE_MESSAGE] : [];
}
