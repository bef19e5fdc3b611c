// Moving a node under another (or to the top, as a Pillar) and merging it into a sibling: each a
// choice from the places the API accepts, then one atomic node operation.
import { useState, type SubmitEvent } from "react";
import type { NodeOperation } from "./node-operations";
import { LEVEL_LABELS, moveTargets, pathKey, type TreeNode } from "./tree-model";

const TOP = "";

export function MoveForm({
  node,
  tree,
  run,
  done,
}: {
  node: TreeNode;
  tree: readonly TreeNode[];
  run: (operation: NodeOperation) => Promise<boolean>;
  done: () => void;
}) {
  const targets = moveTargets(tree, node);
  const canBePillar = node.level > 1;
  const [target, setTarget] = useState(canBePillar ? TOP : targets[0] ? pathKey(targets[0].path) : TOP);
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const chosen = targets.find((candidate) => pathKey(candidate.path) === target);
    if (await run({ kind: "move", path: node.path, targetParentPath: chosen ? chosen.path : [] })) done();
  };
  return (
    <form className="inline-form" aria-label={`Move ${node.name}`} onSubmit={(event) => void submit(event)}>
      <label>
        Move {node.name} under
        <select value={target} onChange={(event) => setTarget(event.target.value)}>
          {canBePillar ? <option value={TOP}>(the top: it becomes a Pillar)</option> : null}
          {targets.map((candidate) => (
            <option key={pathKey(candidate.path)} value={pathKey(candidate.path)}>
              {LEVEL_LABELS[candidate.level - 1]}: {candidate.path.join(" › ")}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={!canBePillar && targets.length === 0}>
        Move
      </button>
      <button type="button" onClick={done}>
        Cancel
      </button>
    </form>
  );
}

export function MergeForm({
  node,
  siblings,
  run,
  done,
}: {
  node: TreeNode;
  siblings: readonly TreeNode[];
  run: (operation: NodeOperation) => Promise<boolean>;
  done: () => void;
}) {
  const others = siblings.filter((sibling) => sibling.name !== node.name);
  const [keep, setKeep] = useState(others[0]?.name ?? "");
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const kept = others.find((sibling) => sibling.name === keep);
    if (kept && (await run({ kind: "merge", keepPath: kept.path, mergePath: node.path }))) done();
  };
  return (
    <form className="inline-form" aria-label={`Merge ${node.name}`} onSubmit={(event) => void submit(event)}>
      <label>
        Merge {node.name} into
        <select value={keep} onChange={(event) => setKeep(event.target.value)}>
          {others.map((sibling) => (
            <option key={sibling.name} value={sibling.name}>
              {sibling.name}
            </option>
          ))}
        </select>
      </label>
      <span className="hint">Its keywords and children join the one kept; it is then deleted.</span>
      <button type="submit" disabled={others.length === 0}>
        Merge
      </button>
      <button type="button" onClick={done}>
        Cancel
      </button>
    </form>
  );
}
