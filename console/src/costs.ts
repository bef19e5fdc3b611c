// What each operation costs in credits, so that a screen can show the price before the
// strategist confirms. The table is the server's own (src/platform/credits/costs.ts), bundled
// into the console: that file is data and pure arithmetic only, importing nothing.
export { articleCost, clusteringCost, CREDIT_COSTS } from "../../src/platform/credits/costs";
