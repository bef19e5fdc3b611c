import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { offlineResearchTree } from "../../../src/providers/generation/offline/research-tree";
import type { ResearchTreeInput } from "../../../src/providers/generation/types";
import { BRAND, COFFEE_SERP } from "./fixtures";
import { allowedWords, namesOf } from "./lexicon-words";
import { treeRuleProblems as problems } from "./tree-rules";

const COFFEE: ResearchTreeInput = { coreTopic: "Coffee Brewing", brand: BRAND, serpResults: COFFEE_SERP };
const ESPRESSO: ResearchTreeInput = { coreTopic: "home espresso", brand: { name: "Bean There", websiteUrl: "https://beanthere.example" } };

// Twenty topics of every kind: foods, things, activities, living things, and words WordNet lacks.
const TOPICS = [
  "home espresso",
  "vegan meal prep",
  "kubernetes monitoring",
  "running shoes",
  "sourdough bread",
  "dog training",
  "tea",
  "garden tools",
  "yoga",
  "bicycle repair",
  "email marketing",
  "houseplants",
  "camping tent",
  "french press",
  "aeropress",
  "coffee grinder",
  "project management software",
  "wedding photography",
  "baby food",
  "electric cars",
];

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
    for (const coreTopic of TOPICS) expect(problems(offlineResearchTree({ coreTopic, brand: BRAND })), coreTopic).toEqual([]);
  });

  // Each of these made a tree of one or two pillars: an "in" read as a place took every
  // narrowing ("investing in gold" has none), and a topic starting like a question had none.
  it("keeps the counts for topics with a word that reads like a place or a question", () => {
    const topics = [
      "investing in gold",
      "yoga in pregnancy",
      "working in retail",
      "made in italy shoes",
      "life in the uk test",
      "in home care",
      "is keto healthy",
      "do it yourself plumbing",
      "do not disturb signs",
    ];
    for (const coreTopic of topics) expect(problems(offlineResearchTree({ coreTopic, brand: BRAND })), coreTopic).toEqual([]);
  });

  // Each of these made a tree of one or two pillars: the narrowing was part of every search, so
  // no search could be narrowed again, and "seo for lawyers" read as hiring a lawyer.
  it("keeps the counts for a topic narrowed to an audience, a setting or a level, and builds it on the subject", () => {
    const bases = [
      "photography",
      "yoga",
      "personal finance",
      "dog training",
      "guitar",
      "plumber",
      "roof repair",
      "email marketing",
      "baby food",
    ];
    const narrowings = [
      "{s} for beginners",
      "{s} for women",
      "{s} for kids",
      "{s} at home",
      "{s} step by step",
      "{s} on a budget",
      "easy {s}",
      "{s} ideas",
      "for beginners {s}",
      "step by step {s}",
    ];
    for (const coreTopic of bases.flatMap((base) => narrowings.map((n) => n.replace("{s}", base)))) {
      const tree = offlineResearchTree({ coreTopic, brand: { name: "Acme" } });
      expect(problems(tree), coreTopic).toEqual([]);
      expect(tree[0]!.name, coreTopic).toBe(coreTopic);
    }
    const lawyers = namesOf(offlineResearchTree({ coreTopic: "seo for lawyers", brand: { name: "Acme" } }));
    expect(lawyers.join(" | ")).not.toMatch(/near me|call out|emergency/);
    const women = offlineResearchTree({ coreTopic: "yoga for women", brand: { name: "Acme" } });
    expect(namesOf(women.slice(1)).filter((n) => n.includes("for women"))).toEqual([]);
  });

  it("builds a travel topic on its place, and a trip to nowhere in particular on the trip", () => {
    const japan = offlineResearchTree({ coreTopic: "travel to japan", brand: { name: "Acme" } });
    expect(problems(japan)).toEqual([]);
    expect(japan[0]!.name).toBe("travel to japan");
    expect(namesOf(japan)).toEqual(expect.arrayContaining(["things to do in japan", "where to stay in japan"]));
    expect(namesOf(japan.slice(1)).filter((n) => n.includes("travel to"))).toEqual([]);
    const budget = offlineResearchTree({ coreTopic: "budget travel", brand: { name: "Acme" } });
    expect(problems(budget)).toEqual([]);
    expect(namesOf(budget).join(" | ")).not.toMatch(/things to do in|where to stay in/);
  });

  it("asks what a plural name are, and what a singular one is", () => {
    const questions = (coreTopic: string) =>
      namesOf(offlineResearchTree({ coreTopic, brand: { name: "Acme" } })).filter((n) => n.startsWith("what "));
    expect(questions("electric bikes")).toContain("what are electric bikes");
    expect(questions("gaming mouse pads")).toContain("what are gaming mouse pads");
    expect(questions("espresso")).toContain("what is espresso");
    expect(questions("headless cms")).not.toContain("what are headless cms");
  });

  it("builds lessons in a practice on the practice", () => {
    const tree = offlineResearchTree({
      coreTopic: "kitesurfing lessons",
      brand: { name: "Loft & Lift", description: "Kitesurfing lessons and kite hire on the coast." },
    });
    expect(problems(tree)).toEqual([]);
    expect(tree[0]!.name).toBe("kitesurfing lessons");
    expect(namesOf(tree)).toContain("what is kitesurfing");
    expect(namesOf(tree).join(" | ")).not.toMatch(/lessons (red flags|complaints|ideas|troubleshooting)/);
  });

  it("reads a topic of function words alone as no topic, and takes the brand's", () => {
    for (const coreTopic of ["is", "in", "of the", "Is"]) {
      const tree = offlineResearchTree({ coreTopic, brand: { ...BRAND, name: "Bean Co", description: "We sell fresh tofu and tempeh." } });
      expect(problems(tree), coreTopic).toEqual([]);
      expect(namesOf(tree).join(" "), coreTopic).toContain("tofu");
    }
  });

  it("builds pillars a person would write from the topic's lexicon, and leaves that are searches", () => {
    const tree = offlineResearchTree(ESPRESSO);
    const pillars = tree.map((n) => n.name);
    expect(pillars).toEqual(expect.arrayContaining(["espresso makers", "coffee grinders", "coffee beans"]));
    // The topic as typed heads the tree; a facet of it has a pillar of its own.
    expect(pillars[0]).toBe("home espresso");
    expect(pillars.some((p) => p.startsWith("home espresso "))).toBe(true);
    const all = namesOf(tree).join(" | ");
    expect(all).toContain("how to clean an espresso maker");
    expect(all).toContain("best coffee grinders");
    expect(all).toContain("best espresso makers");
    // Nothing from the ranking pages' site names or templates, nothing the issue found.
    expect(all).not.toMatch(/insight digest|glance|running costs|decide/);
  });

  it("uses no word outside the lexicon, the topic and the facet tables, for 20 topics", () => {
    for (const coreTopic of TOPICS) {
      const tree = offlineResearchTree({ coreTopic, brand: BRAND, serpResults: COFFEE_SERP });
      const allowed = allowedWords(coreTopic);
      const stray = [...new Set(namesOf(tree).flatMap((n) => n.split(" ")))].filter((w) => !allowed(w));
      expect(stray, coreTopic).toEqual([]);
    }
  });

  it("reads a brand name that is no topic from the brand's description, then its tagline, audience and address", () => {
    const described = offlineResearchTree({
      coreTopic: "Bean Co",
      brand: { ...BRAND, name: "Bean Co", description: "We sell fresh tofu and tempeh." },
    });
    expect(described[0]!.name).not.toContain("bean co");
    expect(namesOf(described).join(" ")).toContain("tofu");
    const tagged = offlineResearchTree({
      coreTopic: "Zqx Labs",
      brand: {
        name: "Zqx Labs",
        tagline: "Sourdough bread, baked slowly",
        targetAudience: "cyclists",
        websiteUrl: "https://www.gardentools.example",
      },
    });
    expect(namesOf(tagged).join(" ")).toContain("bread");
    expect(namesOf(tagged).join(" ")).not.toMatch(/garden|cyclist/);
    const addressed = offlineResearchTree({
      coreTopic: "Zqx Labs",
      brand: { name: "Zqx Labs", websiteUrl: "https://www.gardentools.example" },
    });
    expect(namesOf(addressed).join(" ")).toMatch(/garden/);
    expect(namesOf(addressed).join(" ")).not.toContain("zqx");
  });

  it("keeps the rules for any topic, with or without SERP data", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.boolean(), fc.option(fc.string({ maxLength: 60 })), (topic, withSerp, audience) => {
        const tree = offlineResearchTree({
          coreTopic: topic,
          brand: { name: "Acme", targetAudience: audience },
          serpResults: withSerp ? COFFEE_SERP : undefined,
        });
        expect(problems(tree)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});
