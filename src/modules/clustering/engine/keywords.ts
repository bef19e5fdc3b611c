// The keyword clean-up of docs/conventions.md §7 (trimmed, lowercased, de-duplicated), for callers that
// take keywords from outside: the clustering service and the offline `canopy cluster` command.
import { normalizeKeyword } from "../../../platform/text/keyword";

/**
 * Each entry with its keyword normalized; entries whose keyword is empty are dropped, and of
 * entries whose keywords normalize alike only the first is kept (with its own other fields).
 */
export function prepareKeywords<T extends { keyword: string }>(entries: readonly T[]): T[] {
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const entry of entries) {
    const keyword = normalizeKeyword(entry.keyword);
    if (keyword === "" || seen.has(keyword)) continue;
    seen.add(keyword);
    kept.push({ ...entry, keyword });
  }
  return kept;
}
