// The charging rule for cut-off sections: each gives back its share of the draft's price,
// rounded up, never more than the draft cost.
import { describe, expect, it } from "vitest";
import { CREDIT_COSTS } from "../../../src/platform/credits/costs";
import { cutOffRefund } from "../../../src/modules/articles/cut-off-refund";

describe("cutOffRefund", () => {
  it("gives back nothing when nothing was cut off", () => {
    expect(cutOffRefund(7, 0)).toBe(0);
    expect(cutOffRefund(0, 0)).toBe(0);
  });

  it("gives back each cut-off section's share of the draft's price, rounded up", () => {
    expect(CREDIT_COSTS.articleDraft).toBe(10);
    expect(cutOffRefund(7, 1)).toBe(2);
    expect(cutOffRefund(7, 3)).toBe(5);
    expect(cutOffRefund(5, 1)).toBe(2);
    expect(cutOffRefund(10, 1)).toBe(1);
  });

  it("gives back the whole draft price when every section was cut off, and never more", () => {
    expect(cutOffRefund(7, 7)).toBe(10);
    expect(cutOffRefund(3, 5)).toBe(10);
  });
});
