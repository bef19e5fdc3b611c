// What the analysis reads (the SERP and the ranking pages as read) and what it returns: the same
// shape as a brief's grounding, so the brief task hands the answer on as it is.

export interface PageHeading {
  level: 1 | 2 | 3;
  text: string;
}

/** A ranking page as read: its headings in order, its length and its main text (paragraphs split by blank lines). */
export interface PageRead {
  url: string;
  /** 1-based rank among the SERP's organic results; null when it was selected unranked. */
  position: number | null;
  title: string;
  headings: PageHeading[];
  wordCount: number;
  text: string;
}

export interface PageAnalysisInput {
  query: string;
  /** The pages read, in rank order. */
  pages: PageRead[];
  questions: string[];
  relatedSearches: string[];
  aiReferences: { url: string; title: string; domain: string }[];
  dataSource: string;
}

interface SharedTerm {
  term: string;
  pages: number;
  min_count: number;
  max_count: number;
}

export interface SharedHeading {
  heading: string;
  pages: number;
  variants: string[];
  subheadings: string[];
}

export interface WordRange {
  target: number;
  min: number;
  max: number;
}

/** A page without its text: what a brief keeps of it. */
type RankingPageOut = Omit<PageRead, "text">;

export interface Grounding {
  questions: string[];
  relatedSearches: string[];
  aiReferences: { url: string; title: string; domain: string }[];
  pages: RankingPageOut[];
  terms: SharedTerm[];
  commonHeadings: SharedHeading[];
  recommendedWords: WordRange | null;
  dataSource: string;
}
