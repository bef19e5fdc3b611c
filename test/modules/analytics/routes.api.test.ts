// The admin analytics over HTTP, on a population whose every answer is known (analytics-seed.ts):
// signups and active users per UTC day with their totals, the plan breakdown, the credits of a
// window and the balances; the window's 400s; 403 for an Admin key of a user who is no longer
// staff and for a staff key without admin:read; every field described in the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taskModelUsage, tasks } from "../../../src/platform/db/schema";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { awayFromMidnight, flushAudit, seed, type Seeded } from "./seed";

let h: Harness;
let s: Seeded;

beforeAll(async () => {
  await awayFromMidnight();
  h = await createHarness({ workers: false });
  s = await seed(h);
});
afterAll(async () => h.close());

const ROUTES = ["signups", "active-users", "subscriptions", "credits", "model-usage"];

/** What each route answers. */
interface Answers {
  signups: Schemas["AnalyticsSignups"];
  "active-users": Schemas["AnalyticsActiveUsers"];
  subscriptions: Schemas["AnalyticsSubscriptions"];
  credits: Schemas["AnalyticsCredits"];
  "model-usage": Schemas["AnalyticsModelUsage"];
}

async function get<R extends keyof Answers>(route: R, query: Record<string, string> = {}): Promise<Answers[R]> {
  const res = await h.request("GET", `/api/v1/analytics/${route}/`, { key: s.admin.key, query });
  expect(res.statusCode, res.payload).toBe(200);
  const body = res.json<Answers[R]>();
  expect(body._meta.description).toEqual(expect.any(String));
  return body;
}

/** The series as `{date: value}`, oldest first, checked to hold every day of the window in order. */
function byDate<F extends string>(series: Array<Record<F, number> & { date: string }>, field: F, days: number): Record<string, number> {
  expect(series.map((p) => p.date)).toEqual(Array.from({ length: days }, (_, i) => s.day(days - 1 - i)));
  return Object.fromEntries(series.filter((p) => p[field] !== 0).map((p) => [p.date, p[field]]));
}

const amounts = (free: number, monthly: number, payg: number) => ({ free, monthly, payg, total: free + monthly + payg });

describe("GET /analytics/signups/", () => {
  it("counts the users who joined on each UTC day of the window, zeros included, and in all", async () => {
    const body = await get("signups", { days: "7" });
    expect(body).toMatchObject({ days: 7, period: null, total: 5 });
    expect(body.start).toBe(`${s.day(6)}T00:00:00.000Z`);
    expect(body.end).toBe(new Date(s.today + 86_400_000).toISOString());
    expect(body.series.map((p: { signups: number }) => p.signups)).toEqual([1, 0, 0, 2, 0, 1, 1]);
    expect(byDate(body.series, "signups", 7)).toEqual({ [s.day(6)]: 1, [s.day(3)]: 2, [s.day(1)]: 1, [s.day(0)]: 1 });
  });

  it("defaults to 30 days, takes up to 365, and lets a period override days", async () => {
    const month = await get("signups");
    expect(month).toMatchObject({ days: 30, period: null, total: 7 });
    expect(byDate(month.series, "signups", 30)).toMatchObject({ [s.day(29)]: 1, [s.day(7)]: 1 });
    expect((await get("signups", { days: "31" })).total).toBe(8);
    const year = await get("signups", { days: "365" });
    expect(year).toMatchObject({ days: 365, total: 10 });
    expect(byDate(year.series, "signups", 365)[s.day(100)]).toBe(2);
    expect(await get("signups", { period: "today", days: "365" })).toMatchObject({
      days: 1,
      period: "today",
      total: 1,
      series: [{ date: s.day(0), signups: 1 }],
    });
    expect(await get("signups", { period: "week" })).toMatchObject({ days: 7, period: "week", total: 5 });
    expect(await get("signups", { period: "month" })).toMatchObject({ days: 30, period: "month", total: 7 });
  });
});

