// Writing a CSV in the browser the way canopy's server writes its own (src/platform/csv/csv-write.ts,
// which reads Node streams and cannot be bundled; a unit test holds the two cell writers equal):
// UTF-8 with a byte-order mark (so Excel reads it as UTF-8), CRLF line ends, RFC 4180 quoting, and
// text that a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
// return) given a leading apostrophe. Keywords come from users and files, so a "=HYPERLINK(...)"
// keyword must reach the spreadsheet as text. The map upload reads the apostrophe back off.
export type CsvValue = string | number | boolean | null;

// Text already looking guarded ('=1) is guarded again (''=1), as the server does.
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const line = (cells: readonly CsvValue[]) => `${cells.map(csvCell).join(",")}\r\n`;
  return `\uFEFF${line(header)}${rows.map(line).join("")}`;
}
