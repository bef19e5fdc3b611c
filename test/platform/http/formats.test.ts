// Choosing CSV: `format` decides when given; otherwise the Accept header, by q value, with the
// most specific range of each type counting and JSON winning ties.
import { describe, expect, it } from "vitest";
import { acceptQuality, wantsCsv } from "../../../src/platform/http/formats";

describe("wantsCsv", () => {
  it("follows `format` whatever Accept says", () => {
    expect(wantsCsv("csv", "application/json")).toBe(true);
    expect(wantsCsv("json", "text/csv")).toBe(false);
  });

  it("follows Accept when it prefers text/csv, and answers JSON otherwise", () => {
    const cases: [string | undefined, boolean][] = [
      [undefined, false],
      ["", false],
      ["*/*", false],
      ["text/csv", true],
      ["TEXT/CSV; charset=utf-8", true],
      ["application/json, text/csv", false],
      ["application/json;q=0.5, text/csv", true],
      ["text/*", true],
      ["text/csv;q=0, */*", false],
      ["text/csv, */*;q=0.1", true],
      ["text/csv;q=0.8, application/*;q=0.9", false],
    ];
    for (const [accept, csv] of cases) expect(wantsCsv(undefined, accept), accept).toBe(csv);
    expect(wantsCsv(undefined, ["application/json;q=0.1", "text/csv"])).toBe(true);
  });

  it("takes the q of the most specific matching range", () => {
    expect(acceptQuality("text/*;q=0.3, text/csv;q=0.7, */*;q=0.1", "text/csv")).toBe(0.7);
    expect(acceptQuality("text/*;q=0.3, */*;q=0.1", "text/csv")).toBe(0.3);
    expect(acceptQuality("image/png", "text/csv")).toBe(0);
  });
});
