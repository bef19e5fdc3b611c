// Page analysis: what the pages ranking for a query share (terms, sections, length), the facts a
// section can quote from them, the figures a draft gives that they do not, and whether the topic
// is one where a wrong statement can hurt. Pure and deterministic; imports nothing outside this folder.
export { groundingOf } from "./grounding";
export { placeOnPages } from "./common-headings";
export { headingKey, queryStems } from "./heading-key";
export { pickFacts } from "./pick-facts";
export { sharedTerms } from "./shared-terms";
export { sensitiveTopicOf } from "./sensitive-topic";
export { unsourcedFigures } from "./unsourced-figures";
export { contentStems } from "./text";
export type { PageAnalysisInput, PageRead } from "./types";
