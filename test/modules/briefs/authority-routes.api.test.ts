// Authority briefs over HTTP: made for a node of the brand's current hierarchy (its keyword of
// most volume as the query, its place and keywords as context, its stored SERP data by default),
// listed and read under the brand with `topic_node`, and the 400/404s of a node outside the
// hierarchy, a brand without a map, and a node without SERP data.
import { NO_LIMITS, fundedOwner } from "../../helpers/owners";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NODE_NOT_FOUND } from "../../../src/modules/authority";
import { MAP_NOT_FOUND } from "../../../src/modules/maps";
import { NO_SERP_DATA } from "../../../src/modules/briefs/serp-input";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { credits, newBrand, resultOf, runBrief, SERP } from "./helpers";
import { brandClustering, runClusteringJob, type Owner } from "../clustering/helpers";
import { importTree, research } from "../research/helpers";

const TREE = [
  {
    main_topic: "coffee",
    keywords: ["coffee"],
    subtopic_2: [
      { name: "grinders", keywords: ["burr grinder", "hand grinder"] },
      { name: "empty", keywords: [] },
    ],
  },
];

describe("authority briefs", () => {
  let h: Harness;
  let owner: Owner;
  let brandId: string;
  let nodes: Schemas["AuthorityNode"][];
  const base = () => `/api/v1/authority/${brandId}/briefs/`;
  const nodeNamed = (name: string) => nodes.find((n) => n.name === name)!;
  const start = (body: Record<string, unknown>, brand = brandId) =>
    h.request("POST", `/api/v1/authority/${brand}/briefs/generate/`, { key: owner.key, body });

  beforeAll(async () => {
    h = await createHarness({ workers: false, env: NO_LIMITS });
    owner = await fundedOwner(h, 200);
    brandId = await newBrand(h, owner);
    await importTree(h, owner, brandId, TREE);
    const clustering = await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: {} });
    await runClusteringJob(h, clustering.json<Schemas["BrandClusteringStarted"]>().task_id);
    nodes = (await h.request("GET", `/api/v1/authority/${brandId}/`, { key: owner.key })).json<Schemas["AuthorityHierarchy"]>().hierarchy;
  });
  afterAll(async () => h.close());

  it("writes a brief for a node from its keyword, place and stored SERP data", async () => {
    const node = nodeNamed("grinders");
    const before = await credits(h, owner);
    const res = await start({ node_id: node.node_id });
    expect(res.statusCode, res.payload).toBe(202);
    const started = res.json<Schemas["BriefGenerationStarted"]>();
    // The node's keyword of most search volume is the query.
    const map = (await h.request("GET", `/api/v1/maps/${brandId}/`, { key: owner.key })).json<Schemas["TopicalMap"]>();
    const volumes = new Map<string, number>(map.clusters.flatMap((c) => c.keywords.map((k) => [k.keyword, k.search_volume])));
    const primary = [...node.keywords].sort((a, b) => volumes.get(b)! - volumes.get(a)! || (a < b ? -1 : 1))[0];
    expect(started).toMatchObject({
      status: "PENDING",
      node_id: node.node_id,
      query_text: primary,
      brand_name: "Bean Co",
      credits_charged: 5,
    });
    expect(await credits(h, owner)).toBe(before - 5);

    await runBrief(h, started.id);
    const detail = (await h.request("GET", `${base()}${started.id}/`, { key: owner.key })).json<Schemas["Brief"]>();
    expect(detail).toMatchObject({ status: "COMPLETE", topic_node: node.node_id, _meta: { data_source: "offline" } });
    expect(detail.input_params).toMatchObject({
      node_id: node.node_id,
      brand_id: brandId,
      serp_source: "stored",
      serp_data_source: "offline",
      content_info_context: { topic: { name: "grinders", path: ["coffee", "grinders"], type: "CLUSTER" } },
    });
    expect(detail.input_params.user_provided_keywords).toEqual(node.keywords.filter((k) => k !== primary));
    expect(resultOf(detail).header_sections.length).toBeGreaterThan(0);

    const status = (await h.request("GET", `${base()}${started.id}/status/`, { key: owner.key })).json<Schemas["BriefStatus"]>();
    expect(status).toMatchObject({ id: started.id, status: "COMPLETE", query_text: primary, topic_node: node.node_id });
    const list = (await h.request("GET", base(), { key: owner.key })).json<Schemas["AuthorityBriefList"]>();
    expect(list).toMatchObject({ brand_id: brandId, brand_name: "Bean Co" });
    expect(list.results.map((b) => [b.id, b.topic_node])).toContainEqual([started.id, node.node_id]);
    // The same brief through the workspace-wide routes.
    expect((await h.request("GET", `/api/v1/briefs/${started.id}/`, { key: owner.key })).json<Schemas["Brief"]>().topic_node).toBe(
      node.node_id,
    );
  });

  it("follows the node through an organizer rename: the brief is made for the node as it is now", async () => {
    const rename = await h.request("PATCH", research(brandId, "nodes/rename/"), {
      key: owner.key,
      body: { path: ["coffee", "grinders"], new_name: "mills" },
    });
    expect(rename.statusCode, rename.payload).toBe(200);
    const res = await start({ node_id: nodeNamed("grinders").node_id, selected_serp_data: SERP });
    expect(res.statusCode, res.payload).toBe(202);
    const detail = (await h.request("GET", `${base()}${res.json<Schemas["BriefGenerationStarted"]>().id}/`, { key: owner.key })).json<
      Schemas["Brief"]
    >();
    expect(detail.input_params).toMatchObject({
      serp_source: "request",
      serp_data_source: "selected",
      content_info_context: { topic: { name: "mills", path: ["coffee", "mills"] } },
    });
  });

  it("filters the brand's list by status and search", async () => {
    const queued = await start({ node_id: nodeNamed("coffee").node_id });
    const ids = async (query: Record<string, string>) =>
      (await h.request("GET", base(), { key: owner.key, query })).json<Schemas["AuthorityBriefList"]>().results.map((b) => b.id);
    const pending = await ids({ status: "PENDING" });
    const complete = await ids({ status: "COMPLETE" });
    expect(pending).toContain(queued.json<Schemas["BriefGenerationStarted"]>().id);
    expect(complete).not.toContain(queued.json<Schemas["BriefGenerationStarted"]>().id);
    expect(complete.length).toBe(1);
    expect(pending).not.toContain(complete[0]);
    expect(await ids({ search: "COFFEE" })).toContain(queued.json<Schemas["BriefGenerationStarted"]>().id);
    expect((await h.request("GET", base(), { key: owner.key, query: { status: "nope" } })).statusCode).toBe(400);
  });

  it("goes through a draft, the outline review and the resume like a standalone brief, with its node throughout", async () => {
    const node = nodeNamed("coffee");
    const statusHere = async (id: string) =>
      (await h.request("GET", `${base()}${id}/status/`, { key: owner.key })).json<Schemas["BriefStatus"]>();
    const draft = await h.request("POST", base(), { key: owner.key, body: { node_id: node.node_id, interactive: true } });
    expect(draft.statusCode, draft.payload).toBe(201);
    const id = draft.json<Schemas["Brief"]>().id;
    expect(await statusHere(id)).toMatchObject({ status: "DRAFT", topic_node: node.node_id });
    const started = await h.request("POST", `/api/v1/briefs/${id}/generate/`, { key: owner.key });
    expect(started.json<Schemas["BriefGenerationStarted"]>()).toMatchObject({ status: "PENDING", node_id: node.node_id });
    await runBrief(h, id);
    expect(await statusHere(id)).toMatchObject({ status: "AWAITING_OUTLINE_REVIEW", topic_node: node.node_id });
    const resumed = await h.request("POST", `/api/v1/briefs/${id}/resume/`, { key: owner.key, body: {} });
    expect(resumed.json<Schemas["BriefStatus"]>()).toMatchObject({ status: "RESUMING_PROCESSING", topic_node: node.node_id });
    await runBrief(h, id);
    expect(await statusHere(id)).toMatchObject({ status: "COMPLETE", topic_node: node.node_id });
  });

  it("answers 404 for a node outside the hierarchy or a brand without a map, 400 without SERP data", async () => {
    const outside = await start({ node_id: randomUUID() });
    expect([outside.statusCode, outside.json<Schemas["Error"]>()]).toEqual([404, { detail: NODE_NOT_FOUND }]);
    const unmapped = await newBrand(h, owner, "No Map");
    const noMap = await start({ node_id: nodeNamed("coffee").node_id }, unmapped);
    expect([noMap.statusCode, noMap.json<Schemas["Error"]>()]).toEqual([404, { detail: MAP_NOT_FOUND }]);
    const empty = await start({ node_id: nodeNamed("empty").node_id });
    expect([empty.statusCode, empty.json<Schemas["Error"]>()]).toEqual([400, { detail: NO_SERP_DATA }]);
    expect((await start({ node_id: nodeNamed("empty").node_id, selected_serp_data: SERP })).statusCode).toBe(202);
    expect((await start({ node_id: "not-a-uuid" })).statusCode).toBe(400);
    // Another brand's brief is not found under this brand.
    const elsewhere = (await h.request("GET", base(), { key: owner.key })).json<Schemas["AuthorityBriefList"]>().results[0]!.id;
    expect((await h.request("GET", `/api/v1/authority/${unmapped}/briefs/${elsewhere}/`, { key: owner.key })).statusCode).toBe(404);
  });
});
