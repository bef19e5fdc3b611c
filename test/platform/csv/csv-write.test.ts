// The CSV writer: RFC 4180 quoting, CRLF, the byte-order mark, the formula guard and its undoing,
// and a round trip of arbitrary text through a real CSV parser (csv-parse, which the upload uses).
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvRow, csvStream, inBatches, unguardCell } from "../../../src/platform/csv/csv-write";

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = "";
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

describe("csv writer", () => {
  it("quotes a field only when it holds a quote, a comma or a line break, doubling quotes", () => {
    expect(csvRow(["plain", "a,b", 'say "hi"', "two\nlines", "cr\rhere", ""])).toBe(
      'plain,"a,b","say ""hi""","two\nlines","cr\rhere",\r\n',
    );
  });

  it("writes numbers, booleans and nothing as they are, and never guards them", () => {
    expect(csvRow([-5, 0.25, 1e21, true, false, null, undefined, Number.NaN])).toBe("-5,0.25,1e+21,true,false,,,\r\n");
  });

  it("puts an apostrophe before text a spreadsheet would run as a formula, and reads it back off", () => {
    for (const formula of ["=SUM(A1)", "+1", "-2+3", "@cmd", "\tx", "\rx"]) {
      expect(csvCell(formula).replace(/^"|"$/g, "").startsWith("'")).toBe(true);
      expect(unguardCell(csvCell(formula).replace(/^"|"$/g, ""))).toBe(formula);
    }
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("a=b")).toBe("a=b");
    expect(unguardCell("'plain")).toBe("'plain");
    // Text that already looks guarded is guarded again, so one apostrophe read off gives it back.
    expect(csvCell("'=1")).toBe("''=1");
    expect(unguardCell("''=1")).toBe("'=1");
  });

  it("reads back, through a real parser, every row of arbitrary text it wrote", () => {
    const cell = fc.oneof(
      fc.string(),
      fc.string({ unit: "grapheme" }),
      fc.constantFrom("", " ", '"', ",", "\r\n", "=1", "'=1", "-", "\uFEFF"),
    );
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 }), (rows) => {
        const written = rows.map(csvRow).join("");
        const read = parse(written, { record_delimiter: "\r\n", relax_column_count: true });
        expect(read.map((r) => r.map(unguardCell))).toEqual(rows);
      }),
      { numRuns: 300 },
    );
  });

  it("streams the mark and the header first, then each batch as it is asked for", async () => {
    let produced = 0;
    function* batches() {
      for (let i = 0; i < 3; i++) {
        produced++;
        yield [[`row ${i}`, i]];
      }
    }
    const stream = csvStream(["name", "n"], batches());
    expect(produced).toBe(0);
    expect(await text(stream)).toBe(`${CSV_BOM}name,n\r\nrow 0,0\r\nrow 1,1\r\nrow 2,2\r\n`);
    expect([...inBatches([1, 2, 3, 4, 5], 2, (n) => [n])]).toEqual([[[1], [2]], [[3], [4]], [[5]]]);
  });
});
