// The /me/ endpoints over HTTP: profile, credits, teams and the audit log.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditBatchStatement } from "../../../src/platform/audit/audit-batch";
import { chargeCredits } from "../../../src/platform/credits/ledger";
import { apiKeys, auditLogs, teamMembers } from "../../../src/platform/db/schema";
import { createHarness, type Harness, type Schemas, type TestKey } from "../../helpers/harness";
import { match } from "../../helpers/matchers";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let h: Harness;

beforeAll(async () => {
  // Developer keys get a tiny limit so that a 429 is cheap to cause; the rest use Integration.
  h = await createHarness({ workers: false, env: { RATE_LIMITS: "Developer=2" } });
});
afterAll(async () => h.close());

/** Lets the response hooks run, then writes every queued audit entry. */
async function flushAudit(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await h.canopy.audit.flush();
}

type AuditPage = Schemas["AuditLogPage"];

async function auditPage(key: TestKey, query: Record<string, string> = {}): Promise<AuditPage> {
  const res = await h.request("GET", "/api/v1/me/audit-logs/", { key: key.key, query });
  expect(res.statusCode, res.payload).toBe(200);
  return res.json<AuditPage>();
}

/** Follows an absolute page link through the app. */
async function follow(key: TestKey, link: string): Promise<AuditPage> {
  const url = new URL(link);
  const res = await h.request("GET", url.pathname + url.search, { key: key.key });
  expect(res.statusCode, res.payload).toBe(200);
  return res.json<AuditPage>();
}

describe("GET /me/profile/", () => {
  it("answers the key owner's profile", async () => {
    const user = await h.createUser({ firstName: "Ada", lastName: "Lovelace" });
    const key = await h.createKey(user, { scopes: ["user:read"] });
    const res = await h.request("GET", "/api/v1/me/profile/", { key: key.key });
    expect(res.statusCode).toBe(200);
    const body = res.json<Schemas["Profile"]>();
    expect(Object.keys(body).sort()).toEqual(
      [
        "_meta",
        "uuid",
        "email",
        "first_name",
        "last_name",
        "subscription_plan",
        "subscription_interval",
        "account_status",
        "date_joined",
        "last_active",
      ].sort(),
    );
    expect(body).toMatchObject({
      uuid: user.id,
      email: user.email,
      first_name: "Ada",
      last_name: "Lovelace",
      subscription_plan: "agency",
      subscription_interval: "monthly",
      account_status: "active",
      date_joined: user.dateJoined.toISOString(),
    });
    expect(body.last_active).toMatch(ISO);
    expect(body._meta.description).toEqual(expect.any(String));
    expect(res.headers["x-ratelimit-limit"]).toBe("120");
  });
});

describe("GET /me/credits/", () => {
  it("starts at zero", async () => {
    const { key } = await h.userWithKey(["user:read"]);
    const body = (await h.request("GET", "/api/v1/me/credits/", { key })).json<Schemas["CreditBalance"]>();
    expect(body).toMatchObject({ free_credits: 0, monthly_credits: 0, payg_credits: 0, total_credits: 0 });
    expect(body.monthly_credits_last_reset).toMatch(ISO);
    expect(body.subscription_renewal_date).toMatch(ISO);
    expect(Date.parse(body.subscription_renewal_date)).toBeGreaterThan(Date.parse(body.monthly_credits_last_reset));
  });

  it("shows each kind of grant in its bucket, and spending in bucket order", async () => {
    const { key, user } = await h.userWithKey(["user:read"]);
    await h.grant(user, 3, "free");
    await h.grant(user, 5, "monthly");
    await h.grant(user, 7, "payg");
    const granted = (await h.request("GET", "/api/v1/me/credits/", { key })).json<Schemas["CreditBalance"]>();
    expect(granted).toMatchObject({ free_credits: 3, monthly_credits: 5, payg_credits: 7, total_credits: 15 });

    await chargeCredits({ db: h.testDb.database.db }, { userId: user.id, amount: 4, operation: "brief", referenceId: randomUUID() });
    const spent = (await h.request("GET", "/api/v1/me/credits/", { key })).json<Schemas["CreditBalance"]>();
    expect(spent).toMatchObject({ free_credits: 0, monthly_credits: 4, payg_credits: 7, total_credits: 11 });
  });
});

