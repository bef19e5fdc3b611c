// The research tree as the service keeps it, and the wire shapes of the specification.
// Levels: 0 main topic (Pillar), 1 subtopic_2 (Hub), 2 subtopic_3 (Branch), 3 subtopic_4 (Resource).
import type { ErrorCode } from "../../../platform/errors";

export const MAX_DEPTH = 4;
export const LEVEL_CODES = ["MT", "ST2", "ST3", "ST4"] as const;
export type LevelCode = (typeof LEVEL_CODES)[number];

export const LEVEL_LABELS = {
  main_topic: "Pillar",
  subtopic_2: "Hub",
  subtopic_3: "Branch",
  subtopic_4: "Resource",
} as const;

/** A node as stored: a stable id (kept across rename, move and merge), lowercase name and keywords. */
export interface TreeNode {
  id: string;
  name: string;
  keywords: string[];
  children: TreeNode[];
}

/** The main topics, in order. */
export type Tree = TreeNode[];

// ---- wire shapes (GET responses, PUT import, diff bodies) ----------------------------------

export interface WireLeaf {
  name: string;
  keywords: string[];
}
export interface WireBranch {
  name: string;
  subtopic_4: WireLeaf[];
  keywords: string[];
}
export interface WireHub {
  name: string;
  subtopic_3: WireBranch[];
  subtopic_4: WireLeaf[];
  keywords: string[];
}
export interface WireMainTopic {
  main_topic: string;
  subtopic_2: WireHub[];
  subtopic_3: WireBranch[];
  subtopic_4: WireLeaf[];
  keywords: string[];
}
export type WireTree = WireMainTopic[];

/**
 * A failed tree operation: the status its answer takes (as the bulk's failure report states it)
 * and a message naming what failed. `codeOf` gives the service's error code for it.
 */
export class TreeOpError extends Error {
  constructor(
    readonly status: TreeOpStatus,
    message: string,
  ) {
    super(message);
  }
}

export type TreeOpStatus = 400 | 404 | 409 | 413;

const CODE_OF_STATUS: Readonly<Record<TreeOpStatus, ErrorCode>> = {
  400: "bad_request",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
};

/** The service error code of a tree operation's failure. */
export function treeErrorCode(status: TreeOpStatus): ErrorCode {
  return CODE_OF_STATUS[status];
}

export interface TreeStats {
  main_topic_count: number;
  st2_count: number;
  st3_count: number;
  st4_count: number;
  keyword_count: number;
  leaf_nodes_without_keywords: number;
  total_nodes: number;
}
