// The console's authority model: the tree rebuilt from the API's depth-first list, coverage
// recomputed after a click exactly as the server computes it, the planner's filters, the Visual
// Map's boxes and colours. Compared with the server's own hierarchy builder where it has one.
import { describe, expect, it } from "vitest";
import {
  authorityTree,
  pathTo,
  plannerRows,
  withPublished,
  type AuthorityNode,
  type MapNode,
} from "../../../console/src/authority/authority-model";
import { colourOf, legendOf, COLOUR_BY, type ColourBy } from "../../../console/src/authority/map-colours";
import { treemapBoxes } from "../../../console/src/authority/treemap-layout";
import { buildHierarchy } from "../../../src/modules/authority";
import type { KeywordMetric } from "../../../src/modules/maps";
import type { Tree, TreeNode } from "../../../src/modules/research";

const node = (id: string, keywords: string[], children: TreeNode[] = []): TreeNode => ({ id, name: `node ${id}`, keywords, children });
const metric = (
  volume: number,
  positions: number[] = [],
  aio: KeywordMetric["aio"] = "N/A",
  aimode: KeywordMetric["aimode"] = "N/A",
): KeywordMetric => ({ volume, positions, aio, aimode });

const tree: Tree = [
  node(
    "p1",
    ["coffee"],
    [
      node(
        "h1",
        ["espresso machine"],
        [node("b1", [], [node("r1", ["best espresso machine"]), node("r2", ["cheap espresso machine"])]), node("b2", ["espresso repair"])],
      ),
      node("h2", ["coffee beans"]),
    ],
  ),
  node("p2", ["tea"], [node("h3", ["green tea"])]),
];
const metrics = new Map<string, KeywordMetric>([
  ["coffee", metric(1000, [7])],
  ["espresso machine", metric(5000, [3, 9], "cited", "not_present")],
  ["best espresso machine", metric(2000, [12])],
  ["cheap espresso machine", metric(300)],
  ["espresso repair", metric(50, [25], "not_present")],
  ["coffee beans", metric(0)],
  ["tea", metric(800, [1])],
  ["green tea", metric(400)],
]);
// The server's types are the API's: the console reads the same objects.
const server = (published: string[]): AuthorityNode[] => buildHierarchy(tree, metrics, new Set(published)) as unknown as AuthorityNode[];

const ids = (items: readonly MapNode[]): unknown[] =>
  items.map((item) => (item.children.length > 0 ? [item.node.node_id, ids(item.children)] : item.node.node_id));

describe("authorityTree", () => {
  it("puts each node of the depth-first list under the last node one level up", () => {
    expect(ids(authorityTree(server([])))).toEqual([
      ["p1", [["h1", [["b1", ["r1", "r2"]], "b2"]], "h2"]],
      ["p2", ["h3"]],
    ]);
  });
});

describe("withPublished", () => {
  it("gives every node the coverage the server gives after the same toggles", () => {
    const clicks: Array<[string, boolean]> = [
      ["r1", true],
      ["h1", true],
      ["p2", true],
      ["r1", false],
      ["h3", true],
      ["b2", true],
    ];
    let onScreen = server([]);
    const published = new Set<string>();
    for (const [id, value] of clicks) {
      onScreen = withPublished(onScreen, id, value);
      if (value) published.add(id);
      else published.delete(id);
      const expected = server([...published]);
      expect(onScreen.map((n) => [n.node_id, n.published, n.coverage])).toEqual(expected.map((n) => [n.node_id, n.published, n.coverage]));
    }
  });
});

describe("plannerRows", () => {
  const nodes = withPublished(server([]), "p1", true);
  const names = (rows: AuthorityNode[]) => rows.map((n) => n.node_id);

  it("answers the planner's questions", () => {
    expect(names(plannerRows(nodes, "all"))).toHaveLength(nodes.length);
    const high = nodes.filter((n) => n.priority_category === "High").map((n) => n.node_id);
    expect(high).toContain("p1");
    expect(names(plannerRows(nodes, "next"))).toEqual(high.filter((id) => id !== "p1"));
    // A node's position and AI presence are its own keywords' (p1 7, h1 3, r1 12, b2 25, p2 1).
    expect(names(plannerRows(nodes, "quick-wins"))).toEqual(["p1", "r1"]);
    expect(names(plannerRows(nodes, "ai-absent"))).toEqual(["h1", "b2"]);
    expect(names(plannerRows(nodes, "not-ranking"))).toEqual(["b1", "r2", "h2", "h3"]);
  });
});

