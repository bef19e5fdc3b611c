// Between the stored tree and the wire shape of the specification (docs/conventions.md §5): a node's
// children are the items of the next level's array; the deeper arrays the spec also shows on
// a node are always present and empty in responses, and must be empty or absent on input.
import { isLongerThan, MAX_KEYWORD_LENGTH, MAX_NAME_LENGTH, normalizeText } from "./path";
import {
  MAX_DEPTH,
  TreeOpError,
  type Tree,
  type TreeNode,
  type WireBranch,
  type WireHub,
  type WireLeaf,
  type WireMainTopic,
  type WireTree,
} from "./types";

// ---- to the wire ----------------------------------------------------------------------------

function leafToWire(node: TreeNode): WireLeaf {
  return { name: node.name, keywords: [...node.keywords] };
}

function branchToWire(node: TreeNode): WireBranch {
  return { name: node.name, subtopic_4: node.children.map(leafToWire), keywords: [...node.keywords] };
}

function hubToWire(node: TreeNode): WireHub {
  return { name: node.name, subtopic_3: node.children.map(branchToWire), subtopic_4: [], keywords: [...node.keywords] };
}

export function toWire(tree: Tree): WireTree {
  return tree.map(
    (node): WireMainTopic => ({
      main_topic: node.name,
      subtopic_2: node.children.map(hubToWire),
      subtopic_3: [],
      subtopic_4: [],
      keywords: [...node.keywords],
    }),
  );
}

// ---- from the wire --------------------------------------------------------------------------

/** The array that holds the children of a node at each depth (index = depth - 1). */
const CHILD_KEYS = ["subtopic_2", "subtopic_3", "subtopic_4", null] as const;
const ARRAY_KEYS = ["subtopic_2", "subtopic_3", "subtopic_4"] as const;

export interface FromWireOptions {
  /** The body field that holds the tree, for messages (`research_data`, `before`, `after`). */
  root?: string;
  /**
   * Status for two siblings with the same name. An import is a write, and docs/conventions.md §5 answers
   * every sibling-name clash of a write with 409; a diff body is only read, so there it is 400.
   */
  duplicateStatus?: 400 | 409;
  /** Accept `name` as well as `main_topic` on main topics and skip empty keywords (diff bodies). */
  lenient?: boolean;
}

/**
 * Reads one body. The place being read (`research_data[2].subtopic_2[0].name`) is kept as a
 * stack of segments and spelled out only when something fails, so reading a large valid tree
 * builds no strings for messages it never sends.
 */
class Reader {
  private readonly segments: (string | number)[];

  constructor(
    root: string,
    private readonly newId: () => string,
    private readonly duplicateStatus: 400 | 409,
    private readonly lenient: boolean,
  ) {
    this.segments = [root];
  }

  private place(...more: (string | number)[]): string {
    return [...this.segments, ...more].reduce<string>(
      (text, segment, i) => (typeof segment === "number" ? `${text}[${segment}]` : i === 0 ? segment : `${text}.${segment}`),
      "",
    );
  }

  private fail(problem: string, ...more: (string | number)[]): never {
    throw new TreeOpError(400, `${this.place(...more)} ${problem}`);
  }

  /** An optional array at `key` of the current object (key undefined: the value itself). */
  private list(raw: unknown, key?: string): unknown[] {
    if (raw === undefined || raw === null) return [];
    if (!Array.isArray(raw)) this.fail("must be an array", ...(key === undefined ? [] : [key]));
    return raw;
  }

  nodes(raw: unknown, depth: number): TreeNode[] {
    const items = this.list(raw);
    const nodes: TreeNode[] = [];
    const seen = new Map<string, number>();
    for (let i = 0; i < items.length; i++) {
      this.segments.push(i);
      const node = this.node(items[i], depth);
      this.segments.pop();
      const first = seen.get(node.name);
      if (first !== undefined) {
        throw new TreeOpError(this.duplicateStatus, `${this.place(i)} is named "${node.name}", as is its sibling ${this.place(first)}`);
      }
      seen.set(node.name, i);
      nodes.push(node);
    }
    return nodes;
  }

