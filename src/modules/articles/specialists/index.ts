// The article specialists (spec, docs/conventions.md §6), each a pure function of the drafted sections and
// what it needs besides; each returns a JSON-serializable object whose shape its file documents.
export { toSources, type DraftedSection, type Source } from "./common";
export { webResearch } from "./web-research";
export { factCheck } from "./fact-check";
export { introKeyTakeaways } from "./intro-key-takeaways";
export { conversionCoach } from "./conversion-coach";
