// The console writes its clustering exports in the browser; a cell must come out as the server's
// own CSV writer writes it, formula guard included, so both exports open and upload alike.
import { describe, expect, it } from "vitest";
import { csvCell as consoleCell, csvDocument } from "../../../console/src/clustering/csv";
import { csvCell as serverCell } from "../../../src/platform/csv/csv-write";

const CELLS = [
  "espresso",
  '=HYPERLINK("x")',
  "'=1",
  "+1",
  "-tamp",
  "@home",
  "\tgrind",
  "\rshot",
  'say "crema"',
  "a,b",
  "line\nbreak",
  "",
  0,
  -3.5,
  Number.NaN,
  true,
  false,
  null,
];

describe("the console's CSV cells", () => {
  it("are the server's", () => {
    for (const cell of CELLS) expect(consoleCell(cell)).toBe(serverCell(cell));
  });

  it("make a document with a byte-order mark and CRLF lines", () => {
    expect(csvDocument(["keyword", "volume"], [["=sum", 10]])).toBe("\uFEFFkeyword,volume\r\n'=sum,10\r\n");
  });
});
