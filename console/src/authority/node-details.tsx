// One node of the authority view: its figures, keywords and published toggle, its stored SERP,
// and the briefs and articles made for it. Opened from the Visual Map or the planner.
import { useEffect } from "react";
import type { AuthorityNode } from "./authority-model";
import { TYPE_LABELS } from "./authority-model";
import { presenceText } from "./map-colours";
import { NodeSerp } from "./node-serp";
import { NodeWork } from "./node-work";
import { readOnlyNoteId, useWriteAccess } from "../ui/can-write";

interface NodeDetailsProps {
  brandId: string;
  node: AuthorityNode;
  onPublish: (published: boolean) => void;
  onClose: () => void;
}

export function NodeDetails({ brandId, node, onPublish, onClose }: NodeDetailsProps) {
  const publishing = useWriteAccess("authority:write").allowed;
  // Escape closes the panel, as it closes the console's dialogs.
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) onClose();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [onClose]);
  const positions = node.serp_all_positions.length > 0 ? node.serp_all_positions.join(", ") : "not ranking";
  return (
    <section className="node-details" aria-labelledby="node-details-title">
      <div className="screen-head">
        <h2 id="node-details-title" tabIndex={-1}>
          <span className="level-label">{TYPE_LABELS[node.type]}</span> {node.name}
        </h2>
        <button type="button" onClick={onClose}>
          Close details
        </button>
      </div>
      <dl className="facts">
        <div>
          <dt>Search volume</dt>
          <dd>{node.search_volume.toLocaleString("en")} a month</dd>
        </div>
        <div>
          <dt>Importance</dt>
          <dd>
            {node.importance} ({node.priority_category} priority)
          </dd>
        </div>
        <div>
          <dt>Positions</dt>
          <dd>{positions}</dd>
        </div>
        <div>
          <dt>AI Overview</dt>
          <dd>{presenceText(node.aio_status)}</dd>
        </div>
        <div>
          <dt>AI Mode</dt>
          <dd>{presenceText(node.aimode_status)}</dd>
        </div>
        <div>
          <dt>Coverage</dt>
          <dd>{node.coverage} %</dd>
        </div>
        <div>
          <dt>Page</dt>
          <dd>/{node.url_slug}</dd>
        </div>
      </dl>
      <label className="publish-toggle">
        <input
          type="checkbox"
          checked={node.published}
          disabled={!publishing}
          aria-describedby={publishing ? undefined : readOnlyNoteId("authority:write")}
          onChange={(event) => onPublish(event.target.checked)}
        />
        Published
      </label>
      <h3>Keywords</h3>
      <ul className="chips" aria-label="Keywords">
        {node.keywords.map((keyword) => (
          <li key={keyword} className="chip">
            {keyword}
          </li>
        ))}
      </ul>
      <h3>SERP</h3>
      <NodeSerp brandId={brandId} nodeId={node.node_id} />
      <NodeWork brandId={brandId} nodeId={node.node_id} nodeName={node.name} />
    </section>
  );
}
