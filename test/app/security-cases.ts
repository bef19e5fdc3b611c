// The shared security suite's cases (ARCHITECTURE practice 9), generated from the route
// registry: every keyed route gets the same authentication, scope, staff and workspace checks,
// so a route is covered the day it is registered. security.test.ts runs them against fixtures
// built once by createSecurityFixtures; resources of other workspaces and users are the BOLA
// matrix's (bola.test.ts).
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { AUTH_DETAILS, KEY_HEADER_HINT } from "../../src/platform/auth/authenticate";
import { ALL_SCOPES, type Scope } from "../../src/platform/auth/scopes";
import { apiKeys } from "../../src/platform/db/schema";
import { TEAM_ID_NOT_UUID } from "../../src/platform/http/pipeline";
import type { KeyedRoute, RouteDef } from "../../src/platform/http/route";
import { revokeKey } from "../../src/modules/keys";
import type { Harness, TestKey } from "../helpers/harness";

/** Keys in a known state, built once per suite. */
type NamedKey =
  | "full"
  | "nonStaff"
  | "revoked"
  | "expired"
  | "inactive"
  | "notAgency"
  | "noBeta"
  | "ipRestricted"
  | "revokedAndExpired"
  | "revokedOfInactive"
  | "expiredOfInactive"
  | "inactiveNotAgency"
  | "notAgencyNoBeta"
  | "noBetaIpRestricted";

type Credential =
  | { kind: "none" }
  | { kind: "header"; value: string }
  | { kind: "named"; name: NamedKey }
  /** A valid key, sent as other APIs take one (`Authorization: Bearer`) and without X-API-Key. */
  | { kind: "bearer"; name: NamedKey }
  /** A key of a staff user holding every scope but this one. */
  | { kind: "lacking"; scope: Scope };

type TeamHeader = "malformed" | "foreignTeam" | "unknownTeam";

type Expectation = { status: number; detail?: string } | { passes: true };

export interface SecurityCase {
  title: string;
  credential: Credential;
  teamHeader?: TeamHeader;
  /** The client address; the inject default (127.0.0.1) when absent. */
  ip?: string;
  expect: Expectation;
}

/** The address the allowlisted keys' requests come from: outside their allowlist. */
const OUTSIDE_IP = "192.0.2.10";
const ALLOWLIST = ["10.0.0.0/8"];

export function keyedRoutesOf(routes: RouteDef[]): KeyedRoute[] {
  return routes.filter((r): r is KeyedRoute => r.auth === "key");
}

export function routeLabel(route: RouteDef): string {
  return `${route.method} ${route.path}`;
}

/** The route's path with every `:param` replaced by a fresh random UUID. */
export function concreteUrl(path: string): string {
  return path.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, () => randomUUID());
}

function unauthorized(title: string, credential: Credential, detail: string, ip?: string): SecurityCase {
  return { title, credential, ip, expect: { status: 401, detail } };
}

/** Every case a keyed route must pass, from what its definition declares. */
export function securityCases(route: KeyedRoute): SecurityCase[] {
  const named = (name: NamedKey): Credential => ({ kind: "named", name });
  const cases: SecurityCase[] = [
    unauthorized("no key", { kind: "none" }, AUTH_DETAILS.missing),
    unauthorized("a blank key", { kind: "header", value: "   " }, AUTH_DETAILS.missing),
    unauthorized(
      "a valid key sent as Authorization: Bearer",
      { kind: "bearer", name: "full" },
      `${AUTH_DETAILS.missing} ${KEY_HEADER_HINT}`,
    ),
    unauthorized("a malformed key", { kind: "header", value: "not-a-canopy-key" }, AUTH_DETAILS.invalid),
    unauthorized("a key with upper-case hex", { kind: "header", value: `cnpy_live_${"AB".repeat(16)}` }, AUTH_DETAILS.invalid),
    unauthorized(
      "a well-formed unknown key",
      { kind: "header", value: `cnpy_live_${randomBytes(16).toString("hex")}` },
      AUTH_DETAILS.invalid,
    ),
    unauthorized("a revoked key", named("revoked"), AUTH_DETAILS.revoked),
    unauthorized("an expired key", named("expired"), AUTH_DETAILS.expired),
    unauthorized("a key of an inactive user", named("inactive"), AUTH_DETAILS.inactive),
    unauthorized("a key of a user off the agency plan", named("notAgency"), AUTH_DETAILS.plan),
    unauthorized("a key of a user without beta access", named("noBeta"), AUTH_DETAILS.beta),
    unauthorized("a key used from outside its IP allowlist", named("ipRestricted"), AUTH_DETAILS.ip, OUTSIDE_IP),
    // Several faults at once: the first in the order of docs/conventions.md §3 is the one reported.
    unauthorized("a revoked key that has also expired", named("revokedAndExpired"), AUTH_DETAILS.revoked),
    unauthorized("a revoked key of an inactive user", named("revokedOfInactive"), AUTH_DETAILS.revoked),
    unauthorized("an expired key of an inactive user", named("expiredOfInactive"), AUTH_DETAILS.expired),
    unauthorized("an inactive user off the agency plan", named("inactiveNotAgency"), AUTH_DETAILS.inactive),
    unauthorized("a user off the agency plan without beta access", named("notAgencyNoBeta"), AUTH_DETAILS.plan),
    unauthorized("a user without beta access outside the allowlist", named("noBetaIpRestricted"), AUTH_DETAILS.beta, OUTSIDE_IP),
  ];
  if (route.scope) {
    cases.push({
      title: `a key with every scope but ${route.scope}`,
      credential: { kind: "lacking", scope: route.scope },
      expect: { status: 403, detail: `This API key lacks the required scope: ${route.scope}.` },
    });
  }
  if (route.staffOnly) {
    cases.push({ title: "a key of a user who is not staff", credential: named("nonStaff"), expect: { status: 403 } });
  }
  if (route.workspaced) {
    cases.push(
      {
        title: "an X-Team-ID that is not a UUID",
        credential: named("full"),
        teamHeader: "malformed",
        expect: { status: 403, detail: TEAM_ID_NOT_UUID },
      },
      { title: "the X-Team-ID of another user's team", credential: named("full"), teamHeader: "foreignTeam", expect: { status: 403 } },
      { title: "an X-Team-ID that names no team", credential: named("full"), teamHeader: "unknownTeam", expect: { status: 403 } },
    );
  }
  // The control: a key with everything gets past the pipeline, so each refusal above is owed
  // to the one thing that case changed.
  cases.push({ title: "a staff key with every scope gets past the checks", credential: named("full"), expect: { passes: true } });
  return cases;
}

