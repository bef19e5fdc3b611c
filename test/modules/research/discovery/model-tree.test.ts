// What canopy does with a model's tree: one node per keyword (the first in reading order), the
// same words in another order or number merged, and every keyword no source found listed as proposed.
import { describe, expect, it } from "vitest";
import { reconcileModelTree } from "../../../../src/modules/research/discovery/model-tree";
import { mergeUniverse } from "../../../../src/modules/research/organiser";

const universe = mergeUniverse(
  ["pet insurance", "dog insurance", "pet insurance cost"].map((keyword) => ({
    keyword,
    source: "ideas" as const,
    searchVolume: 100,
    cpc: null,
    competition: null,
    difficulty: null,
    intent: null,
  })),
);

describe("reconcileModelTree", () => {
  it("keeps a keyword in its first node only, merges its variants into the discovered spelling, and lists the unknown as proposed", () => {
    const { tree, proposed } = reconcileModelTree(
      [
        {
          name: "pet insurance",
          keywords: ["pet insurance", "insurance for pets", "pet insurance for older dogs"],
          children: [
            { name: "dog insurance", keywords: ["dog insurance", "pet insurance"], children: [] },
            { name: "costs", keywords: ["cost of pet insurance", "pet insurance excess explained"], children: [] },
          ],
        },
      ],
      universe,
    );
    expect(tree).toEqual([
      {
        name: "pet insurance",
        keywords: ["pet insurance", "pet insurance for older dogs"],
        children: [
          { name: "dog insurance", keywords: ["dog insurance"], children: [] },
          { name: "costs", keywords: ["pet insurance cost", "pet insurance excess explained"], children: [] },
        ],
      },
    ]);
    // "cost of pet insurance" is "pet insurance cost" in another order: found, not proposed, and spelled as found.
    expect(proposed).toEqual(["pet insurance for older dogs", "pet insurance excess explained"]);
  });
});
