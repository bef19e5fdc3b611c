// The CSV form of a map upload, decoded into the JSON body's shape (`{keywords: [...]}`) before
// the route's schema sees it. Pure, and in slices with turns of the event loop between them (a
// 10 MB file is no one's long wait). csv-parse reads the records (quoted fields, embedded commas
// and line breaks, doubled quotes, a UTF-8 byte-order mark, any line ends; quotes strictly as
// RFC 4180 has them); this file decides what they mean:
//  - the first row names the columns, matched case-insensitively with spaces and hyphens read as
//    underscores ("Search Volume" is search_volume); unknown columns are ignored; keyword is required;
//  - a header row with no comma but semicolons (or tabs) is read with that separator, as many
//    European spreadsheets save CSV;
//  - rows are numbered as a spreadsheet numbers them (the header is row 1); blank rows are skipped;
//  - every problem is reported, up to 20, as "Row 3, column search_volume: expected ...", under
//    `rows` (cells) or `columns` (the header);
//  - a cell written by an export with a formula guard ('=...) is read without the apostrophe.
import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { CsvError, parse } from "csv-parse";
import { unguardCell } from "../../../platform/csv/csv-write";
import { BadRequest, PayloadTooLarge, ValidationFailed } from "../../../platform/errors";
import { textProblems } from "../../../platform/http/text";
import { rememberChecked } from "./checked-entries";
import { checkEntry, MAX_UPLOAD_ROWS, UPLOAD_FIELDS, type CleanEntry, type RawEntry, type UploadField } from "./entries";

export const MAX_LISTED_PROBLEMS = 20;
export const NOT_UTF8 = 'The CSV file is not valid UTF-8; save it as "CSV UTF-8" and upload it again.';
export const TOO_MANY_ROWS = `At most ${MAX_UPLOAD_ROWS.toLocaleString("en-US")} keyword rows per upload.`;
export const NO_ROWS = "The file has no keyword rows: it needs a header row naming the columns, then one row per keyword.";

/** The JSON body's entry for a clean keyword: only what was given, as the JSON form would send it. */
export interface UploadBodyEntry {
  keyword: string;
  cluster?: string;
  search_volume: number;
  cpc: number;
  competition: number;
  main_topic?: string;
  subtopic_2?: string;
  subtopic_3?: string;
  subtopic_4?: string;
}

function bodyEntry(entry: CleanEntry): UploadBodyEntry {
  const out: UploadBodyEntry = {
    keyword: entry.keyword,
    search_volume: entry.searchVolume,
    cpc: entry.cpc,
    competition: entry.competition,
  };
  if (entry.cluster !== null) out.cluster = entry.cluster;
  const [mainTopic, st2, st3, st4] = entry.path;
  if (mainTopic !== undefined) out.main_topic = mainTopic;
  if (st2 !== undefined) out.subtopic_2 = st2;
  if (st3 !== undefined) out.subtopic_3 = st3;
  if (st4 !== undefined) out.subtopic_4 = st4;
  return out;
}

/** A header cell as a column name: "Search Volume" -> "search_volume". */
export function columnName(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/** The separator of the header line: a comma, unless it has none and has semicolons or tabs. */
export function sniffDelimiter(text: string): string {
  const end = text.search(/[\r\n]/);
  const line = end === -1 ? text : text.slice(0, end);
  const count = (char: string) => line.split(char).length - 1;
  if (count(",") > 0) return ",";
  const semicolons = count(";");
  const tabs = count("\t");
  if (semicolons === 0 && tabs === 0) return ",";
  return semicolons >= tabs ? ";" : "\t";
}

interface Record_ {
  row: number;
  cells: string[];
}

// Quotes are read strictly (RFC 4180): a lenient reading would keep stray quotes as part of a
// keyword, which is a quietly wrong keyword rather than a clear error.
const CSV_ERRORS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: "a quoted field is not closed before the end of the file.",
  CSV_INVALID_CLOSING_QUOTE: 'text follows the closing quote of a quoted field (a quote inside a quoted field is written "").',
  INVALID_OPENING_QUOTE: 'a quote inside a field that does not start with one: quote the whole field and double the quote ("5"" pipe").',
};

/** Characters of the text parsed between two turns of the event loop (a few milliseconds of work). */
const CHARS_PER_TURN = 64 * 1024;
/** Rows checked between two turns of the event loop. */
const ROWS_PER_TURN = 2000;

