import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { articleCost, clusteringCost, CREDIT_COSTS } from "../../../src/platform/credits/costs";
import { refundedPart, splitCharge, total } from "../../../src/platform/credits/split";

describe("refundedPart", () => {
  it("gives back the whole charge when no amount, or one as large, is asked", () => {
    expect(refundedPart({ free: 2, monthly: 3, payg: 4 })).toEqual({ free: 2, monthly: 3, payg: 4 });
    expect(refundedPart({ free: 2, monthly: 3, payg: 4 }, 12)).toEqual({ free: 2, monthly: 3, payg: 4 });
  });

  it("gives back part from the last-spent bucket first: pay-as-you-go, monthly, then free", () => {
    expect(refundedPart({ free: 2, monthly: 3, payg: 4 }, 3)).toEqual({ free: 0, monthly: 0, payg: 3 });
    expect(refundedPart({ free: 2, monthly: 3, payg: 4 }, 6)).toEqual({ free: 0, monthly: 2, payg: 4 });
    expect(refundedPart({ free: 2, monthly: 3, payg: 4 }, 8)).toEqual({ free: 1, monthly: 3, payg: 4 });
  });

  it("never gives back more than the charge took, whatever part is asked", () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(20), fc.nat(20), fc.nat(70), (free, monthly, payg, amount) => {
        const back = refundedPart({ free, monthly, payg }, amount);
        expect(total(back)).toBe(Math.min(amount, free + monthly + payg));
        expect(back.free).toBeLessThanOrEqual(free);
        expect(back.monthly).toBeLessThanOrEqual(monthly);
        expect(back.payg).toBeLessThanOrEqual(payg);
        expect(Math.min(back.free, back.monthly, back.payg)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe("splitCharge", () => {
  it("takes free credits first, then monthly, then pay-as-you-go", () => {
    const balance = { free: 3, monthly: 4, payg: 5 };
    expect(splitCharge(balance, 2)).toEqual({ free: 2, monthly: 0, payg: 0 });
    expect(splitCharge(balance, 3)).toEqual({ free: 3, monthly: 0, payg: 0 });
    expect(splitCharge(balance, 6)).toEqual({ free: 3, monthly: 3, payg: 0 });
    expect(splitCharge(balance, 10)).toEqual({ free: 3, monthly: 4, payg: 3 });
    expect(splitCharge(balance, 12)).toEqual({ free: 3, monthly: 4, payg: 5 });
  });

  it("skips empty buckets", () => {
    expect(splitCharge({ free: 0, monthly: 0, payg: 9 }, 4)).toEqual({ free: 0, monthly: 0, payg: 4 });
    expect(splitCharge({ free: 0, monthly: 2, payg: 9 }, 4)).toEqual({ free: 0, monthly: 2, payg: 2 });
  });

  it("refuses what the balance cannot cover", () => {
    expect(splitCharge({ free: 3, monthly: 4, payg: 5 }, 13)).toBeNull();
    expect(splitCharge({ free: 0, monthly: 0, payg: 0 }, 1)).toBeNull();
  });

  it("charges nothing for a zero amount, even on an empty balance", () => {
    expect(splitCharge({ free: 0, monthly: 0, payg: 0 }, 0)).toEqual({ free: 0, monthly: 0, payg: 0 });
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])("rejects the amount %s", (amount) => {
    expect(() => splitCharge({ free: 10, monthly: 10, payg: 10 }, amount)).toThrow(RangeError);
  });

  it("always takes exactly the amount, within each bucket, in bucket order", () => {
    const bucket = fc.integer({ min: 0, max: 1000 });
    fc.assert(
      fc.property(bucket, bucket, bucket, fc.integer({ min: 0, max: 3200 }), (free, monthly, payg, amount) => {
        const balance = { free, monthly, payg };
        const taken = splitCharge(balance, amount);
        if (amount > total(balance)) {
          expect(taken).toBeNull();
          return;
        }
        expect(taken).not.toBeNull();
        const t = taken!;
        expect(total(t)).toBe(amount);
        expect(t.free).toBeGreaterThanOrEqual(0);
        expect(t.free).toBeLessThanOrEqual(free);
        expect(t.monthly).toBeGreaterThanOrEqual(0);
        expect(t.monthly).toBeLessThanOrEqual(monthly);
        expect(t.payg).toBeGreaterThanOrEqual(0);
        expect(t.payg).toBeLessThanOrEqual(payg);
        // A later bucket is touched only once the earlier ones are empty.
        if (t.monthly > 0) expect(t.free).toBe(free);
        if (t.payg > 0) expect(t.monthly).toBe(monthly);
      }),
    );
  });
});

describe("costs", () => {
  it("charges clustering per started 10 keywords", () => {
    expect(clusteringCost(0)).toBe(0);
    expect(clusteringCost(1)).toBe(CREDIT_COSTS.clusteringPer10Keywords);
    expect(clusteringCost(10)).toBe(1);
    expect(clusteringCost(11)).toBe(2);
    expect(clusteringCost(10_000)).toBe(1000);
  });

  it("charges an article draft plus each enabled specialist", () => {
    expect(articleCost(0)).toBe(10);
    expect(articleCost(3)).toBe(16);
  });

  it("holds the default costs of the decisions", () => {
    expect(CREDIT_COSTS).toMatchObject({ brief: 5, articleDraft: 10, articleSpecialist: 2, recluster: 0, researchGeneration: 5 });
  });
});
