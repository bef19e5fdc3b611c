import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { organise, type UniverseKeyword } from "../../../../src/modules/research/organiser";
import { treeProblems } from "./invariants";
import { kw } from "./universes";

// Random universes around one topic, built from words that make real-looking keywords: heads,
// modifiers, question openings, volumes from nothing to a lot, unknown volumes and questions.
const HEADS = ["pet insurance", "insurance for pets", "dog insurance", "cat insurance", "pets insurance"];
const MODIFIERS = ["best", "cheap", "cost", "quotes", "reviews", "uk", "dogs", "cats", "senior", "claims", "plans", "monthly", "compare"];
const OPENINGS = ["", "", "", "how much is", "is", "what does", "can i get"];
const SOURCES = ["ideas", "suggestions", "related", "autocomplete", "paa"] as const;

const keywordArb = fc
  .record({
    opening: fc.constantFrom(...OPENINGS),
    head: fc.constantFrom(...HEADS),
    modifiers: fc.subarray(MODIFIERS, { maxLength: 3 }),
    before: fc.boolean(),
    volume: fc.option(fc.constantFrom(0, 10, 90, 480, 2400, 9900, 40500), { nil: null }),
    source: fc.constantFrom(...SOURCES),
  })
  .map(({ opening, head, modifiers, before, volume, source }): UniverseKeyword => {
    const words = before ? [...modifiers, head] : [head, ...modifiers];
    return kw([opening, ...words].join(" ").trim(), volume, { source });
  });

// One entry per key, as mergeUniverse gives.
const universeArb = fc.uniqueArray(keywordArb, { minLength: 0, maxLength: 80, selector: (keyword) => keyword.key });

/** SERPs for some keywords, drawn from a small pool of URLs so that overlaps happen. */
const serpsFor = (universe: readonly UniverseKeyword[], picks: readonly number[][]): Map<string, string[]> =>
  new Map(
    universe.flatMap((keyword, index) => (index < picks.length ? [[keyword.key, (picks[index] ?? []).map((n) => `site.com/${n}`)]] : [])),
  );

describe("organise (properties)", () => {
  it("keeps the house rules, invents nothing, places each keyword once, whatever the universe", () => {
    fc.assert(
      fc.property(
        universeArb,
        fc.array(fc.array(fc.integer({ min: 0, max: 14 }), { maxLength: 10 }), { maxLength: 30 }),
        (universe, picks) => {
          const tree = organise({ coreTopic: "Pet Insurance", keywords: universe, serps: serpsFor(universe, picks) });
          expect(treeProblems(tree, universe, "pet insurance")).toEqual([]);
          expect(tree[0]?.name).toBe("pet insurance");
        },
      ),
      { numRuns: 150 },
    );
  });

  it("gives the same tree for the universe in reverse order", () => {
    fc.assert(
      fc.property(
        universeArb,
        fc.array(fc.array(fc.integer({ min: 0, max: 14 }), { maxLength: 10 }), { maxLength: 30 }),
        (universe, picks) => {
          const serps = serpsFor(universe, picks);
          const forward = organise({ coreTopic: "pet insurance", keywords: universe, serps });
          const backward = organise({ coreTopic: "pet insurance", keywords: [...universe].reverse(), serps });
          expect(backward).toEqual(forward);
        },
      ),
      { numRuns: 150 },
    );
  });
});
