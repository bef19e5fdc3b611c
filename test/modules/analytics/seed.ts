// The population the admin analytics tests read, with every answer known: users who joined on
// chosen days with chosen plans and statuses, their key activity on chosen days (audit entries
// recorded through the app's own audit writer, with past timestamps), and ledger rows made by
// the credit services then moved to chosen times (so balances still equal the ledger).
//
// Days are counted back from today (UTC): day 0 is today, day 3 three days ago.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { chargeCredits, grantCredits, refundCredits } from "../../../src/platform/credits/ledger";
import { users } from "../../../src/platform/db/schema";
import type { Plan } from "../../../src/modules/users";
import { auditEntry } from "../../helpers/audit-entry";
import type { Harness, TestKey } from "../../helpers/harness";

const DAY_MS = 86_400_000;

/** The seeded users: the callers, then a to i. */
type Name = "staff" | "nonStaff" | "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i";

interface UserSpec {
  /** Days ago the user joined. */
  joined: number;
  plan?: Plan | "enterprise";
  interval?: string;
  active?: boolean;
  beta?: boolean;
  /** Days ago the user's keys were used (besides the requests the tests make). */
  activeOn?: number[];
}

// Plans: agency 6 (1 inactive), pro 2, starter 1, free 1 (inactive), enterprise 1 (not a plan
// the service offers). Intervals: yearly for e, f, g; monthly for the rest.
const USERS: Record<Exclude<Name, "staff" | "nonStaff">, UserSpec> = {
  a: { joined: 0, plan: "pro", activeOn: [0, 1, 3, 20] },
  b: { joined: 1, plan: "starter", activeOn: [0, 200] },
  c: { joined: 3, plan: "free", active: false, activeOn: [1] },
  d: { joined: 3, beta: false, activeOn: [3, 3] },
  e: { joined: 6, interval: "yearly", activeOn: [6] },
  f: { joined: 7, interval: "yearly", active: false, activeOn: [7] },
  g: { joined: 29, plan: "pro", interval: "yearly", activeOn: [20] },
  h: { joined: 30, activeOn: [29] },
  i: { joined: 400, plan: "enterprise", activeOn: [30] },
};

export interface Seeded {
  /** UTC midnight of today. */
  today: number;
  ids: Record<Name, string>;
  /** An Admin key of the staff user (admin:read, user:read). */
  admin: TestKey;
  /** A key of the staff user without admin:read. */
  noScope: TestKey;
  /** An Admin key whose user is no longer staff. */
  demoted: TestKey;
  /** `YYYY-MM-DD` of `days` days ago. */
  day(days: number): string;
}

