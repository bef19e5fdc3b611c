// What canopy does with a tree a model arranged: every keyword in one node only (the first, in
// reading order), near-duplicates (the same words in another order or number) merged into the
// node that had them first (in the spelling discovery found), and the keywords the discovery did not find listed as proposed, so
// the task can look them up and mark them. Pure.
import type { ResearchNodeOut } from "../../../providers/generation";
import { variantKey, type UniverseKeyword } from "../organiser";

export interface ReconciledTree {
  tree: ResearchNodeOut[];
  /** Keywords of the tree that no discovery source found, each once, in reading order. */
  proposed: string[];
}

export function reconcileModelTree(nodes: readonly ResearchNodeOut[], universe: readonly UniverseKeyword[]): ReconciledTree {
  // A variant of a discovered keyword takes the discovered spelling, so the keywords view finds it.
  const known = new Map<string, string>();
  for (const k of universe) if (!known.has(variantKey(k.keyword))) known.set(variantKey(k.keyword), k.keyword);
  const placed = new Set<string>();
  const proposed: string[] = [];
  const visit = (node: ResearchNodeOut): ResearchNodeOut => {
    const keywords: string[] = [];
    for (const keyword of node.keywords) {
      const variant = variantKey(keyword);
      if (variant === "" || placed.has(variant)) continue;
      placed.add(variant);
      const discovered = known.get(variant);
      keywords.push(discovered ?? keyword);
      if (discovered === undefined) proposed.push(keyword);
    }
    return { name: node.name, keywords, children: node.children.map(visit) };
  };
  return { tree: nodes.map(visit), proposed };
}
