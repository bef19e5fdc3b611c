// A node of the offline tree: a search phrase, its keywords (itself first, then what the caller
// adds) and its children, in the house form (lowercase, trimmed, at most five keywords).
import { cleanKeywords, cleanName } from "../tree-shape";
import type { ResearchNodeOut } from "../types";

/** The same node offering spare children: the first `want` that are free are kept (./distinct-names.ts). */
export function offer(want: number, name: string, keywords: string[], children: ResearchNodeOut[]): ResearchNodeOut & { want: number } {
  return { ...node(name, keywords, children), want };
}

export function node(name: string, keywords: string[], children: ResearchNodeOut[]): ResearchNodeOut {
  return { name: cleanName(name), keywords: cleanKeywords([name, ...keywords]), children };
}