describe("GET /analytics/active-users/", () => {
  it("counts the users whose keys were used on each day, and today's DAU, WAU and MAU", async () => {
    await flushAudit(h);
    const week = await get("active-users", { days: "7" });
    expect(week).toMatchObject({ days: 7, dau: 4, wau: 7, mau: 10, active_in_window: 7 });
    expect(week.series.map((p: { active_users: number }) => p.active_users)).toEqual([1, 0, 0, 2, 0, 2, 4]);

    const month = await get("active-users");
    expect(month).toMatchObject({ days: 30, dau: 4, wau: 7, mau: 10, active_in_window: 10 });
    expect(byDate(month.series, "active_users", 30)).toEqual({
      [s.day(29)]: 1,
      [s.day(20)]: 2,
      [s.day(7)]: 1,
      [s.day(6)]: 1,
      [s.day(3)]: 2,
      [s.day(1)]: 2,
      [s.day(0)]: 4,
    });
  });

  it("keeps activity older than the audit log's 90 days, and answers a one-day period", async () => {
    await flushAudit(h);
    const year = await get("active-users", { days: "365" });
    expect(year).toMatchObject({ active_in_window: 11, mau: 10 });
    expect(byDate(year.series, "active_users", 365)).toMatchObject({ [s.day(200)]: 1, [s.day(30)]: 1 });
    const today = await get("active-users", { period: "today" });
    expect(today).toMatchObject({
      days: 1,
      period: "today",
      dau: 4,
      wau: 7,
      mau: 10,
      active_in_window: 4,
      series: [{ date: s.day(0), active_users: 4 }],
    });
  });
});

describe("GET /analytics/subscriptions/", () => {
  it("counts users per plan, per interval and per both, and the account statuses", async () => {
    const body = await get("subscriptions");
    const { _meta, ...rest } = body;
    expect(rest).toEqual({
      total_users: 11,
      by_plan: [
        { plan: "agency", users: 6, active: 5 },
        { plan: "pro", users: 2, active: 2 },
        { plan: "starter", users: 1, active: 1 },
        { plan: "free", users: 1, active: 0 },
        { plan: "enterprise", users: 1, active: 1 },
      ],
      by_interval: [
        { subscription_interval: "monthly", users: 8 },
        { subscription_interval: "yearly", users: 3 },
      ],
      by_plan_and_interval: [
        { plan: "agency", subscription_interval: "monthly", users: 4 },
        { plan: "agency", subscription_interval: "yearly", users: 2 },
        { plan: "enterprise", subscription_interval: "monthly", users: 1 },
        { plan: "free", subscription_interval: "monthly", users: 1 },
        { plan: "pro", subscription_interval: "monthly", users: 1 },
        { plan: "pro", subscription_interval: "yearly", users: 1 },
        { plan: "starter", subscription_interval: "monthly", users: 1 },
      ],
      account_statuses: { active: 9, inactive: 2, beta_access: 10, staff: 1, api_access: 4 },
    });
  });
});

