// The strategist's yardstick (bench/lib/research-sense.ts) on trees built by hand: matching is
// loose where searches vary (plurals, order, function words, hyphens) and strict where meaning
// would be lost (every content word, whole words only), and each figure counts what it says.
// The labelled set is checked for the shape its scorer relies on.
import { describe, expect, it } from "vitest";
import { aggregateSense, nodeSays, says, scoreResearchSense, type SenseNode } from "../../bench/lib/research-sense";
import { RESEARCH_LABELLED, type LabelledResearchBrand } from "../fixtures/research-labelled";

const node = (level: SenseNode["level"], name: string, children: SenseNode[] = [], keywords: string[] = []): SenseNode => ({
  name,
  keywords,
  level,
  children,
});

describe("says", () => {
  it("folds plurals on both sides", () => {
    expect(says("pet insurance policies", "pet insurance policy")).toBe(true);
    expect(says("tree surgery", "tree surgeries")).toBe(true);
    expect(says("kombucha bottles", "kombucha bottle")).toBe(true);
    expect(says("coaches for adhd", "adhd coach")).toBe(true);
  });

  it("lets word order vary and ignores function words", () => {
    expect(says("insurance for dogs", "dog insurance")).toBe(true);
    expect(says("how to grow a scoby", "grow scoby")).toBe(true);
    expect(says("grow scoby", "how to grow a scoby")).toBe(true);
  });

  it("covers a phrase the text contains, not one it only touches", () => {
    expect(says("dog insurance cost", "dog insurance")).toBe(true);
    expect(says("insurance", "dog insurance")).toBe(false);
    expect(says("dog walking", "dog insurance")).toBe(false);
  });

  it("matches whole words only", () => {
    expect(says("reinsurance", "insurance")).toBe(false);
    expect(says("kayaking", "kayak")).toBe(false);
    expect(says("adhd coachella tickets", "adhd coach")).toBe(false);
  });

  it("reads a hyphenated spelling as its closed-up twin and keeps numbers", () => {
    expect(says("H-1B transfer", "h1b transfer")).toBe(true);
    expect(says("non-profit grants", "nonprofit grants")).toBe(true);
    expect(says("form 990 lookup", "form 990")).toBe(true);
    expect(says("form 1040", "form 990")).toBe(false);
  });

  it("falls back to every word when a phrase has only function words", () => {
    expect(says("things you should do", "what to do")).toBe(false);
    expect(says("what to do now", "what to do")).toBe(true);
  });

  it("reads a node's name and each keyword, not their union", () => {
    const tree = node(2, "claims", [], ["dog claims", "insurance excess"]);
    expect(nodeSays(tree, ["dog claims"])).toBe(true);
    expect(nodeSays(tree, ["dog excess"])).toBe(false);
  });
});

const brand: LabelledResearchBrand = {
  id: "pets",
  brand: {
    name: "Acme",
    description: "",
    tagline: "",
    usp: "",
    products_and_services: "",
    competitors: [],
    target_audience: "",
    country_code: "GB",
    brand_voice: "",
  },
  coreTopic: "pet insurance",
  pillars: [["dog insurance"], ["cat insurance"], ["pet insurance excess", "pet insurance deductible"], ["pet insurance cost"]],
  hubs: [["puppy insurance"], ["vet fees"]],
  resources: [["cruciate ligament"], ["hip dysplasia"]],
  never: ["near me", "car insurance"],
};

describe("scoreResearchSense", () => {
  const tree: SenseNode[] = [
    node(1, "pet insurance", [
      node(2, "insurance for dogs", [node(3, "puppy insurance"), node(3, "dog insurance near me")]),
      node(2, "deductibles", [], ["pet insurance deductible"]),
    ]),
    node(1, "cat insurance", [
      node(2, "car insurance quotes"),
      node(2, "kittens"),
      node(2, "claims", [node(3, "x", [node(4, "cruciate ligament claim")])]),
    ]),
  ];
  const score = scoreResearchSense(brand, tree);

  it("counts pillars at levels 1-2, and at level 1 alone", () => {
    expect(score.pillarRecall).toBe(3 / 4);
    expect(score.pillarRecallLevel1).toBe(1 / 4);
    expect(score.missed.pillars).toEqual(["pet insurance cost"]);
  });

  it("counts hubs at levels 1-3 and resources anywhere", () => {
    expect(score.hubRecall).toBe(1 / 2);
    expect(score.missed.hubs).toEqual(["vet fees"]);
    expect(score.resourceRecall).toBe(1 / 2);
    expect(score.missed.resources).toEqual(["hip dysplasia"]);
  });

  it("does not count a concept found deeper than its level allows", () => {
    const deep = scoreResearchSense(brand, [
      node(1, "pet insurance", [node(2, "x", [node(3, "y", [node(4, "vet fees")])]), node(3, "dog insurance")]),
    ]);
    expect(deep.hubRecall).toBe(0);
    expect(deep.pillarRecall).toBe(0);
  });

  it("lists the nodes that wince", () => {
    expect(score.winces).toEqual([
      { node: "dog insurance near me", phrase: "near me" },
      { node: "car insurance quotes", phrase: "car insurance" },
    ]);
  });

  it("checks the head is the core topic", () => {
    expect(score.headIsCore).toBe(true);
    expect(scoreResearchSense(brand, [node(1, "cat insurance"), node(1, "pet insurance")]).headIsCore).toBe(false);
    expect(scoreResearchSense(brand, []).headIsCore).toBe(false);
  });

  it("keeps the nodes that say some concept", () => {
    // kept: insurance for dogs, puppy insurance, dog insurance near me, deductibles, cat insurance, cruciate ligament claim
    expect(score.nodes).toBe(11);
    expect(score.keptShare).toBe(6 / 11);
  });

  it("scores an empty tree as zero everywhere", () => {
    const empty = scoreResearchSense(brand, []);
    expect([empty.pillarRecall, empty.hubRecall, empty.resourceRecall, empty.keptShare, empty.winces.length]).toEqual([0, 0, 0, 0, 0]);
  });
});