describe("the Visual Map", () => {
  const nodes = server([]);
  const boxes = treemapBoxes(authorityTree(nodes), 1000, 560);
  const byId = new Map(boxes.map((box) => [box.node.node_id, box]));

  it("draws every node, even one without volume, each inside its parent's box, parents first", () => {
    expect(boxes.map((box) => box.node.node_id).sort()).toEqual(nodes.map((n) => n.node_id).sort());
    const h2 = byId.get("h2");
    expect((h2?.width ?? 0) * (h2?.height ?? 0)).toBeGreaterThan(100);
    const inside = (child: string, parent: string) => {
      const c = byId.get(child);
      const p = byId.get(parent);
      if (!c || !p) throw new Error(`no box for ${child} or ${parent}`);
      return c.x >= p.x && c.y >= p.y && c.x + c.width <= p.x + p.width && c.y + c.height <= p.y + p.height;
    };
    for (const [child, parent] of [
      ["h1", "p1"],
      ["b1", "h1"],
      ["r1", "b1"],
      ["r2", "b1"],
      ["h3", "p2"],
    ] as const)
      expect(inside(child, parent)).toBe(true);
    expect(boxes.findIndex((box) => box.node.node_id === "p1")).toBeLessThan(boxes.findIndex((box) => box.node.node_id === "r1"));
  });

  it("sizes the boxes by search volume", () => {
    const area = (id: string) => {
      const box = byId.get(id);
      return box ? box.width * box.height : 0;
    };
    expect(area("p1")).toBeGreaterThan(area("p2") * 3);
    expect(area("r1")).toBeGreaterThan(area("r2") * 2);
  });

  it("colours by each figure with a colour its legend names", () => {
    for (const by of Object.keys(COLOUR_BY) as ColourBy[]) {
      const legend = new Set(legendOf(by).map((entry) => entry.colour));
      for (const n of nodes) expect(legend.has(colourOf(n, by))).toBe(true);
    }
    const byPosition = (id: string) => colourOf(nodes.find((n) => n.node_id === id) ?? nodes[0]!, "position");
    expect(byPosition("p2")).not.toBe(byPosition("r2"));
  });
});

describe("the Visual Map zoomed into a node", () => {
  const roots = authorityTree(server([]));

  it("finds the way down to a node, and none to a node not in the tree", () => {
    expect(pathTo(roots, "b1").map((item) => item.node.node_id)).toEqual(["p1", "h1", "b1"]);
    expect(pathTo(roots, "p2").map((item) => item.node.node_id)).toEqual(["p2"]);
    expect(pathTo(roots, "gone")).toEqual([]);
  });

  it("lays out the node's subtree alone as the whole map, its two upper levels named in header bands", () => {
    const hub = pathTo(roots, "h1").at(-1);
    if (!hub) throw new Error("no hub h1");
    const boxes = treemapBoxes([hub], 600, 400);
    expect(boxes.map((box) => box.node.node_id).sort()).toEqual(["b1", "b2", "h1", "r1", "r2"]);
    const byId = new Map(boxes.map((box) => [box.node.node_id, box]));
    // The whole map but for its outer margin of 2.
    expect(byId.get("h1")).toMatchObject({ depth: 1, x: 2, y: 2, width: 596, height: 396, hasChildren: true, labelled: true });
    // The Branch is now the second level drawn: it has a header band for its name above its Resources.
    expect(byId.get("b1")).toMatchObject({ depth: 2, hasChildren: true, labelled: true });
    expect(byId.get("r1")).toMatchObject({ depth: 3, hasChildren: false });
    expect(Math.min(byId.get("r1")?.y ?? 0, byId.get("r2")?.y ?? 0)).toBeGreaterThanOrEqual((byId.get("b1")?.y ?? 0) + 18);
  });
});
