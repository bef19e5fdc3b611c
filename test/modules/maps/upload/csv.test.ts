// The CSV form of a map upload, decoded: what a spreadsheet writes is read as it meant it, and
// every problem is named by row (as the spreadsheet numbers it) and column.
import { describe, expect, it } from "vitest";
import { ServiceError, ValidationFailed } from "../../../../src/platform/errors";
import {
  columnName,
  decodeUploadCsv,
  MAX_LISTED_PROBLEMS,
  NO_ROWS,
  NOT_UTF8,
  sniffDelimiter,
  TOO_MANY_ROWS,
} from "../../../../src/modules/maps/upload/csv";
import { MAX_UPLOAD_ROWS } from "../../../../src/modules/maps/upload/entries";
import { checkedEntries } from "../../../../src/modules/maps/upload/checked-entries";

/** The field errors a decode throws. */
async function problemsOf(text: string): Promise<Record<string, string[]>> {
  try {
    await decodeUploadCsv(text);
  } catch (err) {
    if (err instanceof ValidationFailed) return err.fields;
    throw err;
  }
  throw new Error("decoded without a problem");
}

describe("decodeUploadCsv", () => {
  it("reads quoted fields, embedded commas, quotes and line breaks, a BOM and any line ends", async () => {
    const text = '\uFEFFkeyword,cluster\r\n"a, b",x\n"say ""hi""",x\r"two\nlines",\r\n';
    expect((await decodeUploadCsv(text)).keywords.map((k) => [k.keyword, k.cluster])).toEqual([
      ["a, b", "x"],
      ['say "hi"', "x"],
      ["two\nlines", undefined],
    ]);
  });

  it("matches headers case-insensitively, spaces and hyphens as underscores, and ignores unknown columns", async () => {
    const text = "Notes,KEYWORD,Search Volume,cpc,Competition,Main-Topic,subtopic 2\nignored,Cold Brew ,1200,0.5,0.25,Coffee,Brewing\n";
    expect((await decodeUploadCsv(text)).keywords).toEqual([
      { keyword: "cold brew", search_volume: 1200, cpc: 0.5, competition: 0.25, main_topic: "Coffee", subtopic_2: "Brewing" },
    ]);
    expect(columnName("  Sub-Topic 3 ")).toBe("sub_topic_3");
  });

  it("switches to semicolons or tabs when the header has them and no comma", async () => {
    expect(sniffDelimiter("keyword;search_volume\n")).toBe(";");
    expect(sniffDelimiter("keyword\tsearch_volume")).toBe("\t");
    expect(sniffDelimiter("keyword;a,b\n")).toBe(",");
    expect(sniffDelimiter("keyword\n")).toBe(",");
    expect((await decodeUploadCsv("keyword;search_volume\r\na, b;10\r\n")).keywords).toEqual([
      { keyword: "a, b", search_volume: 10, cpc: 0, competition: 0 },
    ]);
  });

  it("skips blank rows but counts them, as a spreadsheet numbers its rows", async () => {
    expect(await problemsOf("keyword,cpc\n\nfine,1\n,\nbad,x\n")).toEqual({
      rows: ["Row 5, column cpc: expected a number from 0 to 1,000,000."],
    });
  });

  it("numbers a record with a line break inside as one row", async () => {
    expect(await problemsOf('keyword,cpc\n"a\nb",1\nc,-1\n')).toEqual({
      rows: ["Row 3, column cpc: expected a number from 0 to 1,000,000."],
    });
  });

  it("reads a formula-guarded cell without its apostrophe", async () => {
    expect((await decodeUploadCsv("keyword,main_topic\n'=1+1,'@home\n")).keywords).toEqual([
      { keyword: "=1+1", main_topic: "@home", search_volume: 0, cpc: 0, competition: 0 },
    ]);
  });

  it("lists at most 20 problems, then how many more there are", async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `k${i},x`).join("\n");
    const listed = (await problemsOf(`keyword,search_volume\n${rows}\n`)).rows!;
    expect(listed).toHaveLength(MAX_LISTED_PROBLEMS + 1);
    expect(listed[0]).toBe("Row 2, column search_volume: expected a whole number from 0 to 2,147,483,647.");
    expect(listed.at(-1)).toBe("10 more problems not listed.");
  });

  it("names the header's problems under `columns`", async () => {
    expect((await problemsOf("term,volume\nx,1\n")).columns).toEqual([
      expect.stringContaining("has no keyword column; it names: term, volume."),
    ]);
    expect(await problemsOf("keyword,CPC,cpc\nx,1,2\n")).toEqual({ columns: ["Column cpc appears more than once in the header row."] });
  });

  it("refuses a file without keyword rows, malformed quoting, text that is not UTF-8 and NUL characters", async () => {
    expect(await problemsOf("keyword\n\n")).toEqual({ rows: [NO_ROWS] });
    expect(await problemsOf("")).toEqual({ rows: [NO_ROWS] });
    expect(await problemsOf('keyword\n"open\n')).toEqual({ rows: ["Row 2: a quoted field is not closed before the end of the file."] });
    expect((await problemsOf('keyword,cpc\nok,1\n"closed"x,1\n')).rows).toEqual([
      expect.stringMatching(/^Row 3: text follows the closing quote/),
    ]);
    expect((await problemsOf('keyword,cpc\n5" pipe,1\n')).rows).toEqual([
      expect.stringMatching(/^Row 2: a quote inside a field that does not start with one/),
    ]);
    await expect(decodeUploadCsv("keyword\ncaf\uFFFD\n")).rejects.toThrow(NOT_UTF8);
    expect(await problemsOf("keyword\na\0b\n")).toEqual({ rows: ["Row 2, column keyword: Null characters are not allowed."] });
  });

  it("answers 413 past 50,000 keyword rows, blank rows not counted", async () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`).join("\n");
    expect((await decodeUploadCsv(`keyword\n\n\n${rows(MAX_UPLOAD_ROWS)}\n`)).keywords).toHaveLength(MAX_UPLOAD_ROWS);
    try {
      await decodeUploadCsv(`keyword\n${rows(MAX_UPLOAD_ROWS + 1)}\n`);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ServiceError);
      expect([(err as ServiceError).code, (err as ServiceError).detail]).toEqual(["payload_too_large", TOO_MANY_ROWS]);
    }
  });
});

describe("decodeUploadCsv on a large file", () => {
  // Past the first slice: a quoted field with line breaks and a character outside the BMP.
  const filler = Array.from({ length: 9000 }, (_, i) => `filler keyword ${i},1`).join("\n");
  const text = `keyword,search_volume\n${filler}\n"two\nlines 🫘 ""q""",7\nlast,8\n`;

  it("reads records across the slices it parses in, row numbers counted through", async () => {
    const { keywords } = await decodeUploadCsv(text);
    expect(keywords).toHaveLength(9002);
    expect(keywords.slice(-2)).toEqual([
      { keyword: 'two\nlines 🫘 "q"', search_volume: 7, cpc: 0, competition: 0 },
      { keyword: "last", search_volume: 8, cpc: 0, competition: 0 },
    ]);
    expect(await problemsOf(text.replace("last,8", "last,x"))).toEqual({
      rows: ["Row 9003, column search_volume: expected a whole number from 0 to 2,147,483,647."],
    });
  });

  it("lets the event loop turn while it decodes, so other requests are served meanwhile", async () => {
    let decoded = false;
    let turnedBeforeDone = false;
    setImmediate(() => (turnedBeforeDone = !decoded));
    await decodeUploadCsv(text).then(() => (decoded = true));
    expect(turnedBeforeDone).toBe(true);
  });

  it("hands its checked entries on, so that the upload does not check them again", async () => {
    const { keywords } = await decodeUploadCsv("keyword,cpc\n Cold Brew ,0.5\n");
    expect(checkedEntries(keywords)).toEqual([
      { keyword: "cold brew", cluster: null, searchVolume: 0, cpc: 0.5, competition: 0, path: [] },
    ]);
    expect(checkedEntries([...keywords])).toBeUndefined();
  });
});