// ---- fixtures and requests -------------------------------------------------------------------

export interface SecurityFixtures {
  keys: Record<NamedKey, TestKey>;
  lacking(scope: Scope): Promise<TestKey>;
  foreignTeamId: string;
}

export async function createSecurityFixtures(h: Harness): Promise<SecurityFixtures> {
  const serviceCtx = { db: h.testDb.database.db, platform: h.canopy.platform };
  const staff = await h.createUser({ staff: true });
  const nonStaff = await h.createUser();
  const allScopes = [...ALL_SCOPES];

  /** A key of a fresh user, then the user and key changed as asked (keys need a sound user first). */
  async function keyWith(faults: {
    revoked?: boolean;
    expired?: boolean;
    inactive?: boolean;
    notAgency?: boolean;
    noBeta?: boolean;
    allowlist?: boolean;
  }) {
    const user = await h.createUser();
    const key = await h.createKey(user, {
      scopes: allScopes.filter((s) => s !== "admin:read"),
      allowedIps: faults.allowlist ? ALLOWLIST : undefined,
    });
    if (faults.revoked) await revokeKey(serviceCtx, key.id, null);
    if (faults.expired) {
      await h.testDb.database.db
        .update(apiKeys)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(apiKeys.id, key.id));
    }
    const changes = {
      ...(faults.inactive ? { active: false } : {}),
      ...(faults.notAgency ? { plan: "pro" as const } : {}),
      ...(faults.noBeta ? { beta: false } : {}),
    };
    if (Object.keys(changes).length > 0) await h.updateUser(user.email, changes);
    return key;
  }

  const keys: Record<NamedKey, TestKey> = {
    full: await h.createKey(staff, { scopes: allScopes }),
    nonStaff: await h.createKey(nonStaff, { scopes: allScopes }),
    revoked: await keyWith({ revoked: true }),
    expired: await keyWith({ expired: true }),
    inactive: await keyWith({ inactive: true }),
    notAgency: await keyWith({ notAgency: true }),
    noBeta: await keyWith({ noBeta: true }),
    ipRestricted: await keyWith({ allowlist: true }),
    revokedAndExpired: await keyWith({ revoked: true, expired: true }),
    revokedOfInactive: await keyWith({ revoked: true, inactive: true }),
    expiredOfInactive: await keyWith({ expired: true, inactive: true }),
    inactiveNotAgency: await keyWith({ inactive: true, notAgency: true }),
    notAgencyNoBeta: await keyWith({ notAgency: true, noBeta: true }),
    noBetaIpRestricted: await keyWith({ noBeta: true, allowlist: true }),
  };
  // Expiry was written around the service: make sure no process holds the earlier state.
  h.canopy.authCache.clear();

  const lackingKeys = new Map<Scope, Promise<TestKey>>();
  const stranger = await h.createUser();
  const foreignTeam = await h.createTeam(stranger);

  return {
    keys,
    lacking(scope) {
      let key = lackingKeys.get(scope);
      if (!key) {
        key = h.createKey(staff, { scopes: allScopes.filter((s) => s !== scope) });
        lackingKeys.set(scope, key);
      }
      return key;
    },
    foreignTeamId: foreignTeam.id,
  };
}

async function headerFor(fixtures: SecurityFixtures, credential: Credential): Promise<string | undefined> {
  switch (credential.kind) {
    case "none":
      return undefined;
    case "header":
      return credential.value;
    case "named":
      return fixtures.keys[credential.name].key;
    case "bearer":
      return undefined;
    case "lacking":
      return (await fixtures.lacking(credential.scope)).key;
  }
}

function teamHeaderValue(fixtures: SecurityFixtures, team: TeamHeader): string {
  switch (team) {
    case "malformed":
      return "not-a-team-id";
    case "foreignTeam":
      return fixtures.foreignTeamId;
    case "unknownTeam":
      return randomUUID();
  }
}

/** Sends one case to a concrete URL of the route: no body, so only the pipeline decides. */
export async function sendCase(
  h: Harness,
  fixtures: SecurityFixtures,
  route: KeyedRoute,
  c: SecurityCase,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  const key = await headerFor(fixtures, c.credential);
  if (key !== undefined) headers["x-api-key"] = key;
  if (c.credential.kind === "bearer") headers.authorization = `Bearer ${fixtures.keys[c.credential.name].key}`;
  if (c.teamHeader) headers["x-team-id"] = teamHeaderValue(fixtures, c.teamHeader);
  return h.canopy.app.inject({ method: route.method, url: concreteUrl(route.path), headers, remoteAddress: c.ip });
}
