// The authority hierarchy's JSON document written a few hundred nodes at a time. A 5,000-node
// hierarchy is about 4 MB of JSON: serialized whole, it held the server's thread (and every
// other user's request) for tens of milliseconds at each read; written in pieces, other
// requests run between them. The bytes are those the response schema gives: the head's fields,
// then the nodes (each in the schema's field order, as buildHierarchy makes them), then the tail.
import { Readable } from "node:stream";
import type { HierarchyNode } from "./hierarchy";

/** Nodes per piece: about 200 KB of JSON. */
const NODES_PER_PIECE = 250;

interface HierarchyDocument {
  _meta: Record<string, unknown>;
  brand_id: string;
  brand_name: string;
  is_uploaded: boolean;
  node_count: number;
  hierarchy: readonly HierarchyNode[];
  created_at: string;
  updated_at: string;
}

export function hierarchyJson(document: HierarchyDocument): Readable {
  const { hierarchy, created_at, updated_at, ...head } = document;
  function* pieces() {
    const opening = JSON.stringify(head);
    yield `${opening.slice(0, -1)},"hierarchy":[`;
    for (let start = 0; start < hierarchy.length; start += NODES_PER_PIECE) {
      const nodes = hierarchy.slice(start, start + NODES_PER_PIECE).map((node) => JSON.stringify(node));
      yield `${start === 0 ? "" : ","}${nodes.join(",")}`;
    }
    yield `],${JSON.stringify({ created_at, updated_at }).slice(1)}`;
  }
  return Readable.from(pieces(), { objectMode: false });
}
