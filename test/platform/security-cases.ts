// The shared security suite's cases (ARCHITECTURE practice 9), generated from the route
// registry: every keyed route gets the same authentication, scope, staff and workspace checks,
// so a route is covered the day it is registered. security.test.ts runs them against fixtures
// built once by createSecurityFixtures.
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { AUTH_DETAILS } from "../../src/platform/auth/authenticate";
import { ALL_SCOPES, type Scope } from "../../src/platform/auth/scopes";
import { apiKeys } from "../../src/platform/db/schema";
import type { KeyedRoute, RouteDef } from "../../src/platform/http/route";
import { revokeKey } from "../../src/modules/keys/service";
import type { UserRow } from "../../src/modules/users/service";
import type { Harness, TestKey } from "../helpers/harness";
import { finishByHand, storeFakeSerps } from "../http/clustering-helpers";

/** Keys in a known state, built once per suite. */
export type NamedKey =
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

export type Credential =
  | { kind: "none" }
  | { kind: "header"; value: string }
  | { kind: "named"; name: NamedKey }
  /** A key of a staff user holding every scope but this one. */
  | { kind: "lacking"; scope: Scope };

export type TeamHeader = "malformed" | "foreignTeam" | "unknownTeam";

export type Expectation = { status: number; detail?: string } | { passes: true };

export interface SecurityCase {
  title: string;
  credential: Credential;
  teamHeader?: TeamHeader;
  /** The client address; the inject default (127.0.0.1) when absent. */
  ip?: string;
  expect: Expectation;
}

/** The address the allowlisted keys' requests come from: outside their allowlist. */
export const OUTSIDE_IP = "192.0.2.10";
export const ALLOWLIST = ["10.0.0.0/8"];

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
    unauthorized("a malformed key", { kind: "header", value: "not-a-canopy-key" }, AUTH_DETAILS.invalid),
    unauthorized("a key with upper-case hex", { kind: "header", value: `cnpy_live_${"AB".repeat(16)}` }, AUTH_DETAILS.invalid),
    unauthorized("a well-formed unknown key", { kind: "header", value: `cnpy_live_${randomBytes(16).toString("hex")}` }, AUTH_DETAILS.invalid),
    unauthorized("a revoked key", named("revoked"), AUTH_DETAILS.revoked),
    unauthorized("an expired key", named("expired"), AUTH_DETAILS.expired),
    unauthorized("a key of an inactive user", named("inactive"), AUTH_DETAILS.inactive),
    unauthorized("a key of a user off the agency plan", named("notAgency"), AUTH_DETAILS.plan),
    unauthorized("a key of a user without beta access", named("noBeta"), AUTH_DETAILS.beta),
    unauthorized("a key used from outside its IP allowlist", named("ipRestricted"), AUTH_DETAILS.ip, OUTSIDE_IP),
    // Several faults at once: the first in DECISIONS order is the one reported.
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
      { title: "an X-Team-ID that is not a UUID", credential: named("full"), teamHeader: "malformed", expect: { status: 403 } },
      { title: "the X-Team-ID of another user's team", credential: named("full"), teamHeader: "foreignTeam", expect: { status: 403 } },
      { title: "an X-Team-ID that names no team", credential: named("full"), teamHeader: "unknownTeam", expect: { status: 403 } },
    );
  }
  // The control: a key with everything gets past the pipeline, so each refusal above is owed
  // to the one thing that case changed.
  cases.push({ title: "a staff key with every scope gets past the checks", credential: named("full"), expect: { passes: true } });
  return cases;
}

// ---- foreign workspace resources ------------------------------------------------------------

export interface ForeignResource {
  url: string;
  body?: unknown;
  /** The X-Team-ID under which the owner reaches it, when it lives in a team workspace. */
  ownerTeamId?: string;
}

export interface ForeignSetup {
  h: Harness;
  /** The resource's owner: a fresh user with a key holding every user scope. */
  owner: TestKey & { user: UserRow };
}

/** Creates a resource in `owner`'s workspace and says how to request it. */
export type ForeignWorkspaceFixture = (setup: ForeignSetup) => Promise<string | ForeignResource>;

// ---- helpers of the brand and research fixtures ------------------------------------------------

const OWNED_TREE = [
  { main_topic: "seo", subtopic_2: [{ name: "tools", keywords: ["seo tools"] }, { name: "links", keywords: ["backlinks"] }], keywords: ["seo"] },
  { main_topic: "content" },
];

