// `canopy cluster --input FILE [--overlap X]`: the clustering engine on a SERP export, offline,
// with no database and no providers (docs/conventions.md §1 and 7). FILE (`-` for standard input) is a JSON
// array of {"keyword", "search_volume"?, "urls": [top-10 URLs in rank order]}; keywords are cleaned
// up as the clustering service does (trimmed, lowercased, first of duplicates kept). The API's
// 10,000-keyword cap is a limit per report and does not apply here.
import { clusterSerps, internSerps, prepareKeywords, type ClusterInput, type InternedSerps } from "../modules/clustering/engine";
import { readPlainExport } from "./cluster-export-scan";
import { UsageError } from "./failures";
import { parseFlags } from "./flags";
import { readInputBytes, STDIN } from "./input";

const DEFAULT_OVERLAP = 0.4;
const MIN_OVERLAP = 0.2;
const MAX_OVERLAP = 0.9;

interface Options {
  input: string;
  overlap: number;
}

function parseOptions(args: string[]): Options {
  const values = parseFlags("cluster", args, { input: { type: "string" }, overlap: { type: "string" } });
  const input = typeof values.input === "string" ? values.input : undefined;
  if (input === undefined || input.trim() === "") throw new UsageError("--input is required (a file, or - for standard input)");
  if (typeof values.overlap !== "string") return { input, overlap: DEFAULT_OVERLAP };
  const overlap = values.overlap.trim() === "" ? Number.NaN : Number(values.overlap);
  if (!Number.isFinite(overlap) || overlap < MIN_OVERLAP || overlap > MAX_OVERLAP) {
    throw new UsageError(`--overlap must be a number from ${MIN_OVERLAP} to ${MAX_OVERLAP}, got "${values.overlap}"`);
  }
  return { input, overlap };
}

/** How messages name the input: the flag as typed, or standard input for `--input -`. */
function describeInput(input: string): string {
  return input === STDIN ? "--input - (standard input)" : `--input ${input}`;
}

async function readBytes(input: string): Promise<Buffer> {
  try {
    return await readInputBytes(input);
  } catch (err) {
    throw new Error(`cannot read ${describeInput(input)}: ${(err as Error).message}`, { cause: err });
  }
}

function parseJson(input: string, bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString("utf8")) as unknown;
  } catch (err) {
    throw new Error(`${describeInput(input)} is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
}

/**
 * The export's keywords, cleaned up, with interned URLs: read straight from the bytes when the
 * export has the plain shape, else parsed as JSON and checked entry by entry (same result, or
 * the message naming the first thing wrong).
 */
function readExport(input: string, bytes: Buffer): InternedSerps {
  return readPlainExport(bytes) ?? internSerps(prepareKeywords(toEntries(input, parseJson(input, bytes))));
}

/** The export's entries as engine input; the first malformed entry is named by its index. */
function toEntries(input: string, data: unknown): ClusterInput[] {
  const expected = `a JSON array of {"keyword", "search_volume"?, "urls"} objects`;
  if (!Array.isArray(data)) throw new Error(`${describeInput(input)} must hold ${expected}`);
  return data.map((item: unknown, i): ClusterInput => {
    const where = `${describeInput(input)}, entry ${i}`;
    if (typeof item !== "object" || item === null || Array.isArray(item)) throw new Error(`${where}: expected an object`);
    const { keyword, search_volume: volume, urls } = item as Record<string, unknown>;
    if (typeof keyword !== "string") throw new Error(`${where}: "keyword" must be a string`);
    if (volume !== undefined && volume !== null && (typeof volume !== "number" || !Number.isFinite(volume) || volume < 0)) {
      throw new Error(`${where}: "search_volume" must be a number of 0 or more when given`);
    }
    if (!Array.isArray(urls) || !urls.every((u): u is string => typeof u === "string")) {
      throw new Error(`${where}: "urls" must be an array of strings`);
    }
    return { keyword, searchVolume: typeof volume === "number" ? volume : 0, urls };
  });
}

/** `args` are the arguments after `canopy cluster`. Returns the one JSON object to print. */
export async function clusterCommand(args: string[]): Promise<Record<string, unknown>> {
  const { input, overlap } = parseOptions(args);
  const serps = readExport(input, await readBytes(input));
  if (serps.keywords.length === 0) throw new Error(`${describeInput(input)} holds no keywords (after trimming and removing empty ones)`);
  const clusters = clusterSerps(serps, overlap);
  return { clusters: clusters.map(({ id, centroid, keywords }) => ({ id, centroid, keywords })) };
}
