// The keywords of a research tree, for brand clustering: every node's keywords in tree order
// (depth first, main topics in order), normalized and de-duplicated; a keyword listed under
// several nodes belongs to the first one met, which is where the topical map places it.
import type { Tree, TreeNode } from "../research";
import type { TreePosition } from "./table";
import { normalizeKeyword } from "../../platform/text/keyword";

export interface TreeKeywords {
  keywords: string[];
  positions: Record<string, TreePosition>;
}

export function keywordsOfTree(tree: Tree): TreeKeywords {
  const keywords: string[] = [];
  const positions = new Map<string, TreePosition>();
  const visit = (node: TreeNode, path: string[]) => {
    const here = [...path, node.name];
    for (const raw of node.keywords) {
      const keyword = normalizeKeyword(raw);
      if (keyword === "" || positions.has(keyword)) continue;
      positions.set(keyword, { nodeId: node.id, path: here });
      keywords.push(keyword);
    }
    for (const child of node.children) visit(child, here);
  };
  for (const main of tree) visit(main, []);
  return { keywords, positions: Object.fromEntries(positions) };
}
