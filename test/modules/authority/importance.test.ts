// Importance (docs/conventions.md §8): properties of the formula, over random volumes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importance, priorityCategory } from "../../../src/modules/authority/importance";

const volume = fc.integer({ min: 0, max: 5_000_000 });

describe("importance", () => {
  it("never falls when the node's volume grows, others unchanged", () => {
    fc.assert(
      fc.property(volume, volume, fc.array(volume, { maxLength: 6 }), fc.array(volume, { maxLength: 6 }), (a, b, siblings, elsewhere) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const at = (v: number) => {
          const siblingsLargest = Math.max(v, ...siblings);
          return importance(v, siblingsLargest, Math.max(siblingsLargest, ...elsewhere));
        };
        expect(at(high)).toBeGreaterThanOrEqual(at(low));
      }),
    );
  });

  it("orders siblings as their volumes, and gives the tree's largest node 100", () => {
    fc.assert(
      fc.property(fc.array(volume, { minLength: 1, maxLength: 8 }), volume, (siblings, elsewhere) => {
        const siblingsLargest = Math.max(...siblings);
        const treeLargest = Math.max(siblingsLargest, elsewhere);
        const values = siblings.map((v) => importance(v, siblingsLargest, treeLargest));
        siblings.forEach((v, i) => {
          siblings.forEach((w, j) => {
            if (v > w) expect(values[i]).toBeGreaterThanOrEqual(values[j]!);
          });
        });
        for (const value of values) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(100);
        }
        if (treeLargest > 0) expect(importance(treeLargest, treeLargest, treeLargest)).toBe(100);
      }),
    );
  });

  it("is 0 without volume, also in a tree without any", () => {
    expect(importance(0, 10, 100)).toBe(0);
    expect(importance(0, 0, 0)).toBe(0);
  });

  it("puts High from 66, Medium from 33, Low below", () => {
    expect([100, 66, 65.9, 33, 32.9, 0].map(priorityCategory)).toEqual(["High", "High", "Medium", "Medium", "Low", "Low"]);
  });
});
