// The pipeline's steps are attached per route (and a global hook covers unmatched paths): every
// kind of path still counts each request exactly once, a HEAD answered by a GET route included,
// only keyed body methods insist on a JSON content type, and everything a valid key asks is
// audited with its path (without the query string).
import { eq } from "drizzle-orm";
import Type, { type Static } from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../../src/platform/db/schema";
import { auditedEndpoint } from "../../../src/platform/http/pipeline";
import { keyedRoute } from "../../../src/platform/http/route";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";

const Echo = Type.Object({ n: Type.Integer() });

const echoRoute = keyedRoute({
  method: "POST",
  path: "/api/v1/test-pipeline/echo/",
  tag: "Test",
  summary: "Echoes its body",
  scope: null,
  workspaced: false,
  status: 200,
  schemas: { body: Type.Object({ n: Type.Integer() }), response: Echo },
  handler: async ({ body }) => ({ n: body.n }),
});

let h: Harness;

beforeAll(async () => {
  h = await createHarness({ workers: false, env: { RATE_LIMITS: "Integration=10" }, extraRoutes: [echoRoute] });
});
afterAll(async () => h.close());

const remaining = (res: { headers: Record<string, unknown> }) => res.headers["x-ratelimit-remaining"];

describe("request pipeline", () => {
  it("counts one request once on every kind of path: keyed GET, its HEAD, 404, 405, OPTIONS", async () => {
    const { key } = await h.userWithKey(["user:read"]);
    const answers = [
      await h.request("GET", "/api/v1/me/profile/", { key }),
      await h.request("HEAD", "/api/v1/me/profile/", { key }),
      await h.request("GET", "/api/v1/no-such-thing/", { key }),
      await h.request("PUT", "/api/v1/me/profile/", { key }),
      await h.request("OPTIONS", "/api/v1/me/profile/", { key }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 404, 405, 200]);
    expect(answers.map(remaining)).toEqual(["9", "8", "7", "6", "5"]);
  });

  it("leaves public paths and paths outside the API alone, whatever key they carry", async () => {
    const { key } = await h.userWithKey(["user:read"]);
    for (const url of ["/", "/api/v1/", "/healthz", "/api/v1/schema/", "/not-the-api/"]) {
      const res = await h.request("GET", url, { key });
      expect(remaining(res), url).toBeUndefined();
    }
    expect(remaining(await h.request("GET", "/api/v1/me/profile/", { key }))).toBe("9");
  });

  it("asks a keyed POST for a JSON body, after authenticating it, and no GET for anything", async () => {
    const { key } = await h.userWithKey(["user:read"]);
    const noType = await h.canopy.app.inject({
      method: "POST",
      url: "/api/v1/test-pipeline/echo/",
      headers: { "x-api-key": key },
      payload: '{"n": 7}',
    });
    expect(noType.statusCode).toBe(415);
    expect(remaining(noType)).toBe("9");
    expect((await h.canopy.app.inject({ method: "POST", url: "/api/v1/test-pipeline/echo/", payload: '{"n": 7}' })).statusCode).toBe(401);
    // No body at all is `{}`, which this route's schema refuses field by field.
    const bare = await h.request("POST", "/api/v1/test-pipeline/echo/", { key });
    expect([bare.statusCode, bare.json<Schemas["FieldErrors"]>()]).toEqual([400, { n: ["This field is required."] }]);
    const ok = await h.request("POST", "/api/v1/test-pipeline/echo/", { key, body: { n: 7 } });
    expect([ok.statusCode, ok.json<Static<typeof Echo>>()]).toEqual([200, { n: 7 }]);
    expect((await h.request("GET", "/api/v1/me/profile/", { key })).statusCode).toBe(200);
  });

  it("audits what a valid key asks, 404s included, under the path without its query", async () => {
    const { key, userId } = await h.userWithKey(["user:read"]);
    await h.request("GET", "/api/v1/me/profile/?x=1&y=2", { key });
    await h.request("GET", "/api/v1/no-such-thing/?q=secret", { key });
    await h.request("GET", "/api/v1/me/profile/", { key: "cnpy_live_00000000000000000000000000000000" });
    await h.canopy.audit.flush();
    const rows = await h.testDb.database.db.select().from(auditLogs).where(eq(auditLogs.userId, userId));
    expect(rows.map((r) => [r.method, r.endpoint, r.statusCode]).sort()).toEqual([
      ["GET", "/api/v1/me/profile/", 200],
      ["GET", "/api/v1/no-such-thing/", 404],
    ]);
  });
});

describe("auditedEndpoint", () => {
  it("drops the query string and keeps the path as sent", () => {
    expect(auditedEndpoint("/api/v1/a/?b=c?d")).toBe("/api/v1/a/");
    expect(auditedEndpoint("/api/v1/a/")).toBe("/api/v1/a/");
    expect(auditedEndpoint("/api/v1/a/?")).toBe("/api/v1/a/");
  });
});
