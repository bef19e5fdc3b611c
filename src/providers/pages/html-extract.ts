// What canopy keeps of an HTML page: its title, the H1-H3 headings of its main content and that
// content's text. The page's furniture (scripts, styles, navigation, the site's header and
// footer, asides, forms) is dropped first; the main content is <main>, else <article>, else
// <body>. The text keeps one paragraph per block element, paragraphs separated by blank lines.
// Pure: HTML in, content out.
import { HTMLElement, NodeType, parse, type Node } from "node-html-parser";
import type { PageHeading } from "./types";
import { PAGE_TEXT_LIMIT } from "./types";

export interface ExtractedPage {
  title: string;
  headings: PageHeading[];
  text: string;
  wordCount: number;
}

const FURNITURE = "script, style, noscript, template, nav, header, footer, aside, form, iframe, svg";

/** Elements that end a paragraph before and after them; everything else flows inline. */
const BLOCKS = new Set(
  (
    "address article blockquote body br dd details dialog div dl dt fieldset figcaption figure h1 h2 h3 h4 h5 h6 hr " +
    "li main ol p pre section summary table tbody td tfoot th thead tr ul"
  ).split(" "),
);

const collapse = (text: string): string => text.replace(/\s+/g, " ").trim();

/** Words as a reader counts them: runs of letters or digits, inner apostrophes and hyphens kept. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** At most PAGE_TEXT_LIMIT characters, cut at a word boundary when one is near. */
export function capText(text: string): string {
  if (text.length <= PAGE_TEXT_LIMIT) return text;
  const cut = text.slice(0, PAGE_TEXT_LIMIT);
  const space = cut.search(/\s\S*$/);
  return (space > PAGE_TEXT_LIMIT - 200 ? cut.slice(0, space) : cut).trimEnd();
}

/**
 * A header inside <main> or <article> is the content's own (its title, its byline), not the
 * site's banner: it stays. Every other piece of furniture goes.
 */
function dropFurniture(root: HTMLElement): void {
  for (const element of root.querySelectorAll(FURNITURE)) {
    if (element.tagName === "HEADER" && element.closest("main, article") !== null) continue;
    element.remove();
  }
}

function paragraphsOf(region: HTMLElement): string[] {
  const paragraphs: string[] = [];
  let current = "";
  const flush = () => {
    const paragraph = collapse(current);
    if (paragraph !== "") paragraphs.push(paragraph);
    current = "";
  };
  const walk = (node: Node): void => {
    if (node.nodeType === NodeType.TEXT_NODE) {
      current += node.text;
      return;
    }
    if (!(node instanceof HTMLElement)) return;
    const block = BLOCKS.has(node.rawTagName.toLowerCase());
    if (block) flush();
    for (const child of node.childNodes) walk(child);
    if (block) flush();
  };
  // The region's children, not the region: the parser's root element has no tag name.
  for (const child of region.childNodes) walk(child);
  flush();
  return paragraphs;
}

export function extractPage(html: string): ExtractedPage {
  const root = parse(html, { comment: false, blockTextElements: { script: false, style: false, noscript: false, pre: true } });
  const title = collapse(root.querySelector("title")?.text ?? "");
  dropFurniture(root);
  const region = root.querySelector("main") ?? root.querySelector("article") ?? root.querySelector("body") ?? root;
  const headings: PageHeading[] = [];
  for (const element of region.querySelectorAll("h1, h2, h3")) {
    const text = collapse(element.text);
    if (text !== "") headings.push({ level: Number(element.tagName.slice(1)) as 1 | 2 | 3, text });
  }
  const full = paragraphsOf(region).join("\n\n");
  return {
    title: title || (headings.find((h) => h.level === 1)?.text ?? ""),
    headings,
    text: capText(full),
    wordCount: countWords(full),
  };
}
