// Errors that say what to do: a key sent in Authorization, a key sent with a scheme, a team's slug
// in X-Team-ID; and the index at `/` and `/api/v1/` that points a newcomer to the documentation.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_DETAILS } from "../../../src/platform/auth/authenticate";
import { REPO_ROOT } from "../../helpers/repo-root";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";

/** `npm ci` builds the console; a checkout that skipped the build serves a 503 in its place. */
const consoleBuilt = existsSync(path.join(REPO_ROOT, "dist", "console", "index.html"));

let h: Harness;

beforeAll(async () => {
  h = await createHarness({ workers: false });
});
afterAll(async () => h.close());

describe("a key sent where this API does not read it", () => {
  it.each(["Bearer", "Token", "Basic"])(
    "Authorization: %s <key> answers 401 with the fixed text, then the header to use",
    async (scheme) => {
      const { key } = await h.userWithKey(["user:read"]);
      const res = await h.request("GET", "/api/v1/me/profile/", { headers: { authorization: `${scheme} ${key}` } });
      expect(res.statusCode).toBe(401);
      const detail = res.json<Schemas["Error"]>().detail;
      // Clients that match the documented text keep working: it comes first, unchanged.
      expect(detail.startsWith(AUTH_DETAILS.missing)).toBe(true);
      expect(detail).toContain("X-API-Key");
      expect(detail).toBe("Authentication credentials were not provided. Send the key in the X-API-Key header, not in Authorization.");
    },
  );

  it("without any key header, the 401 is the documented text alone", async () => {
    const res = await h.request("GET", "/api/v1/me/profile/");
    expect(res.json<Schemas["Error"]>()).toEqual({ detail: AUTH_DETAILS.missing });
  });

  it("X-API-Key: Bearer <key> answers 401 saying to send the key alone", async () => {
    const { key } = await h.userWithKey(["user:read"]);
    const res = await h.request("GET", "/api/v1/me/profile/", { headers: { "x-api-key": `Bearer ${key}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json<Schemas["Error"]>()).toEqual({
      detail: "Invalid API key. Send the key alone in X-API-Key, without a scheme such as Bearer.",
    });
    // A key that is merely wrong gets the documented text alone.
    const wrong = await h.request("GET", "/api/v1/me/profile/", { key: "cnpy_live_00000000000000000000000000000000" });
    expect(wrong.json<Schemas["Error"]>()).toEqual({ detail: AUTH_DETAILS.invalid });
  });

  it("a key in X-API-Key works whatever else is in Authorization", async () => {
    const { key } = await h.userWithKey(["user:read"]);
    const res = await h.request("GET", "/api/v1/me/profile/", { key, headers: { authorization: "Bearer something-else" } });
    expect(res.statusCode).toBe(200);
  });
});

describe("a team's slug or name in X-Team-ID", () => {
  it("answers 403 saying the header takes the team's id, and where to find it", async () => {
    const { key, user } = await h.userWithKey(["user:read", "brands:read"]);
    const team = await h.createTeam(user, "Espresso Crew");
    const teams = (await h.request("GET", "/api/v1/me/teams/", { key })).json<Schemas["TeamMemberships"]>().results;
    const slug = teams.find((t) => t.team.id === team.id)!.team.slug;
    expect(slug).not.toBe(team.id);

    const res = await h.request("GET", "/api/v1/brands/", { key, teamId: slug });
    expect(res.statusCode).toBe(403);
    const detail = res.json<Schemas["Error"]>().detail;
    expect(detail).toMatch(/X-Team-ID must be a team's id \(a UUID\), not its name or slug/);
    // The place it names really lists the id.
    expect(detail).toContain("GET /api/v1/me/teams/");
    expect((await h.request("GET", "/api/v1/brands/", { key, teamId: team.id })).statusCode).toBe(200);
  });
});

describe("the index at / and /api/v1/", () => {
  it.each(["/", "/api/v1/", "/api/v1"])("GET %s answers 200 without a key: the API's name, version and links to the docs", async (path) => {
    const res = await h.request("GET", path, { headers: { host: "canopy.example.test:8443" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const body = res.json<Schemas["ApiIndex"]>();
    expect(body._meta.description).toEqual(expect.any(String));
    expect(body.name).toEqual(expect.any(String));
    expect(body.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Object.keys(body.links).sort()).toEqual(["console", "docs", "healthz", "llms", "llms_full", "readyz", "redoc", "schema"]);
    // Every link is absolute, on the server that was asked, and answers without a key: 200, or for
    // the console 503 in a checkout whose console is not built.
    for (const [name, link] of Object.entries(body.links as Record<string, string>)) {
      const url = new URL(link);
      expect(url.origin, name).toBe("http://canopy.example.test:8443");
      expect((await h.request("GET", url.pathname)).statusCode, name).toBe(name === "console" && !consoleBuilt ? 503 : 200);
    }
    expect(body.links.console).toMatch(/\/console\/$/);
    expect(body.links.docs).toMatch(/\/api\/v1\/docs\/$/);
    expect(body.links.redoc).toMatch(/\/api\/v1\/redoc\/$/);
    expect(body.links.schema).toMatch(/\/api\/v1\/schema\/$/);
  });

  it("is not rate limited or audited, with a key or without", async () => {
    const { key } = await h.userWithKey(["user:read"]);
    const res = await h.request("GET", "/api/v1/", { key });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-ratelimit-limit"]).toBeUndefined();
  });

  it("is in the OpenAPI document, public", async () => {
    const doc = JSON.parse((await h.request("GET", "/api/v1/schema/?format=json")).body) as {
      paths: Record<string, { get?: { security?: unknown[]; operationId?: string } }>;
    };
    for (const path of ["/", "/api/v1/"]) {
      expect(doc.paths[path]?.get?.security, path).toEqual([]);
    }
    expect(doc.paths["/"]!.get!.operationId).not.toBe(doc.paths["/api/v1/"]!.get!.operationId);
  });
});
