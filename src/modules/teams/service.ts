// Teams and their members: a team is a workspace its active members can select with X-Team-ID.
import { and, asc, eq, inArray } from "drizzle-orm";
import { withTransaction, type HasDb } from "../../platform/db/transaction";
import { teamMembers, teams, users, workspaces } from "../../platform/db/schema";
import { BadRequest, Conflict, NotFound } from "../../platform/errors";
import { present } from "../../platform/present";
import { slugify } from "../../platform/text/slug";
import type { ServiceCtx } from "../../platform/context";
import { findUserByEmail } from "../users";

export type TeamRole = "owner" | "admin" | "member";

/** A team's slug from its name (platform/text/slug.ts); a name with no Latin letter or digit gives "team". */
function teamSlug(name: string): string {
  return slugify(name) || "team";
}

function teamView(team: typeof teams.$inferSelect) {
  return { id: team.id, name: team.name, slug: team.slug, plan_name: team.planName, created_at: team.createdAt.toISOString() };
}

export async function createTeam(ctx: ServiceCtx, input: { name: string; ownerEmail: string }) {
  const name = input.name.trim();
  if (!name) throw new BadRequest("Team name must not be empty.");
  return withTransaction(ctx, async (tx) => {
    const owner = await findUserByEmail(tx, input.ownerEmail);
    // The owner's row lock makes two creations for one owner take turns, so that the second
    // sees the first's team: an owner's team names are unique whatever their case.
    await tx.db.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for("update");
    const owned = await tx.db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
      .where(and(eq(teamMembers.userId, owner.id), eq(teamMembers.role, "owner")));
    const same = owned.find((team) => team.name.toLowerCase() === name.toLowerCase());
    if (same) throw new Conflict(`${owner.email} already owns a team named "${same.name}" (id ${same.id}).`);
    const base = teamSlug(name);
    let slug = base;
    for (let n = 2; (await tx.db.select({ id: teams.id }).from(teams).where(eq(teams.slug, slug))).length > 0; n++) {
      slug = `${base}-${n}`;
    }
    const [inserted] = await tx.db.insert(teams).values({ name, slug }).returning();
    const team = present(inserted, "the inserted team");
    await tx.db.insert(workspaces).values({ id: team.id, kind: "team", teamId: team.id });
    await tx.db.insert(teamMembers).values({ teamId: team.id, userId: owner.id, role: "owner" });
    await ctx.platform.authChanged(tx);
    return { ...teamView(team), owner: owner.email };
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

/**
 * Teams with their owner and members, oldest first (operator `teams list`); with `memberId`,
 * only the teams that user belongs to.
 */
export async function listTeams(ctx: HasDb, filter: { memberId?: string } = {}) {
  const ids = filter.memberId
    ? (await ctx.db.select({ id: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, filter.memberId))).map((m) => m.id)
    : null;
  if (ids?.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(teams)
    .where(ids ? inArray(teams.id, ids) : undefined)
    .orderBy(asc(teams.createdAt), asc(teams.slug));
  const members = await ctx.db
    .select({ teamId: teamMembers.teamId, email: users.email, role: teamMembers.role, status: teamMembers.status })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(ids ? inArray(teamMembers.teamId, ids) : undefined)
    .orderBy(asc(teamMembers.createdAt), asc(users.email));
  const byTeam = new Map<string, { email: string; role: string; status: string }[]>();
  for (const { teamId, email, role, status } of members) {
    const list = byTeam.get(teamId) ?? [];
    list.push({ email, role, status });
    byTeam.set(teamId, list);
  }
  return rows.map((team) => {
    const own = byTeam.get(team.id) ?? [];
    return { ...teamView(team), owner: own.find((m) => m.role === "owner")?.email ?? null, members: own };
  });
}
