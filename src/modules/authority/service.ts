// The topical authority view: the brand's research tree as it is now, joined with its map's
// metrics, rankings and AI presence, and the published toggles with their coverage.
import { and, eq } from "drizzle-orm";
import type { RequestContext } from "../../platform/context";
import { inBatches } from "../../platform/csv/csv-write";
import { withTransaction } from "../../platform/db/transaction";
import { NotFound, ValidationFailed } from "../../platform/errors";
import { csvReply, StreamedReply } from "../../platform/http/formats";
import { lockBrandInWorkspace } from "../brands";
import { slugify } from "../../platform/text/slug";
import { storedSerpsOf, type SerpRow } from "../clustering";
import { mapMetrics, findMap, listMaps, type TopicalMapRow } from "../maps";
import { currentTree, type Tree, type TreeNode } from "../research";
import { HIERARCHY_CSV_HEADER, hierarchyCsvRow, nodeTypeAt, primaryKeyword } from "./hierarchy";
import { hierarchyJson } from "./hierarchy-stream";
import { authorityPublished } from "./table";
import { cachedHierarchy, mapTree } from "./view-cache";

export const NODE_NOT_FOUND = "Node not found in the hierarchy.";
export const NO_NODE_SERP_DATA = "No SERP data is stored for this node's keywords.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const listAuthority = listMaps;

/** The tree the view shows: the research tree with its edits, else the one the map's positions describe. */
async function viewTree(ctx: RequestContext, map: TopicalMapRow): Promise<Tree> {
  return (await currentTree(ctx, map.brandId)) ?? mapTree(ctx, map);
}

async function publishedNodes(ctx: RequestContext, brandId: string): Promise<Set<string>> {
  const rows = await ctx.db
    .select({ nodeId: authorityPublished.nodeId })
    .from(authorityPublished)
    .where(eq(authorityPublished.brandId, brandId));
  return new Set(rows.map((r) => r.nodeId));
}

/** The nodes from a pillar down to the node with `nodeId`, or null when it is not in the tree. */
function findPath(tree: readonly TreeNode[], nodeId: string): TreeNode[] | null {
  for (const node of tree) {
    if (node.id === nodeId) return [node];
    const below = findPath(node.children, nodeId);
    if (below) return [node, ...below];
  }
  return null;
}

function findNode(tree: Tree, nodeId: string): TreeNode | null {
  return findPath(tree, nodeId)?.at(-1) ?? null;
}

export async function authorityHierarchy(ctx: RequestContext, brandId: string, csv = false) {
  const { map, brandName } = await findMap(ctx, brandId);
  const [tree, metrics, published] = [await viewTree(ctx, map), await mapMetrics(ctx, map), await publishedNodes(ctx, brandId)];
  const hierarchy = cachedHierarchy(tree, metrics, published);
  if (csv)
    return csvReply(`${slugify(brandName) || "brand"}-authority.csv`, HIERARCHY_CSV_HEADER, inBatches(hierarchy, 500, hierarchyCsvRow));
  return new StreamedReply("application/json; charset=utf-8", (meta) =>
    hierarchyJson({
      _meta: { ...meta, data_source: map.dataSource },
      brand_id: brandId,
      brand_name: brandName,
      is_uploaded: map.isUploaded,
      node_count: hierarchy.length,
      hierarchy,
      created_at: map.createdAt.toISOString(),
      updated_at: map.updatedAt.toISOString(),
    }),
  );
}

/** The stored SERP of the node's keyword of most search volume that has one, or null. */
async function nodeSerp(ctx: RequestContext, map: TopicalMapRow, node: TreeNode): Promise<SerpRow | null> {
  const metrics = await mapMetrics(ctx, map);
  const serps = map.reportId ? await storedSerpsOf(ctx, map.reportId, node.keywords) : [];
  const volume = (keyword: string) => metrics.get(keyword)?.volume ?? 0;
  return serps.sort((a, b) => volume(b.keyword) - volume(a.keyword) || (a.keyword < b.keyword ? -1 : 1))[0] ?? null;
}

export async function nodeSerpData(ctx: RequestContext, brandId: string, nodeId: string) {
  const { map } = await findMap(ctx, brandId);
  const node = findNode(await viewTree(ctx, map), nodeId);
  if (!node) throw new NotFound(NODE_NOT_FOUND);
  const serp = await nodeSerp(ctx, map, node);
  if (!serp) throw new NotFound(NO_NODE_SERP_DATA);
  return {
    _meta: { data_source: serp.dataSource },
    node_id: node.id,
    keyword: serp.keyword,
    serp_results: [...serp.results]
      .sort((a, b) => a.position - b.position)
      .map((r) => ({ position: r.position, url: r.url, title: r.title, snippet: r.snippet })),
    total_results: serp.totalResults,
    serp_updated_at: serp.fetchedAt.toISOString(),
    snapshot_date: serp.fetchedAt.toISOString().slice(0, 10),
  };
}

