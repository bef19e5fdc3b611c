// The authority hierarchy (spec "Authority hierarchy", docs/conventions.md §8): the research tree as it
// is now, every node with the map's metrics for its keywords, its importance, its SERP rankings
// and AI presence, its published toggle and the coverage of its subtree. Pure: the service
// hands in the tree, the map's metrics by keyword and the published node ids.
import type { CsvCell } from "../../platform/csv/csv-write";
import { strongestPresence, overviewPresence, type AiPresence, type KeywordMetric } from "../maps";
import { present } from "../../platform/present";
import { urlSlug } from "../../platform/text/slug";
import type { Tree, TreeNode } from "../research";
import { importance, priorityCategory, type PriorityCategory } from "./importance";
import { uniqueSlugs, type SlugChoice } from "./unique-slugs";

const NODE_TYPES = ["PILLAR", "CLUSTER", "TOPIC", "PAGE"] as const;
export type NodeType = (typeof NODE_TYPES)[number];
export const NODE_TYPE_LABELS: Record<NodeType, string> = { PILLAR: "Pillar", CLUSTER: "Hub", TOPIC: "Branch", PAGE: "Resource" };
export const AUTHORITY_LEVEL_LABELS = { mt: "Pillar", st2: "Hub", st3: "Branch", st4: "Resource" } as const;

/** The type of a node `depth` levels down (1 for a pillar): the tree is never deeper than the types. */
export function nodeTypeAt(depth: number): NodeType {
  return present(NODE_TYPES[depth - 1], "a node type for a depth within the tree");
}

export interface HierarchyNode {
  node_id: string;
  name: string;
  type: NodeType;
  mt: string;
  st2: string;
  st3: string;
  st4: string;
  keywords: readonly string[];
  keyword_count: number;
  url_slug: string;
  published: boolean;
  importance: number;
  priority_category: PriorityCategory;
  serp_position: number | null;
  serp_all_positions: number[];
  aio_status: AiPresence;
  aimode_status: AiPresence;
  chatgpt_status: AiPresence;
  coverage: number;
  search_volume: number;
}

interface Rollup {
  volume: number;
  nodes: number;
  published: number;
  /** The node's own keywords, summed up in the same pass as the volume. */
  own: OwnSummary;
}

interface OwnSummary {
  primary: string | null;
  positions: number[];
  aio: AiPresence;
  aimode: AiPresence;
}

/** The node's own keyword of the most search volume (ties: the first alphabetically), or null. */
export function primaryKeyword(node: TreeNode, metrics: ReadonlyMap<string, KeywordMetric>): string | null {
  return ownSummary(node, metrics).summary.primary;
}

/**
 * One pass over a node's own keywords: their volume, the primary keyword, the brand's positions
 * and its strongest AI presence. A 5,000-node hierarchy reads 50,000 keywords; doing this in one
 * loop, with no array per step, is most of what keeps it well under 100 ms.
 */
function ownSummary(node: TreeNode, metrics: ReadonlyMap<string, KeywordMetric>): { volume: number; summary: OwnSummary } {
  let volume = 0;
  let primary: string | null = null;
  let primaryVolume = -1;
  let positions: number[] | null = null;
  const aio: AiPresence[] = [];
  const aimode: AiPresence[] = [];
  for (const keyword of node.keywords) {
    const metric = metrics.get(keyword);
    const own = metric?.volume ?? 0;
    volume += own;
    if (own > primaryVolume || (own === primaryVolume && primary !== null && keyword < primary)) {
      primary = keyword;
      primaryVolume = own;
    }
    if (!metric) continue;
    if (metric.positions.length > 0) {
      positions ??= [];
      positions.push(...metric.positions);
    }
    if (metric.aio !== "N/A") aio.push(metric.aio);
    if (metric.aimode !== "N/A") aimode.push(metric.aimode);
  }
  const sorted = positions === null ? [] : [...new Set(positions)].sort((a, b) => a - b);
  return { volume, summary: { primary, positions: sorted, aio: strongestPresence(aio), aimode: strongestPresence(aimode) } };
}