/**
 * The text in slices of about CHARS_PER_TURN, each ending after a line break (so no slice splits
 * a character), with a turn of the event loop before each: a 10 MB file parsed in one piece would
 * keep every other request waiting for all of it.
 */
async function* slices(text: string): AsyncGenerator<string> {
  for (let start = 0; start < text.length; ) {
    const lineEnd = text.indexOf("\n", start + CHARS_PER_TURN);
    const end = lineEnd === -1 ? text.length : lineEnd + 1;
    if (start > 0) await nextTurn();
    yield text.slice(start, end);
    start = end;
  }
}

/** The non-blank records, each with its row number; 413 past the row limit (counted as read). */
async function readRecords(text: string): Promise<Record_[]> {
  let kept = 0;
  const parser = parse({
    bom: true,
    delimiter: sniffDelimiter(text.replace(/^\uFEFF/, "")),
    record_delimiter: ["\r\n", "\n", "\r"],
    relax_column_count: true,
    // Each kept record comes back with its row number in front (on_record returns cells only).
    on_record: (cells, context) => {
      if (cells.every((cell) => cell.trim() === "")) return null;
      // The header and the limit's rows; one more is one too many.
      if (++kept > MAX_UPLOAD_ROWS + 1) throw new PayloadTooLarge(TOO_MANY_ROWS);
      return [String(context.records), ...cells];
    },
  });
  const records: Record_[] = [];
  try {
    for await (const [row, ...cells] of Readable.from(slices(text)).pipe(parser) as AsyncIterable<string[]>)
      records.push({ row: Number(row), cells });
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const row = (err as CsvError & { records?: number }).records ?? 0;
    throw new ValidationFailed({ rows: [`Row ${row + 1}: ${CSV_ERRORS[err.code] ?? `cannot be read as CSV (${err.message}).`}`] });
  }
  return records;
}

/** Which cell holds each known column; 400 naming the header's problem. */
function columnsOf(header: Record_): Map<UploadField, number> {
  const columns = new Map<UploadField, number>();
  const problems: string[] = [];
  header.cells.forEach((cell, index) => {
    const name = columnName(cell) as UploadField;
    if (!(UPLOAD_FIELDS as readonly string[]).includes(name)) return;
    if (columns.has(name)) problems.push(`Column ${name} appears more than once in the header row.`);
    else columns.set(name, index);
  });
  if (!columns.has("keyword")) {
    const found = header.cells
      .map((cell) => cell.trim())
      .filter(Boolean)
      .slice(0, 10)
      .join(", ");
    problems.unshift(`The header row (row ${header.row}) has no keyword column; it names: ${found}. Columns: ${UPLOAD_FIELDS.join(", ")}.`);
  }
  if (problems.length > 0) throw new ValidationFailed({ columns: problems });
  return columns;
}

/**
 * Decodes an upload's CSV text into `{keywords: [...]}`, or refuses it with every problem found.
 * The entries are checked here, to name problems by row and column; the upload does not check
 * them again (checkedEntries).
 */
export async function decodeUploadCsv(text: string): Promise<{ keywords: UploadBodyEntry[] }> {
  if (text.includes("\uFFFD")) throw new BadRequest(NOT_UTF8);
  const [header, ...records] = await readRecords(text);
  if (!header || records.length === 0) throw new ValidationFailed({ rows: [NO_ROWS] });
  const columns = columnsOf(header);
  const problems: string[] = [];
  const keywords: UploadBodyEntry[] = [];
  const clean: CleanEntry[] = [];
  for (const [index, { row, cells }] of records.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await nextTurn();
    const raw: RawEntry = {};
    const before = problems.length;
    for (const [field, index] of columns) {
      const cell = unguardCell(cells[index] ?? "");
      const bad = textProblems(cell);
      if (bad.length > 0) problems.push(...bad.map((message) => `Row ${row}, column ${field}: ${message}`));
      else raw[field] = cell;
    }
    // A cell that is not text is the row's problem; checking the rest would report it again as missing.
    if (problems.length > before) continue;
    const checked = checkEntry(raw);
    if (checked.problems) problems.push(...checked.problems.map((p) => `Row ${row}, column ${p.field}: ${p.message}`));
    else {
      keywords.push(bodyEntry(checked.entry));
      clean.push(checked.entry);
    }
  }
  if (problems.length > 0) {
    const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
    if (problems.length > listed.length) listed.push(`${problems.length - listed.length} more problems not listed.`);
    throw new ValidationFailed({ rows: listed });
  }
  rememberChecked(keywords, clean);
  return { keywords };
}
