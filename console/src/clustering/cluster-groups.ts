// The grouped view's model: a clustering's keyword rows gathered back into their clusters, each
// named by its centroid with its keyword count and total search volume, and the clusters a
// filter keeps. Pure: the grouped view only draws them.
import type { KeywordRow } from "./keyword-rows";

export interface ClusterGroup {
  id: string;
  name: string;
  keywordCount: number;
  totalVolume: number;
  /** The cluster's keywords in the API's order: the centroid first. */
  keywords: KeywordRow[];
}

/** The clusters of `rows`, in the order their first keyword comes (the API's cluster order). */
export function clusterGroups(rows: readonly KeywordRow[]): ClusterGroup[] {
  const groups = new Map<string, ClusterGroup>();
  for (const row of rows) {
    let group = groups.get(row.clusterId);
    if (!group) {
      group = { id: row.clusterId, name: row.clusterName, keywordCount: row.clusterSize, totalVolume: row.clusterVolume, keywords: [] };
      groups.set(row.clusterId, group);
    }
    group.keywords.push(row);
  }
  return [...groups.values()];
}

/**
 * The clusters holding every word of `query` (case-insensitive) in their name or in one of their
 * keywords, as the flat table's filter keeps keywords: "burr grinder" finds the grinder clusters.
 */
export function matchingGroups(groups: readonly ClusterGroup[], query: string): readonly ClusterGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups.filter((group) => {
    const text = [group.name, ...group.keywords.map((row) => row.keyword)].join("\n").toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
