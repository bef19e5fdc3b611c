// Teams and their members: a team is a workspace its active members can select with X-Team-ID.
import { and, eq } from "drizzle-orm";
import { withTransaction } from "../../platform/db/transaction";
import { teamMembers, teams, workspaces } from "../../platform/db/schema";
import { BadRequest, Conflict, NotFound } from "../../platform/http/errors";
import { findUserByEmail, type ServiceCtx } from "../users/service";

export const TEAM_ROLES = ["owner", "admin", "member"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "team";
}

export function teamView(team: typeof teams.$inferSelect) {
  return { id: team.id, name: team.name, slug: team.slug, plan_name: team.planName, created_at: team.createdAt.toISOString() };
}

export async function createTeam(ctx: ServiceCtx, input: { name: string; ownerEmail: string }) {
  const name = input.name.trim();
  if (!name) throw new BadRequest("Team name must not be empty.");
  return withTransaction(ctx, async (tx) => {
    const owner = await findUserByEmail(tx, input.ownerEmail);
    const base = slugify(name);
    let slug = base;
    for (let n = 2; (await tx.db.select({ id: teams.id }).from(teams).where(eq(teams.slug, slug))).length > 0; n++) {
      slug = `${base}-${n}`;
    }
    const [team] = await tx.db.insert(teams).values({ name, slug }).returning();
    await tx.db.insert(workspaces).values({ id: team!.id, kind: "team", teamId: team!.id });
    await tx.db.insert(teamMembers).values({ teamId: team!.id, userId: owner.id, role: "owner" });
    await ctx.platform.authChanged(tx);
    return { ...teamView(team!), owner: owner.email };
  });
}

export async function addTeamMember(ctx: ServiceCtx, input: { teamId: string; email: string; role: TeamRole }) {
  return withTransaction(ctx, async (tx) => {
    const [team] = await tx.db.select().from(teams).where(eq(teams.id, input.teamId));
    if (!team) throw new NotFound("Team not found.");
    const user = await findUserByEmail(tx, input.email);
    const existing = await tx.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, user.id)));
    if (existing.length > 0) throw new Conflict(`${user.email} is already a member of ${team.name}.`);
    await tx.db.insert(teamMembers).values({ teamId: team.id, userId: user.id, role: input.role });
    await ctx.platform.authChanged(tx);
    return { team: teamView(team), email: user.email, role: input.role, status: "active" };
  });
}
