// The briefs module's public face: what other modules may use of it.
export { BRIEF_NOT_FOUND,  findBrief, type BriefWithStatus } from "./queries";
;
