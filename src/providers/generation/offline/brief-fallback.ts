// The offline outline when no ranking page could be read, or the pages read share no section: the
// People Also Ask questions, related searches and results (titles and snippets) grouped by the words they share.
// Every section says what it was built from; none is written from a template.
import { contentStems, sharedTerms } from "../../../platform/page-analysis";
import type { DraftSection } from "./brief-sections";
import { ownStems } from "./brief-sections";
import { titleCase } from "./text";

const MAX_SECTIONS = 8;
/** Below this many shared themes, single results add theirs. */
const MIN_SECTIONS = 3;

interface Item {
  kind: "question" | "search" | "title";
  text: string;
  /** What it is read for: its text, and a result's snippet with its title. */
  read: string;
  stems: Set<string>;
}

/** A result title without the site's name after its last separator: "Brewing Guide | Bean School" -> "Brewing Guide". */
export function bareTitle(title: string): string {
  return title.replace(/\s+[|–—-]\s+[^|–—-]+$/, "").trim();
}

function pointOf(item: Item): string {
  if (item.kind === "question") return item.text;
  return item.kind === "search" ? `Related search: "${item.text}".` : `Ranking page: "${item.text}".`;
}

/**
 * Sections from what the SERP shows: the terms two items or more share (as the ranking pages'
 * terms are found), each with the items that use it, at most 8. A question goes to the first
 * section that uses its words; the others are left for the FAQ.
 */
export function fallbackSections(
  query: string,
  questions: readonly string[],
  relatedSearches: readonly string[],
  results: readonly { title?: string; snippet?: string }[],
  pagesRead: number,
): { sections: DraftSection[]; questions: string[] } {
  const make = (kind: Item["kind"], text: string, read = text): Item => ({ kind, text, read, stems: contentStems(read) });
  const titled = results.map((r) => ({ title: bareTitle(r.title ?? ""), snippet: r.snippet ?? "" })).filter((r) => r.title !== "");
  const items = [
    ...questions.map((q) => make("question", q)),
    ...relatedSearches.map((r) => make("search", r)),
    ...titled.map((r) => make("title", r.title, `${r.title}. ${r.snippet}`)),
  ];
  const termsOf = (list: readonly Item[], minPages: number) =>
    sharedTerms(
      list.map((i) => ({ text: i.read, headings: [], wordCount: 0 })),
      null,
      { minPages, minShare: 0 },
    ).filter((t) => ownStems(t.term, query).size > 0);
  const themes = termsOf(items, 2);
  const asked = new Set<string>();
  const sections: DraftSection[] = [];
  for (const theme of themes) {
    if (sections.length >= MAX_SECTIONS) break;
    const wanted = [...contentStems(theme.term)];
    const using = items.filter((i) => wanted.every((s) => i.stems.has(s)) && !(i.kind === "question" && asked.has(i.text)));
    if (using.length < 2) continue;
    for (const i of using) if (i.kind === "question") asked.add(i.text);
    sections.push({ heading: titleCase(theme.term), subheadings: [], talking_points: using.map(pointOf), weight: using.length });
  }
  // Few shared themes: a result or related search no section uses brings its own main term.
  const covered = (i: Item) => sections.some((s) => s.talking_points.includes(pointOf(i)));
  for (const item of items.filter((i) => i.kind !== "question" && !covered(i))) {
    if (sections.length >= MIN_SECTIONS) break;
    const own = termsOf([item], 1).find((t) => !sections.some((s) => s.heading.toLowerCase() === t.term));
    if (own) sections.push({ heading: titleCase(own.term), subheadings: [], talking_points: [pointOf(item)], weight: 1 });
  }
  const note =
    pagesRead > 0
      ? `The ${pagesRead} ranking pages read share no section heading: this outline was built from the search's questions, related searches and result titles.`
      : questions.length > 0 || relatedSearches.length > 0
        ? "No ranking page was read: this outline was built from the search's questions, related searches and result titles."
        : titled.length > 0
          ? "No ranking page was read and the search showed no questions: this outline was built from the result titles and snippets only."
          : "No ranking page was read and the search gave no results: this outline holds only the query.";
  if (sections.length === 0) {
    const points = items.filter((i) => i.kind !== "question").map(pointOf);
    sections.push({ heading: titleCase(query), subheadings: [], talking_points: points, weight: 1 });
  }
  sections[0]?.talking_points.push(note);
  return { sections, questions: questions.filter((q) => !asked.has(q)) };
}
