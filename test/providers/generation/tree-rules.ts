// The house rules of a generated research tree: 3 to 6 pillars, 2 to 4 hubs a pillar, 2 to 3
// topics a hub, 1 to 3 page ideas a topic; trimmed lowercase names unique among siblings; 1 to 5
// lowercase keywords a node, none repeated. Held by the tests and counted by bench/offline-topic-shapes.ts.
import type { ResearchNodeOut } from "../../../src/providers/generation/types";

const COUNTS: Record<number, [number, number]> = { 1: [3, 6], 2: [2, 4], 3: [2, 3], 4: [1, 3] };

/** Checks every house rule of a generated tree; returns the problems found. */
export function treeRuleProblems(nodes: ResearchNodeOut[], level = 1, path = ""): string[] {
  const found: string[] = [];
  const [min, max] = COUNTS[level]!;
  if (nodes.length < min || nodes.length > max) found.push(`${path || "root"}: ${nodes.length} children at level ${level}`);
  const names = new Set<string>();
  for (const node of nodes) {
    const here = `${path}/${node.name}`;
    if (node.name.trim() === "" || node.name !== node.name.trim()) found.push(`${here}: empty or untrimmed name`);
    if (node.name !== node.name.toLowerCase()) found.push(`${here}: name not lowercase`);
    if (names.has(node.name.toLowerCase())) found.push(`${here}: duplicate sibling`);
    names.add(node.name.toLowerCase());
    if (node.keywords.length < 1 || node.keywords.length > 5) found.push(`${here}: ${node.keywords.length} keywords`);
    if (new Set(node.keywords).size !== node.keywords.length) found.push(`${here}: repeated keyword`);
    for (const k of node.keywords) if (k !== k.toLowerCase() || k.trim() === "") found.push(`${here}: bad keyword "${k}"`);
    if (level === 4) {
      if (node.children.length !== 0) found.push(`${here}: a leaf with children`);
    } else {
      found.push(...treeRuleProblems(node.children, level + 1, here));
    }
  }
  return found;
}
