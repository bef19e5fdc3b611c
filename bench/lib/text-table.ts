import { present } from "../../src/platform/present";

/** Columns aligned with two spaces: the first left-aligned, the others right-aligned. Every row has the header's columns. */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => present(r[i], `column ${i} of a row`).length)));
  const width = (i: number) => present(widths[i], `the width of column ${i}`);
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(width(i)) : c.padStart(width(i)))).join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}
