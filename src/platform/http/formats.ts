// Responses other than one JSON document: a route may answer a stream (a CSV export, a large
// JSON document written a piece at a time) by returning a StreamedReply; the registry sends it as
// it is, with the route's status and its rate-limit headers, and leaves it out of serialization.
// CSV is chosen with `?format=csv` or an Accept header that prefers text/csv.
import type { Readable } from "node:stream";
import Type from "typebox";
import { csvStream } from "../csv/csv-write";
import { StringEnum } from "./route";

const FORMATS = ["json", "csv"] as const;
export type Format = (typeof FORMATS)[number];

/** The `format` query parameter of a route with a CSV export. */
export const FormatQuery = Type.Object({
  format: Type.Optional(StringEnum(FORMATS, { description: "`csv` for a CSV download (as `Accept: text/csv` does); default `json`" })),
});

const CSV_NOTE =
  "CSV: UTF-8 with a byte-order mark, CRLF line ends, RFC 4180 quoting; a text cell starting with =, +, -, @, a tab or a carriage " +
  "return gets a leading apostrophe so that spreadsheets do not run it as a formula (the map upload reads it back off). Sent as an " +
  "attachment.";

/** The text/csv alternative of a route whose rows are `rows` (route `alternatives`). */
export function csvAlternative(rows: string): { mediaType: string; description: string } {
  return { mediaType: "text/csv", description: `\`?format=csv\` or \`Accept: text/csv\`. ${rows} ${CSV_NOTE}` };
}

export class StreamedReply {
  constructor(
    readonly contentType: string,
    /** Opens the body; `meta` is the route's fixed `_meta`, for a JSON document that carries it. */
    readonly open: (meta: Readonly<Record<string, unknown>>) => Readable,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

/** A CSV download named `filename` (ASCII: a slug and `.csv`). */
export function csvReply(filename: string, header: readonly string[], batches: Parameters<typeof csvStream>[1]): StreamedReply {
  return new StreamedReply("text/csv; charset=utf-8", () => csvStream(header, batches), {
    "content-disposition": `attachment; filename="${filename}"`,
  });
}

/** The q value of a media range parameter list (`q=0.5`), 1 when absent. */
function quality(params: string[]): number {
  for (const param of params) {
    const [name, value] = param.split("=").map((s) => s.trim());
    if (name?.toLowerCase() === "q") {
      const q = Number(value);
      return Number.isFinite(q) ? Math.min(1, Math.max(0, q)) : 0;
    }
  }
  return 1;
}

/** How much the Accept header wants `type/subtype`: the q of the most specific range that matches it. */
export function acceptQuality(accept: string, mediaType: string): number {
  const [type] = mediaType.split("/");
  let best = -1;
  let q = 0;
  for (const range of accept.split(",")) {
    const [name = "", ...params] = range.split(";");
    const media = name.trim().toLowerCase();
    const specificity = media === mediaType ? 3 : media === `${type}/*` ? 2 : media === "*/*" ? 1 : 0;
    if (specificity > best && specificity > 0) {
      best = specificity;
      q = quality(params);
    }
  }
  return best === -1 ? 0 : q;
}

/** CSV when `format=csv`, or, without `format`, when Accept prefers text/csv to application/json. */
export function wantsCsv(format: Format | undefined, accept: string | string[] | undefined): boolean {
  if (format !== undefined) return format === "csv";
  const header = Array.isArray(accept) ? accept.join(",") : accept;
  if (!header) return false;
  return acceptQuality(header, "text/csv") > acceptQuality(header, "application/json");
}
