// Keywords as the user gives them: pasted one per line, or read from a .txt file (one per line)
// or a .csv file (its first column). Pure. What is counted is what the API will cluster: each
// keyword trimmed and lowercased, blanks and repeats dropped (the API does the same), so the cost
// shown before confirming is the cost charged.
import { csvRecords } from "./csv-read";

/** Lines of text, trimmed, blanks dropped. */
export function keywordLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The keywords the API will keep: trimmed, lowercased, first occurrence of each. */
export function uniqueKeywords(lines: readonly string[]): string[] {
  return [...new Set(lines.map((line) => line.trim().toLowerCase()).filter(Boolean))];
}

/** The most keywords one clustering takes (the API answers 400 beyond). */
export const MAX_KEYWORDS = 10_000;

/** A header row's first cell that names the column rather than being a keyword. */
const HEADER = /^(keywords?|search terms?|queries|query)$/i;

/** The first cell of each record of a CSV text; a first row naming the column ("keyword") is left out. */
function firstColumn(text: string): string[] {
  const cells = csvRecords(text).map((record) => (record[0] ?? "").trim());
  if (HEADER.test(cells[0] ?? "")) cells.shift();
  return cells.filter(Boolean);
}

/** The keywords of an uploaded file: a .csv by its first column, anything else by its lines. */
export function keywordsOfFile(name: string, text: string): string[] {
  const withoutBom = text.replace(/^\uFEFF/, "");
  return /\.csv$/i.test(name) ? firstColumn(withoutBom) : keywordLines(withoutBom);
}
