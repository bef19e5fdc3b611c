// The shapes the content score reads and returns. The score reads a brief's outline and terms
// as the API holds them (snake_case), so the server and the console hand it the same objects.

/** One outline section of the brief, as an article section copies it. */
export interface OutlineSection {
  heading: string;
  subheadings?: readonly string[] | null;
  word_count_target?: number | null;
}

/** A keyword the brief recommends; only primary, secondary and supporting ones are terms. */
export interface KeywordRecommendation {
  keyword: string;
  type: string;
}

/** A term with the counts the top-ranking pages use it at (`pages`: how many of them use it). */
export interface BriefTerm {
  term: string;
  pages?: number;
  min_count: number;
  max_count: number;
}

/** What a draft is scored against: the brief's outline, its query and its terms. */
export interface ScoreBrief {
  sections: readonly OutlineSection[];
  query_text?: string | null;
  keyword_recommendations?: readonly KeywordRecommendation[] | null;
  /** When present (and not empty), these are the terms, and the recommendations are not used. */
  terms?: readonly BriefTerm[] | null;
}

/** A term as it is scored: at least `min`, at most `max` occurrences in the whole draft. */
export interface WantedTerm {
  term: string;
  min: number;
  max: number;
}

/**
 * What scoring needs, resolved once from the brief: the sections and the wanted terms with their
 * bounds. The API returns the bounds with the score, so a client can score edited text again
 * with the very same basis.
 */
export interface ScoreBasis {
  sections: readonly OutlineSection[];
  terms: readonly WantedTerm[];
}

export type TermStatus = "missing" | "under" | "ok" | "over";

export interface TermScore {
  term: string;
  count: number;
  min: number;
  max: number;
  status: TermStatus;
}

export interface SectionScore {
  heading: string;
  score: number;
  words: number;
  target: number | null;
  /** How many of the wanted terms appear in this section at least once. */
  terms_found: number;
  covered: boolean;
  /** 0..100, null when the section has no sentences to read. */
  readability: number | null;
}

/** Each part's 0..100 score; null when there was nothing to measure (it then weighs nothing). */
export interface ScoreParts {
  terms: number | null;
  headings: number | null;
  length: number | null;
  readability: number | null;
}

export interface ContentScore {
  score: number;
  parts: ScoreParts;
  sections: SectionScore[];
  terms: TermScore[];
}