describe("aggregateSense", () => {
  it("means the figures over brands and sums winces", () => {
    const good = scoreResearchSense(brand, [
      node(1, "pet insurance", [
        node(2, "dog insurance"),
        node(2, "cat insurance"),
        node(2, "pet insurance excess"),
        node(2, "pet insurance cost"),
      ]),
    ]);
    const bad = scoreResearchSense(brand, [node(1, "car insurance"), node(1, "near me")]);
    const total = aggregateSense([good, bad]);
    expect(total.brands).toBe(2);
    expect(total.pillarRecall).toBe(0.5);
    expect(total.headIsCore).toBe(0.5);
    expect(total.keptShare).toBe(0.4);
    expect(total.winces).toBe(2);
    expect(aggregateSense([]).pillarRecall).toBe(0);
  });
});

describe("the labelled set", () => {
  it("holds twelve brands with unique ids and the required brands", () => {
    expect(RESEARCH_LABELLED).toHaveLength(12);
    expect(new Set(RESEARCH_LABELLED.map((b) => b.id)).size).toBe(12);
    for (const id of [
      "tree-surgeon-bristol",
      "adhd-coach",
      "h1b-visa-lawyer",
      "pet-insurance-comparison",
      "kombucha-brewing-shop",
      "sea-kayaking-tours",
      "grant-writer-nonprofits",
    ]) {
      expect(RESEARCH_LABELLED.map((b) => b.id)).toContain(id);
    }
  });

  it.each(RESEARCH_LABELLED.map((b) => [b.id, b] as const))("%s has concepts in the ranges a strategist expects", (_id, labelled) => {
    expect(labelled.pillars.length).toBeGreaterThanOrEqual(3);
    expect(labelled.pillars.length).toBeLessThanOrEqual(7);
    expect(labelled.hubs.length).toBeGreaterThanOrEqual(6);
    expect(labelled.hubs.length).toBeLessThanOrEqual(15);
    expect(labelled.resources.length).toBeGreaterThanOrEqual(5);
    expect(labelled.resources.length).toBeLessThanOrEqual(12);
    expect(labelled.never.length).toBeGreaterThan(0);
    const phrasings = [...labelled.pillars, ...labelled.hubs, ...labelled.resources].flat();
    for (const phrase of [...phrasings, ...labelled.never, labelled.coreTopic]) expect(phrase).toBe(phrase.toLowerCase().trim());
    // A phrase the strategist wants must never also make them wince.
    for (const phrase of phrasings)
      expect(
        labelled.never.filter((never) => says(phrase, never)),
        phrase,
      ).toEqual([]);
  });

  it.each(RESEARCH_LABELLED.map((b) => [b.id, b] as const))(
    "%s scores full marks on a tree of its own first phrasings",
    (_id, labelled) => {
      const first = (concepts: string[][]): string[] => concepts.map((phrasings) => phrasings[0] ?? "");
      const tree = [
        node(1, labelled.coreTopic),
        ...first(labelled.pillars).map((name) => node(1, name)),
        node(1, "more", [...first(labelled.hubs).map((name) => node(2, name)), ...first(labelled.resources).map((name) => node(3, name))]),
      ];
      const score = scoreResearchSense(labelled, tree);
      expect([score.headIsCore, score.pillarRecallLevel1, score.hubRecall, score.resourceRecall, score.winces]).toEqual([
        true,
        1,
        1,
        1,
        [],
      ]);
    },
  );
});
