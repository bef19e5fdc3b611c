// The briefs module's public face: what other modules may use of it.
export { BRIEF_NOT_FOUND, briefSources, findBrief, type BriefWithStatus } from "./queries";
export { briefs } from "./table";
