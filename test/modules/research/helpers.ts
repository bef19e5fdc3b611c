// Shared ground of the research HTTP tests: a suite's harness and key owner, a sample tree in the
// wire shape, a brand with that tree imported, the research detail as read through the API, the
// stored tree read straight from the database (the API does not expose node ids), and waiting
// for a generation task.
import { eq } from "drizzle-orm";
import { researchTrees } from "../../../src/modules/research/table";
import { loadWhole } from "../../../src/modules/research/tree-store";
import type { Tree } from "../../../src/modules/research/tree/types";
import { getBalance } from "../../../src/platform/credits/ledger";
import { createHarness, type Harness, type Schemas, type TestKey } from "../../helpers/harness";
import { NO_LIMITS } from "../../helpers/owners";

export type Owner = TestKey & { user: Awaited<ReturnType<Harness["createUser"]>> };

export const LEVEL_LABELS = { main_topic: "Pillar", subtopic_2: "Hub", subtopic_3: "Branch", subtopic_4: "Resource" };

/**
 * Two main topics, all four levels, keywords at several levels, mixed case (stored lowercase).
 * Counts: 2 main topics, 3 hubs, 2 branches, 2 resources, 6 keywords, 3 bare leaves
 * ("paid", "audit tools", "writing").
 */
export function sampleTree() {
  return [
    {
      main_topic: "SEO",
      subtopic_2: [
        {
          name: "Tools",
          subtopic_3: [
            {
              name: "Rank Trackers",
              subtopic_4: [
                { name: "Free Rank Trackers", keywords: ["Free Rank Tracker"] },
                { name: "Paid", keywords: [] },
              ],
              keywords: ["rank tracker"],
            },
            { name: "Audit Tools", subtopic_4: [], keywords: [] },
          ],
          subtopic_4: [],
          keywords: ["seo tools"],
        },
        { name: "Links", subtopic_3: [], keywords: ["link building", "backlinks"] },
      ],
      subtopic_3: [],
      subtopic_4: [],
      keywords: ["seo"],
    },
    { main_topic: "Content", subtopic_2: [{ name: "Writing", subtopic_3: [], keywords: [] }], keywords: [] },
  ];
}

export const SAMPLE_STATS = {
  main_topic_count: 2,
  st2_count: 3,
  st3_count: 2,
  st4_count: 2,
  keyword_count: 6,
  leaf_nodes_without_keywords: 3,
  total_nodes: 9,
};

export const research = (brandId: string, rest = "") => `/api/v1/research/${brandId}/${rest}`;

export async function createBrand(h: Harness, owner: Owner, name = "Acme", teamId?: string): Promise<string> {
  const res = await h.request("POST", "/api/v1/brands/", { key: owner.key, teamId, body: { brand_name: name } });
  if (res.statusCode !== 201) throw new Error(`brand create answered ${res.statusCode}: ${res.payload}`);
  return res.json<Schemas["Brand"]>().id;
}

export async function importTree(
  h: Harness,
  owner: Owner,
  brandId: string,
  tree: unknown = sampleTree(),
  coreTopic?: string,
  teamId?: string,
) {
  const body = coreTopic === undefined ? { research_data: tree } : { core_topic: coreTopic, research_data: tree };
  const res = await h.request("PUT", research(brandId), { key: owner.key, teamId, body });
  if (res.statusCode !== 200) throw new Error(`import answered ${res.statusCode}: ${res.payload}`);
  return res;
}

/** A fresh brand of `owner` with `tree` imported. */
export async function brandWithTree(h: Harness, owner: Owner, tree: unknown = sampleTree(), name = "Acme"): Promise<string> {
  const brandId = await createBrand(h, owner, name);
  await importTree(h, owner, brandId, tree);
  return brandId;
}

/** The tree as stored (built from the database, not from the service's cache), ids included. */
export async function storedTree(h: Harness, brandId: string): Promise<Tree> {
  const stored = await loadWhole({ db: h.testDb.database.db }, brandId);
  if (!stored) throw new Error(`no research record for ${brandId}`);
  return stored.tree;
}

export async function storedVersion(h: Harness, brandId: string): Promise<number> {
  const [row] = await h.testDb.database.db
    .select({ version: researchTrees.version })
    .from(researchTrees)
    .where(eq(researchTrees.brandId, brandId));
  return row?.version ?? 0;
}

/** Every node's id keyed by its path ("seo > tools"). */
export function idsByPath(tree: Tree, above: string[] = [], into = new Map<string, string>()): Map<string, string> {
  for (const node of tree) {
    const path = [...above, node.name];
    into.set(path.join(" > "), node.id);
    idsByPath(node.children, path, into);
  }
  return into;
}

export const balance = (h: Harness, userId: string) => getBalance(h.testDb.database.db, userId).then((b) => b.total);

/** A suite's harness (no rate limits) and a user with a key to own its brands. */
export async function openResearchHarness(options: { workers?: boolean } = {}): Promise<{ h: Harness; owner: Owner }> {
  const h = await createHarness({ ...options, env: NO_LIMITS });
  return { h, owner: await h.userWithKey() };
}

/** `GET research/{brand_id}/` as `owner` sees it: the parsed body. */
export async function researchDetail(h: Harness, owner: Owner, brandId: string): Promise<Schemas["ResearchTree"]> {
  return (await h.request("GET", research(brandId), { key: owner.key })).json<Schemas["ResearchTree"]>();
}

/** The keys of an object, sorted (for exact-shape assertions). */
export const keysOf = (value: object) => Object.keys(value).sort();

/** Every node write of the research module (body valid on the sample tree), as [method, path after the brand, body]. */
export const NODE_WRITES: [string, string, unknown][] = [
  ["PATCH", "nodes/rename/", { path: ["seo"], new_name: "x" }],
  ["POST", "nodes/add/", { parent_path: [], name: "x" }],
  ["POST", "nodes/delete/", { path: ["seo"] }],
  ["PATCH", "nodes/keywords/", { path: ["seo"], add: ["x"] }],
  ["POST", "nodes/move/", { source_path: ["seo", "links"], target_parent_path: [] }],
  ["POST", "nodes/merge/", { keep_path: ["seo"], merge_path: ["content"] }],
  ["POST", "nodes/bulk/", { operations: [{ action: "add", parent_path: [], name: "x" }] }],
];

/** A node of a tree in the wire shape, at any level (a pillar has `main_topic`, the others `name`). */
export interface WireNode {
  main_topic?: string;
  name?: string;
  keywords: string[];
  subtopic_2?: WireNode[];
  subtopic_3?: WireNode[];
  subtopic_4?: WireNode[];
}

/** A wire node's children, whichever level it is. */
export function childrenOf(node: WireNode): WireNode[] {
  return [...(node.subtopic_2 ?? []), ...(node.subtopic_3 ?? []), ...(node.subtopic_4 ?? [])];
}
