// The sections the ranking pages share: their H2s (and H1s other than the page title) grouped
// by meaning across pages, each under the wording most of them use, with the H3s they put under it.
import { cleanHeading, headingKey, queryStems, sameMeaning, wordingOf, type HeadingKey } from "./heading-key";
import { jaccard } from "./text";
import type { PageHeading, SharedHeading } from "./types";

const MAX_SUBHEADINGS = 6;

/** Headings of a page's furniture, not of its content. */
const FURNITURE =
  /^(table of contents|contents|in this (article|post|guide)|related (posts?|articles?|reading)|you (may|might) also like|leave a (reply|comment)|comments?|share this( post| article)?|subscribe.*|sign up.*|about the author|references|sources|footnotes|more from .*|recent posts|popular posts|categories|tags|search)$/;

export interface HeadingPage {
  title: string;
  headings: readonly PageHeading[];
}

interface Entry {
  page: number;
  text: string;
  key: HeadingKey;
  /** Where on its page: 0 the first heading, towards 1 the last. */
  position: number;
  children: Entry[];
}

interface Group {
  entries: Entry[];
}

/** The section headings of one page, each with the H3s that follow it. */
function entriesOf(page: HeadingPage, index: number, query: ReadonlySet<string>): Entry[] {
  const title = headingKey(page.title, new Set());
  const out: Entry[] = [];
  let current: Entry | null = null;
  page.headings.forEach((h, i) => {
    const text = cleanHeading(h.text);
    const position = i / Math.max(1, page.headings.length);
    const usable = text !== "" && !FURNITURE.test(wordingOf(text));
    if (h.level === 3) {
      if (current && usable) current.children.push({ page: index, text, key: headingKey(text, query), position, children: [] });
      return;
    }
    // An H1 that restates the page's title is its title, not a section.
    const isTitle = h.level === 1 && jaccard(headingKey(text, new Set()).all, title.all) >= 0.5;
    current = usable && !isTitle ? { page: index, text, key: headingKey(text, query), position, children: [] } : null;
    if (current) out.push(current);
  });
  return out;
}

/** Entries grouped in order: each joins the group holding its closest match of the same meaning, or starts one. */
function groupEntries(entries: readonly Entry[]): Group[] {
  const groups: Group[] = [];
  for (const entry of entries) {
    let best: Group | null = null;
    let bestOverlap = 0;
    for (const group of groups) {
      for (const member of group.entries) {
        const overlap = jaccard(entry.key.all, member.key.all);
        if (sameMeaning(entry.key, member.key) && overlap > bestOverlap) {
          best = group;
          bestOverlap = overlap;
        }
      }
    }
    if (best) best.entries.push(entry);
    else groups.push({ entries: [entry] });
  }
  return groups;
}

/** A group's wordings, most pages first, then the shortest; each shown as the first page wrote it. */
function wordingsOf(group: Group): string[] {
  const byWording = new Map<string, { shown: string; pages: Set<number> }>();
  for (const e of group.entries) {
    const wording = wordingOf(e.text);
    const seen = byWording.get(wording) ?? { shown: e.text, pages: new Set<number>() };
    seen.pages.add(e.page);
    byWording.set(wording, seen);
  }
  return [...byWording.values()]
    .sort((a, b) => b.pages.size - a.pages.size || a.shown.length - b.shown.length || (a.shown < b.shown ? -1 : 1))
    .map((w) => w.shown);
}

function pagesOf(group: Group): number {
  return new Set(group.entries.map((e) => e.page)).size;
}

/** The mean of each page's first place for the group. */
function averagePosition(group: Group): number {
  const first = new Map<number, number>();
  for (const e of group.entries) if (!first.has(e.page)) first.set(e.page, e.position);
  const values = [...first.values()];
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

const byShareThenPlace = (a: Group, b: Group) => pagesOf(b) - pagesOf(a) || averagePosition(a) - averagePosition(b);

/**
 * The section headings at least two pages share, most shared first, then in the order the pages
 * put them. Subheadings are the groups' H3s, grouped the same way, most shared first, at most 6.
 */
export function commonHeadings(pages: readonly HeadingPage[], query: string): SharedHeading[] {
  const stems = queryStems(query);
  const groups = groupEntries(pages.flatMap((page, index) => entriesOf(page, index, stems)));
  return groups
    .filter((g) => pagesOf(g) >= 2)
    .sort(byShareThenPlace)
    .map((group) => {
      const variants = wordingsOf(group);
      const subgroups = groupEntries(group.entries.flatMap((e) => e.children)).sort(byShareThenPlace);
      return {
        heading: variants[0] ?? "",
        pages: pagesOf(group),
        variants,
        subheadings: subgroups.slice(0, MAX_SUBHEADINGS).map((g) => wordingsOf(g)[0] ?? ""),
      };
    });
}

/**
 * Where pages put a group, 0 (first) to 1 (last): the mean place of the page headings written
 * as one of its variants. 1 when no page heading is.
 */
export function placeOnPages(group: { variants: readonly string[] }, pages: readonly HeadingPage[]): number {
  const wordings = new Set(group.variants.map(wordingOf));
  const places: number[] = [];
  for (const page of pages) {
    const index = page.headings.findIndex((h) => h.level !== 3 && wordings.has(wordingOf(h.text)));
    if (index >= 0) places.push(index / Math.max(1, page.headings.length));
  }
  return places.length === 0 ? 1 : places.reduce((a, b) => a + b, 0) / places.length;
}
