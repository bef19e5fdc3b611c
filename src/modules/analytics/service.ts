// Admin analytics: every figure is aggregated by the database, which returns a few rows (one per
// day, plan or operation), never one per user or per ledger entry. The windowed reads are range
// scans of an index on the time they filter by (users.date_joined, credit_ledger.created_at,
// user_activity_days' day-first key, all added by migration 0009 for these reads); the plan
// breakdown and the balances read every users and credit_balances row once, as a breakdown of
// the whole population has to, summing as they go.
//
// Days are UTC days: each time is converted `at time zone 'UTC'` in the statement, whatever the
// session's time zone, and comes back as `YYYY-MM-DD` text (node-postgres would turn a `date` into
// a local-midnight Date).
import { and, asc, gte, lt, lte, sql } from "drizzle-orm";
import type { HasDb } from "../../platform/db/transaction";
import { creditBalances, creditLedger, taskModelUsage, userActivityDays, users } from "../../platform/db/schema";
import { PLANS } from "../users";
import { summarizeLedger } from "./credit-summary";
import { summarizeUsage } from "./usage-summary";
import { addDays, dailySeries, windowFields, type DayWindow } from "./window";

const count = sql<number>`count(*)::int`;
/** A sum of an integer column as a JS number: PostgreSQL sums int4 to int8, which node-postgres returns as text. */
const sumOf = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)::int8`.mapWith(Number);

export async function signups(ctx: HasDb, window: DayWindow) {
  const day = sql<string>`to_char(${users.dateJoined} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await ctx.db
    .select({ day, count })
    .from(users)
    .where(and(gte(users.dateJoined, window.start), lt(users.dateJoined, window.end)))
    .groupBy(day);
  const series = dailySeries(window, rows);
  return {
    ...windowFields(window),
    total: series.reduce((sum, point) => sum + point.count, 0),
    series: series.map((point) => ({ date: point.date, signups: point.count })),
  };
}

/**
 * Active users are users who made at least one request with a valid key (any endpoint, any
 * status: what the audit log records) on a UTC day. The audit writer stores each (user, day) once
 * in user_activity_days, so these counts read a row per user and active day: reading the audit
 * blocks instead would scan a row per user per flush, and find nothing older than their 90 days.
 */
export async function activeUsers(ctx: HasDb, window: DayWindow) {
  const day = sql<string>`${userActivityDays.day}::text`;
  const inWindow = and(gte(userActivityDays.day, window.firstDay), lte(userActivityDays.day, window.lastDay));
  const perDay = ctx.db
    // A row is one user on one day (the key is day, user): count(*) counts distinct users.
    .select({ day, count })
    .from(userActivityDays)
    .where(inWindow)
    .groupBy(userActivityDays.day);
  // DAU, WAU and MAU end with today, as the window does: one pass over the last 30 days' rows
  // (the day-first key reads them in order), whatever the window.
  const today = window.lastDay;
  const since = (day: string) =>
    sql<number>`(count(distinct ${userActivityDays.userId}) filter (where ${userActivityDays.day} >= ${day}::date))::int`;
  const headline = ctx.db
    .select({ dau: since(today), wau: since(addDays(today, -6)), mau: since(addDays(today, -29)) })
    .from(userActivityDays)
    .where(and(gte(userActivityDays.day, addDays(today, -29)), lte(userActivityDays.day, today)));
  // Users active in the window, each once: a distinct over the window's rows, which PostgreSQL
  // hashes in parallel (count(distinct) would sort them all; a 365-day window of a large
  // service holds millions).
  const distinctUsers = ctx.db.selectDistinct({ userId: userActivityDays.userId }).from(userActivityDays).where(inWindow).as("active");
  const inWindowCount = ctx.db.select({ count }).from(distinctUsers);
  const [rows, [figures], [active]] = await Promise.all([perDay, headline, inWindowCount]);
  return {
    ...windowFields(window),
    dau: figures?.dau ?? 0,
    wau: figures?.wau ?? 0,
    mau: figures?.mau ?? 0,
    active_in_window: active?.count ?? 0,
    series: dailySeries(window, rows).map((point) => ({ date: point.date, active_users: point.count })),
  };
}

interface PlanRow {
  plan: string;
  users: number;
  active: number;
}

