// The shared security suite: every keyed route of the registry, run through the same checks
// (security-cases.ts). A route added to `apiRoutes` is covered here with no change to this file;
// the BOLA matrix (bola.test.ts) covers it against other users' and workspaces' resources.
import { and, eq } from "drizzle-orm";
import Type from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isScope } from "../../src/platform/auth/scopes";
import { teamMembers } from "../../src/platform/db/schema";
import { NotFound } from "../../src/platform/errors";
import { keyedRoute, type KeyedRoute, type RouteDef } from "../../src/platform/http/route";
import { allRoutes, apiRoutes } from "../../src/app/modules";
import { createHarness, EVERY_USER_SCOPE, type Harness, type Schemas } from "../helpers/harness";
import { match } from "../helpers/matchers";
import {
  concreteUrl,
  createSecurityFixtures,
  keyedRoutesOf,
  routeLabel,
  securityCases,
  sendCase,
  type SecurityFixtures,
} from "./security-cases";

// Routes that exercise the kinds of case no registered route may have yet: a workspaced route
// with a path parameter, a staff-only route and a route any valid key may call.
const probeRoutes: RouteDef[] = [
  keyedRoute({
    method: "GET",
    path: "/api/v1/test-security/workspaces/:id/",
    tag: "Test",
    summary: "Found only when :id is the selected workspace",
    scope: "brands:read",
    workspaced: true,
    status: 200,
    schemas: { params: Type.Object({ id: Type.String({ format: "uuid" }) }), response: null },
    handler: async ({ ctx, params }) => {
      if (params.id !== ctx.workspace.id) throw new NotFound();
      return { id: ctx.workspace.id };
    },
  }),
  keyedRoute({
    method: "GET",
    path: "/api/v1/test-security/staff/",
    tag: "Test",
    summary: "Staff only",
    scope: "admin:read",
    staffOnly: true,
    workspaced: false,
    status: 200,
    schemas: { response: null },
    handler: async () => ({ ok: true }),
  }),
  keyedRoute({
    method: "POST",
    path: "/api/v1/test-security/any-key/",
    tag: "Test",
    summary: "Any valid key, in a workspace",
    scope: null,
    workspaced: true,
    status: 200,
    schemas: { body: Type.Object({}), response: null },
    handler: async () => ({ ok: true }),
  }),
];

const routesUnderTest = keyedRoutesOf([...apiRoutes, ...probeRoutes]);

let h: Harness;
let fixtures: SecurityFixtures;

beforeAll(async () => {
  // The suite sends many requests per key; limits are tested in test/platform/http/wire.api.test.ts.
  h = await createHarness({
    workers: false,
    env: { RATE_LIMITS: "Developer=1000000,Integration=1000000,Admin=1000000" },
    extraRoutes: probeRoutes,
  });
  fixtures = await createSecurityFixtures(h);
});
afterAll(async () => h.close());

describe("the route registry", () => {
  it("puts every keyed route in apiRoutes, which this suite covers", () => {
    const covered = new Set(apiRoutes.map(routeLabel));
    expect(
      keyedRoutesOf(allRoutes)
        .map(routeLabel)
        .filter((label) => !covered.has(label)),
    ).toEqual([]);
    expect(keyedRoutesOf(apiRoutes).length).toBeGreaterThan(0);
  });

  it("keeps every keyed route under /api/v1/, the only prefix the pipeline guards", () => {
    const outside = keyedRoutesOf(allRoutes).filter((r) => !r.path.startsWith("/api/v1/") || !r.path.endsWith("/"));
    expect(outside.map(routeLabel)).toEqual([]);
  });

  it("registers each method and path once", () => {
    const labels = allRoutes.map(routeLabel);
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
  });

  it("names only known scopes", () => {
    const unknown = keyedRoutesOf(allRoutes).filter((r) => r.scope !== null && !isScope(r.scope));
    expect(unknown.map(routeLabel)).toEqual([]);
  });

  it("builds concrete URLs with a UUID for every path parameter", () => {
    const url = concreteUrl("/api/v1/things/:id/parts/:part_id/");
    expect(url).toMatch(/^\/api\/v1\/things\/[0-9a-f-]{36}\/parts\/[0-9a-f-]{36}\/$/);
  });
});

function describeRoute(route: KeyedRoute): void {
  describe(routeLabel(route), () => {
    for (const c of securityCases(route)) {
      it(c.title, async () => {
        const res = await sendCase(h, fixtures, route, c);
        if ("passes" in c.expect) {
          expect([401, 403, 429], res.payload).not.toContain(res.statusCode);
          expect(res.statusCode, res.payload).toBeLessThan(500);
          expect(res.headers["x-ratelimit-limit"]).toBeDefined();
          return;
        }
        expect(res.statusCode, res.payload).toBe(c.expect.status);
        expect(res.json<Schemas["Error"]>()).toEqual({ detail: c.expect.detail ?? match.any(String) });
      });
    }
  });
}

describe("every keyed route", () => {
  for (const route of routesUnderTest) describeRoute(route);
});

describe("the workspace and allowlist checks let the right requests through", () => {
  const probe = "/api/v1/test-security/workspaces";

  it("accepts a key from inside its IP allowlist, IPv4-mapped or not", async () => {
    const { key, userId } = fixtures.keys.ipRestricted;
    for (const ip of ["10.20.30.40", "::ffff:10.20.30.40"]) {
      const res = await h.request("GET", `${probe}/${userId}/`, { key, ip });
      expect(res.statusCode, ip).toBe(200);
    }
  });

  it("selects a team the user belongs to, and refuses it once the membership ends", async () => {
    const owner = await h.userWithKey(EVERY_USER_SCOPE);
    const member = await h.userWithKey(EVERY_USER_SCOPE);
    const team = await h.createTeam(owner.user);
    await h.addMember(team.id, member.user);
    expect((await h.request("GET", `${probe}/${team.id}/`, { key: member.key, teamId: team.id })).statusCode).toBe(200);
    // The team's resources are not in the member's personal workspace.
    expect((await h.request("GET", `${probe}/${team.id}/`, { key: member.key })).statusCode).toBe(404);

    await h.testDb.database.db
      .update(teamMembers)
      .set({ status: "removed" })
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, member.user.id)));
    // Written around the service, so nothing announced the change.
    h.canopy.authCache.clear();
    expect((await h.request("GET", `${probe}/${team.id}/`, { key: member.key, teamId: team.id })).statusCode).toBe(403);
  });
});
