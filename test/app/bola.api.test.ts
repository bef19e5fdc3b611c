// The BOLA matrix (docs/conventions.md §3), generated from the route registry: every keyed route, sent by
// people who must not reach the owner's resources. A route's path parameters name kinds of
// resource (its `resources`, src/platform/http/resources.ts), each kind has one fixture maker
// (bola-fixtures.ts), and bodies are built from the route's own schemas, so a route added to
// `apiRoutes` is covered here with no change to this file, or fails the guard below by name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KeyedRoute } from "../../src/platform/http/route";
import { isResourceKind, pathParams, RESOURCE_KINDS } from "../../src/platform/http/resources";
import { apiRoutes } from "../../src/app/modules";
import { createHarness, type Harness, type Schemas } from "../helpers/harness";
import { match } from "../helpers/matchers";
import {
  build,
  FIXTURE_MAKERS,
  fullActor,
  newOwner,
  NOT_A_MEMBER,
  send,
  SERVICE_FIELDS,
  type Actor,
  type Built,
  type FixtureMaker,
  type Owned,
} from "./bola-fixtures";
import { keyedRoutesOf, routeLabel } from "./security-cases";
import { describeOpenRoutes } from "./bola-open-routes";

/** What is wrong with a route's declarations, each problem naming the route ([] when sound). */
function coverageProblems(route: KeyedRoute, makers: Partial<Record<string, FixtureMaker>> = FIXTURE_MAKERS): string[] {
  const label = routeLabel(route);
  // Read as any text: what a route declares is checked here, not taken on its type's word.
  const declared: Readonly<Record<string, string>> = route.resources ?? {};
  const params = pathParams(route.path);
  const problems = params.filter((p) => declared[p] === undefined).map((p) => `${label}: :${p} names no resource kind`);
  for (const [param, kind] of Object.entries(declared)) {
    if (!params.includes(param)) problems.push(`${label}: declares a kind for :${param}, which its path lacks`);
    if (!isResourceKind(kind)) problems.push(`${label}: :${param} names an unknown kind ${kind}`);
    else if (!makers[kind]) problems.push(`${label}: kind ${kind} has no fixture maker`);
    else if (RESOURCE_KINDS[kind].owner === "workspace" && !route.workspaced)
      problems.push(`${label}: names a ${kind} but is not workspaced`);
  }
  return problems;
}

const keyed = keyedRoutesOf(apiRoutes);
const resourceRoutes = keyed.filter((r) => pathParams(r.path).length > 0 && coverageProblems(r).length === 0);

let h: Harness;
/** Another user, in no team. */
let stranger: Actor;
/** A member (not an owner) of another user's team. */
let member: Actor;
let memberTeamId: string;

beforeAll(async () => {
  // Many requests per key; limits are tested in test/platform/http/wire.api.test.ts.
  h = await createHarness({ workers: false, env: { RATE_LIMITS: "Developer=1000000,Integration=1000000,Admin=1000000" } });
  stranger = await fullActor(h);
  member = await fullActor(h);
  memberTeamId = (await h.createTeam((await fullActor(h)).user)).id;
  await h.addMember(memberTeamId, member.user);
});
afterAll(async () => h.close());

describe("the matrix covers every keyed route", () => {
  it("has a kind with a fixture maker for every path parameter, and no stray declaration", () => {
    expect(keyed.flatMap((r) => coverageProblems(r))).toEqual([]);
  });

  it("names the route and parameter of an undeclared or unmade kind", () => {
    const route = {
      ...keyed[0]!,
      method: "GET",
      path: "/api/v1/things/:thing_id/parts/:id/",
      workspaced: true,
      resources: { id: "brand" },
    } as KeyedRoute;
    expect(coverageProblems(route)).toEqual(["GET /api/v1/things/:thing_id/parts/:id/: :thing_id names no resource kind"]);
    expect(coverageProblems(route, { ...FIXTURE_MAKERS, brand: undefined })).toContain(
      "GET /api/v1/things/:thing_id/parts/:id/: kind brand has no fixture maker",
    );
  });

  it("has a fixture maker for every kind", () => {
    expect(Object.keys(RESOURCE_KINDS).filter((kind) => !Object.hasOwn(FIXTURE_MAKERS, kind))).toEqual([]);
  });
});

// ---- routes that name a resource --------------------------------------------------------------

