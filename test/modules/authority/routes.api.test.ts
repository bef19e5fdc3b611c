// The workflow the product exists for, over HTTP: brand -> research -> brand clustering -> map
// -> authority view. The map keeps the research data as it was clustered; the authority view
// follows the tree as organized since (renames and moves, same node ids); published toggles
// roll coverage up the tree; node SERP data; the errors of each route.
import { NO_LIMITS, fundedOwner } from "../../helpers/owners";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAP_NOT_FOUND } from "../../../src/modules/maps";
import { NO_NODE_SERP_DATA, NODE_NOT_FOUND } from "../../../src/modules/authority/service";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { brandClustering, runClusteringJob, type Owner } from "../clustering/helpers";
import { importTree, research } from "../research/helpers";
import type { FieldsOf, SomeFieldsOf } from "../../helpers/matchers";

type Node = Schemas["AuthorityNode"];

const TREE = [
  {
    main_topic: "coffee",
    keywords: ["coffee"],
    subtopic_2: [
      {
        name: "machines",
        keywords: ["espresso machine", "best espresso machine"],
        subtopic_3: [
          { name: "grinders", keywords: ["coffee grinder benefits"], subtopic_4: [{ name: "hand", keywords: ["hand grinder"] }] },
        ],
      },
      { name: "brewing", keywords: ["cold brew", "pour over coffee"] },
    ],
  },
  { main_topic: "tea", keywords: ["green tea"], subtopic_2: [{ name: "empty", keywords: [] }] },
];