describe("GET /me/teams/", () => {
  it("lists the user's active memberships with their roles, and no other team", async () => {
    const me = await h.createUser();
    const key = await h.createKey(me, { scopes: ["user:read"] });
    const other = await h.createUser();
    const third = await h.createUser();
    const owned = await h.createTeam(me, "Mine");
    const asMember = await h.createTeam(other, "Theirs");
    await h.addMember(asMember.id, me, "member");
    const asAdmin = await h.createTeam(third, "Shared");
    await h.addMember(asAdmin.id, me, "admin");
    const foreign = await h.createTeam(other, "Not mine");

    const res = await h.request("GET", "/api/v1/me/teams/", { key: key.key });
    expect(res.statusCode).toBe(200);
    const body = res.json<Schemas["TeamMemberships"]>();
    expect(body._meta.description).toEqual(expect.any(String));
    const byId = new Map<string, Schemas["TeamMembership"]>(body.results.map((r) => [r.team.id, r]));
    expect([...byId.keys()].sort()).toEqual([owned.id, asMember.id, asAdmin.id].sort());
    expect(byId.has(foreign.id)).toBe(false);
    expect(byId.get(owned.id)).toMatchObject({ role: "owner", status: "active" });
    expect(byId.get(asMember.id)).toMatchObject({ role: "member", status: "active" });
    expect(byId.get(asAdmin.id)).toMatchObject({ role: "admin", status: "active" });
    const team = byId.get(owned.id)!.team;
    expect(team).toEqual({
      id: owned.id,
      name: "Mine",
      slug: owned.slug,
      plan_name: match.any(String),
      created_at: match.stringMatching(ISO),
    });
  });

  it("leaves out memberships that are no longer active", async () => {
    const me = await h.createUser();
    const key = await h.createKey(me, { scopes: ["user:read"] });
    const owner = await h.createUser();
    const team = await h.createTeam(owner);
    await h.addMember(team.id, me);
    expect((await h.request("GET", "/api/v1/me/teams/", { key: key.key })).json<Schemas["TeamMemberships"]>().results).toHaveLength(1);
    await h.testDb.database.db.update(teamMembers).set({ status: "removed" }).where(eq(teamMembers.userId, me.id));
    expect((await h.request("GET", "/api/v1/me/teams/", { key: key.key })).json<Schemas["TeamMemberships"]>().results).toEqual([]);
  });
});

