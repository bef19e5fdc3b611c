// One keyword universe out of what several discovery calls found: the same keyword found by
// Labs ideas, autocomplete and a SERP's questions is one entry that remembers every source.
import { keywordMatchKey } from "../../../platform/text/keyword";
import type { DiscoveredKeyword, KeywordSource, SearchIntent } from "../../../providers/serp/types";
import { cleanKeyword } from "./clean";

/** One keyword of a brand's research universe, every discovery source merged. */
export interface UniverseKeyword {
  /** As first found, cleaned (lowercase, trimmed, inner spacing collapsed). */
  keyword: string;
  /** keywordMatchKey(keyword). */
  key: string;
  /** The first source that found it (order of the input). */
  source: KeywordSource;
  /** Every source that found it, each once, in the order found. */
  sources: KeywordSource[];
  searchVolume: number | null;
  cpc: number | null;
  competition: number | null;
  difficulty: number | null;
  intent: SearchIntent | null;
}

/**
 * Merges what the discovery calls found: one entry per key, in the order first found; for each
 * metric, the first known (non-null) value. Keywords that clean to nothing are left out.
 */
export function mergeUniverse(found: readonly DiscoveredKeyword[]): UniverseKeyword[] {
  const byKey = new Map<string, UniverseKeyword>();
  for (const item of found) {
    const keyword = cleanKeyword(item.keyword);
    if (keyword === "") continue;
    const key = keywordMatchKey(keyword);
    const known = byKey.get(key);
    if (known === undefined) {
      byKey.set(key, {
        keyword,
        key,
        source: item.source,
        sources: [item.source],
        searchVolume: item.searchVolume,
        cpc: item.cpc,
        competition: item.competition,
        difficulty: item.difficulty,
        intent: item.intent,
      });
      continue;
    }
    if (!known.sources.includes(item.source)) known.sources.push(item.source);
    known.searchVolume ??= item.searchVolume;
    known.cpc ??= item.cpc;
    known.competition ??= item.competition;
    known.difficulty ??= item.difficulty;
    known.intent ??= item.intent;
  }
  return [...byKey.values()];
}
