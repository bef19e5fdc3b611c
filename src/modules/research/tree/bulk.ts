// A bulk request: operations applied in order, each seeing the effects of the ones before, all
// or nothing. Because every operation is pure, atomicity is free: on failure the caller simply
// keeps the tree it passed in. The route cannot schema-validate a union of six shapes cleanly,
// so each operation's parameters are checked here, with the index and action in the message.
import { addNode, deleteNode, moveNode, renameNode, updateKeywords, mergeNodes, type NewId } from "./edits";
import { TreeOpError, type Tree } from "./types";

const BULK_ACTIONS = ["add", "rename", "delete", "move", "merge", "update_keywords"] as const;
type BulkAction = (typeof BULK_ACTIONS)[number];

/** One applied operation: its action, success, and the fields the single endpoint answers. */
type BulkResult = { operation: BulkAction; success: true } & Record<string, unknown>;

export type BulkOutcome =
  | { ok: true; tree: Tree; results: BulkResult[] }
  | {
      ok: false;
      failedAtIndex: number;
      /** The failing operation's action as given, or null when it has none that is a string. */
      action: string | null;
      /** Names the index, the action and the reason. */
      error: string;
      status: 400 | 404 | 409 | 413;
    };

type Params = Record<string, unknown>;

function isAction(value: string): value is BulkAction {
  return (BULK_ACTIONS as readonly string[]).includes(value);
}

function actionOf(op: Params): BulkAction {
  const { action, op: alias } = op;
  if (action !== undefined && alias !== undefined && action !== alias) {
    throw new TreeOpError(400, '"action" and "op" name different actions');
  }
  const name = action ?? alias;
  if (typeof name !== "string") throw new TreeOpError(400, `the action must be given as a string in "action" or "op"`);
  if (!isAction(name)) throw new TreeOpError(400, `unknown action "${name}"; expected one of ${BULK_ACTIONS.join(", ")}`);
  return name;
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function optionalList(params: Params, field: string): string[] | undefined {
  const value = params[field];
  if (value === undefined || value === null) return undefined;
  if (!isStringList(value)) throw new TreeOpError(400, `${field} must be an array of strings`);
  return value;
}

function requiredList(params: Params, field: string): string[] {
  const list = optionalList(params, field);
  if (list === undefined) throw new TreeOpError(400, `${field} is required`);
  return list;
}

function text(params: Params, field: string): string {
  const value = params[field];
  if (value === undefined || value === null) throw new TreeOpError(400, `${field} is required`);
  if (typeof value !== "string") throw new TreeOpError(400, `${field} must be a string`);
  return value;
}

function position(params: Params): number | null {
  const value = params.position;
  if (value === undefined || value === null) return null;
  if (typeof value !== "number") throw new TreeOpError(400, "position must be an integer or null");
  return value;
}

function run(tree: Tree, action: BulkAction, p: Params, newId: NewId): { tree: Tree; result: object } {
  switch (action) {
    case "add":
      return addNode(tree, requiredList(p, "parent_path"), text(p, "name"), position(p), newId);
    case "rename":
      return renameNode(tree, requiredList(p, "path"), text(p, "new_name"));
    case "delete":
      return deleteNode(tree, requiredList(p, "path"));
    case "move":
      return moveNode(tree, requiredList(p, "source_path"), requiredList(p, "target_parent_path"), position(p));
    case "merge":
      return mergeNodes(tree, requiredList(p, "keep_path"), requiredList(p, "merge_path"));
    case "update_keywords":
      return updateKeywords(tree, requiredList(p, "path"), optionalList(p, "add"), optionalList(p, "remove"));
  }
}

export function applyBulk(tree: Tree, operations: readonly unknown[], newId: NewId): BulkOutcome {
  let current = tree;
  const results: BulkResult[] = [];
  for (const [index, op] of operations.entries()) {
    const given = typeof op === "object" && op !== null && !Array.isArray(op) ? (op as Params) : null;
    const rawAction = given?.action ?? given?.op;
    try {
      if (given === null) throw new TreeOpError(400, "an operation must be an object");
      const action = actionOf(given);
      const applied = run(current, action, given, newId);
      current = applied.tree;
      results.push({ operation: action, success: true, ...applied.result });
    } catch (error) {
      if (!(error instanceof TreeOpError)) throw error;
      const action = typeof rawAction === "string" ? rawAction : null;
      return {
        ok: false,
        failedAtIndex: index,
        action,
        error: `Operation ${index} (${action ?? "no action"}) failed: ${error.message}`,
        status: error.status,
      };
    }
  }
  return { ok: true, tree: current, results };
}
