// DataForSEO's answer to on_page/content_parsing/live, read defensively: `result[0].items[0]`
// is the parsed page, its `page_content` holds `main_topic[]` and `secondary_topic[]`, each
// topic with a heading (`h_title` at `level`) and its `primary_content[].text`. Headings of
// levels 1-3 are kept; the text is the topics' headings and primary content, in their order,
// main topics first. Pure.
import { capText, countWords } from "./html-extract";
import { PageReadError } from "./read-error";
import type { PageHeading } from "./types";
import { finiteNumber, isRecord, records, text } from "../serp/dataforseo-wire";

export const CONTENT_PARSING_PATH = "/v3/on_page/content_parsing/live";

export interface ParsedContent {
  title: string;
  headings: PageHeading[];
  text: string;
  wordCount: number;
}

const collapse = (value: string): string => value.replace(/\s+/g, " ").trim();

function headingLevel(value: unknown): 1 | 2 | 3 | null {
  const level = finiteNumber(value);
  return level === 1 || level === 2 || level === 3 ? level : null;
}

/** The page DataForSEO parsed, or a PageReadError saying why there is none. */
export function parsedContent(result: unknown[]): ParsedContent {
  const first: unknown = result[0];
  const item = isRecord(first) ? records(first.items)[0] : undefined;
  if (!item) throw new PageReadError("DataForSEO parsed no content for this page", false);
  const status = finiteNumber(item.status_code);
  if (status !== null && status >= 400) throw new PageReadError(`HTTP ${status}`, status === 429 || status >= 500);
  const content = item.page_content;
  if (!isRecord(content)) throw new PageReadError("DataForSEO parsed no content for this page", false);

  const headings: PageHeading[] = [];
  const paragraphs: string[] = [];
  for (const topic of [...records(content.main_topic), ...records(content.secondary_topic)]) {
    const heading = collapse(text(topic.h_title));
    const level = headingLevel(topic.level);
    if (heading !== "") {
      paragraphs.push(heading);
      if (level !== null) headings.push({ level, text: heading });
    }
    for (const piece of records(topic.primary_content)) {
      const paragraph = collapse(text(piece.text));
      if (paragraph !== "") paragraphs.push(paragraph);
    }
  }
  const full = paragraphs.join("\n\n");
  return {
    // Content parsing reports no <title>: the page's first H1 stands for it.
    title: headings.find((h) => h.level === 1)?.text ?? headings[0]?.text ?? "",
    headings,
    text: capText(full),
    wordCount: countWords(full),
  };
}
