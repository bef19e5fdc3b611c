// One keyword of an uploaded map (a map made with another tool), checked and cleaned the same
// way whether it came as a JSON object or as a CSV row. Pure. The JSON schema has already typed
// a JSON entry; a CSV row arrives as text, so numbers are read here (numeric text, as the JSON
// body would take it), and every message names the field so that the caller can say where.
import { normalizeKeyword } from "../../../platform/text/keyword";
import { MAX_LENGTH } from "../../../platform/http/limits";
import { parseNumber } from "../../../platform/http/validation";

/** The most rows (or JSON entries) one upload takes. */
export const MAX_UPLOAD_ROWS = 50_000;
/** The largest upload body: 50,000 rows with every column fit well within it. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_CLUSTER_LABEL = MAX_LENGTH.name;
/** search_volume is stored in a 32-bit integer column: its largest value. */
export const MAX_SEARCH_VOLUME = 2_147_483_647;
/** USD per click; the column is a double, the bound keeps a typo (a volume in the cpc column) out. */
export const MAX_CPC = 1_000_000;

const POSITION_FIELDS = ["main_topic", "subtopic_2", "subtopic_3", "subtopic_4"] as const;
/** The fields of an entry, and the CSV columns, in the order the documents list them. */
export const UPLOAD_FIELDS = ["keyword", "cluster", "search_volume", "cpc", "competition", ...POSITION_FIELDS] as const;
export type UploadField = (typeof UPLOAD_FIELDS)[number];

type NumberField = "search_volume" | "cpc" | "competition";

/**
 * An entry as sent: JSON values, or CSV cells as text (an empty cell is absent). The schema has
 * made the JSON text fields strings (or null); a number field is checked here, as CSV text too.
 */
export type RawEntry = Partial<Record<Exclude<UploadField, NumberField>, string | null> & Record<NumberField, unknown>>;

export interface CleanEntry {
  /** Trimmed and lowercased, as every keyword of the service. */
  keyword: string;
  /** The cluster label, trimmed; null when none was given. */
  cluster: string | null;
  searchVolume: number;
  cpc: number;
  competition: number;
  /** main_topic down to the deepest position given (0 to 4 names). */
  path: string[];
}

export interface EntryProblem {
  field: UploadField;
  /** Lowercase first, ends with a period: "Row 3, column cpc: expected ..." or capitalized for JSON. */
  message: string;
}

export const MESSAGES = {
  blankKeyword: "the keyword is empty.",
  longKeyword: `the keyword is longer than ${MAX_LENGTH.keyword} characters.`,
  searchVolume: `expected a whole number from 0 to ${MAX_SEARCH_VOLUME.toLocaleString("en-US")}.`,
  cpc: `expected a number from 0 to ${MAX_CPC.toLocaleString("en-US")}.`,
  competition: "expected a number from 0 to 1.",
  longName: `longer than ${MAX_LENGTH.nodeName} characters.`,
  longCluster: `longer than ${MAX_CLUSTER_LABEL} characters.`,
} as const;

function gapMessage(above: UploadField): string {
  return `given without ${above} (a position is filled from main_topic down).`;
}

function text(value: string | null | undefined): string {
  return value === undefined || value === null ? "" : value.trim();
}

/** The number in `value` (absent: 0), or null when it is not one within bounds. */
function numberIn(value: unknown, bounds: { integer: boolean; max?: number }): number | null {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return 0;
  const number = parseNumber(value, bounds.integer);
  if (number === null || number < 0 || (bounds.max !== undefined && number > bounds.max)) return null;
  return number;
}

/** The entry cleaned, or what is wrong with it (every problem, field by field). */
export function checkEntry(raw: RawEntry): { entry: CleanEntry; problems?: undefined } | { entry?: undefined; problems: EntryProblem[] } {
  const problems: EntryProblem[] = [];
  const keyword = normalizeKeyword(text(raw.keyword));
  if (keyword === "") problems.push({ field: "keyword", message: MESSAGES.blankKeyword });
  else if (keyword.length > MAX_LENGTH.keyword) problems.push({ field: "keyword", message: MESSAGES.longKeyword });
  const cluster = text(raw.cluster);
  if (cluster.length > MAX_CLUSTER_LABEL) problems.push({ field: "cluster", message: MESSAGES.longCluster });
  const searchVolume = numberIn(raw.search_volume, { integer: true, max: MAX_SEARCH_VOLUME });
  if (searchVolume === null) problems.push({ field: "search_volume", message: MESSAGES.searchVolume });
  const cpc = numberIn(raw.cpc, { integer: false, max: MAX_CPC });
  if (cpc === null) problems.push({ field: "cpc", message: MESSAGES.cpc });
  const competition = numberIn(raw.competition, { integer: false, max: 1 });
  if (competition === null) problems.push({ field: "competition", message: MESSAGES.competition });

  const names: string[] = [];
  let above: { field: UploadField; name: string } | null = null;
  for (const field of POSITION_FIELDS) {
    const name = text(raw[field]);
    if (name.length > MAX_LENGTH.nodeName) problems.push({ field, message: MESSAGES.longName });
    else if (name !== "" && above?.name === "") problems.push({ field, message: gapMessage(above.field) });
    names.push(name);
    above = { field, name };
  }
  const depth = names.reduce((deepest, name, i) => (name === "" ? deepest : i + 1), 0);
  // A null number has its problem listed already.
  if (problems.length > 0 || searchVolume === null || cpc === null || competition === null) return { problems };
  return {
    entry: { keyword, cluster: cluster === "" ? null : cluster, searchVolume, cpc, competition, path: names.slice(0, depth) },
  };
}
