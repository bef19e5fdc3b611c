// One node of the research tree: its level, name and keywords (chips to remove, a field to add),
// with rename, add-a-child and delete. Each edit is one atomic node operation; an error shows
// the API's words beside the node.
import { useState, type SubmitEvent } from "react";
import { ErrorNotice } from "../ui/error-notice";
import { MergeForm, MoveForm } from "./move-merge";
import type { NodeOperation } from "./node-operations";
import { LEVEL_LABELS, pathKey, type TreeNode } from "./tree-model";

interface NodeItemProps {
  node: TreeNode;
  /** The whole tree (where a node may move) and the node's siblings (what it may merge into). */
  tree: readonly TreeNode[];
  siblings: readonly TreeNode[];
  collapsed: ReadonlySet<string>;
  toggle: (key: string) => void;
  run: (operation: NodeOperation) => Promise<unknown>;
  /** Whether the key may edit research: without it the node shows what it holds, no edits. */
  editable: boolean;
}

type Editing = "rename" | "add" | "delete" | "move" | "merge" | null;

export function NodeItem({ node, tree, siblings, collapsed, toggle, run, editable }: NodeItemProps) {
  const key = pathKey(node.path);
  const isCollapsed = collapsed.has(key);
  const label = LEVEL_LABELS[node.level - 1];
  const childLabel = node.level === 4 ? null : LEVEL_LABELS[node.level];
  const [editing, setEditing] = useState<Editing>(null);
  const [text, setText] = useState("");
  const [keyword, setKeyword] = useState("");
  const [error, setError] = useState<unknown>(null);

  async function attempt(operation: NodeOperation): Promise<boolean> {
    setError(null);
    try {
      await run(operation);
      return true;
    } catch (caught) {
      setError(caught);
      return false;
    }
  }

  async function submitEdit(event: SubmitEvent) {
    event.preventDefault();
    const value = text.trim();
    if (editing === "rename" && value && (await attempt({ kind: "rename", path: node.path, newName: value }))) setEditing(null);
    if (editing === "add" && value && (await attempt({ kind: "add", parentPath: node.path, name: value }))) setEditing(null);
  }

  async function addKeyword(event: SubmitEvent) {
    event.preventDefault();
    const value = keyword.trim();
    if (value && (await attempt({ kind: "keywords", path: node.path, add: [value], remove: [] }))) setKeyword("");
  }

  const open = (mode: Editing, initial: string) => {
    setError(null);
    setText(initial);
    setEditing(mode);
  };

  return (
    <li className={`node level-${node.level}`}>
      <div className="node-row">
        {node.children.length > 0 ? (
          <button
            type="button"
            className="toggle"
            aria-expanded={!isCollapsed}
            aria-label={`${isCollapsed ? "Expand" : "Collapse"} ${node.name}`}
            onClick={() => toggle(key)}
          >
            {isCollapsed ? "▸" : "▾"}
          </button>
        ) : (
          <span className="toggle-space" />
        )}
        <span className="level-label">{label}</span>
        <span className="node-name">{node.name}</span>
        {editable ? (
          <span className="node-actions">
            <button type="button" aria-label={`Rename ${node.name}`} onClick={() => open("rename", node.name)}>
              Rename
            </button>
            {childLabel ? (
              <button type="button" aria-label={`Add ${childLabel} under ${node.name}`} onClick={() => open("add", "")}>
                Add {childLabel}
              </button>
            ) : null}
            <button type="button" aria-label={`Move ${node.name}`} onClick={() => open("move", "")}>
              Move
            </button>
            {siblings.length > 1 ? (
              <button type="button" aria-label={`Merge ${node.name}`} onClick={() => open("merge", "")}>
                Merge
              </button>
            ) : null}
            <button type="button" className="danger" aria-label={`Delete ${node.name}`} onClick={() => open("delete", "")}>
              Delete
            </button>
          </span>
        ) : null}
      </div>

      {editing === "rename" || editing === "add" ? (
        <form
          className="inline-form"
          aria-label={editing === "rename" ? `Rename ${node.name}` : `Add ${childLabel ?? ""} under ${node.name}`}
          onSubmit={(event) => void submitEdit(event)}
        >
          <label>
            {editing === "rename" ? `New name for ${node.name}` : `Name of the new ${childLabel ?? ""}`}
            <input value={text} onChange={(event) => setText(event.target.value)} required />
          </label>
          <button type="submit">{editing === "rename" ? "Rename" : "Add"}</button>
          <button type="button" onClick={() => setEditing(null)}>
            Cancel
          </button>
        </form>
      ) : null}
      {editing === "move" ? <MoveForm node={node} tree={tree} run={attempt} done={() => setEditing(null)} /> : null}
      {editing === "merge" ? <MergeForm node={node} siblings={siblings} run={attempt} done={() => setEditing(null)} /> : null}
      {editing === "delete" ? (
        <fieldset className="inline-form" aria-label={`Confirm deleting ${node.name}`}>
          <span>
            Delete {node.name}
            {node.children.length > 0 ? " and everything under it" : ""}?
          </span>
          <button type="button" className="danger" onClick={() => void attempt({ kind: "delete", path: node.path })}>
            Delete {label}
          </button>
          <button type="button" onClick={() => setEditing(null)}>
            Keep it
          </button>
        </fieldset>
      ) : null}

      <div className="keywords">
        <ul className="chips" aria-label={`Keywords of ${node.name}`}>
          {node.keywords.map((word) => (
            <li key={word} className="chip">
              {word}
              {editable ? (
                <button
                  type="button"
                  aria-label={`Remove keyword ${word} from ${node.name}`}
                  onClick={() => void attempt({ kind: "keywords", path: node.path, add: [], remove: [word] })}
                >
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        {editable ? (
          <form className="chip-form" onSubmit={(event) => void addKeyword(event)}>
            <input
              aria-label={`Add a keyword to ${node.name}`}
              placeholder="add keyword"
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
            />
            <button type="submit" aria-label={`Add keyword to ${node.name}`}>
              Add
            </button>
          </form>
        ) : null}
      </div>
      {error ? <ErrorNotice error={error} /> : null}

      {node.children.length > 0 && !isCollapsed ? (
        <ul className="tree">
          {node.children.map((child) => (
            <NodeItem
              key={pathKey(child.path)}
              node={child}
              tree={tree}
              siblings={node.children}
              collapsed={collapsed}
              toggle={toggle}
              run={run}
              editable={editable}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