function utcMidnight(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** Waits past midnight (UTC) when it is less than a minute away, so that "today" holds for the file. */
export async function awayFromMidnight(): Promise<void> {
  const left = utcMidnight(Date.now()) + DAY_MS - Date.now();
  if (left < 60_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

export async function seed(h: Harness): Promise<Seeded> {
  const db = h.testDb.database.db;
  const today = utcMidnight(Date.now());
  const ago = (days: number, ms = 12 * 3_600_000) => new Date(today - days * DAY_MS + ms);
  const ids = {} as Record<Name, string>;

  // The callers: one staff user with two keys, one staff user demoted after getting an Admin key.
  const staff = await h.createUser({ staff: true });
  const admin = await h.createKey(staff, { type: "Admin" });
  const noScope = await h.createKey(staff, { type: "Admin", scopes: ["user:read"] });
  const wasStaff = await h.createUser({ staff: true });
  const demoted = await h.createKey(wasStaff, { type: "Admin" });
  await h.updateUser(wasStaff.email, { staff: false });
  ids.staff = staff.id;
  ids.nonStaff = wasStaff.id;
  for (const id of [staff.id, wasStaff.id])
    await db
      .update(users)
      .set({ dateJoined: ago(100) })
      .where(eq(users.id, id));

  for (const [name, spec] of Object.entries(USERS) as Array<[Exclude<Name, "staff" | "nonStaff">, UserSpec]>) {
    const plan = spec.plan === "enterprise" ? undefined : spec.plan;
    const user = await h.createUser({ plan, beta: spec.beta });
    ids[name] = user.id;
    if (spec.active === false) await h.updateUser(user.email, { active: false });
    await db
      .update(users)
      .set({
        dateJoined: ago(spec.joined),
        subscriptionInterval: spec.interval ?? "monthly",
        ...(spec.plan === "enterprise" ? { plan: "enterprise" } : {}),
      })
      .where(eq(users.id, user.id));
    // d joins at the very first millisecond of its day, c at the very last: both day 3.
    if (name === "c")
      await db
        .update(users)
        .set({ dateJoined: ago(3, DAY_MS - 1) })
        .where(eq(users.id, user.id));
    if (name === "d")
      await db
        .update(users)
        .set({ dateJoined: ago(3, 0) })
        .where(eq(users.id, user.id));
    for (const days of spec.activeOn ?? [])
      h.canopy.audit.record(auditEntry({ userId: user.id, apiKeyId: randomUUID(), timestamp: ago(days) }));
  }
  // c's day 1 activity at the last millisecond of that day.
  h.canopy.audit.record(auditEntry({ userId: ids.c, apiKeyId: randomUUID(), timestamp: ago(1, DAY_MS - 1) }));

  await seedLedger(h, ids, ago);

  // Every caller makes a request today (refused or not, each is audited): the callers are active today.
  for (const key of [admin, noScope, demoted]) await h.request("GET", "/api/v1/analytics/subscriptions/", { key: key.key });
  await flushAudit(h);
  return { today, ids, admin, noScope, demoted, day: (days) => new Date(today - days * DAY_MS).toISOString().slice(0, 10) };
}

/** Lets the response hooks run, then writes every queued audit entry and the users' active days. */
export async function flushAudit(h: Harness): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await h.canopy.audit.flush();
}

/**
 * a: 100 payg granted today, 10 free granted on day 3, a brief charged 15 on day 2 (10 free and
 * 5 payg) and refunded today. b: 50 monthly granted and a clustering charged 20 on day 10, a
 * research generation charged 5 on day 40 and refunded on day 1. c: 7 payg granted on day 400.
 * Balances after: a free 10 + payg 100, b monthly 30, c payg 7.
 */
async function seedLedger(h: Harness, ids: Record<Name, string>, ago: (days: number) => Date): Promise<void> {
  const db = h.testDb.database.db;
  const ctx = { db, platform: h.canopy.platform };
  /** Moves the user's latest ledger row to `days` days ago. */
  const dated = async (userId: string, days: number) => {
    await db.execute(
      sql`update credit_ledger set created_at = ${ago(days).toISOString()}::timestamptz where id = (select max(id) from credit_ledger where user_id = ${userId})`,
    );
  };
  const [brief, clustering, research] = [randomUUID(), randomUUID(), randomUUID()];

  await grantCredits(ctx, { userId: ids.a, amount: 100, kind: "payg" });
  await grantCredits(ctx, { userId: ids.a, amount: 10, kind: "free" });
  await dated(ids.a, 3);
  await chargeCredits(ctx, { userId: ids.a, amount: 15, operation: "brief_generation", referenceId: brief });
  await dated(ids.a, 2);
  await refundCredits(ctx, { referenceId: brief });

  await grantCredits(ctx, { userId: ids.b, amount: 50, kind: "monthly" });
  await dated(ids.b, 10);
  await chargeCredits(ctx, { userId: ids.b, amount: 20, operation: "clustering", referenceId: clustering });
  await dated(ids.b, 10);
  await chargeCredits(ctx, { userId: ids.b, amount: 5, operation: "research_generation", referenceId: research });
  await dated(ids.b, 40);
  await refundCredits(ctx, { referenceId: research });
  await dated(ids.b, 1);

  await grantCredits(ctx, { userId: ids.c, amount: 7, kind: "payg" });
  await dated(ids.c, 400);
}
