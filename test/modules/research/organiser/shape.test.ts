import { describe, expect, it } from "vitest";
import type { KeywordGroup } from "../../../../src/modules/research/organiser/groups";
import { MAX_PILLARS, pillarRoom, splitByModifier, supportsPillar } from "../../../../src/modules/research/organiser/shape";
import type { Term } from "../../../../src/modules/research/organiser/terms";

function group(text: string, modifiers: string[], volume: number | null): KeywordGroup {
  const term: Term = { text, key: text, volume, modifiers, question: false };
  return { terms: [term], name: term, modifiers, words: new Set(modifiers), demand: volume ?? 0 };
}

describe("pillarRoom", () => {
  it("gives a narrow universe the core pillar alone and a broad one more, never past the cap", () => {
    expect(pillarRoom(0)).toBe(1);
    expect(pillarRoom(8)).toBe(1);
    expect(pillarRoom(24)).toBe(3);
    expect(pillarRoom(60)).toBe(6);
    expect(pillarRoom(5000)).toBe(MAX_PILLARS);
  });
});

describe("supportsPillar", () => {
  it("needs two searched keywords and a share of the demand beyond the core topic", () => {
    expect(supportsPillar(5000, 2, 100_000)).toBe(true);
    expect(supportsPillar(4999, 2, 100_000)).toBe(false);
    expect(supportsPillar(50_000, 1, 100_000)).toBe(false);
    expect(supportsPillar(0, 5, 0)).toBe(false);
  });
});

describe("splitByModifier", () => {
  const groups = [
    group("dog insurance", ["dog"], 18100),
    group("best dog insurance", ["best", "dog"], 3600),
    group("best pet insurance", ["best"], 40500),
    group("cat insurance", ["cat"], 9900),
    group("pet insurance uk", ["uk"], null),
  ];

  it("lets the modifier with the most demand take every group that has it, then recounts what is left", () => {
    const { parts, rest } = splitByModifier(groups, new Set(), () => true, Number.POSITIVE_INFINITY);
    expect(parts.map((part) => [part.modifier, part.groups.map((g) => g.name.text)])).toEqual([
      ["best", ["best pet insurance", "best dog insurance"]],
      ["dog", ["dog insurance"]],
      ["cat", ["cat insurance"]],
      ["uk", ["pet insurance uk"]],
    ]);
    expect(rest).toEqual([]);
  });

  it("stops when the strongest modifier left is not accepted, or at the limit", () => {
    const strong = splitByModifier(groups, new Set(), (demand) => demand >= 10_000, 10);
    expect(strong.parts.map((part) => part.modifier)).toEqual(["best", "dog"]);
    expect(strong.rest.map((g) => g.name.text)).toEqual(["cat insurance", "pet insurance uk"]);
    expect(splitByModifier(groups, new Set(), () => true, 1).parts.map((part) => part.modifier)).toEqual(["best"]);
  });

  it("ignores the context's modifiers: inside the dog pillar, hubs come from the next modifier", () => {
    const dogs = [group("best dog insurance", ["best", "dog"], 3600), group("cheap dog insurance", ["cheap", "dog"], 1900)];
    const { parts } = splitByModifier(dogs, new Set(["dog"]), () => true, Number.POSITIVE_INFINITY);
    expect(parts.map((part) => part.modifier)).toEqual(["best", "cheap"]);
  });
});