describe("GET /analytics/credits/", () => {
  const balances = { free: 10, monthly: 30, payg: 107, total: 147, users_with_credits: 3 };
  const brief = {
    operation: "brief_generation",
    grants: 0,
    charges: 1,
    refunds: 1,
    granted: amounts(0, 0, 0),
    spent: amounts(10, 0, 5),
    refunded: amounts(10, 0, 5),
    net_spent: amounts(0, 0, 0),
  };
  const refundOnly = {
    operation: "research_generation",
    grants: 0,
    charges: 0,
    refunds: 1,
    granted: amounts(0, 0, 0),
    spent: amounts(0, 0, 0),
    refunded: amounts(0, 5, 0),
    net_spent: amounts(0, -5, 0),
  };

  it("sums grants, charges and refunds of the window per credit kind and per operation, and the balances now", async () => {
    const { _meta, ...week } = await get("credits", { days: "7" });
    expect(week).toEqual({
      days: 7,
      period: null,
      start: `${s.day(6)}T00:00:00.000Z`,
      end: new Date(s.today + 86_400_000).toISOString(),
      granted: amounts(10, 0, 100),
      spent: amounts(10, 0, 5),
      refunded: amounts(10, 5, 5),
      net_spent: amounts(0, -5, 0),
      by_operation: [
        brief,
        {
          operation: "grant",
          grants: 2,
          charges: 0,
          refunds: 0,
          granted: amounts(10, 0, 100),
          spent: amounts(0, 0, 0),
          refunded: amounts(0, 0, 0),
          net_spent: amounts(0, 0, 0),
        },
        refundOnly,
      ],
      balances,
    });
  });

  it("widens with the window and narrows with a period", async () => {
    const month = await get("credits");
    expect(month).toMatchObject({
      granted: amounts(10, 50, 100),
      spent: amounts(10, 20, 5),
      refunded: amounts(10, 5, 5),
      net_spent: amounts(0, 15, 0),
      balances,
    });
    expect(month.by_operation.map((o: { operation: string }) => o.operation)).toEqual([
      "brief_generation",
      "clustering",
      "grant",
      "research_generation",
    ]);
    expect(month.by_operation[1]).toMatchObject({ charges: 1, spent: amounts(0, 20, 0), net_spent: amounts(0, 20, 0) });

    const year = await get("credits", { days: "365" });
    expect(year).toMatchObject({ granted: amounts(10, 50, 100), spent: amounts(10, 25, 5), net_spent: amounts(0, 20, 0) });
    expect(year.by_operation[3]).toMatchObject({ operation: "research_generation", charges: 1, refunds: 1, net_spent: amounts(0, 0, 0) });

    const today = await get("credits", { period: "today" });
    expect(today).toMatchObject({
      days: 1,
      granted: amounts(0, 0, 100),
      spent: amounts(0, 0, 0),
      refunded: amounts(10, 0, 5),
      net_spent: amounts(-10, 0, -5),
      balances,
    });
    expect(today.by_operation.map((o: { operation: string }) => o.operation)).toEqual(["brief_generation", "grant"]);
  });
});

describe("the window's parameters", () => {
  it("answers 400 with a field error for days out of 1..365, days that are not an integer, and an unknown period", async () => {
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ days: "0" }, { days: ["Must be >= 1."] }],
      [{ days: "366" }, { days: ["Must be <= 365."] }],
      [{ days: "400" }, { days: ["Must be <= 365."] }],
      [{ days: "abc" }, { days: ["A valid integer is required."] }],
      [{ days: "1.5" }, { days: ["A valid integer is required."] }],
      [{ period: "year" }, { period: ["Must be one of: today, week, month."] }],
    ];
    for (const route of ["signups", "active-users", "credits"]) {
      for (const [query, errors] of cases) {
        const res = await h.request("GET", `/api/v1/analytics/${route}/`, { key: s.admin.key, query });
        expect(res.statusCode, `${route} ${JSON.stringify(query)}`).toBe(400);
        expect(res.json<Schemas["FieldErrors"]>()).toEqual(errors);
      }
    }
  });
});

