// The authority view of a large map kept between reads. Building it for a 50,000-keyword map
// (its tree from the map's rows, then every node's figures) took the server's thread for over a
// second at each read, and every other user's request waited. What it is built from decides
// whether a kept one still holds:
//   - the tree of an uploaded map depends only on the map's version (a rewrite makes a new one);
//   - the hierarchy depends on the tree, the map's metrics (both shared objects, kept per
//     version) and the published toggles, compared by value.
import { LRUCache } from "lru-cache";
import type { HasDb } from "../../platform/db/transaction";
import { mapKeywordPaths, type KeywordMetric, type TopicalMapRow } from "../maps";
import type { Tree } from "../research";
import { buildHierarchy, type HierarchyNode } from "./hierarchy";
import { treeFromMap } from "./map-tree";

/** By brand, least recently used out first: a 50,000-keyword tree is a few MB. */
const mapTrees = new LRUCache<string, { version: string; tree: Tree }>({ max: 16 });

/** The tree the map's position columns describe (shared between requests: never change it). */
export async function mapTree(ctx: HasDb, map: TopicalMapRow): Promise<Tree> {
  const kept = mapTrees.get(map.brandId);
  if (kept?.version === map.version) return kept.tree;
  const keywords = await mapKeywordPaths(ctx, map);
  const tree = treeFromMap(map.brandId, keywords);
  // Fewer rows than the map counts: it was rewritten since `map` was read; answer, never keep.
  if (keywords.length === map.keywordCount) mapTrees.set(map.brandId, { version: map.version, tree });
  return tree;
}

interface BuiltHierarchy {
  metrics: ReadonlyMap<string, KeywordMetric>;
  published: string;
  hierarchy: HierarchyNode[];
}

// By the tree object: a research tree read anew is a new object, and its entry goes with it.
const hierarchies = new WeakMap<Tree, BuiltHierarchy>();

/** buildHierarchy's answer, built again only when the tree, the metrics or the toggles changed (shared: never change it). */
export function cachedHierarchy(tree: Tree, metrics: ReadonlyMap<string, KeywordMetric>, published: ReadonlySet<string>): HierarchyNode[] {
  const toggles = [...published].sort().join(",");
  const kept = hierarchies.get(tree);
  if (kept && kept.metrics === metrics && kept.published === toggles) return kept.hierarchy;
  const hierarchy = buildHierarchy(tree, metrics, published);
  hierarchies.set(tree, { metrics, published: toggles, hierarchy });
  return hierarchy;
}
