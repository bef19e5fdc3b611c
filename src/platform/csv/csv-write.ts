// Writing CSV that spreadsheets open as intended (RFC 4180): UTF-8 with a byte-order mark (Excel
// reads a file without one as the system's legacy code page), CRLF line ends, and a field quoted
// when it holds a quote, a comma or a line break, its quotes doubled. Pure.
//
// Formula injection: a spreadsheet runs a cell that starts with = + - or @ (and, in some, a tab
// or a carriage return) as a formula, and exported text comes from users and from web pages
// (titles, snippets). Such a text cell gets a leading apostrophe, which spreadsheets show as
// plain text. Numbers and booleans are written as they are (a negative number is no formula).
// The map upload reads the apostrophe back off (unguardCell), so an export uploads unchanged.
import { Readable } from "node:stream";

export type CsvCell = string | number | boolean | null | undefined;

export const CSV_BOM = "\uFEFF";
const LINE_END = "\r\n";
// Text that already looks guarded ('=1) is guarded again (''=1), so reading one apostrophe off
// always gives back what was written.
const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell: guarded against formulas, then quoted if it must be. */
function csvText(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  return csvText(value);
}

/** One record, with its line end. */
export function csvRow(cells: readonly CsvCell[]): string {
  let line = "";
  for (let i = 0; i < cells.length; i++) line += (i === 0 ? "" : ",") + csvCell(cells[i]);
  return line + LINE_END;
}

/** The text a guarded cell was written from: the apostrophe csvText put before a formula character goes. */
export function unguardCell(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text;
}

/**
 * A CSV document as a stream: the mark and the header row, then each batch of rows as one chunk.
 * Batches are produced only as the reader takes them, so a large export is never one string.
 */
export function csvStream(
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly CsvCell[])[]> | Iterable<readonly (readonly CsvCell[])[]>,
): Readable {
  async function* chunks() {
    yield CSV_BOM + csvRow(header);
    for await (const rows of batches) {
      let chunk = "";
      for (const row of rows) chunk += csvRow(row);
      if (chunk !== "") yield chunk;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** `items` in slices of `size`: a synchronous list streamed a batch at a time. */
export function* inBatches<T, R>(items: readonly T[], size: number, row: (item: T) => R): Generator<R[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size).map(row);
}
