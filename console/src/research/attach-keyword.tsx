// "Add to node" for a keyword no node holds: the strategist picks a node of the tree by its path,
// and the keyword joins that node's keywords through the node-keywords operation. The operation
// reads the research again when it settles, so the list and the tree both show where it went.
// A key without research:write is offered the button disabled, with the scope to ask for.
import { useEffect, useRef, useState, type SubmitEvent } from "react";
import { WriteButton } from "../ui/can-write";
import { ErrorNotice } from "../ui/error-notice";
import { formatNodePath } from "./keyword-labels";
import type { NodeOperation } from "./node-operations";
import { LEVEL_LABELS, pathKey, type TreeNode } from "./tree-model";

interface AttachKeywordProps {
  keyword: string;
  /** Every node of the tree, in reading order: where the keyword may go. */
  nodes: readonly TreeNode[];
  run: (operation: NodeOperation) => Promise<unknown>;
}

export function AttachKeyword({ keyword, nodes, run }: AttachKeywordProps) {
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const box = useRef<HTMLDivElement>(null);
  const opened = useRef(false);
  // Focus follows the strategist into the form, and back to the button once it closes (not on
  // the first showing: the button takes no focus it was not given).
  useEffect(() => {
    if (open) opened.current = true;
    if (opened.current) box.current?.querySelector<HTMLElement>(open ? "select" : "button")?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setError(null);
  };

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const node = nodes.find((candidate) => pathKey(candidate.path) === target);
    if (!node) return;
    setBusy(true);
    setError(null);
    try {
      await run({ kind: "keywords", path: node.path, add: [keyword], remove: [] });
      setOpen(false);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div ref={box} className="attach">
      {open ? (
        <AttachForm
          keyword={keyword}
          nodes={nodes}
          target={target}
          setTarget={setTarget}
          busy={busy}
          error={error}
          submit={submit}
          close={close}
        />
      ) : (
        <WriteButton scope="research:write" aria-label={`Add to node: ${keyword}`} onClick={() => setOpen(true)}>
          Add to node
        </WriteButton>
      )}
    </div>
  );
}

interface AttachFormProps {
  keyword: string;
  nodes: readonly TreeNode[];
  target: string;
  setTarget: (key: string) => void;
  busy: boolean;
  error: unknown;
  submit: (event: SubmitEvent) => Promise<void>;
  close: () => void;
}

function AttachForm({ keyword, nodes, target, setTarget, busy, error, submit, close }: AttachFormProps) {
  return (
    <form className="attach-form" aria-label={`Add ${keyword} to a node`} onSubmit={(event) => void submit(event)}>
      <label>
        Node
        <select value={target} required onChange={(event) => setTarget(event.target.value)}>
          <option value="">Choose a node</option>
          {nodes.map((node) => (
            <option key={pathKey(node.path)} value={pathKey(node.path)}>
              {LEVEL_LABELS[node.level - 1]}: {formatNodePath(node.path)}
            </option>
          ))}
        </select>
      </label>
      <span className="attach-buttons">
        <button type="submit" disabled={busy}>
          Add
        </button>
        <button type="button" onClick={close}>
          Cancel
        </button>
      </span>
      {error ? <ErrorNotice error={error} /> : null}
    </form>
  );
}