/** What a brief for a node starts from: the node as it is now, where it sits, and its stored SERP. */
export interface NodeTopic {
  nodeId: string;
  name: string;
  /** Node names from its pillar down to it. */
  path: string[];
  type: string;
  keywords: string[];
  /** The keyword the brief targets: the node's of most search volume, else its name. */
  primaryKeyword: string;
  serp: SerpRow | null;
}

/** The node of the brand's current hierarchy; 404 without a map or when the node is not in it. */
export async function nodeTopic(ctx: RequestContext, brandId: string, nodeId: string): Promise<NodeTopic> {
  const { map } = await findMap(ctx, brandId);
  const tree = await viewTree(ctx, map);
  const path = findPath(tree, nodeId.toLowerCase());
  const node = path?.at(-1);
  if (!path || !node) throw new NotFound(NODE_NOT_FOUND);
  const metrics = await mapMetrics(ctx, map);
  return {
    nodeId: node.id,
    name: node.name,
    path: path.map((n) => n.name),
    type: nodeTypeAt(path.length),
    keywords: [...node.keywords],
    primaryKeyword: primaryKeyword(node, metrics) ?? node.name,
    serp: await nodeSerp(ctx, map, node),
  };
}

/** Sets the node's published toggle; coverage follows on the next read of the hierarchy. */
export async function setPublished(ctx: RequestContext, brandId: string, nodeId: string, published: boolean) {
  // The one path id the spec answers 400 for when malformed.
  if (!UUID.test(nodeId)) throw new ValidationFailed({ node_id: ["Must be a valid UUID."] });
  const { map } = await findMap(ctx, brandId);
  const node = findNode(await viewTree(ctx, map), nodeId.toLowerCase());
  if (!node) throw new NotFound(NODE_NOT_FOUND);
  await withTransaction(ctx, async (tx) => {
    // The brand kept until the toggle is written: deleted since it was read, the answer is its
    // 404 rather than a toggle that breaks its foreign key.
    await lockBrandInWorkspace(tx, brandId);
    if (published) {
      await tx.db.insert(authorityPublished).values({ brandId, nodeId: node.id }).onConflictDoNothing();
    } else {
      await tx.db.delete(authorityPublished).where(and(eq(authorityPublished.brandId, brandId), eq(authorityPublished.nodeId, node.id)));
    }
  });
  return {
    node_id: node.id,
    published,
    message: published ? "Node marked as published; coverage recalculated." : "Node marked as not published; coverage recalculated.",
  };
}

/** A page of the hierarchy an article on a node may link to, and how it stands to that node. */
export interface NodeLink {
  name: string;
  urlSlug: string;
  relation: "parent" | "child" | "sibling";
}

/**
 * The pages around a node that its article links to: its parent, its children, and those of its
 * siblings already published (an unpublished sibling has no page yet). None when the brand has
 * no map or the node is no longer in it: the links are a help, never a reason to fail a draft.
 */
export async function nodeLinks(ctx: RequestContext, brandId: string, nodeId: string): Promise<NodeLink[]> {
  const found = await findMap(ctx, brandId).catch((err: unknown) => {
    if (err instanceof NotFound) return null;
    throw err;
  });
  if (found === null) return [];
  const tree = await viewTree(ctx, found.map);
  const path = findPath(tree, nodeId.toLowerCase());
  const node = path?.at(-1);
  if (!path || !node) return [];
  const [metrics, published] = [await mapMetrics(ctx, found.map), await publishedNodes(ctx, brandId)];
  const slugs = new Map(cachedHierarchy(tree, metrics, published).map((h) => [h.node_id, h.url_slug]));
  const link = (n: TreeNode, relation: NodeLink["relation"]): NodeLink[] => {
    const urlSlug = slugs.get(n.id);
    return urlSlug ? [{ name: n.name, urlSlug, relation }] : [];
  };
  const parent = path.at(-2);
  const siblings = (parent?.children ?? tree).filter((n) => n.id !== node.id && published.has(n.id));
  return [
    ...(parent ? link(parent, "parent") : []),
    ...node.children.flatMap((n) => link(n, "child")),
    ...siblings.flatMap((n) => link(n, "sibling")),
  ];
}

/** The nodes of the brand's hierarchy whose primary keyword is `keyword`; none without a map. */
export async function nodesTargeting(ctx: RequestContext, brandId: string, keyword: string): Promise<{ nodeId: string; name: string }[]> {
  const found = await findMap(ctx, brandId).catch((err: unknown) => {
    if (err instanceof NotFound) return null;
    throw err;
  });
  if (found === null) return [];
  const [tree, metrics] = [await viewTree(ctx, found.map), await mapMetrics(ctx, found.map)];
  const out: { nodeId: string; name: string }[] = [];
  const visit = (nodes: readonly TreeNode[]) => {
    for (const node of nodes) {
      if ((primaryKeyword(node, metrics) ?? node.name).toLowerCase() === keyword) out.push({ nodeId: node.id, name: node.name });
      visit(node.children);
    }
  };
  visit(tree);
  return out;
}
