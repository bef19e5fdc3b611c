// The Visual Map's geometry: a squarified treemap of the hierarchy (d3-hierarchy), each node's
// area its search volume. A node's `search_volume` already includes its descendants', so a node's
// own share is what its children do not account for. Depths count from the roots given, so a map
// zoomed into one node lays out its subtree as the whole map. Pure: the component only draws.
import { hierarchy, treemap, treemapSquarify } from "d3-hierarchy";
import type { AuthorityNode, MapNode } from "./authority-model";

export interface MapBox {
  node: AuthorityNode;
  /** 1 for a root given, 2 for its children, and so on. */
  depth: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Whether the node has boxes drawn inside it (a click zooms the map into it). */
  hasChildren: boolean;
  /**
   * Whether the box has room for a line of its name: tall enough, and no child box covers the
   * line. How much of the name fits its width is for the drawing to measure (map-labels.ts).
   */
  labelled: boolean;
}

/** A box's label: its font size in px (the map is drawn one unit to one px), where its line sits. */
export const LABEL = { size: 12, inset: 4, baseline: 13, rightInset: 3 } as const;
/** Height of the band at the top of the two upper levels' boxes that holds their names. */
const HEADER = 18;
const LABEL_MIN_WIDTH = 24;
const LABEL_MIN_HEIGHT = 18;

interface Datum {
  item: MapNode | null;
  children: Datum[];
}

const ownVolume = (item: MapNode): number => {
  const below = item.children.reduce((sum, child) => sum + child.node.search_volume, 0);
  return Math.max(0, item.node.search_volume - below);
};

export function treemapBoxes(roots: readonly MapNode[], width: number, height: number): MapBox[] {
  const wrap = (item: MapNode): Datum => ({ item, children: item.children.map(wrap) });
  const root = hierarchy<Datum>({ item: null, children: roots.map(wrap) }, (datum) => datum.children);
  // A leaf of little or no volume still gets an eighth of an average box, so that every node can
  // be seen and clicked; beside thousands of searches a true-to-scale sliver would be invisible.
  const total = roots.reduce((sum, item) => sum + item.node.search_volume, 0);
  const nodes = root.descendants().length - 1;
  const floor = nodes > 0 ? Math.max(total, 1) / (8 * nodes) : 1;
  root
    .sum((datum) => (datum.item ? Math.max(ownVolume(datum.item), datum.children.length === 0 ? floor : 0) : 0))
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  const laid = treemap<Datum>()
    .tile(treemapSquarify)
    .size([width, height])
    .paddingInner(1)
    .paddingOuter(2)
    .paddingTop((box) => (box.depth >= 1 && box.depth <= 2 && box.children ? HEADER : 2))(root);

  const boxes: MapBox[] = [];
  for (const box of laid.descendants()) {
    const item = box.data.item;
    if (!item) continue;
    const boxWidth = box.x1 - box.x0;
    const boxHeight = box.y1 - box.y0;
    if (boxWidth <= 0 || boxHeight <= 0) continue;
    boxes.push({
      node: item.node,
      depth: box.depth,
      x: box.x0,
      y: box.y0,
      width: boxWidth,
      height: boxHeight,
      hasChildren: box.children !== undefined,
      // A box three levels down with boxes inside has no header band: they would cover its name.
      labelled: boxWidth >= LABEL_MIN_WIDTH && boxHeight >= LABEL_MIN_HEIGHT && (!box.children || box.depth <= 2),
    });
  }
  return boxes;
}