export async function subscriptions(ctx: HasDb) {
  // One pass over users, grouped by plan and interval: a handful of rows whatever the users.
  const groups = await ctx.db
    .select({
      plan: users.plan,
      interval: users.subscriptionInterval,
      users: count,
      active: sql<number>`(count(*) filter (where ${users.isActive}))::int`,
      beta: sql<number>`(count(*) filter (where ${users.betaAccess}))::int`,
      staff: sql<number>`(count(*) filter (where ${users.isStaff}))::int`,
      apiAccess: sql<number>`(count(*) filter (where ${users.isActive} and ${users.betaAccess} and ${users.plan} = 'agency'))::int`,
    })
    .from(users)
    .groupBy(users.plan, users.subscriptionInterval)
    .orderBy(asc(users.plan), asc(users.subscriptionInterval));

  // Every known plan is listed, in order, even with no users; the map reaches the same rows.
  const knownRows: PlanRow[] = PLANS.map((plan) => ({ plan, users: 0, active: 0 }));
  const plans = new Map(knownRows.map((row) => [row.plan, row]));
  const intervals = new Map<string, number>();
  const statuses = { active: 0, inactive: 0, beta_access: 0, staff: 0, api_access: 0 };
  let total = 0;
  for (const g of groups) {
    const plan = plans.get(g.plan) ?? { plan: g.plan, users: 0, active: 0 };
    plan.users += g.users;
    plan.active += g.active;
    plans.set(g.plan, plan);
    intervals.set(g.interval, (intervals.get(g.interval) ?? 0) + g.users);
    total += g.users;
    statuses.active += g.active;
    statuses.inactive += g.users - g.active;
    statuses.beta_access += g.beta;
    statuses.staff += g.staff;
    statuses.api_access += g.apiAccess;
  }
  const known = new Set<string>(PLANS);
  const others = [...plans.values()].filter((p) => !known.has(p.plan)).sort((a, b) => byText(a.plan, b.plan));
  return {
    total_users: total,
    by_plan: [...knownRows, ...others],
    by_interval: [...intervals].sort(([a], [b]) => byText(a, b)).map(([interval, n]) => ({ subscription_interval: interval, users: n })),
    by_plan_and_interval: groups.map((g) => ({ plan: g.plan, subscription_interval: g.interval, users: g.users })),
    account_statuses: statuses,
  };
}

export async function credits(ctx: HasDb, window: DayWindow) {
  // The period's ledger summed per (ledger kind, operation) over the created_at index: a few
  // groups, folded into the answer by summarizeLedger.
  const groups = ctx.db
    .select({
      kind: creditLedger.kind,
      operation: creditLedger.operation,
      entries: count,
      free: sumOf(creditLedger.freeDelta),
      monthly: sumOf(creditLedger.monthlyDelta),
      payg: sumOf(creditLedger.paygDelta),
    })
    .from(creditLedger)
    .where(and(gte(creditLedger.createdAt, window.start), lt(creditLedger.createdAt, window.end)))
    .groupBy(creditLedger.kind, creditLedger.operation);
  const balances = ctx.db
    .select({
      free: sumOf(creditBalances.free),
      monthly: sumOf(creditBalances.monthly),
      payg: sumOf(creditBalances.payg),
      holders: sql<number>`(count(*) filter (where ${creditBalances.free} + ${creditBalances.monthly} + ${creditBalances.payg} > 0))::int`,
    })
    .from(creditBalances);
  const [rows, [held]] = await Promise.all([groups, balances]);
  const free = held?.free ?? 0;
  const monthly = held?.monthly ?? 0;
  const payg = held?.payg ?? 0;
  return {
    ...windowFields(window),
    ...summarizeLedger(rows),
    balances: { free, monthly, payg, total: free + monthly + payg, users_with_credits: held?.holders ?? 0 },
  };
}

function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The tokens of model calls within the window, by model and by UTC day: from each task's rows
 * (one per task and model), dated by the task's first call. Grouped by the database.
 */
export async function modelUsage(ctx: HasDb, window: DayWindow) {
  const day = sql<string>`to_char(${taskModelUsage.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await ctx.db
    .select({
      day,
      model_id: taskModelUsage.modelId,
      calls: sumOf(taskModelUsage.calls),
      prompt_tokens: sumOf(taskModelUsage.promptTokens),
      completion_tokens: sumOf(taskModelUsage.completionTokens),
    })
    .from(taskModelUsage)
    .where(and(gte(taskModelUsage.createdAt, window.start), lt(taskModelUsage.createdAt, window.end)))
    .groupBy(day, taskModelUsage.modelId);
  return { ...windowFields(window), ...summarizeUsage(window, rows) };
}
