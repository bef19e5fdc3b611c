// Rows as COPY's CSV: null bare, every text quoted (so that an empty text is not NULL), quotes
// doubled, booleans t/f, integer arrays as array literals, numbers that read back exactly.
import { describe, expect, it } from "vitest";
import { copyCsv } from "../../../src/modules/maps/copy-csv";

describe("copyCsv", () => {
  it("writes each record as one line of its keys' values", () => {
    const records = [
      { a: 'say "hi", then\nleave', b: "", c: null, d: true, e: [3, 10], f: 0.1 + 0.2 },
      { a: "x", b: "\\N", d: false, e: [], f: -0 },
    ];
    expect(copyCsv(records, ["a", "b", "c", "d", "e", "f"])).toBe(
      `"say ""hi"", then\nleave","",,t,"{3,10}",${0.1 + 0.2}\n"x","\\N",,f,"{}",0\n`,
    );
    expect(Number(String(0.1 + 0.2))).toBe(0.1 + 0.2);
  });

  it("refuses what the columns cannot hold rather than writing it wrong", () => {
    expect(() => copyCsv([{ n: Number.NaN }], ["n"])).toThrow();
    expect(() => copyCsv([{ n: [1.5] }], ["n"])).toThrow();
  });
});
