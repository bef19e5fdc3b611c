// The teams module's public face: what other parts of the service may use of it (the operator
// command line manages teams; the API reads them through users). It serves no route of its own.
import { defineModule } from "../../platform/module";

export const teamsModule = defineModule({ name: "teams" });
export { addTeamMember, createTeam, listTeams } from "./service";
export type { TeamRole } from "./service";
