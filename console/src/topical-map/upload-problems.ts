// What a refused map upload said, sorted by where: the API answers field errors whose messages
// name the row and column ("Row 3, column competition: expected a number from 0 to 1."), under
// `rows` for cells and `columns` for the header. Each becomes a problem with its row number (and
// the row's cells, read from the file, so that the user sees which row it is); a message naming
// no row is kept whole. Pure.
import { csvRecords } from "../clustering/csv-read";

export interface UploadProblem {
  /** As a spreadsheet numbers rows (the header is row 1); null for a problem of the whole file. */
  row: number | null;
  column: string | null;
  message: string;
  /** The row's cells as the file has them, when the row is found in it. */
  cells: string[] | null;
}

const ROW_MESSAGE = /^Row (\d+)(?:, column ([\w ]+))?: (.*)$/s;

export function uploadProblems(fieldErrors: Record<string, string[]>, fileText: string): UploadProblem[] {
  const records = csvRecords(fileText);
  return Object.values(fieldErrors).flatMap((messages) =>
    messages.map((message): UploadProblem => {
      const match = ROW_MESSAGE.exec(message);
      if (!match) return { row: null, column: null, message, cells: null };
      const row = Number(match[1]);
      return { row, column: match[2] ?? null, message: match[3] ?? message, cells: records[row - 1] ?? null };
    }),
  );
}
