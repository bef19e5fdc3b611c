import { describe, expect, it } from "vitest";
import { organise, type UniverseKeyword } from "../../../../src/modules/research/organiser";
import { expectTreeInvariants, find, flatten, nodeCarrying } from "./invariants";
import { kw, PET_INSURANCE, SOURDOUGH_DISCARD } from "./universes";

const NO_SERPS = new Map<string, string[]>();

const petTree = () => organise({ coreTopic: "Pet Insurance", keywords: PET_INSURANCE, serps: NO_SERPS });

/** A seeded shuffle (mulberry32), so a failing order can be replayed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed;
  const random = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const urls = (prefix: string, count: number): string[] => Array.from({ length: count }, (_, i) => `${prefix}.com/page-${i}`);

describe("organise: a broad topic", () => {
  it("heads the tree with the core topic as typed, carrying the head term and its close variants", () => {
    const [core] = petTree();
    expect(core?.name).toBe("pet insurance");
    expect(core?.keywords).toEqual(["pet insurance", "insurance for pets", "pets insurance", "pet insurances", "insurance pet"]);
  });

  it("makes pillars of the modifiers with the most demand, biggest first after the core topic", () => {
    expect(petTree().map((pillar) => pillar.name)).toEqual([
      "pet insurance",
      "dog insurance",
      "best pet insurance",
      "pet insurance cost",
      "cat insurance",
    ]);
  });

  it("names each node by its group's most searched keyword, its variants after it", () => {
    const dog = find(petTree(), "dog insurance");
    // "pet insurance for dogs" has no modifier but "dog": one search, one node.
    expect(dog?.node.keywords).toEqual(["dog insurance", "pet insurance for dogs"]);
    expect(find(petTree(), "best pet insurance for dogs")?.node.keywords).toEqual(["best pet insurance for dogs", "best dog insurance"]);
    expect(find(petTree(), "compare pet insurance")?.node.keywords).toEqual(["compare pet insurance", "pet insurance compare"]);
  });

  it("puts hubs under a pillar from its next modifier, and longer tails under the branch they extend", () => {
    const tree = petTree();
    expect(find(tree, "dog health insurance")?.path).toEqual(["dog insurance", "dog health insurance"]);
    expect(find(tree, "compare pet insurance plans")?.path).toEqual([
      "pet insurance",
      "compare pet insurance",
      "compare pet insurance plans",
    ]);
    expect(find(tree, "average cost of pet insurance")?.path).toEqual(["pet insurance cost", "average cost of pet insurance"]);
  });

  it("keeps a keyword without the core topic's words as real demand, grouped by its own modifiers", () => {
    expect(find(petTree(), "kitten insurance")?.path).toEqual(["pet insurance", "kitten insurance"]);
    expect(find(petTree(), "trupanion reviews")?.path).toEqual(["pet insurance", "trupanion pet insurance", "trupanion reviews"]);
  });

  it("places keywords of unknown volume below every known one", () => {
    const core = petTree()[0]!;
    const names = core.children.map((hub) => hub.name);
    expect(names.at(-1)).toBe("pet insurance uk");
    expect(find(petTree(), "pet insurance for cats and dogs")?.level).toBe(2);
  });

  it("holds the house rules, invents nothing and places each keyword once", () => {
    expectTreeInvariants(petTree(), PET_INSURANCE, "pet insurance");
  });
});

describe("organise: a narrow topic", () => {
  const tree = organise({ coreTopic: "sourdough discard", keywords: SOURDOUGH_DISCARD, serps: NO_SERPS });

  it("gets one or two pillars and no padding", () => {
    expect(tree.length).toBeGreaterThanOrEqual(1);
    expect(tree.length).toBeLessThanOrEqual(2);
    expect(tree[0]?.name).toBe("sourdough discard");
    expectTreeInvariants(tree, SOURDOUGH_DISCARD, "sourdough discard");
  });

  it("names the core pillar by the core topic even when nobody searched it as such, and adds nothing else", () => {
    expect(tree[0]?.keywords).toEqual(["sourdough discard"]);
    const names = flatten(tree).map(({ node }) => node.name);
    // 8 keywords, 2 of them variants of the recipes node: at most 7 nodes, the core one included.
    expect(names.length).toBeLessThanOrEqual(7);
  });

  it("gives the core pillar alone for a universe with nothing in it", () => {
    expect(organise({ coreTopic: " Sourdough Discard ", keywords: [], serps: NO_SERPS })).toEqual([
      { name: "sourdough discard", keywords: ["sourdough discard"], children: [] },
    ]);
  });

  it("stops where the keywords stop: a hub without more keywords has no branches", () => {
    expect(find(tree, "sourdough discard crackers")?.node.children).toEqual([]);
  });
});

describe("organise: SERP overlap", () => {
  const dogUniverse: UniverseKeyword[] = [
    kw("dog insurance", 18100),
    kw("pet insurance", 110000),
    kw("cheap dog insurance", 1900),
    kw("affordable dog insurance", 720),
    kw("dog insurance cost", 2900),
    kw("pet insurance comparison", 3600),
    kw("compare pet insurance", 4400),
  ];

  it("makes one node of keywords whose top 10 share at least four URLs", () => {
    const shared = urls("shared", 6);
    const serps = new Map([
      ["cheap dog insurance", [...shared, ...urls("cheap", 4)]],
      ["affordable dog insurance", [...urls("affordable", 4), ...shared.reverse()]],
    ]);
    const tree = organise({ coreTopic: "pet insurance", keywords: dogUniverse, serps });
    expect(nodeCarrying(tree, "affordable dog insurance")?.node.keywords).toEqual(["cheap dog insurance", "affordable dog insurance"]);
    expectTreeInvariants(tree, dogUniverse, "pet insurance");
  });

  it("joins keywords that share no modifier when their pages are the same", () => {
    const shared = urls("compare", 5);
    const serps = new Map([
      ["pet insurance comparison", [...shared, ...urls("a", 5)]],
      ["compare pet insurance", [...shared, ...urls("b", 5)]],
    ]);
    const tree = organise({ coreTopic: "pet insurance", keywords: dogUniverse, serps });
    expect(find(tree, "compare pet insurance")?.node.keywords).toEqual(["compare pet insurance", "pet insurance comparison"]);
  });

  it("keeps them apart below four shared URLs", () => {
    const shared = urls("shared", 3);
    const serps = new Map([
      ["cheap dog insurance", [...shared, ...urls("cheap", 7)]],
      ["affordable dog insurance", [...shared, ...urls("affordable", 7)]],
    ]);
    const tree = organise({ coreTopic: "pet insurance", keywords: dogUniverse, serps });
    expect(nodeCarrying(tree, "affordable dog insurance")?.node.name).toBe("affordable dog insurance");
    expect(nodeCarrying(tree, "cheap dog insurance")?.node.name).toBe("cheap dog insurance");
  });

  it("keeps the core pillar the core topic's when a variant's page is the head term's", () => {
    const shared = urls("head", 8);
    const serps = new Map([
      ["pet insurance", shared],
      ["dog insurance", shared],
    ]);
    const tree = organise({ coreTopic: "pet insurance", keywords: dogUniverse, serps });
    expect(tree[0]?.name).toBe("pet insurance");
    expect(tree[0]?.keywords).toEqual(["pet insurance", "dog insurance"]);
    expectTreeInvariants(tree, dogUniverse, "pet insurance");
  });
});

describe("organise: questions and keywords nobody searches", () => {
  it("never names a node by a keyword of volume 0", () => {
    const tree = petTree();
    expect(nodeCarrying(tree, "pet insurance for hamsters")).toBeUndefined();
    expect(nodeCarrying(tree, "pet insurance lizard")).toBeUndefined();
  });

  it("keeps a zero-volume keyword as a variant of a searched one, never as its name", () => {
    const universe = [
      kw("pet insurance", 110000),
      kw("pet insurance quotes", 0),
      kw("pet insurance quote", 2400),
      kw("quotes pet insurance", null),
    ];
    const tree = organise({ coreTopic: "pet insurance", keywords: universe, serps: NO_SERPS });
    expect(find(tree, "pet insurance quote")?.node.keywords).toEqual([
      "pet insurance quote",
      "pet insurance quotes",
      "quotes pet insurance",
    ]);
  });

  it("lets an unknown volume name a node when the group has nothing better", () => {
    const universe = [kw("pet insurance", 110000), kw("pet insurance quotes", 0), kw("quotes pet insurance", null)];
    const tree = organise({ coreTopic: "pet insurance", keywords: universe, serps: NO_SERPS });
    expect(find(tree, "quotes pet insurance")?.node.keywords).toEqual(["quotes pet insurance", "pet insurance quotes"]);
  });

  it("lands People Also Ask questions as resources under the branch they share most content words with", () => {
    const tree = petTree();
    expect(find(tree, "can you get pet insurance for a senior dog")).toMatchObject({
      level: 3,
      path: ["dog insurance", "senior dog insurance", "can you get pet insurance for a senior dog"],
    });
    expect(find(tree, "how much does pet insurance cost per month")).toMatchObject({
      level: 3,
      path: ["pet insurance cost", "pet insurance cost per month", "how much does pet insurance cost per month"],
    });
    expect(find(tree, "what is the best pet insurance for cats")?.path).toEqual([
      "best pet insurance",
      "best cat insurance",
      "what is the best pet insurance for cats",
    ]);
  });

  it("makes a question a resource even when nobody searches it, and never a parent", () => {
    const claim = find(petTree(), "how do i file a pet insurance claim");
    expect(claim?.path).toEqual(["pet insurance", "pet insurance claims", "how do i file a pet insurance claim"]);
    expect(claim?.node.children).toEqual([]);
  });

  it("puts a question that matches no modifier under the core topic", () => {
    expect(find(petTree(), "how does pet insurance work")?.path).toEqual(["pet insurance", "how does pet insurance work"]);
  });

  it("files a question under a branch rather than its hub when it matches both", () => {
    const universe = [
      kw("pet insurance", 110000),
      kw("dog insurance", 18100),
      kw("dog insurance cost", 2900),
      kw("dog insurance cost per month", 320),
      kw("senior dog insurance", 880),
      kw("how much is dog insurance cost for a senior", null, { source: "paa" }),
    ];
    const tree = organise({ coreTopic: "pet insurance", keywords: universe, serps: NO_SERPS });
    // Both "dog insurance cost" and "senior dog insurance" share two words with the question and
    // lack none of its: the deeper node wins, then the one with more demand.
    expect(find(tree, "how much is dog insurance cost for a senior")?.path).toEqual([
      "pet insurance",
      "dog insurance",
      "dog insurance cost",
      "how much is dog insurance cost for a senior",
    ]);
    expectTreeInvariants(tree, universe, "pet insurance");
  });
});

describe("organise: determinism and scale", () => {
  it("gives the same tree for the same universe in any order", () => {
    const expected = petTree();
    for (const seed of [1, 7, 42, 2024]) {
      const tree = organise({ coreTopic: "Pet Insurance", keywords: shuffled(PET_INSURANCE, seed), serps: NO_SERPS });
      expect(tree).toEqual(expected);
    }
  });

  it("gives the same tree whatever the order of the SERPs and their URLs", () => {
    const serps = new Map([
      ["cheap dog insurance", [...urls("shared", 5), ...urls("x", 5)]],
      ["affordable dog insurance", [...urls("shared", 5), ...urls("y", 5)]],
      ["dog insurance", urls("dog", 10)],
    ]);
    const reversed = new Map([...serps].reverse().map(([key, list]) => [key, [...list].reverse()]));
    const first = organise({ coreTopic: "pet insurance", keywords: PET_INSURANCE, serps });
    const second = organise({ coreTopic: "pet insurance", keywords: shuffled(PET_INSURANCE, 3), serps: reversed });
    expect(second).toEqual(first);
  });

  it("organises a universe of 1,000 keywords within the house rules", () => {
    const animals = ["dog", "cat", "puppy", "kitten", "horse", "rabbit", "bird", "ferret", "senior dog", "exotic pet"];
    const angles = ["cost", "best", "cheap", "reviews", "quotes", "plans", "coverage", "claims", "deductible", "uk", "near me"];
    const extras = ["2024", "monthly", "online", "for seniors", "accident only", "wellness", "lifetime", "no waiting period", "comparison"];
    const universe: UniverseKeyword[] = [kw("pet insurance", 110000)];
    let seed = 11;
    const volume = (): number => {
      seed = (seed * 48271) % 2_147_483_647;
      return [0, 10, 30, 90, 260, 880, 2400, 9900][seed % 8] ?? 0;
    };
    for (const animal of animals) {
      for (const angle of angles) {
        universe.push(kw(`${animal} insurance ${angle}`, volume()));
        for (const extra of extras) universe.push(kw(`${angle} ${animal} insurance ${extra}`, volume()));
      }
    }
    expect(universe.length).toBeGreaterThanOrEqual(1000);
    const tree = organise({ coreTopic: "pet insurance", keywords: universe, serps: NO_SERPS });
    expect(tree.length).toBeGreaterThan(1);
    expectTreeInvariants(tree, universe, "pet insurance");
  });
});
