import { describe, expect, it } from "vitest";
import { mergeUniverse } from "../../../../src/modules/research/organiser";
import type { DiscoveredKeyword } from "../../../../src/providers/serp/types";

const found = (keyword: string, source: DiscoveredKeyword["source"], metrics: Partial<DiscoveredKeyword> = {}): DiscoveredKeyword => ({
  keyword,
  source,
  searchVolume: null,
  cpc: null,
  competition: null,
  difficulty: null,
  intent: null,
  ...metrics,
});

describe("mergeUniverse", () => {
  it("makes one entry per key, cleaned, in the order first found", () => {
    const universe = mergeUniverse([
      found("Pet Insurance", "ideas"),
      found("  dog   insurance ", "suggestions"),
      found("pet insurance", "autocomplete"),
      found("PET  INSURANCE", "related"),
    ]);
    expect(universe.map((keyword) => [keyword.keyword, keyword.key])).toEqual([
      ["pet insurance", "pet insurance"],
      ["dog insurance", "dog insurance"],
    ]);
  });

  it("keeps the first source and every source once, in the order found", () => {
    const [merged] = mergeUniverse([
      found("is pet insurance worth it", "autocomplete"),
      found("is pet insurance worth it", "paa"),
      found("is pet insurance worth it?", "ideas"),
      found("Is pet insurance worth it", "paa"),
    ]);
    expect(merged?.source).toBe("autocomplete");
    expect(merged?.sources).toEqual(["autocomplete", "paa", "ideas"]);
  });

  it("takes each metric from the first source that knew it", () => {
    const [merged] = mergeUniverse([
      found("dog insurance", "autocomplete"),
      found("dog insurance", "related", { searchVolume: 18100, competition: 0.8 }),
      found("dog insurance", "ideas", { searchVolume: 22000, cpc: 3.1, competition: 0.5, difficulty: 41, intent: "commercial" }),
      found("dog insurance", "suggestions", { intent: "transactional", difficulty: 60 }),
    ]);
    expect(merged).toMatchObject({ searchVolume: 18100, cpc: 3.1, competition: 0.8, difficulty: 41, intent: "commercial" });
  });

  it("keeps a known zero: 0 is a volume, not an unknown", () => {
    const [merged] = mergeUniverse([
      found("pet insurance lizard", "ideas", { searchVolume: 0 }),
      found("pet insurance lizard", "related", { searchVolume: 90 }),
    ]);
    expect(merged?.searchVolume).toBe(0);
  });

  it("leaves out keywords that clean to nothing", () => {
    expect(mergeUniverse([found("  ", "user"), found("?!", "autocomplete")])).toEqual([]);
  });

  it("does not change what it was given", () => {
    const input = [found("dog insurance", "ideas"), found("dog insurance", "paa", { searchVolume: 10 })];
    const copy = structuredClone(input);
    mergeUniverse(input);
    expect(input).toEqual(copy);
  });
});
