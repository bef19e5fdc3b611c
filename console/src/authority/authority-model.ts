// The authority view's hierarchy as the console works with it. The API sends every node depth
// first (a node, then its descendants), each with its level's type; the tree is rebuilt from that
// order. Pure: the Visual Map, the planner and the publish toggles share these functions, and the
// unit tests check them without a browser.
import type { Schemas } from "@canopy/client";

export type AuthorityNode = Schemas["AuthorityNode"];
export type NodeType = AuthorityNode["type"];

export const TYPE_LABELS: Record<NodeType, string> = { PILLAR: "Pillar", CLUSTER: "Hub", TOPIC: "Branch", PAGE: "Resource" };
const LEVEL_OF: Record<NodeType, number> = { PILLAR: 1, CLUSTER: 2, TOPIC: 3, PAGE: 4 };

export interface MapNode {
  node: AuthorityNode;
  children: MapNode[];
}

/** The tree the depth-first list describes: each node hangs under the last node seen one level up. */
export function authorityTree(hierarchy: readonly AuthorityNode[]): MapNode[] {
  const roots: MapNode[] = [];
  const open: MapNode[] = []; // open[level - 1]: the last node seen at that level
  for (const node of hierarchy) {
    const level = LEVEL_OF[node.type];
    const item: MapNode = { node, children: [] };
    const parent = level > 1 ? open[level - 2] : undefined;
    if (parent) parent.children.push(item);
    else roots.push(item);
    open[level - 1] = item;
    open.length = level;
  }
  return roots;
}

/** The nodes from a root down to the node `nodeId`, that node last; empty when no node has that id. */
export function pathTo(roots: readonly MapNode[], nodeId: string): MapNode[] {
  for (const item of roots) {
    if (item.node.node_id === nodeId) return [item];
    const below = pathTo(item.children, nodeId);
    if (below.length > 0) return [item, ...below];
  }
  return [];
}

/**
 * The hierarchy after one node's published toggle, with the coverage of the node and of every
 * node above it computed as the API computes it (published nodes of the subtree, in percent to
 * one decimal), so the screen follows a click before the server's answer arrives.
 */
export function withPublished(hierarchy: readonly AuthorityNode[], nodeId: string, published: boolean): AuthorityNode[] {
  const toggled = hierarchy.map((node) => (node.node_id === nodeId ? { ...node, published } : node));
  const coverage = new Map<string, number>();
  const count = (item: MapNode): { nodes: number; published: number } => {
    const total = { nodes: 1, published: item.node.published ? 1 : 0 };
    for (const child of item.children) {
      const sub = count(child);
      total.nodes += sub.nodes;
      total.published += sub.published;
    }
    coverage.set(item.node.node_id, Math.round((1000 * total.published) / total.nodes) / 10);
    return total;
  };
  for (const root of authorityTree(toggled)) count(root);
  return toggled.map((node) => ({ ...node, coverage: coverage.get(node.node_id) ?? node.coverage }));
}

/** The planner's ready-made questions: what to do next, where a push pays, where AI ignores the brand. */
export const PLANNER_FILTERS = {
  all: { label: "All nodes", test: () => true },
  next: { label: "High priority, not published", test: (node: AuthorityNode) => node.priority_category === "High" && !node.published },
  "quick-wins": {
    label: "Ranking 4 to 20 (quick wins)",
    test: (node: AuthorityNode) => node.serp_position !== null && node.serp_position >= 4 && node.serp_position <= 20,
  },
  "ai-absent": {
    label: "Not present in AI answers",
    test: (node: AuthorityNode) => node.aio_status === "not_present" || node.aimode_status === "not_present",
  },
  "not-ranking": { label: "Not ranking", test: (node: AuthorityNode) => node.serp_position === null },
} as const satisfies Record<string, { label: string; test: (node: AuthorityNode) => boolean }>;

export type PlannerFilter = keyof typeof PLANNER_FILTERS;

/** The nodes answering one of the planner's questions; the table's own filter narrows them by text. */
export function plannerRows(hierarchy: readonly AuthorityNode[], filter: PlannerFilter): AuthorityNode[] {
  return hierarchy.filter(PLANNER_FILTERS[filter].test);
}