/** A brand in the owner's workspace (a team's when `teamId` is given), with a tree imported if asked. */
async function ownedBrand({ h, owner }: ForeignSetup, withTree: boolean, teamId?: string): Promise<string> {
  const created = await h.request("POST", "/api/v1/brands/", { key: owner.key, teamId, body: { brand_name: "Owned Brand" } });
  if (created.statusCode !== 201) throw new Error(`brand create answered ${created.statusCode}: ${created.payload}`);
  const brandId = created.json().id as string;
  if (withTree) {
    const imported = await h.request("PUT", `/api/v1/research/${brandId}/`, { key: owner.key, teamId, body: { research_data: OWNED_TREE } });
    if (imported.statusCode !== 200) throw new Error(`research import answered ${imported.statusCode}: ${imported.payload}`);
  }
  return brandId;
}

/** A research route (`rest` after the brand id) on a brand of the owner's with a tree. */
function researchFixture(rest: string, body?: unknown): ForeignWorkspaceFixture {
  return async (setup) => ({ url: `/api/v1/research/${await ownedBrand(setup, true)}/${rest}`, body });
}

// ---- helpers of the clustering fixtures -------------------------------------------------------

/** A standalone report of the owner's (a team's when `teamId` is given); its job stays queued. */
async function ownedReport({ h, owner }: ForeignSetup, teamId?: string): Promise<string> {
  await h.grant(owner.user, 1);
  const body = { report_name: "Owned Report", keywords: ["seo", "backlinks"] };
  const created = await h.request("POST", "/api/v1/clustering/", { key: owner.key, teamId, body });
  if (created.statusCode !== 202) throw new Error(`clustering create answered ${created.statusCode}: ${created.payload}`);
  return created.json().id as string;
}

/** A brand of the owner's with a tree and a started (queued) clustering. */
async function ownedBrandClustering(setup: ForeignSetup): Promise<{ brandId: string; reportId: string }> {
  await setup.h.grant(setup.owner.user, 1);
  const brandId = await ownedBrand(setup, true);
  const started = await setup.h.request("POST", `/api/v1/authority/${brandId}/clustering/start/`, { key: setup.owner.key, body: {} });
  if (started.statusCode !== 202) throw new Error(`brand clustering start answered ${started.statusCode}: ${started.payload}`);
  return { brandId, reportId: started.json().report_id as string };
}

/**
 * Per route (`METHOD path`, as registered), how to make a resource that belongs to another
 * workspace. The suite asserts that a stranger's fully scoped key gets 404 for it, exactly as if
 * it did not exist, and that its owner does not. Modules add their routes here.
 */
