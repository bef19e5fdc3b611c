// How many keywords a brand clustering will take from the research tree, counted as the API
// counts them (src/modules/clustering/tree-keywords.ts): every node's keywords, trimmed and
// lowercased, each once. Pure.
import type { Schemas } from "../api";
import { treeNodes, type TreeNode } from "../research/tree-model";

export function treeKeywordCount(pillars: Schemas["ResearchPillar"][]): number {
  const seen = new Set<string>();
  const visit = (node: TreeNode) => {
    for (const keyword of node.keywords) {
      const normalized = keyword.trim().toLowerCase();
      if (normalized) seen.add(normalized);
    }
    node.children.forEach(visit);
  };
  treeNodes(pillars).forEach(visit);
  return seen.size;
}
