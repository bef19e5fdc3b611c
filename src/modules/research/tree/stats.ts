// Counters of the research tree (detail and stats responses). A leaf is a node without
// children at any level: a main topic with no subtopics is a leaf too.
import type { Tree, TreeNode, TreeStats } from "./types";

export interface MainTopicBreakdown {
  name: string;
  st2_count: number;
  st3_count: number;
  st4_count: number;
  /** Keywords on the main topic and everywhere below it. */
  keyword_count: number;
}

interface Counts {
  /** Nodes per depth: main topics, ST2, ST3, ST4. */
  byDepth: number[];
  keywords: number;
  bareLeaves: number;
}

function count(nodes: readonly TreeNode[], depth: number, into: Counts): void {
  for (const node of nodes) {
    into.byDepth[depth] = (into.byDepth[depth] ?? 0) + 1;
    into.keywords += node.keywords.length;
    if (node.children.length === 0 && node.keywords.length === 0) into.bareLeaves += 1;
    count(node.children, depth + 1, into);
  }
}

function countOf(nodes: readonly TreeNode[], depth: number): Counts {
  const counts: Counts = { byDepth: [0, 0, 0, 0], keywords: 0, bareLeaves: 0 };
  count(nodes, depth, counts);
  return counts;
}

export function treeStats(tree: Tree): TreeStats {
  const { byDepth, keywords, bareLeaves } = countOf(tree, 0);
  const [mt = 0, st2 = 0, st3 = 0, st4 = 0] = byDepth;
  return {
    main_topic_count: mt,
    st2_count: st2,
    st3_count: st3,
    st4_count: st4,
    keyword_count: keywords,
    leaf_nodes_without_keywords: bareLeaves,
    total_nodes: mt + st2 + st3 + st4,
  };
}

export function mainTopicBreakdown(tree: Tree): MainTopicBreakdown[] {
  return tree.map((topic) => {
    const below = countOf(topic.children, 1);
    return {
      name: topic.name,
      st2_count: below.byDepth[1] ?? 0,
      st3_count: below.byDepth[2] ?? 0,
      st4_count: below.byDepth[3] ?? 0,
      keyword_count: topic.keywords.length + below.keywords,
    };
  });
}