describe("maps and the authority view", () => {
  let h: Harness;
  let owner: Owner;
  let brandId: string;
  const get = (url: string, key = owner.key) => h.request("GET", url, { key });
  const hierarchyOf = async (): Promise<Node[]> =>
    (await get(`/api/v1/authority/${brandId}/`)).json<Schemas["AuthorityHierarchy"]>().hierarchy;
  const nodeNamed = (nodes: Node[], name: string) => nodes.find((n) => n.name === name)!;
  const publish = (nodeId: string, published: unknown, key = owner.key) =>
    h.request("PATCH", `/api/v1/authority/${brandId}/nodes/${nodeId}/published/`, {
      key,
      body: published === undefined ? {} : { published },
    });

  beforeAll(async () => {
    h = await createHarness({ workers: false, env: NO_LIMITS });
    owner = await fundedOwner(h, 100);
    // A site the offline web ranks for several of these keywords (and cites in an AI Overview).
    const brand = await h.request("POST", "/api/v1/brands/", {
      key: owner.key,
      body: { brand_name: "The Mindful Shopper", website_url: "https://www.themindfulshopper.com" },
    });
    brandId = brand.json<Schemas["Brand"]>().id;
    await importTree(h, owner, brandId, TREE);
    const started = await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: {} });
    expect(started.statusCode, started.payload).toBe(202);
    await runClusteringJob(h, started.json<Schemas["BrandClusteringStarted"]>().task_id);
  });
  afterAll(async () => h.close());

  it("lists the brand's map, for maps and for authority, and narrows by brand_id", async () => {
    for (const base of ["/api/v1/maps/", "/api/v1/authority/"]) {
      const all = await get(base);
      expect(all.statusCode).toBe(200);
      expect(all.json<Schemas["TopicalMapList"]>()).toEqual<FieldsOf<Schemas["TopicalMapSummary"]>[]>([
        {
          brand_id: brandId,
          brand_name: "The Mindful Shopper",
          is_uploaded: false,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ]);
      expect(
        (await h.request("GET", base, { key: owner.key, query: { brand_id: randomUUID() } })).json<Schemas["TopicalMapList"]>(),
      ).toEqual([]);
      expect((await h.request("GET", base, { key: owner.key, query: { brand_id: "nope" } })).statusCode).toBe(400);
    }
  });

  it("gives the map's clusters with every keyword entry field, positioned as the tree was", async () => {
    const res = await get(`/api/v1/maps/${brandId}/`);
    expect(res.statusCode).toBe(200);
    const map = res.json<Schemas["TopicalMap"]>();
    expect(map._meta).toMatchObject({ data_source: "offline", level_labels: { main_topic: "Pillar" } });
    expect(map.cluster_count).toBe(map.clusters.length);
    const entries = map.clusters.flatMap((c) => c.keywords);
    expect(entries).toHaveLength(8);
    const hand = entries.find((e) => e.keyword === "hand grinder");
    expect(hand).toMatchObject({
      main_topic: "coffee",
      subtopic_2: "machines",
      subtopic_3: "grinders",
      subtopic_4: "hand",
      has_serp_data: true,
    });
    expect(Object.keys(hand!).sort()).toEqual(
      [
        "buyers_journey",
        "competition",
        "content_title",
        "content_type",
        "cpc",
        "has_serp_data",
        "keyword",
        "main_topic",
        "search_intent",
        "search_volume",
        "serp_analysis",
        "serp_competitors",
        "serp_freshness",
        "similarity",
        "snippet",
        "sort_order",
        "subtopic_2",
        "subtopic_3",
        "subtopic_4",
        "url_slug",
      ].sort(),
    );
  });

  it("shows the tree as a hierarchy with the map's metrics, labels and the brand's rankings", async () => {
    const res = await get(`/api/v1/authority/${brandId}/`);
    expect(res.statusCode).toBe(200);
    const body = res.json<Schemas["AuthorityHierarchy"]>();
    expect(body._meta).toMatchObject({
      node_type_labels: { PILLAR: "Pillar", CLUSTER: "Hub", TOPIC: "Branch", PAGE: "Resource" },
      level_labels: { mt: "Pillar", st2: "Hub", st3: "Branch", st4: "Resource" },
      data_source: "offline",
    });
    expect(body.node_count).toBe(7);
    const nodes: Node[] = body.hierarchy;
    expect(nodes.map((n) => [n.name, n.type])).toEqual([
      ["coffee", "PILLAR"],
      ["machines", "CLUSTER"],
      ["grinders", "TOPIC"],
      ["hand", "PAGE"],
      ["brewing", "CLUSTER"],
      ["tea", "PILLAR"],
      ["empty", "CLUSTER"],
    ]);
    expect(Math.max(...nodes.map((n) => n.importance))).toBe(100);
    expect(nodeNamed(nodes, "empty")).toMatchObject({ search_volume: 0, importance: 0, serp_position: null, serp_all_positions: [] });
    // The brand's rankings agree with the stored SERPs.
    const ranked = nodes.filter((n) => n.serp_position !== null);
    expect(ranked.length).toBeGreaterThan(0);
    for (const node of ranked) {
      expect(node.serp_position).toBe(node.serp_all_positions[0]);
      const serp = (await get(`/api/v1/authority/${brandId}/serp-data/${node.node_id}/`)).json<Schemas["NodeSerpData"]>();
      const own = serp.serp_results.filter(
        (r: { url: string }) => new URL(r.url).hostname.replace(/^www\./, "") === "themindfulshopper.com",
      );
      for (const r of own) expect(node.serp_all_positions).toContain(r.position);
    }
    // Cited in the AI Overview of "coffee grinder benefits", the grinders node's keyword.
    expect(nodeNamed(nodes, "grinders")).toMatchObject({ aio_status: "cited", serp_all_positions: [10] });
  });

  it("follows organizer renames and moves with the same node ids, while the map keeps the original", async () => {
    const before = await hierarchyOf();
    const rename = await h.request("PATCH", research(brandId, "nodes/rename/"), {
      key: owner.key,
      body: { path: ["coffee", "machines"], new_name: "espresso gear" },
    });
    expect(rename.statusCode, rename.payload).toBe(200);
    const move = await h.request("POST", research(brandId, "nodes/move/"), {
      key: owner.key,
      body: { source_path: ["coffee", "brewing"], target_parent_path: ["tea"] },
    });
    expect(move.statusCode, move.payload).toBe(200);

    const after = await hierarchyOf();
    const renamed = nodeNamed(after, "espresso gear");
    expect(renamed.node_id).toBe(nodeNamed(before, "machines").node_id);
    expect(nodeNamed(after, "grinders")).toMatchObject({ mt: "coffee", st2: "espresso gear", st3: "grinders", st4: "grinders" });
    const moved = nodeNamed(after, "brewing");
    expect(moved).toMatchObject({ node_id: nodeNamed(before, "brewing").node_id, mt: "tea", st2: "brewing" });
    expect(moved.search_volume).toBe(nodeNamed(before, "brewing").search_volume);

    const map = (await get(`/api/v1/maps/${brandId}/`)).json<Schemas["TopicalMap"]>();
    const entries = map.clusters.flatMap((c: { keywords: { keyword: string; main_topic: string; subtopic_2: string }[] }) => c.keywords);
    expect(entries.find((e: { keyword: string }) => e.keyword === "cold brew")).toMatchObject({
      main_topic: "coffee",
      subtopic_2: "brewing",
    });
    expect(entries.find((e: { keyword: string }) => e.keyword === "espresso machine")).toMatchObject({ subtopic_2: "machines" });
  });

  it("rolls published toggles up into coverage, and back", async () => {
    const nodes = await hierarchyOf();
    const hand = nodeNamed(nodes, "hand");
    const res = await publish(hand.node_id, true);
    expect(res.statusCode, res.payload).toBe(200);
    expect(res.json<Schemas["NodePublished"]>()).toMatchObject<SomeFieldsOf<Schemas["NodePublished"]>>({
      node_id: hand.node_id,
      published: true,
      message: expect.any(String),
    });
    const on = await hierarchyOf();
    expect(["hand", "grinders", "espresso gear", "coffee"].map((n) => nodeNamed(on, n).coverage)).toEqual([100, 50, 33.3, 25]);
    expect(nodeNamed(on, "hand").published).toBe(true);
    expect(nodeNamed(on, "tea").coverage).toBe(0);

    // Idempotent, then off again.
    expect((await publish(hand.node_id, true)).statusCode).toBe(200);
    expect((await publish(hand.node_id, false)).json<Schemas["NodePublished"]>().published).toBe(false);
    const off = await hierarchyOf();
    expect(off.every((n) => n.coverage === 0 && !n.published)).toBe(true);
  });

  it("answers the published toggle's errors: 400 for a malformed node id or no `published`, 404 for an unknown node", async () => {
    const nodeId = (await hierarchyOf())[0]!.node_id;
    const malformed = await publish("not-a-uuid", true);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<Schemas["FieldErrors"]>()).toEqual<FieldsOf<Schemas["FieldErrors"]>>({ node_id: [expect.any(String)] });
    const missing = await publish(nodeId, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<Schemas["FieldErrors"]>()).toHaveProperty("published");
    expect((await publish(nodeId, "yes")).statusCode).toBe(400);
    const unknown = await publish(randomUUID(), true);
    expect([unknown.statusCode, unknown.json<Schemas["Error"]>()]).toEqual([404, { detail: NODE_NOT_FOUND }]);
  });

  it("never reads `published: null` as false: 400, and the node stays published", async () => {
    const hand = nodeNamed(await hierarchyOf(), "hand");
    expect((await publish(hand.node_id, true)).statusCode).toBe(200);
    const res = await publish(hand.node_id, null);
    expect(res.statusCode).toBe(400);
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({ published: ["This field may not be null."] });
    expect(nodeNamed(await hierarchyOf(), "hand").published).toBe(true);
    // DRF's spellings of a boolean are taken.
    expect((await publish(hand.node_id, "false")).json<Schemas["NodePublished"]>().published).toBe(false);
    expect((await publish(hand.node_id, 1)).json<Schemas["NodePublished"]>().published).toBe(true);
    expect((await publish(hand.node_id, 0)).json<Schemas["NodePublished"]>().published).toBe(false);
  });

  it("gives a node's stored SERP data, 404 for a node without keywords or not in the hierarchy", async () => {
    const nodes = await hierarchyOf();
    const coffee = nodeNamed(nodes, "coffee");
    const res = await get(`/api/v1/authority/${brandId}/serp-data/${coffee.node_id}/`);
    expect(res.statusCode).toBe(200);
    const serp = res.json<Schemas["NodeSerpData"]>();
    expect(serp).toMatchObject<SomeFieldsOf<Schemas["NodeSerpData"]>>({
      node_id: coffee.node_id,
      keyword: "coffee",
      total_results: expect.any(Number),
    });
    expect(serp.serp_results.length).toBeGreaterThan(0);
    expect(serp.serp_results.map((r: { position: number }) => r.position)).toEqual(serp.serp_results.map((_: unknown, i: number) => i + 1));
    expect(Object.keys(serp.serp_results[0]!).sort()).toEqual(["position", "snippet", "title", "url"]);
    expect(serp.snapshot_date).toBe(serp.serp_updated_at.slice(0, 10));
    const empty = await get(`/api/v1/authority/${brandId}/serp-data/${nodeNamed(nodes, "empty").node_id}/`);
    expect([empty.statusCode, empty.json<Schemas["Error"]>()]).toEqual([404, { detail: NO_NODE_SERP_DATA }]);
    expect((await get(`/api/v1/authority/${brandId}/serp-data/${randomUUID()}/`)).json<Schemas["Error"]>()).toEqual({
      detail: NODE_NOT_FOUND,
    });
  });

  it("answers 404 for a brand without a map, on every map and authority route", async () => {
    const other = (await h.request("POST", "/api/v1/brands/", { key: owner.key, body: { brand_name: "No Map" } })).json<Schemas["Brand"]>()
      .id;
    for (const url of [`/api/v1/maps/${other}/`, `/api/v1/authority/${other}/`, `/api/v1/authority/${other}/serp-data/${randomUUID()}/`]) {
      const res = await get(url);
      expect([res.statusCode, res.json<Schemas["Error"]>()]).toEqual([404, { detail: MAP_NOT_FOUND }]);
    }
    expect(
      (
        await h.request("PATCH", `/api/v1/authority/${other}/nodes/${randomUUID()}/published/`, {
          key: owner.key,
          body: { published: true },
        })
      ).statusCode,
    ).toBe(404);
  });
});