export const foreignWorkspaceFixtures: Record<string, ForeignWorkspaceFixture> = {
  "GET /api/v1/brands/:id/": async (setup) => `/api/v1/brands/${await ownedBrand(setup, false)}/`,
  "PATCH /api/v1/brands/:id/": async (setup) => ({ url: `/api/v1/brands/${await ownedBrand(setup, false)}/`, body: { tagline: "Changed" } }),
  "GET /api/v1/research/:brand_id/": researchFixture(""),
  "PUT /api/v1/research/:brand_id/": researchFixture("", { research_data: [{ main_topic: "replaced" }] }),
  "GET /api/v1/research/:brand_id/stats/": async (setup) => {
    // In a team workspace: the owner reaches it only with the team's X-Team-ID.
    const team = await setup.h.createTeam(setup.owner.user);
    return { url: `/api/v1/research/${await ownedBrand(setup, true, team.id)}/stats/`, ownerTeamId: team.id };
  },
  "GET /api/v1/research/:brand_id/task-status/": researchFixture("task-status/"),
  "POST /api/v1/research/:brand_id/diff/": researchFixture("diff/", { before: OWNED_TREE, after: [{ main_topic: "seo" }] }),
  "POST /api/v1/research/:brand_id/generate/": async (setup) => {
    await setup.h.grant(setup.owner.user, 5);
    return { url: `/api/v1/research/${await ownedBrand(setup, true)}/generate/`, body: {} };
  },
  "PATCH /api/v1/research/:brand_id/nodes/rename/": researchFixture("nodes/rename/", { path: ["seo", "tools"], new_name: "software" }),
  "POST /api/v1/research/:brand_id/nodes/add/": researchFixture("nodes/add/", { parent_path: ["seo"], name: "audits" }),
  "POST /api/v1/research/:brand_id/nodes/delete/": researchFixture("nodes/delete/", { path: ["seo", "links"] }),
  "PATCH /api/v1/research/:brand_id/nodes/keywords/": researchFixture("nodes/keywords/", { path: ["seo"], add: ["search"] }),
  "POST /api/v1/research/:brand_id/nodes/move/": researchFixture("nodes/move/", { source_path: ["seo", "links"], target_parent_path: [] }),
  "POST /api/v1/research/:brand_id/nodes/merge/": researchFixture("nodes/merge/", { keep_path: ["seo", "tools"], merge_path: ["seo", "links"] }),
  "POST /api/v1/research/:brand_id/nodes/bulk/": researchFixture("nodes/bulk/", {
    operations: [{ action: "add", parent_path: ["content"], name: "writing" }, { op: "rename", path: ["seo"], new_name: "search" }],
  }),
  "POST /api/v1/research/:brand_id/analyze/dedup/": researchFixture("analyze/dedup/", { threshold: 0.5 }),
  // The list and create routes name no resource: a stranger's list is simply its own.
  "GET /api/v1/clustering/:id/": async (setup) => `/api/v1/clustering/${await ownedReport(setup)}/`,
  "DELETE /api/v1/clustering/:id/": async (setup) => `/api/v1/clustering/${await ownedReport(setup)}/`,
  "GET /api/v1/clustering/:id/status/": async (setup) => {
    const team = await setup.h.createTeam(setup.owner.user);
    return { url: `/api/v1/clustering/${await ownedReport(setup, team.id)}/status/`, ownerTeamId: team.id };
  },
  "GET /api/v1/clustering/:id/serp-data/": async (setup) => {
    const reportId = await ownedReport(setup);
    await storeFakeSerps(setup.h.testDb.database.db, reportId, ["seo"]);
    return `/api/v1/clustering/${reportId}/serp-data/?keyword=seo`;
  },
  "POST /api/v1/clustering/:id/recluster/": async (setup) => {
    const reportId = await ownedReport(setup);
    await finishByHand(setup.h.testDb.database.db, reportId);
    return { url: `/api/v1/clustering/${reportId}/recluster/`, body: { overlap_percentage: 0.5 } };
  },
  "GET /api/v1/authority/:brand_id/clustering/": async (setup) => {
    const { brandId, reportId } = await ownedBrandClustering(setup);
    await finishByHand(setup.h.testDb.database.db, reportId);
    return `/api/v1/authority/${brandId}/clustering/`;
  },
  "GET /api/v1/authority/:brand_id/clustering/status/": async (setup) =>
    `/api/v1/authority/${(await ownedBrandClustering(setup)).brandId}/clustering/status/`,
  "GET /api/v1/authority/:brand_id/clustering/serp-data/": async (setup) => {
    const { brandId, reportId } = await ownedBrandClustering(setup);
    await storeFakeSerps(setup.h.testDb.database.db, reportId, ["seo"]);
    return `/api/v1/authority/${brandId}/clustering/serp-data/?keyword=seo`;
  },
  "POST /api/v1/authority/:brand_id/clustering/start/": async (setup) => {
    await setup.h.grant(setup.owner.user, 1);
    return { url: `/api/v1/authority/${await ownedBrand(setup, true)}/clustering/start/`, body: {} };
  },
  "POST /api/v1/authority/:brand_id/clustering/recluster/": async (setup) => {
    const { brandId, reportId } = await ownedBrandClustering(setup);
    await finishByHand(setup.h.testDb.database.db, reportId);
    return { url: `/api/v1/authority/${brandId}/clustering/recluster/`, body: { overlap_percentage: 0.5 } };
  },
};

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
  async function keyWith(faults: { revoked?: boolean; expired?: boolean; inactive?: boolean; notAgency?: boolean; noBeta?: boolean; allowlist?: boolean }) {
    const user = await h.createUser();
    const key = await h.createKey(user, { scopes: allScopes.filter((s) => s !== "admin:read"), allowedIps: faults.allowlist ? ALLOWLIST : undefined });
    if (faults.revoked) await revokeKey(serviceCtx, key.id, null);
    if (faults.expired) {
      await h.testDb.database.db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(apiKeys.id, key.id));
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
export async function sendCase(h: Harness, fixtures: SecurityFixtures, route: KeyedRoute, c: SecurityCase): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  const key = await headerFor(fixtures, c.credential);
  if (key !== undefined) headers["x-api-key"] = key;
  if (c.teamHeader) headers["x-team-id"] = teamHeaderValue(fixtures, c.teamHeader);
  return h.canopy.app.inject({ method: route.method, url: concreteUrl(route.path), headers, remoteAddress: c.ip });
}
