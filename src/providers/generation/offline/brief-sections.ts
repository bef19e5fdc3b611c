// The offline outline's sections from the pages that rank: one per section heading the pages
// share, in the order they put them, with the People Also Ask questions each answers; the other
// questions, verbatim, in a closing FAQ. No section is written from a template.
import { contentStems, placeOnPages, queryStems } from "../../../platform/page-analysis";
import { present } from "../../../platform/present";
import type { BriefGrounding, HeadingGroup } from "../types";

/** The body of an outline section before its words are counted. */
export interface DraftSection {
  heading: string;
  subheadings: string[];
  talking_points: string[];
  /** How much of the body's length it gets: the pages that have it. */
  weight: number;
}

const MAX_SECTIONS = 8;
/** Fewer shared sections than this, and the best-ranked pages' own sections fill the outline. */
const MIN_SECTIONS = 5;
export const FAQ_HEADING = "Frequently Asked Questions";
const FAQ_GROUP = /^(faqs?|frequently asked questions?|common questions|questions( and answers)?|q ?a)$/i;

/** The content words of a text less the query's: what it says about the subject. */
export function ownStems(text: string, query: string): Set<string> {
  const q = queryStems(query);
  return new Set([...contentStems(text)].filter((s) => !q.has(s)));
}

/** The index of the list entry sharing most stems with `text` (ties: the first); -1 when none shares one. */
export function bestMatch(text: string, candidates: readonly Set<string>[], query: string): number {
  const wanted = ownStems(text, query);
  let best = -1;
  let bestScore = 0;
  candidates.forEach((stems, i) => {
    const score = [...wanted].filter((s) => stems.has(s)).length;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  return best;
}

/** The groups an outline takes (an FAQ group is the outline's own FAQ), at most 8, in page order. */
function outlineGroups(grounding: BriefGrounding): HeadingGroup[] {
  return grounding.commonHeadings
    .filter((g) => !FAQ_GROUP.test(g.heading.replace(/[^\w\s]/g, "").trim()))
    .slice(0, MAX_SECTIONS)
    .map((g, i) => ({ g, i, place: placeOnPages(g, grounding.pages) }))
    .sort((a, b) => a.place - b.place || a.i - b.i)
    .map(({ g }) => g);
}

/**
 * Sections from the shared headings, with the questions they answer, and the questions left for
 * the FAQ. Empty when the pages share no heading.
 */
export function groundedSections(query: string, grounding: BriefGrounding): { sections: DraftSection[]; questions: string[] } {
  const groups = outlineGroups(grounding);
  if (groups.length === 0) return { sections: [], questions: grounding.questions };
  const stems = groups.map((g) => ownStems([g.heading, ...g.variants, ...g.subheadings].join(" . "), query));
  const answered = groups.map((): string[] => []);
  const left: string[] = [];
  for (const question of grounding.questions) {
    const i = bestMatch(question, stems, query);
    if (i >= 0) answered[i]?.push(question);
    else left.push(question);
  }
  const read = grounding.pages.length;
  const sections = groups.map((g, i) => ({
    heading: g.heading,
    subheadings: [...g.subheadings],
    talking_points: [
      ...g.variants.filter((v) => v.toLowerCase() !== g.heading.toLowerCase()),
      ...(answered[i] ?? []),
      `${g.pages} of the ${read} ranking pages read have this section.`,
    ],
    weight: g.pages,
  }));
  const placed = [
    ...sections.map((section, i) => ({ section, place: placeOnPages(present(groups[i], "the group of each section"), grounding.pages) })),
    ...singlePageSections(grounding, stems, query, MIN_SECTIONS - sections.length),
  ];
  // In the order the pages put them, shared sections and single pages' alike.
  return { sections: placed.sort((a, b) => a.place - b.place).map(({ section }) => section), questions: left };
}

/**
 * When the pages share few sections, the sections of the best-ranked pages that no shared one
 * covers, in rank order and then page order: a writer with little in common to go on follows the
 * structure of what ranks first. Each says which page it comes from.
 */
function singlePageSections(
  grounding: BriefGrounding,
  taken: Set<string>[],
  query: string,
  room: number,
): { section: DraftSection; place: number }[] {
  const out: { section: DraftSection; place: number }[] = [];
  const covered = [...taken];
  for (const page of grounding.pages) {
    for (const [index, heading] of page.headings.entries()) {
      if (out.length >= room) return out;
      if (heading.level !== 2 || FAQ_GROUP.test(heading.text.replace(/[^\w\s]/g, "").trim())) continue;
      const stems = ownStems(heading.text, query);
      if (stems.size === 0 || covered.some((c) => [...stems].filter((s) => c.has(s)).length * 2 >= stems.size)) continue;
      covered.push(stems);
      const rank = page.position === null ? "one ranking page" : `the page ranked #${page.position}`;
      out.push({
        section: { heading: heading.text.trim(), subheadings: [], talking_points: [`Only ${rank} has this section.`], weight: 1 },
        place: index / Math.max(1, page.headings.length),
      });
    }
  }
  return out;
}
