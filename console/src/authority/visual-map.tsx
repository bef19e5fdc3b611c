// The Visual Map: the hierarchy as a treemap, sized by search volume and coloured by the chosen
// figure, with its legend. A click on a box opens the node's details. The Pillars and Hubs are
// also buttons in the tab order (Enter or Space opens them); the thousands of deeper boxes are
// not, as tabbing through them would be of no use: the planner table below lists every node for
// keyboard and screen-reader users, with the same details behind each row.
import { memo, useMemo, useState, type KeyboardEvent } from "react";
import type { AuthorityNode, MapNode } from "./authority-model";
import { TYPE_LABELS } from "./authority-model";
import { colourOf, figureOf, legendOf, type ColourBy } from "./map-colours";
import { treemapBoxes, type MapBox } from "./treemap-layout";

const WIDTH = 900;
const HEIGHT = 540;

interface VisualMapProps {
  roots: readonly MapNode[];
  colourBy: ColourBy;
  selectedId: string | null;
  onSelect: (node: AuthorityNode) => void;
}

// Memoised: typing in the planner's filter re-renders the screen, and redrawing thousands of
// boxes for it would be wasted work.
export const VisualMap = memo(function VisualMap({ roots, colourBy, selectedId, onSelect }: VisualMapProps) {
  const boxes = useMemo(() => treemapBoxes(roots, WIDTH, HEIGHT), [roots]);
  // What the pointer is on, in one line under the map: one line for all boxes instead of a
  // tooltip element in each of thousands (which made the first drawing of a big map slow). Its
  // state lives here, outside the memoised boxes, so that pointing redraws the line only.
  const [pointed, setPointed] = useState<AuthorityNode | null>(null);
  return (
    <figure className="visual-map">
      <MapBoxes boxes={boxes} colourBy={colourBy} selectedId={selectedId} onSelect={onSelect} onPoint={setPointed} />
      <figcaption>
        <p className="pointed hint" aria-hidden="true">
          {pointed
            ? `${TYPE_LABELS[pointed.type]}: ${pointed.name}. ${pointed.search_volume.toLocaleString("en")} searches a month, ${figureOf(pointed, colourBy)}.`
            : "Point at a box to read it; click it for its details."}
        </p>
        <ul className="legend" aria-label="Legend">
          {legendOf(colourBy).map(({ colour, label }) => (
            <li key={label}>
              <span className="swatch" style={{ background: colour }} aria-hidden="true" />
              {label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
});

interface MapBoxesProps {
  boxes: readonly MapBox[];
  colourBy: ColourBy;
  selectedId: string | null;
  onSelect: (node: AuthorityNode) => void;
  onPoint: (node: AuthorityNode) => void;
}

const MapBoxes = memo(function MapBoxes({ boxes, colourBy, selectedId, onSelect, onPoint }: MapBoxesProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: SVG has no element for a group of shapes; the role names the treemap as one.
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="group" aria-label={`Treemap of ${boxes.length} nodes, sized by search volume`}>
      {boxes.map((box) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: the boxes a reader can name (depth 1-2) are buttons with keys below; a deeper box takes a click as a shortcut to what the table beside the map reaches by keyboard.
        <g
          key={box.node.node_id}
          className={box.node.node_id === selectedId ? "box selected" : "box"}
          data-node-id={box.node.node_id}
          // Boxes are drawn parents first, so the innermost box is on top and takes the click.
          onClick={() => {
            onSelect(box.node);
          }}
          onMouseEnter={() => onPoint(box.node)}
          {...(box.depth <= 2
            ? {
                role: "button",
                tabIndex: 0,
                "aria-label": `${TYPE_LABELS[box.node.type]} ${box.node.name}: ${figureOf(box.node, colourBy)}`,
                onFocus: () => onPoint(box.node),
                onKeyDown: (event: KeyboardEvent) => {
                  if (event.key !== "Enter" && event.key !== " ") return;
                  event.preventDefault();
                  onSelect(box.node);
                },
              }
            : {})}
        >
          <rect x={box.x} y={box.y} width={box.width} height={box.height} fill={colourOf(box.node, colourBy)} />
          {box.labelled ? (
            // The whole name, clipped to its box: what shows is then always part of the name a
            // reader hears (a cut name ending in "…" would not be).
            <>
              <clipPath id={`map-clip-${box.node.node_id}`}>
                <rect x={box.x} y={box.y} width={Math.max(0, box.width - 3)} height={box.height} />
              </clipPath>
              <text
                x={box.x + 4}
                y={box.y + 11}
                className={box.depth <= 2 ? "box-label strong" : "box-label"}
                clipPath={`url(#map-clip-${box.node.node_id})`}
              >
                {box.node.name}
              </text>
            </>
          ) : null}
        </g>
      ))}
    </svg>
  );
});
