// The console shows prices before a strategist confirms; they must be the ones the API charges.
import { describe, expect, it } from "vitest";
import * as consoleCosts from "../../console/src/costs";
import * as serverCosts from "../../src/platform/credits/costs";

describe("the console's credit costs", () => {
  it("are the server's table", () => {
    expect(consoleCosts.CREDIT_COSTS).toEqual(serverCosts.CREDIT_COSTS);
  });

  it("price clustering and articles as the server does", () => {
    for (const keywords of [1, 9, 10, 11, 999, 10_000]) expect(consoleCosts.clusteringCost(keywords)).toBe(serverCosts.clusteringCost(keywords));
    for (const specialists of [0, 1, 4]) expect(consoleCosts.articleCost(specialists)).toBe(serverCosts.articleCost(specialists));
  });
});
