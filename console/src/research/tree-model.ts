// The research tree as the console shows it: one node shape for all four levels, each with its
// path of names from the Pillar down (what the node operations address it by) and its level's
// display label.
import type { Schemas } from "../api";

export const LEVEL_LABELS = ["Pillar", "Hub", "Branch", "Resource"] as const;

export interface TreeNode {
  name: string;
  /** 1 (Pillar) to 4 (Resource). */
  level: 1 | 2 | 3 | 4;
  path: string[];
  keywords: string[];
  children: TreeNode[];
}

type Pillar = Schemas["ResearchPillar"];
type Hub = Schemas["ResearchHub"];
type Branch = Schemas["ResearchBranch"];
type Resource = Schemas["ResearchResource"];

const resource = (node: Resource, parent: string[]): TreeNode => ({
  name: node.name,
  level: 4,
  path: [...parent, node.name],
  keywords: node.keywords,
  children: [],
});

const branch = (node: Branch, parent: string[]): TreeNode => {
  const path = [...parent, node.name];
  return { name: node.name, level: 3, path, keywords: node.keywords, children: node.subtopic_4.map((child) => resource(child, path)) };
};

const hub = (node: Hub, parent: string[]): TreeNode => {
  const path = [...parent, node.name];
  return { name: node.name, level: 2, path, keywords: node.keywords, children: node.subtopic_3.map((child) => branch(child, path)) };
};

export function treeNodes(pillars: Pillar[]): TreeNode[] {
  return pillars.map((pillar) => {
    const path = [pillar.main_topic];
    return {
      name: pillar.main_topic,
      level: 1,
      path,
      keywords: pillar.keywords,
      children: pillar.subtopic_2.map((child) => hub(child, path)),
    };
  });
}

/** A stable key for a node: its path (names are unique among siblings). */
export const pathKey = (path: readonly string[]): string => path.join("\u0000");

/** Every node, depth first (reading order). */
export function flatten(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

/** Levels below `node` in its subtree: 0 for a leaf. */
function height(node: TreeNode): number {
  return node.children.reduce((most, child) => Math.max(most, 1 + height(child)), 0);
}

const within = (path: readonly string[], ancestor: readonly string[]) =>
  ancestor.length <= path.length && ancestor.every((name, i) => path[i] === name);

/**
 * Where `node` may move: under any node that keeps its subtree within four levels and is not in
 * the subtree itself (nor its current parent), or to the top, as a Pillar.
 */
export function moveTargets(tree: readonly TreeNode[], node: TreeNode): TreeNode[] {
  const parent = node.path.slice(0, -1);
  const below = height(node);
  return flatten(tree).filter(
    (target) => target.level + 1 + below <= 4 && !within(target.path, node.path) && pathKey(target.path) !== pathKey(parent),
  );
}
