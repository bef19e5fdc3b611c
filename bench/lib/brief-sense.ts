// How a brief measures against its query's labelled expectations (test/fixtures/brief-labelled.ts)
// and against the pages that rank for it: the share of the SERP's People Also Ask questions its
// outline asks word for word, the share of the headings two or more ranking pages share that its
// outline covers, the strategist's topics it covers, the strategist's terms its term list holds,
// and the phrases that would make the strategist send it back. Judged here, with rules of this
// file's own, never with the code under test.
import type { LabelledBriefQuery } from "../../test/fixtures/brief-labelled";

export interface BriefUnderTest {
  headings: string[];
  /** Subheadings and talking points. */
  lines: string[];
  /** The brief's term list (its `terms`, or before they existed, its keyword recommendations). */
  terms: string[];
}

export interface BriefSense {
  paaAsked: number | null;
  commonCovered: number | null;
  topicsCovered: number;
  termsFound: number;
  winces: string[];
}

const STOP = new Set(
  "a an and are as at be by can do does for from how i in is it my of on or should the to what when where which who why will with you your vs".split(
    " ",
  ),
);

const question = (text: string) =>
  text
    .toLowerCase()
    .replace(/[?!.]+$/, "")
    .replace(/\s+/g, " ")
    .trim();

/** Content words of a heading, lowercased, a plural -s dropped, stop words and numbers aside. */
function words(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(/[a-z0-9']+/g) ?? [])
      .filter((w) => !STOP.has(w) && !/^\d+$/.test(w))
      .map((w) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w)),
  );
}

function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared += 1;
  return shared / Math.min(a.size, b.size);
}

/** Headings (H2) that at least two pages share: groups of headings whose words mostly overlap. */
export function sharedHeadings(pagesH2: readonly string[][]): Set<string>[] {
  const groups: { words: Set<string>; pages: Set<number> }[] = [];
  pagesH2.forEach((headings, page) => {
    for (const heading of headings) {
      const w = words(heading);
      if (w.size === 0) continue;
      const group = groups.find((g) => overlap(g.words, w) >= 0.6);
      if (group) group.pages.add(page);
      else groups.push({ words: w, pages: new Set([page]) });
    }
  });
  return groups.filter((g) => g.pages.size >= 2).map((g) => g.words);
}

export function judgeBrief(
  labelled: LabelledBriefQuery,
  paa: readonly string[],
  shared: readonly Set<string>[],
  brief: BriefUnderTest,
): BriefSense {
  const outline = [...brief.headings, ...brief.lines];
  const asked = new Set(outline.map(question));
  const paaAsked = paa.length === 0 ? null : paa.filter((q) => asked.has(question(q))).length / paa.length;
  const outlineWords = outline.map(words);
  const commonCovered =
    shared.length === 0 ? null : shared.filter((group) => outlineWords.some((w) => overlap(group, w) >= 0.6)).length / shared.length;
  const headingText = [...brief.headings, ...brief.lines].join(" \n ").toLowerCase();
  const topicsCovered =
    labelled.expectedSections.filter((s) => s.anyOf.some((phrase) => headingText.includes(phrase))).length /
    labelled.expectedSections.length;
  const termText = brief.terms.join(" \n ").toLowerCase();
  const termsFound = labelled.expectedTerms.filter((t) => termText.includes(t)).length / labelled.expectedTerms.length;
  const everything = `${headingText} \n ${termText}`;
  return {
    paaAsked,
    commonCovered,
    topicsCovered,
    termsFound,
    winces: labelled.mustNotContain.filter((phrase) => everything.includes(phrase)),
  };
}
