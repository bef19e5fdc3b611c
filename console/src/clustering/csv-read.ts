// Reading CSV text in the browser (RFC 4180: quoted cells may hold the separator, line breaks
// and doubled quotes; any line ends), with the separator sniffed from the first line as the
// server's map upload does: a comma, else semicolons or tabs, as European spreadsheets save. Pure.

/** The separator of the first line: a comma, unless it has none and has semicolons or tabs. */
function delimiterOf(text: string): string {
  const firstLine = text.split(/\r\n|\r|\n/, 1)[0] ?? "";
  if (firstLine.includes(",")) return ",";
  const semicolons = firstLine.split(";").length - 1;
  const tabs = firstLine.split("\t").length - 1;
  if (semicolons === 0 && tabs === 0) return ",";
  return semicolons >= tabs ? ";" : "\t";
}

/** Every record with its cells, blank lines included (as [""]), so that record i is row i + 1. */
export function csvRecords(source: string): string[][] {
  const text = source.replace(/^\uFEFF/, "");
  const delimiter = delimiterOf(text);
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (quoted) {
      if (char === '"' && text.charAt(i + 1) === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      record.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text.charAt(i + 1) === "\n") i++;
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
    } else cell += char;
  }
  // A last line without a line end is a record; a final line end is not followed by one.
  if (cell !== "" || record.length > 0) records.push([...record, cell]);
  return records;
}
