// Near-duplicate nodes to review: the API groups nodes whose names and keywords are lexically
// similar at or above a threshold, and changes nothing. A group of siblings can be merged from
// here, one node into the first; nodes under different parents are listed to move first.
import { unwrap } from "@canopy/client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { Schemas } from "../api";
import { useClient } from "../session-context";
import { ErrorNotice } from "../ui/error-notice";
import type { NodeOperation } from "./node-operations";

type Group = Schemas["DuplicateNodes"]["groups"][number];

const parentOf = (path: readonly string[]) => path.slice(0, -1).join("\u0000");
const areSiblings = (group: Group) => group.nodes.every((node) => parentOf(node.path) === parentOf(group.nodes[0]?.path ?? []));

export function DedupPanel({ brandId, run }: { brandId: string; run: (operation: NodeOperation) => Promise<unknown> }) {
  const client = useClient();
  const [threshold, setThreshold] = useState(0.8);
  const [mergeError, setMergeError] = useState<unknown>(null);
  const analysis = useMutation({
    mutationFn: async () =>
      unwrap(
        await client.POST("/api/v1/research/{brand_id}/analyze/dedup/", { params: { path: { brand_id: brandId } }, body: { threshold } }),
      ),
  });
  const merge = async (keep: string[], gone: string[]) => {
    setMergeError(null);
    try {
      await run({ kind: "merge", keepPath: keep, mergePath: gone });
      analysis.mutate();
    } catch (caught) {
      setMergeError(caught);
    }
  };

  return (
    <section className="dedup" aria-labelledby="dedup-title">
      <h2 id="dedup-title">Near-duplicates</h2>
      <div className="generate">
        <label>
          Similarity at least {Math.round(threshold * 100)}%
          <input
            type="range"
            min={0.5}
            max={1}
            step={0.05}
            value={threshold}
            onChange={(event) => setThreshold(Number(event.target.value))}
          />
        </label>
        <button type="button" disabled={analysis.isPending} onClick={() => analysis.mutate()}>
          Find near-duplicates
        </button>
      </div>
      {analysis.error ? <ErrorNotice error={analysis.error} /> : null}
      {mergeError ? <ErrorNotice error={mergeError} /> : null}
      {analysis.data && analysis.data.groups.length === 0 ? <p className="empty">No near-duplicates at this threshold.</p> : null}
      {analysis.data && analysis.data.groups.length > 0 ? (
        <ul className="dedup-groups" aria-label="Near-duplicate groups">
          {analysis.data.groups.map((group) => {
            const [first, ...rest] = group.nodes;
            if (!first) return null;
            const siblings = areSiblings(group);
            return (
              <li key={group.nodes.map((node) => node.path.join("/")).join("|")}>
                <p>
                  <strong>{Math.round(group.similarity * 100)}% alike</strong>
                  {siblings ? "" : " (under different parents: move one beside the other to merge them)"}
                </p>
                <ul>
                  <li>{first.path.join(" › ")}</li>
                  {rest.map((node) => (
                    <li key={node.path.join("/")}>
                      {node.path.join(" › ")}{" "}
                      {siblings ? (
                        <button type="button" onClick={() => void merge(first.path, node.path)}>
                          Merge {node.name} into {first.name}
                        </button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
