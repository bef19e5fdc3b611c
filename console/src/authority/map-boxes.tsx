// The Visual Map's boxes in one SVG, each with as much of its name as fits its box (measured in the
// font it is drawn in). A shortened name is whole in the box's accessible name (the two upper
// levels drawn, which are buttons: Enter or Space) or its title (the deeper boxes), and in the
// line above the map that names the box pointed at or focused. Every box takes a click.
import { memo, useMemo, type KeyboardEvent } from "react";
import type { AuthorityNode } from "./authority-model";
import { TYPE_LABELS } from "./authority-model";
import { colourOf, figureOf, type ColourBy } from "./map-colours";
import { fitLabel, type FittedLabel, type MeasureText } from "./map-labels";
import { LABEL, type MapBox } from "./treemap-layout";

interface LabelledBoxesProps {
  boxes: readonly MapBox[];
  width: number;
  height: number;
  fontFamily: string;
  colourBy: ColourBy;
  selectedId: string | null;
  onActivate: (node: AuthorityNode, hasChildren: boolean) => void;
  onPoint: (node: AuthorityNode) => void;
}

export const LabelledBoxes = memo(function LabelledBoxes(props: LabelledBoxesProps) {
  const { boxes, width, height, fontFamily, colourBy, selectedId, onActivate, onPoint } = props;
  const labels = useMemo(() => boxLabels(boxes, fontFamily), [boxes, fontFamily]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: SVG has no element for a group of shapes; the role names the treemap as one.
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="group"
      aria-label={`Treemap of ${boxes.length} nodes, sized by search volume`}
    >
      {boxes.map((box, index) => {
        const label = labels[index];
        const strong = box.depth <= 2;
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: the boxes a reader can name (the two upper levels) are buttons with keys below; a deeper box takes a click as a shortcut to what the table beside the map reaches by keyboard.
          <g
            key={box.node.node_id}
            className={box.node.node_id === selectedId ? "box selected" : "box"}
            data-node-id={box.node.node_id}
            // Boxes are drawn parents first, so the innermost box is on top and takes the click.
            onClick={() => onActivate(box.node, box.hasChildren)}
            onMouseEnter={() => onPoint(box.node)}
            {...(strong
              ? {
                  role: "button",
                  tabIndex: 0,
                  "aria-label": `${TYPE_LABELS[box.node.type]} ${box.node.name}: ${figureOf(box.node, colourBy)}`,
                  onFocus: () => onPoint(box.node),
                  onKeyDown: (event: KeyboardEvent) => {
                    if (event.key !== "Enter" && event.key !== " ") return;
                    event.preventDefault();
                    onActivate(box.node, box.hasChildren);
                  },
                }
              : {})}
          >
            {/* A button's name holds the whole name already (and a title would be read with the label as its text). */}
            {label?.shortened && !strong ? <title>{box.node.name}</title> : null}
            <rect x={box.x} y={box.y} width={box.width} height={box.height} fill={colourOf(box.node, colourBy)} />
            {label ? (
              <text x={box.x + LABEL.inset} y={box.y + LABEL.baseline} className={strong ? "box-label strong" : "box-label"}>
                {label.text}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
});

/** Each box's label (or none), in the boxes' order; the two upper levels' in bold, as drawn. */
function boxLabels(boxes: readonly MapBox[], fontFamily: string): (FittedLabel | null)[] {
  const regular = measurer(`${LABEL.size}px ${fontFamily}`);
  const bold = measurer(`600 ${LABEL.size}px ${fontFamily}`);
  return boxes.map((box) =>
    box.labelled ? fitLabel(box.node.name, box.width - LABEL.inset - LABEL.rightInset, box.depth <= 2 ? bold : regular) : null,
  );
}

/** A text's width in a CSS font, as a canvas measures it; each text measured once. */
function measurer(font: string): MeasureText {
  const context = document.createElement("canvas").getContext("2d");
  const widths = new Map<string, number>();
  return (text) => {
    let width = widths.get(text);
    if (width === undefined) {
      if (context) context.font = font;
      // Without a canvas, a generous guess (most letters are narrower than 0.7 em).
      width = context ? context.measureText(text).width : [...text].length * LABEL.size * 0.7;
      widths.set(text, width);
    }
    return width;
  };
}
