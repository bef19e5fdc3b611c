// The briefs module's public face: what other modules may use of it. Nothing else of the
// module is imported from outside it.
export { BRIEF_NOT_FOUND, briefSources, findBrief } from "./queries";
export type { BriefWithStatus } from "./queries";
export { briefs } from "./table";
