// The BOLA matrix's routes that name no resource (bola.test.ts runs them): lists and profile
// reads must show a stranger none of the owner's ids, and a create sent into a team the sender
// does not belong to answers 403 and creates nothing there.
import { beforeAll, describe, expect, it } from "vitest";
import type { KeyedRoute } from "../../src/platform/http/route";
import { pathParams, RESOURCE_KINDS, type ResourceKind } from "../../src/platform/http/resources";
import { apiRoutes } from "../../src/app/modules";
import type { Harness, Schemas } from "../helpers/harness";
import { build, completeBriefIn, FIXTURE_MAKERS, newOwner, NOT_A_MEMBER, send, SERVICE_FIELDS, type Actor } from "./bola-fixtures";
import { keyedRoutesOf, routeLabel } from "./security-cases";

export interface Crowd {
  h: Harness;
  stranger: Actor;
  member: Actor;
  memberTeamId: string;
}

/** The ids among `ids` that `payload` shows. */
function shown(payload: string, ids: readonly string[]): string[] {
  return ids.filter((id) => payload.includes(id));
}

/**
 * A create's request: a body field that names a brand (`brand_id`) or a brief (`brief_id`) gets
 * one of the team the create is sent into, so that the owner's own request can succeed.
 */
async function createInput(h: Harness, route: KeyedRoute, owner: Actor, teamId: string) {
  const bodySchema: { properties?: Record<string, unknown> } | undefined = route.schemas.body;
  const properties = bodySchema?.properties ?? {};
  const place = { h, owner, teamId };
  const fields = {
    ...("brand_id" in properties ? { brand_id: (await FIXTURE_MAKERS.brand(place)).ids.brand } : {}),
    ...("brief_id" in properties ? { brief_id: await completeBriefIn(place) } : {}),
  };
  return build(route, null, { ...SERVICE_FIELDS, ...fields });
}

export function describeOpenRoutes(crowd: () => Crowd): void {
  const open = keyedRoutesOf(apiRoutes).filter((r) => pathParams(r.path).length === 0);
  const reads = open.filter((r) => r.method === "GET");
  const writes = open.filter((r) => r.method !== "GET");
  const input = (route: KeyedRoute) => build(route, null, SERVICE_FIELDS);

  describe("a route that names no resource shows none of another's", () => {
    let owner: Actor;
    let teamId: string;
    /** Ids of the owner's resources by where they live, and the owner's own (user, key, team). */
    const ids = { team: [] as string[], personal: [] as string[], user: [] as string[] };

    beforeAll(async () => {
      const { h } = crowd();
      ({ owner, teamId } = await newOwner(h));
      ids.user.push(owner.user.id, owner.user.email, owner.id, teamId);
      for (const [kind, make] of Object.entries(FIXTURE_MAKERS)) {
        const places = RESOURCE_KINDS[kind as ResourceKind].owner === "workspace" ? (["team", "personal"] as const) : (["user"] as const);
        for (const place of places) {
          const owned = await make({ h, owner, teamId: place === "team" ? teamId : undefined });
          const listed = Object.entries(owned.ids).filter(([k]) => RESOURCE_KINDS[k as ResourceKind].listed);
          ids[place].push(...new Set(listed.map(([, id]) => id)));
        }
      }
    });

    for (const route of reads) {
      describe(routeLabel(route), () => {
        const read = (actor: Actor, header?: string) => send(crowd().h, route, input(route), actor, header);

        it("another user's key, and a member of another team in that team: none of the owner's ids", async () => {
          const { stranger, member, memberTeamId } = crowd();
          for (const res of [await read(stranger), await read(member, memberTeamId)]) {
            expect(res.statusCode, res.payload).toBe(route.status);
            expect(shown(res.payload, [...ids.team, ...ids.personal, ...ids.user])).toEqual([]);
          }
        });

        it("a member of another team, naming the owner's team: 403", async () => {
          const res = await read(crowd().member, teamId);
          expect(res.statusCode, res.payload).toBe(403);
          expect(res.json<Schemas["Error"]>()).toEqual({ detail: NOT_A_MEMBER });
        });

        if (route.workspaced) {
          it("the owner sees neither workspace's resources from the other", async () => {
            const personal = await read(owner);
            const team = await read(owner, teamId);
            expect([personal.statusCode, team.statusCode]).toEqual([route.status, route.status]);
            expect(shown(personal.payload, ids.team)).toEqual([]);
            expect(shown(team.payload, ids.personal)).toEqual([]);
          });
        }
      });
    }

    // Without this the checks above could pass by looking for ids no list would ever show.
    it("shows the owner every one of their resources in some list of its workspace", async () => {
      const { h } = crowd();
      const seen = async (header: string | undefined, routes: KeyedRoute[]) =>
        (await Promise.all(routes.map((r) => send(h, r, input(r), owner, header)))).map((res) => res.payload).join("\n");
      const workspaced = reads.filter((r) => r.workspaced);
      const inTeam = await seen(teamId, workspaced);
      const inPersonal = await seen(undefined, workspaced);
      const everywhere = await seen(undefined, reads);
      expect(ids.team.filter((id) => !inTeam.includes(id))).toEqual([]);
      expect(ids.personal.filter((id) => !inPersonal.includes(id))).toEqual([]);
      expect(ids.user.filter((id) => !everywhere.includes(id))).toEqual([]);
    });
  });

  describe("a create sent into a team its user does not belong to answers 403 and creates nothing", () => {
    for (const route of writes) {
      it(routeLabel(route), async () => {
        const { h, member } = crowd();
        const { owner, teamId } = await newOwner(h);
        const request = await createInput(h, route, owner, teamId);
        const lists = () =>
          Promise.all(reads.filter((r) => r.workspaced).map(async (r) => (await send(h, r, input(r), owner, teamId)).payload));
        const before = await lists();

        const res = await send(h, route, request, member, teamId);
        expect(res.statusCode, res.payload).toBe(403);
        expect(res.json<Schemas["Error"]>()).toEqual({ detail: NOT_A_MEMBER });
        expect(await lists()).toEqual(before);
        // The control: the same request from a member of the team gets through.
        const own = await send(h, route, request, owner, teamId);
        expect(own.statusCode, own.payload).toBe(route.status);
      });
    }
  });
}