export function buildHierarchy(tree: Tree, metrics: ReadonlyMap<string, KeywordMetric>, published: ReadonlySet<string>): HierarchyNode[] {
  // Volumes, node counts and published counts of every subtree, children first.
  const rollups = new Map<TreeNode, Rollup>();
  const roll = (node: TreeNode): Rollup => {
    const { volume, summary } = ownSummary(node, metrics);
    const rollup: Rollup = { volume, nodes: 1, published: published.has(node.id) ? 1 : 0, own: summary };
    for (const child of node.children) {
      const below = roll(child);
      rollup.volume += below.volume;
      rollup.nodes += below.nodes;
      rollup.published += below.published;
    }
    rollups.set(node, rollup);
    return rollup;
  };
  let treeLargest = 0;
  for (const pillar of tree) treeLargest = Math.max(treeLargest, roll(pillar).volume);

  const out: HierarchyNode[] = [];
  const slugChoices: SlugChoice[] = [];
  // The map stored each keyword's slug; only a keyword it lacks, or a node's name, is slugged here.
  const slugOf = (keyword: string) => metrics.get(keyword)?.slug ?? urlSlug(keyword);
  const visit = (siblings: readonly TreeNode[], path: string[]) => {
    let siblingsLargest = 0;
    // roll() has summed up every node of the tree.
    const rollupOf = (node: TreeNode) => present(rollups.get(node), "the rollup of a node");
    for (const node of siblings) siblingsLargest = Math.max(siblingsLargest, rollupOf(node).volume);
    for (const node of siblings) {
      const rollup = rollupOf(node);
      const { primary, positions, aio, aimode } = rollup.own;
      const names = [...path, node.name];
      const value = importance(rollup.volume, siblingsLargest, treeLargest);
      slugChoices.push({ centroid: slugOf(primary ?? node.name), own: slugOf(node.name) });
      out.push({
        node_id: node.id,
        name: node.name,
        type: nodeTypeAt(names.length),
        // Above level 4 the deeper fields repeat the node's own name.
        mt: path[0] ?? node.name,
        st2: names[1] ?? node.name,
        st3: names[2] ?? node.name,
        st4: names[3] ?? node.name,
        // The tree is shared and frozen: its list is sent as it is, not copied.
        keywords: node.keywords,
        keyword_count: node.keywords.length,
        // Set below, once every page's wish is known: each page its own slug.
        url_slug: "",
        published: published.has(node.id),
        importance: value,
        priority_category: priorityCategory(value),
        serp_position: positions[0] ?? null,
        serp_all_positions: positions,
        aio_status: overviewPresence(aio),
        aimode_status: aimode,
        // Neither SERP provider captures ChatGPT answers.
        chatgpt_status: "N/A",
        coverage: Math.round((1000 * rollup.published) / rollup.nodes) / 10,
        search_volume: rollup.volume,
      });
      visit(node.children, names);
    }
  };
  visit(tree, []);
  // One slug per choice, and one choice per node, in the same order.
  for (const [i, slug] of uniqueSlugs(slugChoices).entries()) present(out[i], "the node of a slug choice").url_slug = slug;
  return out;
}

/** The CSV export of a hierarchy: one row per node, the JSON node's fields, lists joined with "; ". */
export const HIERARCHY_CSV_HEADER = [
  "node_id",
  "name",
  "type",
  "mt",
  "st2",
  "st3",
  "st4",
  "keywords",
  "keyword_count",
  "url_slug",
  "published",
  "importance",
  "priority_category",
  "serp_position",
  "serp_all_positions",
  "aio_status",
  "aimode_status",
  "chatgpt_status",
  "coverage",
  "search_volume",
];

export function hierarchyCsvRow(node: HierarchyNode): CsvCell[] {
  return [
    node.node_id,
    node.name,
    node.type,
    node.mt,
    node.st2,
    node.st3,
    node.st4,
    node.keywords.join("; "),
    node.keyword_count,
    node.url_slug,
    node.published,
    node.importance,
    node.priority_category,
    node.serp_position,
    node.serp_all_positions.join("; "),
    node.aio_status,
    node.aimode_status,
    node.chatgpt_status,
    node.coverage,
    node.search_volume,
  ];
}
