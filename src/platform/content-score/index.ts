// The content score: how well an article's draft answers its brief (terms, headings, length,
// readability), 0 to 100. Imports nothing outside this folder, so the console bundles it and
// scores text as it is typed with the very rules the API uses.
export { scoreBasis, scoreContent, scoreDraft } from "./score";
export type {
  BriefTerm,
  ContentScore,
  KeywordRecommendation,
  ScoreBasis,
  ScoreBrief,
  TermStatus,
} from "./types";
