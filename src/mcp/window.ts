// Windowing of large answers for the assistant: the API answers a map, a hierarchy or a list
// whole (a 10,000-keyword map is 5 MB of JSON), which would flood an assistant's context. The
// tool returns a window of the list instead, cut by a count and by a character budget, with what
// it needs to ask for the next one. Pure.
import { MAX_WINDOW, WINDOW_CHARS } from "./catalog";
import type { WindowChoice } from "./tool-table";

interface WindowReport {
  total: number;
  offset: number;
  returned: number;
  next_offset: number | null;
  /** Entries whose inner list was cut to the inner limit (a cluster's keywords). */
  shortened?: number;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A whole number from `min` to `max`, the default when absent; null for anything else. */
function windowNumber(value: unknown, fallback: number, min: number, max: number): number | null {
  if (value === undefined || value === null) return fallback;
  const number = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isInteger(number) && number >= min && number <= max ? number : null;
}

/** The window arguments of `args`, or the field errors of those out of range. */
export function windowArguments(
  window: WindowChoice,
  args: Record<string, unknown>,
): { limit: number; offset: number; inner: number | null } | { errors: Record<string, string[]> } {
  const limit = windowNumber(args.limit, window.defaultLimit, 1, MAX_WINDOW);
  const offset = windowNumber(args.offset, 0, 0, Number.MAX_SAFE_INTEGER);
  const inner = window.inner ? windowNumber(args[window.inner.argument], window.inner.defaultLimit, 0, MAX_WINDOW) : null;
  const errors: Record<string, string[]> = {};
  if (limit === null) errors.limit = [`Must be a whole number from 1 to ${MAX_WINDOW}.`];
  if (offset === null) errors.offset = ["Must be a whole number from 0."];
  if (window.inner && inner === null) errors[window.inner.argument] = [`Must be a whole number from 0 to ${MAX_WINDOW}.`];
  if (limit === null || offset === null || (window.inner && inner === null)) return { errors };
  return { limit, offset, inner };
}

/**
 * The window of `answer`: at most `limit` entries of its list from `offset`, fewer when they
 * would pass WINDOW_CHARS (but always one, if any is left), each entry's inner list cut to
 * `inner`. An answer without the expected list is returned as it is.
 */
export function applyWindow(
  answer: unknown,
  window: WindowChoice,
  limits: { limit: number; offset: number; inner: number | null },
): unknown {
  const list: unknown = window.list === null ? answer : isObject(answer) ? answer[window.list] : undefined;
  if (!Array.isArray(list)) return answer;
  const entries: unknown[] = [];
  let chars = 0;
  for (let i = limits.offset; i < list.length && entries.length < limits.limit; i++) {
    let entry: unknown = list[i];
    const innerKey = window.inner?.key;
    if (innerKey && limits.inner !== null && isObject(entry) && Array.isArray(entry[innerKey]) && entry[innerKey].length > limits.inner) {
      entry = { ...entry, [innerKey]: entry[innerKey].slice(0, limits.inner) };
    }
    const size = JSON.stringify(entry).length + 1;
    if (entries.length > 0 && chars + size > WINDOW_CHARS) break;
    entries.push(entry);
    chars += size;
  }
  // A shortened entry is a copy; the others are the answer's own.
  const shortened = entries.filter((entry, i) => entry !== list[limits.offset + i]).length;
  const end = limits.offset + entries.length;
  const report: WindowReport = {
    total: list.length,
    offset: limits.offset,
    returned: entries.length,
    next_offset: end < list.length ? end : null,
    ...(window.inner ? { shortened } : {}),
  };
  if (window.list === null) return { _mcp_window: report, results: entries };
  return { _mcp_window: report, ...(answer as Record<string, unknown>), [window.list]: entries };
}
