// How the keywords view words what the API answers in codes: where a keyword came from, its
// intent, its figures (an unknown one is a dash, never a zero that would read as "no searches"),
// and the node it sits on as a path of names.
// From the client itself, not ../api: this module is pure, and its tests run without a browser.
import type { Schemas } from "@canopy/client";

export type KeywordRow = Schemas["ResearchKeyword"];
export type KeywordSource = KeywordRow["source"];

/** Each source in the strategist's words, in the order the filter offers them. */
export const SOURCE_LABELS: Readonly<Record<KeywordSource, string>> = {
  ideas: "Keyword ideas",
  suggestions: "Suggestions",
  related: "Related keywords",
  autocomplete: "Autocomplete",
  paa: "People also ask",
  related_search: "Related searches",
  proposed: "Proposed by the model",
  user: "Added by you",
};

export const KEYWORD_SOURCES = Object.keys(SOURCE_LABELS) as KeywordSource[];

export const isKeywordSource = (value: string): value is KeywordSource => Object.hasOwn(SOURCE_LABELS, value);

/** What a table cell shows where the API knows no figure. */
const UNKNOWN = "—";

export function formatVolume(volume: number | null): string {
  return volume === null ? UNKNOWN : volume.toLocaleString("en");
}

export function formatDifficulty(difficulty: number | null): string {
  return difficulty === null ? UNKNOWN : String(difficulty);
}

export function formatIntent(intent: KeywordRow["intent"]): string {
  return intent === null ? UNKNOWN : intent.charAt(0).toUpperCase() + intent.slice(1);
}

/** A node's path as one line, Pillar first: "pet insurance › dog insurance". */
export function formatNodePath(path: readonly string[]): string {
  return path.join(" › ");
}

/** Where a keyword sits, or that it sits nowhere yet. */
export function formatPlacement(node: KeywordRow["node"]): string {
  return node ? formatNodePath(node.path) : "Not in the tree";
}
