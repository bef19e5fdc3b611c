// Rows as the text PostgreSQL's `COPY ... (FORMAT csv)` reads, for the embedded database's bulk
// load (writer.ts). Pure. In that format an unquoted empty field is NULL and a quoted one is the
// empty string, so every text is quoted (its quotes doubled) and only null is left bare; numbers
// are written as JavaScript writes them (the shortest text that reads back to the same double),
// booleans as t/f and integer arrays as array literals.

/** A value the map's columns hold. */
type CopyValue = string | number | boolean | null | readonly number[];

function field(value: CopyValue): string {
  if (value === null) return "";
  if (typeof value === "string") return `"${value.replaceAll('"', '""')}"`;
  if (typeof value === "boolean") return value ? "t" : "f";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`cannot copy the number ${value}`);
    return String(value);
  }
  for (const item of value) if (!Number.isInteger(item)) throw new Error(`cannot copy the array item ${item}`);
  return `"{${value.join(",")}}"`;
}

/** One line per record, its values in `keys` order. */
export function copyCsv(records: readonly Readonly<Record<string, unknown>>[], keys: readonly string[]): string {
  let text = "";
  for (const record of records) text += `${keys.map((key) => field((record[key] ?? null) as CopyValue)).join(",")}\n`;
  return text;
}
