// Topical research, read side: the list, the tree with stats and generation status, the stats
// with the per-main-topic breakdown, and the task status with no task; 404s for what the
// workspace cannot see.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness, Schemas } from "../../helpers/harness";
import {
  brandWithTree,
  createBrand,
  importTree,
  keysOf,
  LEVEL_LABELS,
  openResearchHarness,
  type Owner,
  research,
  SAMPLE_STATS,
} from "./helpers";
import type { FieldsOf } from "../../helpers/matchers";

const RECORD_KEYS = ["brand_id", "brand_name", "core_topic", "created_at", "updated_at"];

describe("topical research (read)", () => {
  let h: Harness;
  let owner: Owner;
  let brandId: string;
  beforeAll(async () => {
    ({ h, owner } = await openResearchHarness());
    brandId = await brandWithTree(h, owner);
  });
  afterAll(async () => h.close());

  const get = (url: string, key = owner.key, teamId?: string) => h.request("GET", url, { key, teamId });

  describe("GET /research/", () => {
    it("is a bare array of records of the workspace, most recently changed first", async () => {
      const user = await h.userWithKey();
      expect((await get("/api/v1/research/", user.key)).json<Schemas["ResearchList"]>()).toEqual([]);
      const first = await brandWithTree(h, user, undefined, "First Brand");
      const second = await createBrand(h, user, "Second Brand");
      await importTree(h, user, second, undefined, "Running Shoes");
      await createBrand(h, user, "No Research Yet");

      const res = await get("/api/v1/research/", user.key);
      expect(res.statusCode).toBe(200);
      const list = res.json<Schemas["ResearchList"]>();
      expect(Array.isArray(list)).toBe(true);
      expect(list).toHaveLength(2);
      for (const item of list) expect(keysOf(item)).toEqual(RECORD_KEYS);
      expect(list[0]).toMatchObject({ brand_id: second, brand_name: "Second Brand", core_topic: "Running Shoes" });
      expect(list[1]).toMatchObject({ brand_id: first, brand_name: "First Brand", core_topic: "First Brand" });
      expect(new Date(list[0]!.updated_at).toISOString()).toBe(list[0]!.updated_at);

      // An edit moves a record to the front.
      const edit = await h.request("POST", research(first, "nodes/add/"), { key: user.key, body: { parent_path: [], name: "new" } });
      expect(edit.statusCode).toBe(200);
      const after = (await get("/api/v1/research/", user.key)).json<Schemas["ResearchList"]>();
      expect(after.map((r: { brand_id: string }) => r.brand_id)).toEqual([first, second]);
    });

    it("shows a team's records only under its X-Team-ID", async () => {
      const member = await h.userWithKey();
      const team = await h.createTeam(owner.user);
      await h.addMember(team.id, member.user);
      const teamBrand = await createBrand(h, owner, "Team Brand", team.id);
      await importTree(h, owner, teamBrand, undefined, undefined, team.id);
      const inTeam = (await get("/api/v1/research/", member.key, team.id)).json<Schemas["ResearchList"]>();
      expect(inTeam.map((r: { brand_id: string }) => r.brand_id)).toEqual([teamBrand]);
      expect((await get("/api/v1/research/", member.key)).json<Schemas["ResearchList"]>()).toEqual([]);
      expect((await get(research(teamBrand), member.key, team.id)).statusCode).toBe(200);
      expect((await get(research(teamBrand), member.key)).statusCode).toBe(404);
    });
  });

  describe("GET /research/{brand_id}/", () => {
    it("answers the tree with stats, generation status and the hierarchy's _meta", async () => {
      const res = await get(research(brandId));
      expect(res.statusCode).toBe(200);
      const body = res.json<Schemas["ResearchTree"]>();
      expect(keysOf(body)).toEqual([...RECORD_KEYS, "_meta", "generation_status", "research_data", "stats"].sort());
      expect(body._meta.description).toEqual(expect.any(String));
      expect(body._meta.description.length).toBeGreaterThan(0);
      expect(body._meta.level_labels).toEqual(LEVEL_LABELS);
      expect(body).toMatchObject({ brand_id: brandId, brand_name: "Acme", core_topic: "Acme" });
      expect(body.stats).toEqual(SAMPLE_STATS);
      expect(body.generation_status).toEqual({ has_running_task: false });
    });

    it("answers research_data lowercased, with the deeper arrays present and empty", async () => {
      const data = (await get(research(brandId))).json<Schemas["ResearchTree"]>().research_data;
      expect(data).toEqual([
        {
          main_topic: "seo",
          subtopic_2: [
            {
              name: "tools",
              subtopic_3: [
                {
                  name: "rank trackers",
                  subtopic_4: [
                    { name: "free rank trackers", keywords: ["free rank tracker"] },
                    { name: "paid", keywords: [] },
                  ],
                  keywords: ["rank tracker"],
                },
                { name: "audit tools", subtopic_4: [], keywords: [] },
              ],
              subtopic_4: [],
              keywords: ["seo tools"],
            },
            { name: "links", subtopic_3: [], subtopic_4: [], keywords: ["link building", "backlinks"] },
          ],
          subtopic_3: [],
          subtopic_4: [],
          keywords: ["seo"],
        },
        {
          main_topic: "content",
          subtopic_2: [{ name: "writing", subtopic_3: [], subtopic_4: [], keywords: [] }],
          subtopic_3: [],
          subtopic_4: [],
          keywords: [],
        },
      ]);
    });

    it("answers 404 for a brand without research, of another workspace, unknown or malformed", async () => {
      const bare = await createBrand(h, owner, "Bare");
      const none = await get(research(bare));
      expect(none.statusCode).toBe(404);
      expect(none.json<Schemas["Error"]>()).toEqual<FieldsOf<Schemas["Error"]>>({ detail: expect.stringMatching(/research/i) });

      const stranger = await h.userWithKey();
      const foreign = await get(research(brandId), stranger.key);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json<Schemas["Error"]>()).toEqual<FieldsOf<Schemas["Error"]>>({ detail: expect.any(String) });
      expect((await get(research(crypto.randomUUID()))).statusCode).toBe(404);
      const malformed = await get("/api/v1/research/not-a-uuid/");
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json<Schemas["Error"]>()).toEqual<FieldsOf<Schemas["Error"]>>({ detail: expect.any(String) });
    });

    it("is served without the trailing slash too", async () => {
      const res = await get(`/api/v1/research/${brandId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<Schemas["ResearchTree"]>().brand_id).toBe(brandId);
    });
  });

  describe("GET /research/{brand_id}/stats/", () => {
    it("answers the counters with a per-main-topic breakdown", async () => {
      const res = await get(research(brandId, "stats/"));
      expect(res.statusCode).toBe(200);
      const body = res.json<Schemas["ResearchStats"]>();
      expect(keysOf(body)).toEqual(["_meta", "brand_id", "generation_status", "main_topics", ...Object.keys(SAMPLE_STATS)].sort());
      expect(body._meta.description).toEqual(expect.any(String));
      expect(body._meta.level_labels).toEqual(LEVEL_LABELS);
      expect(body).toMatchObject({ brand_id: brandId, ...SAMPLE_STATS, generation_status: { has_running_task: false } });
      expect(body.main_topics).toEqual([
        { name: "seo", st2_count: 2, st3_count: 2, st4_count: 2, keyword_count: 6 },
        { name: "content", st2_count: 1, st3_count: 0, st4_count: 0, keyword_count: 0 },
      ]);
    });

    it("follows the tree's edits", async () => {
      const user = await h.userWithKey();
      const brand = await brandWithTree(h, user);
      const add = await h.request("PATCH", research(brand, "nodes/keywords/"), {
        key: user.key,
        body: { path: ["content", "writing"], add: ["blog writing", "copywriting"] },
      });
      expect(add.statusCode).toBe(200);
      const body = (await get(research(brand, "stats/"), user.key)).json<Schemas["ResearchStats"]>();
      expect(body.keyword_count).toBe(8);
      expect(body.leaf_nodes_without_keywords).toBe(2);
      expect(body.main_topics[1]).toEqual({ name: "content", st2_count: 1, st3_count: 0, st4_count: 0, keyword_count: 2 });
    });

    it("answers 404 for a brand without research, of another workspace, or malformed", async () => {
      const bare = await createBrand(h, owner, "Bare Stats");
      expect((await get(research(bare, "stats/"))).statusCode).toBe(404);
      const stranger = await h.userWithKey();
      expect((await get(research(brandId, "stats/"), stranger.key)).statusCode).toBe(404);
      expect((await get("/api/v1/research/12345/stats/")).statusCode).toBe(404);
    });
  });

  describe("GET /research/{brand_id}/task-status/", () => {
    it("answers only has_running_task false when no task runs", async () => {
      const res = await get(research(brandId, "task-status/"));
      expect(res.statusCode).toBe(200);
      const body = res.json<Schemas["ResearchTaskStatus"]>();
      expect(keysOf(body)).toEqual(["_meta", "has_running_task"]);
      expect(body.has_running_task).toBe(false);
      expect(body._meta.description).toEqual(expect.any(String));
    });

    it("answers 404 for a brand of another workspace or a malformed id", async () => {
      const stranger = await h.userWithKey();
      expect((await get(research(brandId, "task-status/"), stranger.key)).statusCode).toBe(404);
      expect((await get("/api/v1/research/xyz/task-status/")).statusCode).toBe(404);
      expect((await get(research(crypto.randomUUID(), "task-status/"))).statusCode).toBe(404);
    });
  });

  describe("scopes", () => {
    it("reads with research:read alone and refuses writes without research:write", async () => {
      const reader = await h.createKey(owner.user, { scopes: ["research:read"] });
      expect((await get(research(brandId), reader.key)).statusCode).toBe(200);
      expect((await get(research(brandId, "stats/"), reader.key)).statusCode).toBe(200);
      const write = await h.request("POST", research(brandId, "nodes/add/"), { key: reader.key, body: { parent_path: [], name: "x" } });
      expect(write.statusCode).toBe(403);
      expect(write.json<Schemas["Error"]>().detail).toBe("This API key lacks the required scope: research:write.");
      const writer = await h.createKey(owner.user, { scopes: ["research:write"] });
      const read = await get(research(brandId), writer.key);
      expect(read.statusCode).toBe(403);
      expect(read.json<Schemas["Error"]>().detail).toBe("This API key lacks the required scope: research:read.");
    });
  });
});
