// The trail above the Visual Map: "All pillars", then each node zoomed into, the last being where
// the map is. Every level above it is a button that takes the map back out to that level.
import type { MapNode } from "./authority-model";

interface MapTrailProps {
  /** The nodes zoomed into, from a Pillar down; empty at the top. */
  path: readonly MapNode[];
  /** Out to `level`: 0 is all pillars, 1 the first node of the path, and so on. */
  onOut: (level: number) => void;
}

export function MapTrail({ path, onOut }: MapTrailProps) {
  const levels = ["All pillars", ...path.map((item) => item.node.name)];
  return (
    <nav className="map-trail" aria-label="Map level">
      <ol>
        {levels.map((name, level) => (
          <li key={level}>
            {level > 0 ? (
              <span aria-hidden="true" className="trail-separator">
                {" › "}
              </span>
            ) : null}
            {level === levels.length - 1 ? (
              <span aria-current="location">{name}</span>
            ) : (
              <button type="button" className="link-button" onClick={() => onOut(level)}>
                {name}
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