describe("GET /me/audit-logs/", () => {
  it("shows a request once the entries are written, with every field", async () => {
    const me = await h.userWithKey(["user:read"]);
    const { prefix } = me;
    await h.request("GET", "/api/v1/me/credits/", { key: me.key, ip: "192.0.2.44" });
    await flushAudit();
    const page = await auditPage(me, { endpoint: "/me/credits/" });
    expect(page.count).toBe(1);
    expect(page.results[0]).toEqual({
      id: match.stringMatching(UUID),
      api_key_name: match.any(String),
      api_key_prefix: prefix,
      endpoint: "/api/v1/me/credits/",
      method: "GET",
      status_code: 200,
      ip_address: "192.0.2.44",
      response_time_ms: match.any(Number),
      timestamp: match.stringMatching(ISO),
    });
    expect(prefix).toHaveLength(12);
    expect(Number.isInteger(page.results[0]!.response_time_ms)).toBe(true);
  });

  it("logs 403, 404, 405 and 429 answers, filters them, and shows the entries of all the user's keys", async () => {
    const user = await h.createUser();
    const reader = await h.createKey(user, { scopes: ["user:read"], name: "reader" });
    const unscoped = await h.createKey(user, { scopes: ["maps:read"], name: "unscoped" });
    const limited = await h.createKey(user, { scopes: ["user:read"], type: "Developer", name: "limited" });

    expect((await h.request("GET", "/api/v1/me/credits/", { key: unscoped.key })).statusCode).toBe(403);
    expect((await h.request("GET", "/api/v1/no-such-thing/", { key: reader.key })).statusCode).toBe(404);
    expect((await h.request("DELETE", "/api/v1/me/profile/", { key: reader.key })).statusCode).toBe(405);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await h.request("GET", "/api/v1/me/profile/", { key: limited.key })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    await flushAudit();

    const forbidden = await auditPage(reader, { api_key_id: unscoped.id });
    expect(forbidden.count).toBe(1);
    expect(forbidden.results[0]).toMatchObject({ status_code: 403, endpoint: "/api/v1/me/credits/", api_key_name: "unscoped" });

    const missing = await auditPage(reader, { status_code: "404" });
    expect(missing.results.map((r) => r.endpoint)).toEqual(["/api/v1/no-such-thing/"]);

    const deletes = await auditPage(reader, { method: "delete" });
    expect(deletes.results.map((r) => [r.method, r.status_code])).toEqual([["DELETE", 405]]);

    const throttled = await auditPage(reader, { api_key_id: limited.id, status_code: "429" });
    expect(throttled.count).toBe(1);
    const limitedAll = await auditPage(reader, { api_key_id: limited.id });
    expect(limitedAll.results.map((r) => r.status_code)).toEqual([429, 200, 200]);

    const partial = await auditPage(reader, { endpoint: "such-th" });
    expect(partial.results.map((r) => r.endpoint)).toEqual(["/api/v1/no-such-thing/"]);
    // `%` and `_` are matched literally, not as wildcards.
    expect((await auditPage(reader, { endpoint: "%" })).count).toBe(0);
    expect((await auditPage(reader, { endpoint: "no_such" })).count).toBe(0);
  });

  it("answers 400 for filters of the wrong type", async () => {
    const { key } = await h.userWithKey(["user:read"]);
    const badKey = await h.request("GET", "/api/v1/me/audit-logs/", { key, query: { api_key_id: "nope" } });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json<Schemas["FieldErrors"]>()).toEqual({ api_key_id: [expect.any(String)] });
    const badStatus = await h.request("GET", "/api/v1/me/audit-logs/", { key, query: { status_code: "abc" } });
    expect(badStatus.statusCode).toBe(400);
    expect(Object.keys(badStatus.json<Schemas["FieldErrors"]>())).toEqual(["status_code"]);
  });

  describe("pagination", () => {
    let reader: TestKey;
    const syntheticKeyId = randomUUID();
    const TOTAL = 250;
    const base = Date.UTC(2026, 5, 1);

    beforeAll(async () => {
      const user = await h.createUser();
      reader = await h.createKey(user, { scopes: ["user:read"] });
      // Written directly: 250 requests would take longer than the point they make.
      await h.testDb.database.db.execute(
        auditBatchStatement(
          Array.from({ length: TOTAL }, (_, i) => ({
            userId: user.id,
            apiKeyId: syntheticKeyId,
            apiKeyName: "synthetic",
            apiKeyPrefix: "cnpy_live_ff",
            endpoint: `/api/v1/synthetic/${i}/`,
            method: "GET",
            statusCode: 200,
            ipAddress: "192.0.2.1",
            responseTimeMs: 1,
            timestamp: new Date(base + i * 1000),
          })),
        ),
      );
    });

    it("pages 50 by default, newest first", async () => {
      const page = await auditPage(reader, { api_key_id: syntheticKeyId });
      expect(page.count).toBe(TOTAL);
      expect(page.results).toHaveLength(50);
      expect(page.results[0]!.endpoint).toBe(`/api/v1/synthetic/${TOTAL - 1}/`);
      const times = page.results.map((r) => Date.parse(r.timestamp));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(page.previous).toBeNull();
      expect(new URL(page.next!).searchParams.get("page")).toBe("2");
    });

    it("clamps page_size to 200 and links the pages with absolute URLs", async () => {
      const first = await auditPage(reader, { api_key_id: syntheticKeyId, page_size: "1000" });
      expect(first.count).toBe(TOTAL);
      expect(first.results).toHaveLength(200);
      expect(first.previous).toBeNull();
      const next = new URL(first.next!);
      expect(next.protocol).toMatch(/^https?:$/);
      expect(next.host).not.toBe("");
      expect(next.pathname).toBe("/api/v1/me/audit-logs/");
      expect(next.searchParams.get("page")).toBe("2");
      expect(next.searchParams.get("page_size")).toBe("200");
      expect(next.searchParams.get("api_key_id")).toBe(syntheticKeyId);

      const second = await follow(reader, first.next!);
      expect(second.results).toHaveLength(TOTAL - 200);
      expect(second.next).toBeNull();
      expect(new URL(second.previous!).searchParams.get("page")).toBe("1");
      expect(second.results.at(-1)!.endpoint).toBe("/api/v1/synthetic/0/");

      const ids = new Set([...first.results, ...second.results].map((r) => r.id));
      expect(ids.size).toBe(TOTAL);
      const back = await follow(reader, second.previous!);
      expect(back.results.map((r) => r.id)).toEqual(first.results.map((r) => r.id));
    });

    it("answers 404 for a page past the last (the rules of every list: test/platform/http/pages.api.test.ts)", async () => {
      const last = await auditPage(reader, { api_key_id: syntheticKeyId, page_size: "100", page: "3" });
      expect(last.results).toHaveLength(TOTAL - 200);
      const res = await h.request("GET", "/api/v1/me/audit-logs/", {
        key: reader.key,
        query: { api_key_id: syntheticKeyId, page_size: "100", page: "4" },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json<Schemas["Error"]>()).toEqual({ detail: "Invalid page." });
    });
  });

  it("shows only the requesting user's entries", async () => {
    const alice = await h.userWithKey(["user:read"]);
    const bob = await h.userWithKey(["user:read"]);
    await h.request("GET", "/api/v1/me/profile/", { key: alice.key });
    await h.request("GET", "/api/v1/me/credits/", { key: bob.key });
    await flushAudit();
    const alicePage = await auditPage(alice);
    expect(alicePage.count).toBeGreaterThan(0);
    expect(alicePage.results.every((r) => r.api_key_prefix === alice.prefix)).toBe(true);
    expect(alicePage.results.some((r) => r.endpoint === "/api/v1/me/credits/")).toBe(false);
    // Asking for another user's key by id finds nothing either.
    expect((await auditPage(alice, { api_key_id: bob.id })).count).toBe(0);
    const bobPage = await auditPage(bob);
    expect(bobPage.results.some((r) => r.endpoint === "/api/v1/me/profile/")).toBe(false);
  });

  it("never stores a plaintext key, in the audit log or with the keys", async () => {
    const { key, id } = await h.userWithKey(["user:read"]);
    await h.request("GET", "/api/v1/me/profile/", { key });
    await h.request("GET", "/api/v1/nothing-here/", { key });
    await flushAudit();
    const db = h.testDb.database.db;
    const logged = await db.select().from(auditLogs).where(eq(auditLogs.apiKeyId, id));
    expect(logged.length).toBeGreaterThanOrEqual(2);
    const stored = JSON.stringify([logged, await db.select().from(apiKeys)]);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(key.slice(12));
  });
});