describe("GET /analytics/model-usage/", () => {
  const usage = (calls: number, prompt: number, completion: number) => ({ calls, prompt_tokens: prompt, completion_tokens: completion });

  beforeAll(async () => {
    const db = h.testDb.database.db;
    const task = async () => {
      const [row] = await db
        .insert(tasks)
        .values({ workspaceId: s.ids.a, userId: s.ids.a, type: "brief_generation", queue: "brief-generate", status: "completed" })
        .returning({ id: tasks.id });
      return row!.id;
    };
    const [today, threeDaysAgo, tenDaysAgo] = [await task(), await task(), await task()];
    const at = (days: number) => new Date(s.today - days * 86_400_000 + 3_600_000);
    await db.insert(taskModelUsage).values([
      { taskId: today, workspaceId: s.ids.a, modelId: "openai:gpt-4o-mini", ...usageRow(2, 100, 50), createdAt: at(0) },
      { taskId: today, workspaceId: s.ids.a, modelId: "anthropic:claude-haiku-4-5", ...usageRow(1, 10, 5), createdAt: at(0) },
      { taskId: threeDaysAgo, workspaceId: s.ids.a, modelId: "openai:gpt-4o-mini", ...usageRow(4, 400, 200), createdAt: at(3) },
      { taskId: tenDaysAgo, workspaceId: s.ids.a, modelId: "openai:gpt-4o-mini", ...usageRow(1, 1000, 1000), createdAt: at(10) },
    ]);
  });
  const usageRow = (calls: number, promptTokens: number, completionTokens: number) => ({ calls, promptTokens, completionTokens });

  it("sums the window's tokens in all, per model and per UTC day, leaving out what came before it", async () => {
    const { _meta, series, ...week } = await get("model-usage", { days: "7" });
    expect(week).toEqual({
      days: 7,
      period: null,
      start: `${s.day(6)}T00:00:00.000Z`,
      end: new Date(s.today + 86_400_000).toISOString(),
      ...usage(7, 510, 255),
      by_model: [
        { model_id: "anthropic:claude-haiku-4-5", ...usage(1, 10, 5) },
        { model_id: "openai:gpt-4o-mini", ...usage(6, 500, 250) },
      ],
    });
    expect(byDate(series, "prompt_tokens", 7)).toEqual({ [s.day(3)]: 400, [s.day(0)]: 110 });
    expect(byDate(series, "calls", 7)).toEqual({ [s.day(3)]: 4, [s.day(0)]: 3 });
    expect((await get("model-usage", { period: "month" })).prompt_tokens).toBe(1510);
    expect((await get("model-usage", { period: "today" })).by_model).toEqual([
      { model_id: "anthropic:claude-haiku-4-5", ...usage(1, 10, 5) },
      { model_id: "openai:gpt-4o-mini", ...usage(2, 100, 50) },
    ]);
  });
});

describe("who may read them", () => {
  it("answers 403 to an Admin key of a user who is not staff, and to a staff key without admin:read", async () => {
    for (const route of ROUTES) {
      const url = `/api/v1/analytics/${route}/`;
      const demoted = await h.request("GET", url, { key: s.demoted.key });
      expect(demoted.statusCode, route).toBe(403);
      expect(demoted.json<Schemas["Error"]>()).toEqual({ detail: "Admin analytics are available to staff users only." });
      const noScope = await h.request("GET", url, { key: s.noScope.key });
      expect(noScope.statusCode, route).toBe(403);
      expect(noScope.json<Schemas["Error"]>()).toEqual({ detail: "This API key lacks the required scope: admin:read." });
      expect((await h.request("GET", url, { key: s.admin.key })).statusCode).toBe(200);
    }
  });
});

describe("the OpenAPI document", () => {
  type Schema = { description?: string; properties?: Record<string, Schema>; items?: Schema };
  /** The parts of the served OpenAPI document this test reads (the API document has no schema for itself). */
  interface Operation {
    responses: { "200": { content: { "application/json": { schema: Schema } } }; "403": { description: string } };
    parameters?: { name: string; description?: string; schema: Schema }[];
  }
  interface OpenApiDocument {
    paths: Record<string, { get: Operation }>;
  }

  /** The dotted names of the fields under `schema` that have no description. */
  function undescribed(schema: Schema, at = ""): string[] {
    const missing: string[] = [];
    for (const [name, field] of Object.entries(schema.properties ?? {})) {
      if (name === "_meta") continue;
      if (!field.description) missing.push(`${at}${name}`);
      missing.push(...undescribed(field, `${at}${name}.`));
      if (field.items) missing.push(...undescribed(field.items, `${at}${name}[].`));
    }
    return missing;
  }

  it("describes every field of the five responses and the window's parameters", async () => {
    const doc = (await h.request("GET", "/api/v1/schema/", { query: { format: "json" } })).json<OpenApiDocument>();
    for (const route of ROUTES) {
      const operation = doc.paths[`/api/v1/analytics/${route}/`]!.get;
      expect(operation.responses["403"].description, route).toMatch(/not staff/);
      expect(undescribed(operation.responses["200"].content["application/json"].schema), route).toEqual([]);
      for (const parameter of operation.parameters ?? [])
        expect(parameter.description ?? parameter.schema.description, `${route} ${parameter.name}`).toBeTruthy();
    }
    const parameters = doc.paths["/api/v1/analytics/signups/"]!.get.parameters!.map((p: { name: string }) => p.name);
    expect(parameters.sort()).toEqual(["days", "period"]);
  });
});
