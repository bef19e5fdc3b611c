// Issue 22, points 1, 2 and 5 for the offline research tree: the core topic as typed heads the
// tree, a multi-word topic is never split into pillars of its words, local topics get the
// searches that find and hire a provider, narrowings only where a person types them, and no
// name twice in a tree. Topics here are none of the labelled set's, nor the showcase topics.
import { describe, expect, it } from "vitest";
import { offlineResearchTree } from "../../../src/providers/generation/offline/research-tree";
import type { ResearchNodeOut } from "../../../src/providers/generation/types";
import { BRAND } from "./fixtures";

const treeOf = (coreTopic: string) => offlineResearchTree({ coreTopic, brand: BRAND });
const allNodes = (nodes: ResearchNodeOut[]): ResearchNodeOut[] => nodes.flatMap((n) => [n, ...allNodes(n.children)]);
const names = (nodes: ResearchNodeOut[]) => allNodes(nodes).map((n) => n.name);
const keywords = (nodes: ResearchNodeOut[]) => allNodes(nodes).flatMap((n) => n.keywords);

const VARIED = [
  "sea kayaking",
  "tax deductions",
  "watercolor painting",
  "oat milk",
  "retirement planning",
  "chess openings",
  "standing desks",
  "crm migration",
  "roofer in bristol",
  "bird watching",
  "knitting patterns",
  "24 hour locksmith near me",
];

describe("offline research tree: phrase first", () => {
  it("names its first pillar after the core topic as typed, and keeps it among its keywords", () => {
    for (const topic of ["Sea Kayaking", "retirement planning", "chess openings", "oat milk"]) {
      const tree = treeOf(topic);
      expect(tree[0]!.name, topic).toBe(topic.toLowerCase());
      expect(tree[0]!.keywords[0], topic).toBe(topic.toLowerCase());
      expect(keywords(tree), topic).toContain(topic.toLowerCase());
    }
  });

  it("never makes a lone word of a multi-word topic a pillar", () => {
    for (const topic of ["tax deductions", "sea kayaking", "knitting patterns", "crm migration", "watercolor painting"]) {
      const words = topic.split(" ").flatMap((w) => [w, `${w}s`, w.replace(/s$/, "")]);
      const lone = treeOf(topic)
        .map((p) => p.name)
        .filter((name) => !name.includes(" ") && words.includes(name));
      expect(lone, topic).toEqual([]);
    }
  });
});

describe("offline research tree: local topics", () => {
  it("keeps the place and leads with the searches that find and hire the provider", () => {
    const tree = treeOf("emergency roofer in bristol");
    expect(tree[0]!.name).toBe("emergency roofer in bristol");
    const all = names(tree);
    for (const search of [
      "emergency roofer bristol",
      "24 hour roofer near me",
      "roofer call out cost",
      "emergency roofer near me",
      "roofer prices",
      "best roofer in bristol",
    ]) {
      expect(all).toContain(search);
    }
  });

  it("gets the hiring searches for a provider near me, with no place to name", () => {
    const all = names(treeOf("24 hour locksmith near me"));
    expect(all).toEqual(
      expect.arrayContaining(["locksmith near me", "locksmith prices", "locksmith call out cost", "best locksmith near me"]),
    );
  });

  it("narrows nothing after a place or a provider, and gives no software to a trade", () => {
    for (const topic of ["emergency roofer in bristol", "roofer in bristol", "24 hour locksmith near me", "boiler repair bristol"]) {
      const all = names(treeOf(topic));
      expect(
        all.filter((n) => /\b(in|near me) .*\b(for (kids|women|men|beginners|home)|on a budget)$/.test(n)),
        topic,
      ).toEqual([]);
      expect(
        all.filter((n) => /\bfor (kids|women|men)\b|\bsoftware\b/.test(n)),
        topic,
      ).toEqual([]);
    }
  });
});

describe("offline research tree: narrowings that fit", () => {
  it("puts no audience on a search about a thing and no budget on software", () => {
    for (const topic of ["standing desks", "crm migration", "retirement planning", "bird watching"]) {
      const all = names(treeOf(topic));
      expect(
        all.filter((n) => /\bfor (women|men)$/.test(n)),
        topic,
      ).toEqual([]);
    }
    expect(names(treeOf("crm migration")).filter((n) => /on a budget|at home|for home/.test(n))).toEqual([]);
  });
});

describe("offline research tree: no repeated names", () => {
  it("names each node once in the whole tree, for a dozen varied topics", () => {
    for (const topic of VARIED) {
      const all = names(treeOf(topic)).map((n) => n.toLowerCase());
      const repeated = all.filter((n, i) => all.indexOf(n) !== i);
      expect(repeated, topic).toEqual([]);
    }
  });
});
