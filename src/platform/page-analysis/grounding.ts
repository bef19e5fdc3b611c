// The analysis as a whole: what the SERP asked and the ranking pages share, measured before
// anything is written, in the shape a brief's grounding takes.
import { commonHeadings } from "./common-headings";
import { recommendedWords } from "./recommended-words";
import { sharedTerms } from "./shared-terms";
import type { Grounding, PageAnalysisInput } from "./types";

export function groundingOf(input: PageAnalysisInput): Grounding {
  const words = recommendedWords(input.pages);
  return {
    questions: [...input.questions],
    relatedSearches: [...input.relatedSearches],
    aiReferences: input.aiReferences.map((r) => ({ ...r })),
    pages: input.pages.map(({ text: _text, ...page }) => ({ ...page, headings: page.headings.map((h) => ({ ...h })) })),
    terms: sharedTerms(input.pages, words?.target ?? null),
    commonHeadings: commonHeadings(input.pages, input.query),
    recommendedWords: words,
    dataSource: input.dataSource,
  };
}
