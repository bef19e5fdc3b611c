// The ranking pages a brief is written from, typed one a line as "URL title": the API's
// selected_serp_data (at most 15, each with a url). Pure.
import type { Schemas } from "../api";

export const MAX_SERP_ENTRIES = 15;

export function serpEntries(text: string): Schemas["SelectedSerpResult"][] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => {
      const [url = "", ...title] = line.split(/\s+/);
      return title.length > 0 ? { url, title: title.join(" ") } : { url };
    });
}

/** Keywords typed with commas or one a line. */
export function keywordList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,\n]/)
        .map((k) => k.trim())
        .filter((k) => k !== ""),
    ),
  ];
}
