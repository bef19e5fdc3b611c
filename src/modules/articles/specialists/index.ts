// The article specialists (spec, docs/conventions.md §6), each a pure function of the drafted sections and
// what it needs besides; each returns a JSON-serializable object whose shape its file documents.
export { toSources, type DraftedSection, type Source } from "./common";
export { webResearch, type WebResearchFact, type WebResearchResult } from "./web-research";
export { factCheck, type ClaimSignal, type FactCheckResult, type FlaggedClaim, type SupportedClaim } from "./fact-check";
export { introKeyTakeaways, type IntroKeyTakeawaysResult } from "./intro-key-takeaways";
export { conversionCoach, type ConversionCoachInput, type ConversionCoachResult, type TrustKind } from "./conversion-coach";
