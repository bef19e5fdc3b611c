// The Visual Map: the hierarchy as a treemap, sized by search volume and coloured by the chosen
// figure, with its legend and a trail of the levels zoomed into above it. A click on a box opens
// the node's details; a click on a box with boxes inside also zooms the map into it, and the trail
// (or Escape, once no details are open) goes back out. The two upper levels drawn are also
// buttons in the tab order (Enter or Space opens them); the thousands of deeper boxes are not, as
// tabbing through them would be of no use: the planner table below lists every node for keyboard
// and screen-reader users, with the same details behind each row.
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import type { AuthorityNode, MapNode } from "./authority-model";
import { pathTo, TYPE_LABELS } from "./authority-model";
import { figureOf, legendOf, type ColourBy } from "./map-colours";
import { MapTrail } from "./map-trail";
import { LabelledBoxes } from "./map-boxes";
import { treemapBoxes } from "./treemap-layout";

/** Before the map's width is measured, and where nothing can measure it. */
const FALLBACK_WIDTH = 900;

interface VisualMapProps {
  roots: readonly MapNode[];
  colourBy: ColourBy;
  selectedId: string | null;
  onSelect: (node: AuthorityNode) => void;
}

// Memoised: typing in the planner's filter re-renders the screen, and redrawing thousands of
// boxes for it would be wasted work.
export const VisualMap = memo(function VisualMap({ roots, colourBy, selectedId, onSelect }: VisualMapProps) {
  const [zoomId, setZoomId] = useState<string | null>(null);
  // A zoomed node that a new hierarchy no longer holds leaves the map at the top.
  const path = useMemo(() => (zoomId ? pathTo(roots, zoomId) : []), [roots, zoomId]);
  const zoomed = path[path.length - 1];
  const shown = useMemo(() => (zoomed ? [zoomed] : roots), [zoomed, roots]);

  // Drawn one unit to one pixel at the width the page gives it, so that the labels' font size is
  // the size read on screen and what fits is measured truly.
  const frameRef = useRef<HTMLDivElement>(null);
  const { width, fontFamily } = useFrame(frameRef);
  const height = Math.round(Math.min(540, Math.max(300, width * 0.6)));
  const boxes = useMemo(() => treemapBoxes(shown, width, height), [shown, width, height]);

  // Going out, the focus lands on the box of the level just left (drawn once the zoom has
  // rendered), so the keyboard stays on the map.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  useEffect(() => {
    if (!returnTo) return;
    setReturnTo(null);
    frameRef.current?.querySelector<SVGGElement>(`g.box[data-node-id="${CSS.escape(returnTo)}"][tabindex]`)?.focus();
  }, [returnTo]);
  const zoomOutTo = (level: number) => {
    setReturnTo(path[level]?.node.node_id ?? null);
    setZoomId(level === 0 ? null : (path[level - 1]?.node.node_id ?? null));
  };
  const zoomOut = useRef(zoomOutTo);
  zoomOut.current = zoomOutTo;

  // Escape goes out one level, once no details are open (Escape closes them first) and unless
  // the key was meant for a field being typed in.
  const zoomedIn = path.length > 0;
  useEffect(() => {
    if (!zoomedIn || selectedId !== null) return;
    const outOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || isField(event.target)) return;
      zoomOut.current(path.length - 1);
    };
    document.addEventListener("keydown", outOnEscape);
    return () => document.removeEventListener("keydown", outOnEscape);
  }, [zoomedIn, selectedId, path.length]);

  const zoomedId = zoomed?.node.node_id;
  const activate = useCallback(
    (node: AuthorityNode, hasChildren: boolean) => {
      if (hasChildren && node.node_id !== zoomedId) setZoomId(node.node_id);
      onSelect(node);
    },
    [zoomedId, onSelect],
  );

  // What the pointer is on, in one line above the map: one line for all boxes instead of a
  // tooltip element in each of thousands (which made the first drawing of a big map slow). Its
  // state lives here, outside the memoised boxes, so that pointing redraws the line only.
  const [pointed, setPointed] = useState<AuthorityNode | null>(null);
  return (
    <figure className="visual-map">
      <figcaption>
        <div className="map-bar">
          <MapTrail path={path} onOut={zoomOutTo} />
          <ul className="legend" aria-label="Legend">
            {legendOf(colourBy).map(({ colour, label }) => (
              <li key={label}>
                <span className="swatch" style={{ background: colour }} aria-hidden="true" />
                {label}
              </li>
            ))}
          </ul>
        </div>
        <p className="pointed hint" aria-hidden="true">
          {pointed
            ? `${TYPE_LABELS[pointed.type]}: ${pointed.name}. ${pointed.search_volume.toLocaleString("en")} searches a month, ${figureOf(pointed, colourBy)}.`
            : "Point at a box to read it; click it for its details. A click on a box with boxes inside also zooms into it."}
        </p>
      </figcaption>
      <div ref={frameRef} className="map-frame">
        <LabelledBoxes
          boxes={boxes}
          width={width}
          height={height}
          fontFamily={fontFamily}
          colourBy={colourBy}
          selectedId={selectedId}
          onActivate={activate}
          onPoint={setPointed}
        />
      </div>
    </figure>
  );
});

/**
 * The frame's content width, followed as the page resizes it (a details panel opening, say), and
 * the font its text is drawn in, for measuring the labels.
 */
function useFrame(ref: RefObject<HTMLDivElement | null>): { width: number; fontFamily: string } {
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  const [fontFamily, setFontFamily] = useState("sans-serif");
  useLayoutEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    setFontFamily(getComputedStyle(frame).fontFamily);
    const measure = () => {
      const measured = Math.floor(frame.clientWidth);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [ref]);
  return { width, fontFamily };
}

const isField = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName));
