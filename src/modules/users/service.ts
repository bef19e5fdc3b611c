// Users: created and changed by the operator, read by themselves through /me/.
import { and, eq, type SQL } from "drizzle-orm";
import type { RequestContext, ServiceCtx } from "../../platform/context";
import { ensureBalance, getBalance } from "../../platform/credits/ledger";
import type { HasDb } from "../../platform/db/transaction";
import { withTransaction } from "../../platform/db/transaction";
import { readAuditPage, type AuditFilter } from "../../platform/audit/audit-read";
import { pacedAuditRead } from "../../platform/audit/read-pacing";
import { teamMembers, teams, users, workspaces } from "../../platform/db/schema";
import { BadRequest, Conflict, NotFound } from "../../platform/errors";
import { present } from "../../platform/present";

export const PLANS = ["agency", "pro", "starter", "free"] as const;
export type Plan = (typeof PLANS)[number];

export type UserRow = typeof users.$inferSelect;

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(ctx: HasDb, email: string): Promise<UserRow> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  if (!user) throw new NotFound(`No user with email ${normalizeEmail(email)}.`);
  return user;
}

/** Every user, oldest first, optionally only those of a plan, state or staff flag (operator `users list`). */
export async function listUsers(ctx: HasDb, filter: { plan?: Plan; active?: boolean; staff?: boolean } = {}): Promise<UserRow[]> {
  const conditions: SQL[] = [];
  if (filter.plan !== undefined) conditions.push(eq(users.plan, filter.plan));
  if (filter.active !== undefined) conditions.push(eq(users.isActive, filter.active));
  if (filter.staff !== undefined) conditions.push(eq(users.isStaff, filter.staff));
  return ctx.db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(users.dateJoined, users.email);
}

export async function createUser(
  ctx: ServiceCtx,
  input: { email: string; firstName?: string; lastName?: string; plan?: Plan; staff?: boolean; beta?: boolean },
): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new BadRequest(`"${input.email}" is not an email address.`);
  return withTransaction(ctx, async ({ db }) => {
    const inserted = await db
      .insert(users)
      .values({
        email,
        firstName: input.firstName ?? "",
        lastName: input.lastName ?? "",
        plan: input.plan ?? "agency",
        isStaff: input.staff ?? false,
        betaAccess: input.beta ?? true,
      })
      .onConflictDoNothing()
      .returning();
    const user = inserted[0];
    if (!user) throw new Conflict(`A user with email ${email} already exists.`);
    await db.insert(workspaces).values({ id: user.id, kind: "personal", userId: user.id });
    await ensureBalance(db, user.id);
    return user;
  });
}

export async function updateUser(
  ctx: ServiceCtx,
  input: { email: string; plan?: Plan; active?: boolean; beta?: boolean; staff?: boolean },
): Promise<UserRow> {
  return withTransaction(ctx, async (tx) => {
    const user = await findUserByEmail(tx, input.email);
    const [updated] = await tx.db
      .update(users)
      .set({
        ...(input.plan !== undefined ? { plan: input.plan } : {}),
        ...(input.active !== undefined ? { isActive: input.active } : {}),
        ...(input.beta !== undefined ? { betaAccess: input.beta } : {}),
        ...(input.staff !== undefined ? { isStaff: input.staff } : {}),
      })
      .where(eq(users.id, user.id))
      .returning();
    // Deleted since it was read: as if it had gone before.
    if (!updated) throw new NotFound(`No user with email ${normalizeEmail(input.email)}.`);
    await ctx.platform.authChanged(tx);
    return updated;
  });
}

function accountStatus(user: { isActive: boolean }): string {
  return user.isActive ? "active" : "inactive";
}

/**
 * The profile comes from the verified principal (no query): it is reloaded whenever the user
 * changes. `last_active` is this request, which is the user's latest activity by definition.
 */
// The profile is the most requested read, and formatting its two dates was a few percent of its
// cost: the join date is formatted once per cached user, the current time once per millisecond.
const joinedText = new WeakMap<object, string>();
let nowMs = -1;
let nowText = "";

function currentTimeText(): string {
  const ms = Date.now();
  if (ms !== nowMs) {
    nowText = new Date(ms).toISOString();
    nowMs = ms;
  }
  return nowText;
}

export function profileOf(ctx: RequestContext) {
  // Only an authenticated request has a profile to show.
  const user = present(ctx.principal, "the principal of an authenticated request").user;
  let joined = joinedText.get(user);
  if (joined === undefined) {
    joined = user.dateJoined.toISOString();
    joinedText.set(user, joined);
  }
  return {
    uuid: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    subscription_plan: user.plan,
    subscription_interval: user.subscriptionInterval,
    account_status: accountStatus(user),
    date_joined: joined,
    last_active: currentTimeText(),
  };
}

export async function creditsOf(ctx: RequestContext) {
  const balance = await getBalance(ctx.db, ctx.userId);
  return {
    free_credits: balance.free,
    monthly_credits: balance.monthly,
    payg_credits: balance.payg,
    total_credits: balance.total,
    monthly_credits_last_reset: balance.monthlyLastReset.toISOString(),
    subscription_renewal_date: balance.renewalDate.toISOString(),
  };
}

export async function teamsOf(ctx: RequestContext) {
  const rows = await ctx.db
    .select({ team: teams, role: teamMembers.role, status: teamMembers.status })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, ctx.userId), eq(teamMembers.status, "active")))
    .orderBy(teams.createdAt);
  return rows.map((row) => ({
    team: {
      id: row.team.id,
      name: row.team.name,
      slug: row.team.slug,
      plan_name: row.team.planName,
      created_at: row.team.createdAt.toISOString(),
    },
    role: row.role,
    status: row.status,
  }));
}

export interface AuditQuery {
  api_key_id?: string;
  method?: string;
  status_code?: number;
  endpoint?: string;
  page: number;
  page_size: number;
}

export const MAX_AUDIT_PAGE_SIZE = 200;

/**
 * The requesting user's audit entries, newest first, one page of them, and how many there are.
 * Read in bounded steps that let other requests run between them (platform/audit/audit-read.ts,
 * read-pacing.ts): on the embedded database a read of a long log must not hold the process.
 */
export async function auditLogPage(ctx: RequestContext, query: AuditQuery) {
  const filter: AuditFilter = {};
  if (query.api_key_id) filter.apiKeyId = query.api_key_id;
  if (query.method) filter.method = query.method.toUpperCase();
  if (query.status_code !== undefined) filter.statusCode = query.status_code;
  if (query.endpoint) filter.endpoint = query.endpoint;
  const embedded = ctx.platform.database.kind === "pglite";
  const { count: total, rows } = await pacedAuditRead(ctx.userId, embedded, (step) =>
    readAuditPage(ctx.db, ctx.userId, filter, query.page, query.page_size, step),
  );
  return {
    count: total,
    results: rows.map((row) => ({
      id: row.id,
      api_key_name: row.apiKeyName,
      api_key_prefix: row.apiKeyPrefix,
      endpoint: row.endpoint,
      method: row.method,
      status_code: row.statusCode,
      ip_address: row.ipAddress,
      response_time_ms: row.responseTimeMs,
      timestamp: row.timestamp.toISOString(),
    })),
  };
}