interface MatrixCase {
  title: string;
  who: "stranger" | "member" | "owner";
  /** The X-Team-ID sent: none, the member's own team, or the owner's team. */
  header: "none" | "memberTeam" | "ownerTeam";
  /** Where the owner's resource lives. */
  at: "team" | "personal";
  expect: 404 | 403;
}

const CASES: MatrixCase[] = [
  { title: "another user's key, without X-Team-ID", who: "stranger", header: "none", at: "team", expect: 404 },
  { title: "a member of another team, in that team", who: "member", header: "memberTeam", at: "team", expect: 404 },
  { title: "a member of another team, naming the owner's team", who: "member", header: "ownerTeam", at: "team", expect: 403 },
  // The owner's own key in the wrong workspace: only workspace-owned kinds are tied to one.
  { title: "the owner, without the team's X-Team-ID", who: "owner", header: "none", at: "team", expect: 404 },
  { title: "the owner, in the team, for a personal resource", who: "owner", header: "ownerTeam", at: "personal", expect: 404 },
];

/**
 * On idempotent routes the owner sends the request first under this Idempotency-Key, and the
 * others send the same: a store of responses shared across users would answer them the owner's.
 * (The owner's own wrong-workspace requests send none: reusing one's key elsewhere is a 409.)
 */
const sharedKey = (place: MatrixCase["at"]) => `bola-shared-key-${place}`;

function describeResourceRoute(route: KeyedRoute): void {
  const kinds = pathParams(route.path).map((param) => route.resources![param]!);
  // The last parameter's kind makes the resource; its ids cover the parameters before it.
  const kind = kinds[kinds.length - 1]!;
  const workspaceOwned = kinds.some((k) => RESOURCE_KINDS[k].owner === "workspace");
  const cases = CASES.filter((c) => workspaceOwned || c.who !== "owner");

  describe(routeLabel(route), () => {
    let ownerTeamId: string;
    let owner: Actor;
    const at: Partial<Record<MatrixCase["at"], { owned: Owned; built: Built; before: unknown; teamId?: string }>> = {};
    let notFound: unknown;

    beforeAll(async () => {
      ({ owner, teamId: ownerTeamId } = await newOwner(h));
      const places: MatrixCase["at"][] = workspaceOwned ? ["team", "personal"] : ["team"];
      for (const place of places) {
        const teamId = place === "team" ? ownerTeamId : undefined;
        const owned = await FIXTURE_MAKERS[kind]({ h, owner, teamId });
        const built = build(route, owned, { ...SERVICE_FIELDS, ...owned.fields });
        if (route.idempotent) {
          const first = await send(h, route, built, owner, teamId, sharedKey(place));
          expect(first.statusCode, first.payload).toBeLessThan(400);
        }
        at[place] = { owned, built, before: await owned.snapshot(), teamId };
      }
      // What the route answers for ids that exist nowhere: a stranger must get exactly this.
      const missing = await send(h, route, build(route, null, { ...SERVICE_FIELDS, ...at.team!.owned.fields }), owner, ownerTeamId);
      expect(missing.statusCode, missing.payload).toBe(404);
      notFound = missing.json<Schemas["Error"]>();
      expect(notFound).toEqual({ detail: match.any(String) });
    });

    for (const c of cases) {
      it(`${c.title}: ${c.expect}`, async () => {
        const actor = { stranger, member, owner }[c.who];
        const teamId = { none: undefined, memberTeam: memberTeamId, ownerTeam: ownerTeamId }[c.header];
        const idempotencyKey = route.idempotent && c.who !== "owner" ? sharedKey(c.at) : undefined;
        const res = await send(h, route, at[c.at]!.built, actor, teamId, idempotencyKey);
        expect(res.statusCode, res.payload).toBe(c.expect);
        expect(res.json<Schemas["Error"]>()).toEqual(c.expect === 404 ? notFound : { detail: NOT_A_MEMBER });
      });
    }

    it("leaves the resource unchanged, and its owner reaches it", async () => {
      for (const [place, { owned, built, before, teamId }] of Object.entries(at)) {
        expect(await owned.snapshot()).toEqual(before);
        const res = await send(h, route, built, owner, teamId, route.idempotent ? sharedKey(place as MatrixCase["at"]) : undefined);
        expect(res.statusCode, res.payload).not.toBe(404);
        expect(res.statusCode, res.payload).toBeLessThan(400);
      }
    });
  });
}

describe("a resource outside the request's workspace answers 404, as if it did not exist", () => {
  for (const route of resourceRoutes) describeResourceRoute(route);
});

describeOpenRoutes(() => ({ h, stranger, member, memberTeamId }));
