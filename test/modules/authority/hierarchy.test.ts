// The authority hierarchy built from a tree, the map's metrics and the published toggles.
import { describe, expect, it } from "vitest";
import { buildHierarchy } from "../../../src/modules/authority/hierarchy";
import { pathNodeId, treeFromMap } from "../../../src/modules/authority/map-tree";
import type { KeywordMetric } from "../../../src/modules/maps";
import type { Tree, TreeNode } from "../../../src/modules/research";

const node = (id: string, name: string, keywords: string[], children: TreeNode[] = []): TreeNode => ({ id, name, keywords, children });
const metric = (
  volume: number,
  positions: number[] = [],
  aio: KeywordMetric["aio"] = "N/A",
  aimode: KeywordMetric["aimode"] = "N/A",
): KeywordMetric => ({
  volume,
  positions,
  aio,
  aimode,
});

const tree: Tree = [
  node(
    "p1",
    "coffee",
    ["coffee"],
    [
      node(
        "h1",
        "machines",
        ["espresso machine", "coffee machine"],
        [node("b1", "buying", [], [node("r1", "best picks", ["best espresso machine"])])],
      ),
      node("h2", "beans", ["coffee beans"]),
    ],
  ),
  node("p2", "tea", []),
];
const metrics = new Map<string, KeywordMetric>([
  ["coffee", metric(1000, [7])],
  ["espresso machine", metric(5000, [3, 9], "cited", "mentioned")],
  ["coffee machine", metric(5000, [], "not_present", "mentioned_cited")],
  ["best espresso machine", metric(2000, [2])],
  ["coffee beans", metric(0)],
]);

describe("buildHierarchy", () => {
  const nodes = buildHierarchy(tree, metrics, new Set(["r1", "h2"]));
  const byId = new Map(nodes.map((n) => [n.node_id, n]));

  it("lists every node depth first with its type and level names, deeper names repeating its own", () => {
    expect(nodes.map((n) => [n.node_id, n.type, n.mt, n.st2, n.st3, n.st4])).toEqual([
      ["p1", "PILLAR", "coffee", "coffee", "coffee", "coffee"],
      ["h1", "CLUSTER", "coffee", "machines", "machines", "machines"],
      ["b1", "TOPIC", "coffee", "machines", "buying", "buying"],
      ["r1", "PAGE", "coffee", "machines", "buying", "best picks"],
      ["h2", "CLUSTER", "coffee", "beans", "beans", "beans"],
      ["p2", "PILLAR", "tea", "tea", "tea", "tea"],
    ]);
  });

  it("sums search volume under each node and scales importance to the largest node", () => {
    expect(nodes.map((n) => n.search_volume)).toEqual([13000, 12000, 2000, 2000, 0, 0]);
    expect(byId.get("p1")!.importance).toBe(100);
    expect(byId.get("p2")!.importance).toBe(0);
    expect(byId.get("h1")!.importance).toBeGreaterThan(byId.get("b1")!.importance);
    expect(byId.get("p1")!.priority_category).toBe("High");
    expect(byId.get("p2")!.priority_category).toBe("Low");
  });

  it("takes the node's own keywords for slug, positions and AI presence (the strongest)", () => {
    const hub = byId.get("h1")!;
    expect(hub.keywords).toEqual(["espresso machine", "coffee machine"]);
    expect(hub.keyword_count).toBe(2);
    // Equal volumes: the first alphabetically.
    expect(hub.url_slug).toBe("coffee-machine");
    expect([hub.serp_position, hub.serp_all_positions]).toEqual([3, [3, 9]]);
    expect([hub.aio_status, hub.aimode_status, hub.chatgpt_status]).toEqual(["cited", "mentioned_cited", "N/A"]);
    const branch = byId.get("b1")!;
    expect([branch.url_slug, branch.serp_position, branch.serp_all_positions, branch.aio_status]).toEqual(["buying", null, [], "N/A"]);
  });

  it("gives every page its own slug, though a parent's top keyword is a child's name", () => {
    const parentAndChild: Tree = [
      node(
        "p",
        "kayak gear",
        ["kayak gear", "best kayak paddles"],
        [
          node(
            "h",
            "best kayak paddles",
            ["best kayak paddles"],
            [node("b", "kayak paddle sizes", ["kayak paddle sizes", "best kayak paddles"])],
          ),
          node("h2", "kayak racks", ["kayak racks"]),
        ],
      ),
    ];
    const volumes = new Map<string, KeywordMetric>([
      ["kayak gear", metric(100)],
      ["best kayak paddles", metric(900)],
      ["kayak paddle sizes", metric(50)],
      ["kayak racks", metric(70)],
    ]);
    const slugs = buildHierarchy(parentAndChild, volumes, new Set()).map((n) => [n.node_id, n.url_slug]);
    expect(slugs).toEqual([
      ["p", "kayak-gear"],
      ["h", "best-kayak-paddles"],
      ["b", "kayak-paddle-sizes"],
      ["h2", "kayak-racks"],
    ]);
  });

  it("rolls coverage up: published nodes among the node and its descendants", () => {
    expect(nodes.map((n) => [n.node_id, n.published, n.coverage])).toEqual([
      ["p1", false, 40],
      ["h1", false, 33.3],
      ["b1", false, 50],
      ["r1", true, 100],
      ["h2", true, 100],
      ["p2", false, 0],
    ]);
  });

  it("counts a keyword without map metrics as no volume and no data", () => {
    const [only] = buildHierarchy([node("x", "x", ["unmapped"])], new Map(), new Set());
    expect(only).toMatchObject({ search_volume: 0, importance: 0, serp_position: null, aio_status: "N/A", url_slug: "unmapped" });
  });
});

describe("treeFromMap", () => {
  it("builds the tree of the map's position columns with ids stable for a brand and path", () => {
    const rows = [
      { keyword: "espresso machine", path: ["coffee", "machines", "", ""] },
      { keyword: "coffee", path: ["coffee", "", "", ""] },
      { keyword: "orphan", path: ["", "", "", ""] },
      { keyword: "best picks", path: ["coffee", "machines", "buying", "best"] },
    ];
    const tree = treeFromMap("brand-1", rows);
    expect(tree).toHaveLength(1);
    expect(tree[0]!).toMatchObject({ name: "coffee", keywords: ["coffee"], id: pathNodeId("brand-1", ["coffee"]) });
    expect(tree[0]!.children[0]!).toMatchObject({ name: "machines", keywords: ["espresso machine"] });
    expect(tree[0]!.children[0]!.children[0]!.children[0]!).toMatchObject({ name: "best", keywords: ["best picks"] });
    expect(treeFromMap("brand-1", rows)).toEqual(tree);
    expect(pathNodeId("brand-2", ["coffee"])).not.toBe(pathNodeId("brand-1", ["coffee"]));
    expect(pathNodeId("brand-1", ["coffee"])).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
