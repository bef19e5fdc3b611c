// Authority articles over HTTP: drafted only from an authority brief of the brand, inheriting its
// node; listed, read and followed under the brand; regenerated from another node's brief with the
// node following it.
import { NO_LIMITS, fundedOwner } from "../../helpers/owners";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { completeBrief, runArticle } from "./helpers";
import { newBrand, runBrief } from "../briefs/helpers";
import { brandClustering, runClusteringJob, type Owner } from "../clustering/helpers";
import { importTree } from "../research/helpers";

describe("authority articles", () => {
  let h: Harness;
  let owner: Owner;
  let brandId: string;
  let nodes: { node_id: string; name: string }[];
  const base = () => `/api/v1/authority/${brandId}/articles/`;

  async function authorityBrief(nodeName: string): Promise<string> {
    const node = nodes.find((n) => n.name === nodeName)!;
    const res = await h.request("POST", `/api/v1/authority/${brandId}/briefs/generate/`, {
      key: owner.key,
      body: { node_id: node.node_id },
    });
    expect(res.statusCode, res.payload).toBe(202);
    await runBrief(h, res.json<Schemas["BriefGenerationStarted"]>().id);
    return res.json<Schemas["BriefGenerationStarted"]>().id;
  }

  beforeAll(async () => {
    h = await createHarness({ workers: false, env: NO_LIMITS });
    owner = await fundedOwner(h, 500);
    brandId = await newBrand(h, owner);
    await importTree(h, owner, brandId, [
      { main_topic: "coffee", keywords: ["coffee"], subtopic_2: [{ name: "grinders", keywords: ["burr grinder"] }] },
    ]);
    const clustering = await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: {} });
    await runClusteringJob(h, clustering.json<Schemas["BrandClusteringStarted"]>().task_id);
    nodes = (await h.request("GET", `/api/v1/authority/${brandId}/`, { key: owner.key })).json<Schemas["AuthorityHierarchy"]>().hierarchy;
  });
  afterAll(async () => h.close());

  it("drafts an article from an authority brief, inheriting its node, and follows a new brief's node", async () => {
    const coffee = await authorityBrief("coffee");
    const res = await h.request("POST", `${base()}generate/`, { key: owner.key, body: { brief_id: coffee, ai_model_id: "offline" } });
    expect(res.statusCode, res.payload).toBe(202);
    const coffeeNode = nodes.find((n) => n.name === "coffee")!.node_id;
    expect(res.json<Schemas["ArticleDraftingStarted"]>()).toMatchObject({
      status: "generating",
      topic_node: coffeeNode,
      credits_charged: 10,
    });
    const id = res.json<Schemas["ArticleDraftingStarted"]>().id;
    await runArticle(h, id);

    const detail = (await h.request("GET", `${base()}${id}/`, { key: owner.key })).json<Schemas["Article"]>();
    expect(detail).toMatchObject({ topic_node: coffeeNode, brief_id: coffee });
    expect(detail.sections.length).toBeGreaterThan(0);
    expect((await h.request("GET", `${base()}${id}/status/`, { key: owner.key })).json<Schemas["ArticleProgress"]>()).toMatchObject({
      topic_node: coffeeNode,
    });
    const list = (await h.request("GET", base(), { key: owner.key })).json<Schemas["AuthorityArticleList"]>();
    expect(list).toMatchObject({ brand_id: brandId, brand_name: "Bean Co" });
    expect(list.results.map((a: { id: string; topic_node: string }) => [a.id, a.topic_node])).toEqual([[id, coffeeNode]]);

    const grinders = await authorityBrief("grinders");
    const again = await h.request("POST", `${base()}${id}/generate/`, {
      key: owner.key,
      body: { brief_id: grinders, ai_model_id: "offline" },
    });
    expect(again.statusCode, again.payload).toBe(202);
    const grindersNode = nodes.find((n) => n.name === "grinders")!.node_id;
    expect(again.json<Schemas["ArticleDraftingStarted"]>()).toMatchObject({ status: "regenerating", topic_node: grindersNode });
    expect((await h.request("GET", `${base()}${id}/`, { key: owner.key })).json<Schemas["Article"]>().topic_node).toBe(grindersNode);
  });

  it("refuses a standalone brief, or another brand's authority brief", async () => {
    const standalone = await completeBrief(h, owner, brandId, "coffee storage");
    const res = await h.request("POST", `${base()}generate/`, { key: owner.key, body: { brief_id: standalone, ai_model_id: "offline" } });
    expect([res.statusCode, res.json<Schemas["Error"]>().detail]).toEqual([400, expect.stringContaining("authority brief")]);
    const other = await newBrand(h, owner, "Other Co");
    const coffee = await authorityBrief("coffee");
    const elsewhere = await h.request("POST", `/api/v1/authority/${other}/articles/generate/`, {
      key: owner.key,
      body: { brief_id: coffee, ai_model_id: "offline" },
    });
    expect(elsewhere.statusCode).toBe(400);
  });
});
