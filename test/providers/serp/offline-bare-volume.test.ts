// A topic's bare phrase is what most of its searchers type: the offline volumes never put it
// below the typical volume of a phrase of its length, whatever its noise.
import { describe, expect, it } from "vitest";
import { offlineMetrics } from "../../../src/providers/serp/offline-metrics";

const TWO_WORD = [
  "sea kayaking",
  "tax deductions",
  "oat milk",
  "chess openings",
  "standing desks",
  "bird watching",
  "knitting patterns",
  "retirement planning",
  "rain gauges",
  "tide tables",
  "seed catalogs",
  "wood stoves",
];
// Google's step for a typical two-word entity in the United States (BASE_STEP_BY_HEADS).
const TYPICAL_TWO_WORD_VOLUME = 880;

describe("offline metrics: a bare phrase", () => {
  it("is never searched less than a typical phrase of its length", () => {
    const low = TWO_WORD.map((k) => offlineMetrics(k, "us")).filter((m) => m.searchVolume < TYPICAL_TWO_WORD_VOLUME);
    expect(low).toEqual([]);
  });

  it("still varies, and its narrowings keep their own noise", () => {
    expect(new Set(TWO_WORD.map((k) => offlineMetrics(k, "us").searchVolume)).size).toBeGreaterThan(1);
    const narrowed = TWO_WORD.map((k) => offlineMetrics(`${k} tips`, "us").searchVolume);
    expect(Math.min(...narrowed)).toBeLessThan(TYPICAL_TWO_WORD_VOLUME);
  });
});
