import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { offlineResearchTree } from "../../../src/providers/generation/offline/research-tree";
import type { ResearchNodeOut, ResearchTreeInput } from "../../../src/providers/generation/types";
import { BRAND, COFFEE_SERP } from "./fixtures";

const COUNTS: Record<number, [number, number]> = { 1: [3, 6], 2: [2, 4], 3: [2, 3], 4: [1, 3] };

/** Checks every house rule of a generated tree; returns the problems found. */
function problems(nodes: ResearchNodeOut[], level = 1, path = ""): string[] {
  const found: string[] = [];
  const [min, max] = COUNTS[level]!;
  if (nodes.length < min || nodes.length > max) found.push(`${path || "root"}: ${nodes.length} children at level ${level}`);
  const names = new Set<string>();
  for (const node of nodes) {
    const here = `${path}/${node.name}`;
    if (node.name.trim() === "" || node.name !== node.name.trim()) found.push(`${here}: empty or untrimmed name`);
    if (node.name !== node.name.toLowerCase()) found.push(`${here}: name not lowercase`);
    if (names.has(node.name.toLowerCase())) found.push(`${here}: duplicate sibling`);
    names.add(node.name.toLowerCase());
    if (node.keywords.length < 1 || node.keywords.length > 5) found.push(`${here}: ${node.keywords.length} keywords`);
    if (new Set(node.keywords).size !== node.keywords.length) found.push(`${here}: repeated keyword`);
    for (const k of node.keywords) if (k !== k.toLowerCase() || k.trim() === "") found.push(`${here}: bad keyword "${k}"`);
    if (level === 4) {
      if (node.children.length !== 0) found.push(`${here}: a leaf with children`);
    } else {
      found.push(...problems(node.children, level + 1, here));
    }
  }
  return found;
}

const COFFEE: ResearchTreeInput = { coreTopic: "Coffee Brewing", brand: BRAND, serpResults: COFFEE_SERP };

describe("offline research tree", () => {
  it("is deterministic", () => {
    expect(offlineResearchTree(COFFEE)).toEqual(offlineResearchTree(structuredClone(COFFEE)));
  });

  it("differs between topics", () => {
    const other = offlineResearchTree({ ...COFFEE, coreTopic: "Tea Brewing", serpResults: [] });
    expect(other.map((n) => n.name)).not.toEqual(offlineResearchTree(COFFEE).map((n) => n.name));
  });

  it("has four levels, the right counts, lowercase unique names and 1-5 keywords everywhere", () => {
    expect(problems(offlineResearchTree(COFFEE))).toEqual([]);
  });

  it("builds on the terms the ranking pages share and on the brand's audience", () => {
    const tree = offlineResearchTree(COFFEE);
    const all: string[] = [];
    const walk = (nodes: ResearchNodeOut[]) => nodes.forEach((n) => (all.push(n.name, ...n.keywords), walk(n.children)));
    walk(tree);
    const text = all.join(" | ");
    expect(text).toContain("coffee brewing");
    expect(text).toMatch(/grind size|water temperature|french press/);
    expect(text).toContain("home baristas");
    expect(tree[0]!.name).not.toBe(tree[1]!.name);
  });

  it("keeps the rules for any topic, with or without SERP data", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 80 }),
        fc.boolean(),
        fc.option(fc.string({ maxLength: 60 })),
        (topic, withSerp, audience) => {
          const tree = offlineResearchTree({
            coreTopic: topic,
            brand: { name: "Acme", targetAudience: audience },
            serpResults: withSerp ? COFFEE_SERP : undefined,
          });
          expect(problems(tree)).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
