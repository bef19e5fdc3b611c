// The console shows prices before a strategist confirms; they are the ones the API charges
// because the console prices with the server's own table, which it bundles.
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as consoleCosts from "../../../console/src/costs";
import * as serverCosts from "../../../src/platform/credits/costs";

const TABLE = new URL("../../../src/platform/credits/costs.ts", import.meta.url);

describe("the console's credit costs", () => {
  it("are the server's table and helpers, not a copy", () => {
    expect(consoleCosts.CREDIT_COSTS).toBe(serverCosts.CREDIT_COSTS);
    expect(consoleCosts.clusteringCost).toBe(serverCosts.clusteringCost);
    expect(consoleCosts.articleCost).toBe(serverCosts.articleCost);
  });

  it("come from a file that imports nothing, so the console's bundle takes in no server code", () => {
    const imports = ts.preProcessFile(readFileSync(TABLE, "utf8"), true, true).importedFiles.map((file) => file.fileName);
    expect(imports).toEqual([]);
  });
});