  private node(raw: unknown, depth: number): TreeNode {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) this.fail("must be an object");
    // Named reads rather than item[key]: this runs for every node of bodies of thousands.
    const item = raw as {
      main_topic?: unknown;
      name?: unknown;
      subtopic_2?: unknown;
      subtopic_3?: unknown;
      subtopic_4?: unknown;
      keywords?: unknown;
    };
    const useName = depth > 1 || (this.lenient && item.main_topic === undefined && item.name !== undefined);
    const name = useName ? this.name(item.name, "name") : this.name(item.main_topic, "main_topic");
    const childKey = CHILD_KEYS[depth - 1] ?? null;
    if (childKey !== "subtopic_2") this.mustBeEmpty(item.subtopic_2, "subtopic_2", childKey);
    if (childKey !== "subtopic_3") this.mustBeEmpty(item.subtopic_3, "subtopic_3", childKey);
    if (childKey !== "subtopic_4") this.mustBeEmpty(item.subtopic_4, "subtopic_4", childKey);
    const keywords = this.keywords(item.keywords);
    const id = this.newId(); // before the children: ids in tree order
    let children: TreeNode[] = [];
    if (childKey !== null && depth < MAX_DEPTH) {
      this.segments.push(childKey);
      children = this.nodes(
        childKey === "subtopic_2" ? item.subtopic_2 : childKey === "subtopic_3" ? item.subtopic_3 : item.subtopic_4,
        depth + 1,
      );
      this.segments.pop();
    }
    return { id, name, keywords, children };
  }

  /** Ignoring a non-empty array here would silently drop part of the tree. */
  private mustBeEmpty(raw: unknown, key: string, childKey: string | null): void {
    if (raw === undefined || raw === null) return;
    if (this.list(raw, key).length > 0) {
      this.fail(
        childKey === null ? "must be empty: a level-4 node has no children" : `must be empty: the children of this node go in ${childKey}`,
        key,
      );
    }
  }

  private name(raw: unknown, key: string): string {
    if (raw === undefined) this.fail("is required", key);
    if (typeof raw !== "string") this.fail("must be a string", key);
    const name = normalizeText(raw);
    if (name.length === 0) this.fail("must not be empty", key);
    if (isLongerThan(name, MAX_NAME_LENGTH)) this.fail(`must be at most ${MAX_NAME_LENGTH} characters`, key);
    return name;
  }

  private keywords(raw: unknown): string[] {
    if (raw === undefined || raw === null) return [];
    if (!Array.isArray(raw)) this.fail("must be an array of strings", "keywords");
    const keywords = new Set<string>();
    for (let i = 0; i < raw.length; i++) {
      const keyword: unknown = raw[i];
      if (typeof keyword !== "string") this.fail("must be a string", "keywords", i);
      const clean = normalizeText(keyword);
      if (clean.length === 0) {
        if (this.lenient) continue;
        this.fail("must not be empty", "keywords", i);
      }
      if (isLongerThan(clean, MAX_KEYWORD_LENGTH)) this.fail(`must be at most ${MAX_KEYWORD_LENGTH} characters`, "keywords", i);
      keywords.add(clean);
    }
    return [...keywords];
  }
}

/** The tree of an import body's `research_data` (or a diff body's side), with fresh ids. */
export function fromWire(input: unknown, newId: () => string, options: FromWireOptions = {}): Tree {
  const reader = new Reader(options.root ?? "research_data", newId, options.duplicateStatus ?? 409, options.lenient ?? false);
  if (!Array.isArray(input)) throw new TreeOpError(400, `${options.root ?? "research_data"} must be an array of main topics`);
  return reader.nodes(input, 1);
}

/** A diff body's side: read with the same checks, but duplicates are a 400 and empty keywords are skipped. */
export function fromWireLenient(input: unknown, root: string): Tree {
  let next = 0;
  return fromWire(input, () => String(next++), { root, duplicateStatus: 400, lenient: true });
}

/** Nodes in a wire tree, counted without validating it (for the diff's size limit). */
export function countWireNodes(input: unknown): number {
  let total = 0;
  const visit = (list: unknown, depth: number): void => {
    if (!Array.isArray(list) || depth > MAX_DEPTH) return;
    for (const item of list) {
      total += 1;
      if (typeof item !== "object" || item === null) continue;
      const record = item as Record<string, unknown>;
      for (const key of ARRAY_KEYS) visit(record[key], depth + 1);
    }
  };
  visit(input, 1);
  return total;
}
