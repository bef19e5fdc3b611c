// Topical research, write side: import, rename, add, delete, keywords, move and merge, each
// with the exact response of the specification and its errors (400 bad bodies and paths deeper
// than 4 levels, 404 naming the missing path, 409 sibling-name clashes), lowercasing, and
// stable node ids across rename, move and merge (read from the stored tree).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness, Schemas, TestResponse } from "../../helpers/harness";
import {
  brandWithTree,
  createBrand,
  idsByPath,
  LEVEL_LABELS,
  NODE_WRITES,
  openResearchHarness,
  type Owner,
  research,
  researchDetail,
  SAMPLE_STATS,
  sampleTree,
  storedTree,
} from "./helpers";
import type { FieldsOf } from "../../helpers/matchers";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("topical research (write)", () => {
  let h: Harness;
  let owner: Owner;
  beforeAll(async () => {
    ({ h, owner } = await openResearchHarness());
  });
  afterAll(async () => h.close());

  const send = (method: string, brandId: string, rest: string, body: unknown, key = owner.key) =>
    h.request(method, research(brandId, rest), { key, body });
  const tree = async (brandId: string) => (await researchDetail(h, owner, brandId)).research_data;
  const fresh = () => brandWithTree(h, owner);

  /** The response's own fields (the body a `T`), after checking its `_meta`. */
  function fields<T extends { _meta: Schemas["Meta"] }>(res: TestResponse, status = 200): Omit<T, "_meta"> {
    expect(res.statusCode, res.payload).toBe(status);
    const { _meta, ...rest } = res.json<T>();
    expect(_meta.description).toEqual(expect.any(String));
    expect(_meta.level_labels).toEqual(LEVEL_LABELS);
    return rest;
  }

  describe("PUT /research/{brand_id}/ (import)", () => {
    it("stores the tree lowercased and answers it with stats; core_topic defaults to the brand's name", async () => {
      const brandId = await createBrand(h, owner, "Import Brand");
      const res = await h.request("PUT", research(brandId), { key: owner.key, body: { research_data: sampleTree() } });
      const body = fields<Schemas["ResearchTree"]>(res);
      expect(body).toMatchObject({
        brand_id: brandId,
        brand_name: "Import Brand",
        core_topic: "Import Brand",
        stats: SAMPLE_STATS,
        generation_status: { has_running_task: false },
      });
      expect(body.research_data.map((t) => t.main_topic)).toEqual(["seo", "content"]);
      const stored = await storedTree(h, brandId);
      expect([...idsByPath(stored).keys()]).toContain("seo > tools > rank trackers > free rank trackers");
      expect([...idsByPath(stored).values()].every((id) => UUID.test(id))).toBe(true);
      expect((await researchDetail(h, owner, brandId)).research_data).toEqual(body.research_data);
    });

    it("replaces an existing tree and keeps a given core_topic", async () => {
      const brandId = await fresh();
      const res = await h.request("PUT", research(brandId), {
        key: owner.key,
        body: { core_topic: "Coffee", research_data: [{ main_topic: "Espresso", subtopic_2: [{ name: "Grinders" }] }] },
      });
      const body = fields<Schemas["ResearchTree"]>(res);
      expect(body.core_topic).toBe("Coffee");
      expect(body.research_data).toEqual([
        {
          main_topic: "espresso",
          subtopic_2: [{ name: "grinders", subtopic_3: [], subtopic_4: [], keywords: [] }],
          subtopic_3: [],
          subtopic_4: [],
          keywords: [],
        },
      ]);
      expect(body.stats.total_nodes).toBe(2);
    });

    it("answers 400 naming the place of an invalid node", async () => {
      const brandId = await fresh();
      const before = (await h.request("GET", research(brandId), { key: owner.key })).payload;
      const cases: [unknown, RegExp][] = [
        [[{ main_topic: "a", subtopic_2: [{ name: "" }] }], /research_data\[0\]\.subtopic_2\[0\]\.name/],
        [[{ main_topic: "a" }, { subtopic_2: [] }], /research_data\[1\]\.main_topic/],
        [[{ main_topic: "a", subtopic_2: [{ name: "b", keywords: ["ok", 3] }] }], /research_data\[0\]\.subtopic_2\[0\]\.keywords\[1\]/],
        [[{ main_topic: "a", subtopic_2: "b" }], /research_data\[0\]\.subtopic_2/],
        [["a"], /research_data\[0\]/],
      ];
      for (const [data, place] of cases) {
        const res = await h.request("PUT", research(brandId), { key: owner.key, body: { research_data: data } });
        expect(res.statusCode, JSON.stringify(data)).toBe(400);
        expect(res.json<Schemas["Error"]>().detail).toMatch(place);
      }
      // Nothing was written by the refused imports.
      expect((await h.request("GET", research(brandId), { key: owner.key })).payload).toBe(before);
    });

    it("answers 400 when a deeper array the spec shows is not empty", async () => {
      const brandId = await createBrand(h, owner, "Deep");
      const cases: [unknown, RegExp][] = [
        [[{ main_topic: "a", subtopic_3: [{ name: "b" }] }], /research_data\[0\]\.subtopic_3/],
        [[{ main_topic: "a", subtopic_4: [{ name: "b" }] }], /research_data\[0\]\.subtopic_4/],
        [
          [{ main_topic: "a", subtopic_2: [{ name: "b", subtopic_4: [{ name: "c" }] }] }],
          /research_data\[0\]\.subtopic_2\[0\]\.subtopic_4/,
        ],
        [
          [
            {
              main_topic: "a",
              subtopic_2: [{ name: "b", subtopic_3: [{ name: "c", subtopic_4: [{ name: "d", subtopic_2: [{ name: "e" }] }] }] }],
            },
          ],
          /subtopic_4\[0\]\.subtopic_2/,
        ],
      ];
      for (const [data, place] of cases) {
        const res = await h.request("PUT", research(brandId), { key: owner.key, body: { research_data: data } });
        expect(res.statusCode, JSON.stringify(data)).toBe(400);
        expect(res.json<Schemas["Error"]>().detail).toMatch(place);
      }
      expect((await h.request("GET", research(brandId), { key: owner.key })).statusCode).toBe(404);
    });

    it("answers 409 for sibling names that clash case-insensitively", async () => {
      const brandId = await createBrand(h, owner, "Dupes");
      const top = await h.request("PUT", research(brandId), {
        key: owner.key,
        body: { research_data: [{ main_topic: "SEO" }, { main_topic: " seo " }] },
      });
      expect(top.statusCode).toBe(409);
      expect(top.json<Schemas["Error"]>().detail).toMatch(/research_data\[1\]/);
      const deep = await h.request("PUT", research(brandId), {
        key: owner.key,
        body: { research_data: [{ main_topic: "a", subtopic_2: [{ name: "Tools" }, { name: "TOOLS" }] }] },
      });
      expect(deep.statusCode).toBe(409);
      // The same name under different parents is fine.
      const ok = await h.request("PUT", research(brandId), {
        key: owner.key,
        body: {
          research_data: [
            { main_topic: "a", subtopic_2: [{ name: "tools" }] },
            { main_topic: "b", subtopic_2: [{ name: "tools" }] },
          ],
        },
      });
      expect(ok.statusCode).toBe(200);
    });

    it("answers field errors for a missing or mistyped research_data, and 404 for a foreign brand", async () => {
      const brandId = await createBrand(h, owner, "Fields");
      const missing = await h.request("PUT", research(brandId), { key: owner.key, body: { core_topic: "x" } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<Schemas["FieldErrors"]>()).toEqual({ research_data: ["This field is required."] });
      const mistyped = await h.request("PUT", research(brandId), { key: owner.key, body: { research_data: { main_topic: "a" } } });
      expect(mistyped.statusCode).toBe(400);
      expect(mistyped.json<Schemas["FieldErrors"]>()).toHaveProperty("research_data");
      const stranger = await h.userWithKey();
      const foreign = await h.request("PUT", research(brandId), { key: stranger.key, body: { research_data: [] } });
      expect(foreign.statusCode).toBe(404);
      expect((await h.request("PUT", "/api/v1/research/nope/", { key: owner.key, body: { research_data: [] } })).statusCode).toBe(404);
    });
  });

  describe("PATCH nodes/rename/", () => {
    it("renames, lowercased, with the exact response", async () => {
      const brandId = await fresh();
      const body = fields<Schemas["NodeRenamed"]>(
        await send("PATCH", brandId, "nodes/rename/", { path: ["SEO", " tools "], new_name: "  SEO Software " }),
      );
      expect(body).toEqual({
        success: true,
        operation: "rename",
        path: ["seo", "tools"],
        old_name: "tools",
        new_name: "seo software",
        updated_path: ["seo", "seo software"],
      });
      const names = (await tree(brandId))[0]!.subtopic_2.map((n: { name: string }) => n.name);
      expect(names).toEqual(["seo software", "links"]);
    });

    it("answers 409 for a sibling's name in any case, and allows a change of case of its own", async () => {
      const brandId = await fresh();
      const clash = await send("PATCH", brandId, "nodes/rename/", { path: ["seo", "tools"], new_name: "LINKS" });
      expect(clash.statusCode).toBe(409);
      expect(clash.json<Schemas["Error"]>().detail).toMatch(/links/);
      const own = await send("PATCH", brandId, "nodes/rename/", { path: ["seo", "tools"], new_name: "TOOLS" });
      expect(own.statusCode).toBe(200);
      // A name used under another parent is no clash.
      expect((await send("PATCH", brandId, "nodes/rename/", { path: ["content", "writing"], new_name: "tools" })).statusCode).toBe(200);
    });

    it("answers 404 naming a path that does not exist", async () => {
      const brandId = await fresh();
      const res = await send("PATCH", brandId, "nodes/rename/", { path: ["seo", "nowhere"], new_name: "x" });
      expect(res.statusCode).toBe(404);
      expect(res.json<Schemas["Error"]>().detail).toContain("seo > nowhere");
    });

    it("answers 400 for bad bodies and paths deeper than 4 levels", async () => {
      const brandId = await fresh();
      const missing = await send("PATCH", brandId, "nodes/rename/", { path: ["seo"] });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<Schemas["FieldErrors"]>()).toEqual({ new_name: ["This field is required."] });
      const noPath = await send("PATCH", brandId, "nodes/rename/", { new_name: "x" });
      expect(noPath.json<Schemas["FieldErrors"]>()).toEqual({ path: ["This field is required."] });
      const badPath = await send("PATCH", brandId, "nodes/rename/", { path: { a: 1 }, new_name: "x" });
      expect(badPath.statusCode).toBe(400);
      expect(badPath.json<Schemas["FieldErrors"]>()).toHaveProperty("path");
      for (const body of [
        { path: ["a", "b", "c", "d", "e"], new_name: "x" },
        { path: [], new_name: "x" },
        { path: ["seo"], new_name: "   " },
      ]) {
        const res = await send("PATCH", brandId, "nodes/rename/", body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json<Schemas["Error"]>()).toEqual<FieldsOf<Schemas["Error"]>>({ detail: expect.any(String) });
      }
      const long = await send("PATCH", brandId, "nodes/rename/", { path: ["seo"], new_name: "x".repeat(201) });
      expect(long.statusCode).toBe(400);
      expect(long.json<Schemas["FieldErrors"]>()).toEqual({ new_name: ["Ensure this field has no more than 200 characters."] });
    });
  });

  describe("POST nodes/add/", () => {
    it("adds at every level with the level code, at a position or at the end", async () => {
      const brandId = await fresh();
      const main = fields<Schemas["NodeAdded"]>(
        await send("POST", brandId, "nodes/add/", { parent_path: [], name: "Local SEO", position: 0 }),
      );
      expect(main).toEqual({ success: true, operation: "add", parent_path: [], name: "local seo", level: "MT", path: ["local seo"] });
      const hub = fields<Schemas["NodeAdded"]>(
        await send("POST", brandId, "nodes/add/", { parent_path: ["SEO"], name: "Audits", position: 1 }),
      );
      expect(hub).toEqual({ success: true, operation: "add", parent_path: ["seo"], name: "audits", level: "ST2", path: ["seo", "audits"] });
      const branch = fields<Schemas["NodeAdded"]>(
        await send("POST", brandId, "nodes/add/", { parent_path: ["seo", "audits"], name: "Site Audits", position: null }),
      );
      expect(branch).toMatchObject({ level: "ST3", path: ["seo", "audits", "site audits"] });
      const leaf = fields<Schemas["NodeAdded"]>(
        await send("POST", brandId, "nodes/add/", { parent_path: ["seo", "audits", "site audits"], name: "Checklist" }),
      );
      expect(leaf).toMatchObject({ level: "ST4", path: ["seo", "audits", "site audits", "checklist"] });
      const far = fields<Schemas["NodeAdded"]>(
        await send("POST", brandId, "nodes/add/", { parent_path: ["seo"], name: "Last", position: 99 }),
      );
      expect(far.path).toEqual(["seo", "last"]);

      const data = await tree(brandId);
      expect(data.map((t: { main_topic: string }) => t.main_topic)).toEqual(["local seo", "seo", "content"]);
      expect(data[1]!.subtopic_2.map((n: { name: string }) => n.name)).toEqual(["tools", "audits", "links", "last"]);
      expect(data[1]!.subtopic_2[1]!.subtopic_3[0]!.subtopic_4).toEqual([{ name: "checklist", keywords: [] }]);
      const stored = idsByPath(await storedTree(h, brandId));
      expect(stored.get("seo > audits > site audits > checklist")).toMatch(UUID);
    });

    it("answers 409 for a clash, 404 for a missing parent, 400 below level 4 and for bad bodies", async () => {
      const brandId = await fresh();
      const clash = await send("POST", brandId, "nodes/add/", { parent_path: ["seo"], name: "TOOLS" });
      expect(clash.statusCode).toBe(409);
      const missing = await send("POST", brandId, "nodes/add/", { parent_path: ["seo", "ghost"], name: "x" });
      expect(missing.statusCode).toBe(404);
      expect(missing.json<Schemas["Error"]>().detail).toContain("seo > ghost");
      const deep = await send("POST", brandId, "nodes/add/", { parent_path: ["seo", "tools", "rank trackers", "paid"], name: "x" });
      expect(deep.statusCode).toBe(400);
      expect(deep.json<Schemas["Error"]>()).toEqual<FieldsOf<Schemas["Error"]>>({ detail: expect.stringMatching(/4/) });
      expect((await send("POST", brandId, "nodes/add/", { parent_path: [] })).json<Schemas["FieldErrors"]>()).toEqual({
        name: ["This field is required."],
      });
      expect((await send("POST", brandId, "nodes/add/", { name: "x" })).json<Schemas["FieldErrors"]>()).toEqual({
        parent_path: ["This field is required."],
      });
      const negative = await send("POST", brandId, "nodes/add/", { parent_path: [], name: "x", position: -1 });
      expect(negative.statusCode).toBe(400);
      expect(negative.json<Schemas["FieldErrors"]>()).toHaveProperty("position");
      const fraction = await send("POST", brandId, "nodes/add/", { parent_path: [], name: "x", position: 1.5 });
      expect(fraction.statusCode).toBe(400);
      expect(fraction.json<Schemas["FieldErrors"]>()).toEqual({ position: ["A valid integer is required."] });
      const blank = await send("POST", brandId, "nodes/add/", { parent_path: [], name: " " });
      expect(blank.statusCode).toBe(400);
      expect((await tree(brandId)).map((t: { main_topic: string }) => t.main_topic)).toEqual(["seo", "content"]);
    });
  });

  describe("POST nodes/delete/", () => {
    it("removes the node with its descendants and counts them and their keywords", async () => {
      const brandId = await fresh();
      const body = fields<Schemas["NodeDeleted"]>(await send("POST", brandId, "nodes/delete/", { path: ["seo", "tools"] }));
      expect(body).toEqual({
        success: true,
        operation: "delete",
        path: ["seo", "tools"],
        deleted_node: "tools",
        deleted_descendants: 4,
        deleted_keywords: 3,
      });
      const stats = (await h.request("GET", research(brandId, "stats/"), { key: owner.key })).json<Schemas["ResearchStats"]>();
      expect(stats).toMatchObject({ total_nodes: 4, keyword_count: 3, st3_count: 0, st4_count: 0 });
      const leaf = fields<Schemas["NodeDeleted"]>(await send("POST", brandId, "nodes/delete/", { path: ["content", "writing"] }));
      expect(leaf).toMatchObject({ deleted_node: "writing", deleted_descendants: 0, deleted_keywords: 0 });
    });

    it("answers 404 naming a missing path and 400 for an empty or too deep one", async () => {
      const brandId = await fresh();
      const missing = await send("POST", brandId, "nodes/delete/", { path: ["SEO", "Ghost"] });
      expect(missing.statusCode).toBe(404);
      expect(missing.json<Schemas["Error"]>().detail).toMatch(/seo > ghost/i);
      expect((await send("POST", brandId, "nodes/delete/", { path: [] })).statusCode).toBe(400);
      expect((await send("POST", brandId, "nodes/delete/", { path: ["a", "b", "c", "d", "e"] })).statusCode).toBe(400);
      expect((await send("POST", brandId, "nodes/delete/", {})).json<Schemas["FieldErrors"]>()).toEqual({
        path: ["This field is required."],
      });
    });
  });

  describe("PATCH nodes/keywords/", () => {
    it("adds and removes lowercased keywords, skipping duplicates and missing ones", async () => {
      const brandId = await fresh();
      const body = fields<Schemas["NodeKeywordsUpdated"]>(
        await send("PATCH", brandId, "nodes/keywords/", {
          path: ["seo", "links"],
          add: ["Backlinks", "Guest Posts", "guest posts ", "Outreach"],
          remove: ["LINK BUILDING", "not there"],
        }),
      );
      expect(body).toEqual({
        success: true,
        operation: "update_keywords",
        path: ["seo", "links"],
        added: ["guest posts", "outreach"],
        removed: ["link building"],
        current_keywords: ["backlinks", "guest posts", "outreach"],
      });
      expect((await tree(brandId))[0]!.subtopic_2[1]!.keywords).toEqual(["backlinks", "guest posts", "outreach"]);
      // Any level: the main topic, and a resource.
      expect(
        fields<Schemas["NodeKeywordsUpdated"]>(
          await send("PATCH", brandId, "nodes/keywords/", { path: ["content"], add: ["content marketing"] }),
        ).current_keywords,
      ).toEqual(["content marketing"]);
      const leaf = fields<Schemas["NodeKeywordsUpdated"]>(
        await send("PATCH", brandId, "nodes/keywords/", { path: ["seo", "tools", "rank trackers", "paid"], add: ["paid rank tracker"] }),
      );
      expect(leaf.added).toEqual(["paid rank tracker"]);
      // Only remove.
      expect(
        fields<Schemas["NodeKeywordsUpdated"]>(await send("PATCH", brandId, "nodes/keywords/", { path: ["seo"], remove: ["seo"] }))
          .current_keywords,
      ).toEqual([]);
    });

    it("takes 200 keywords per array and refuses 201", async () => {
      const brandId = await fresh();
      const many = (n: number) => Array.from({ length: n }, (_, i) => `keyword ${i}`);
      const ok = await send("PATCH", brandId, "nodes/keywords/", { path: ["content"], add: many(200) });
      expect(ok.statusCode).toBe(200);
      expect(ok.json<Schemas["NodeKeywordsUpdated"]>().added).toHaveLength(200);
      const tooManyAdd = await send("PATCH", brandId, "nodes/keywords/", { path: ["content"], add: many(201) });
      expect(tooManyAdd.statusCode).toBe(400);
      expect(tooManyAdd.json<Schemas["FieldErrors"]>()).toHaveProperty("add");
      const tooManyRemove = await send("PATCH", brandId, "nodes/keywords/", { path: ["content"], remove: many(201) });
      expect(tooManyRemove.statusCode).toBe(400);
      expect(tooManyRemove.json<Schemas["FieldErrors"]>()).toHaveProperty("remove");
      expect((await tree(brandId))[1]!.keywords).toHaveLength(200);
    });

    it("answers 400 when both arrays are empty or absent, or a keyword is blank; 404 for a missing path", async () => {
      const brandId = await fresh();
      for (const body of [{ path: ["seo"] }, { path: ["seo"], add: [], remove: [] }, { path: ["seo"], add: ["  "] }]) {
        const res = await send("PATCH", brandId, "nodes/keywords/", body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      const missing = await send("PATCH", brandId, "nodes/keywords/", { path: ["seo", "ghost"], add: ["x"] });
      expect(missing.statusCode).toBe(404);
      expect(missing.json<Schemas["Error"]>().detail).toContain("seo > ghost");
    });
  });

  describe("POST nodes/move/", () => {
    it("moves a whole subtree under a new parent", async () => {
      const brandId = await fresh();
      const body = fields<Schemas["NodeMoved"]>(
        await send("POST", brandId, "nodes/move/", {
          source_path: ["SEO", "tools", "Rank Trackers"],
          target_parent_path: ["content", "writing"],
        }),
      );
      expect(body).toEqual({
        success: true,
        operation: "move",
        source_path: ["seo", "tools", "rank trackers"],
        target_parent_path: ["content", "writing"],
        new_path: ["content", "writing", "rank trackers"],
      });
      const data = await tree(brandId);
      expect(data[0]!.subtopic_2[0]!.subtopic_3.map((n: { name: string }) => n.name)).toEqual(["audit tools"]);
      expect(data[1]!.subtopic_2[0]!.subtopic_3).toEqual([
        {
          name: "rank trackers",
          subtopic_4: [
            { name: "free rank trackers", keywords: ["free rank tracker"] },
            { name: "paid", keywords: [] },
          ],
          keywords: ["rank tracker"],
        },
      ]);
    });

    it("promotes to a main topic with an empty target, at a position", async () => {
      const brandId = await fresh();
      const body = fields<Schemas["NodeMoved"]>(
        await send("POST", brandId, "nodes/move/", { source_path: ["seo", "tools"], target_parent_path: [], position: 0 }),
      );
      expect(body.new_path).toEqual(["tools"]);
      const data = await tree(brandId);
      expect(data.map((t: { main_topic: string }) => t.main_topic)).toEqual(["tools", "seo", "content"]);
      expect(data[0]!.subtopic_2.map((n: { name: string }) => n.name)).toEqual(["rank trackers", "audit tools"]);
      expect(data[0]!.subtopic_2[0]!.subtopic_3.map((n: { name: string }) => n.name)).toEqual(["free rank trackers", "paid"]);
    });

    it("answers 400 for a move into its own subtree or deeper than 4 levels", async () => {
      const brandId = await fresh();
      const before = (await h.request("GET", research(brandId), { key: owner.key })).payload;
      const own = await send("POST", brandId, "nodes/move/", { source_path: ["seo"], target_parent_path: ["seo", "tools"] });
      expect(own.statusCode).toBe(400);
      expect(own.json<Schemas["Error"]>().detail).toMatch(/subtree|itself/);
      const self = await send("POST", brandId, "nodes/move/", { source_path: ["seo", "tools"], target_parent_path: ["seo", "tools"] });
      expect(self.statusCode).toBe(400);
      // tools has 3 levels; under content > writing it would reach level 5.
      const deep = await send("POST", brandId, "nodes/move/", {
        source_path: ["seo", "tools"],
        target_parent_path: ["content", "writing"],
      });
      expect(deep.statusCode).toBe(400);
      expect(deep.json<Schemas["Error"]>().detail).toMatch(/4/);
      const tooLong = await send("POST", brandId, "nodes/move/", { source_path: ["seo"], target_parent_path: ["a", "b", "c", "d"] });
      expect(tooLong.statusCode).toBe(400);
      expect((await h.request("GET", research(brandId), { key: owner.key })).payload).toBe(before);
    });

    it("answers 409 for a name taken under the target and 404 for a missing source or target", async () => {
      const brandId = await fresh();
      expect((await send("POST", brandId, "nodes/add/", { parent_path: ["content"], name: "links" })).statusCode).toBe(200);
      const clash = await send("POST", brandId, "nodes/move/", { source_path: ["seo", "links"], target_parent_path: ["content"] });
      expect(clash.statusCode).toBe(409);
      const source = await send("POST", brandId, "nodes/move/", { source_path: ["seo", "ghost"], target_parent_path: [] });
      expect(source.statusCode).toBe(404);
      expect(source.json<Schemas["Error"]>().detail).toContain("seo > ghost");
      const target = await send("POST", brandId, "nodes/move/", { source_path: ["seo", "links"], target_parent_path: ["nowhere"] });
      expect(target.statusCode).toBe(404);
      expect(target.json<Schemas["Error"]>().detail).toContain("nowhere");
      expect((await send("POST", brandId, "nodes/move/", { source_path: ["seo"] })).json<Schemas["FieldErrors"]>()).toEqual({
        target_parent_path: ["This field is required."],
      });
    });
  });

  describe("POST nodes/merge/", () => {
    const mergeTree = () => [
      {
        main_topic: "coffee",
        subtopic_2: [
          {
            name: "brewing",
            subtopic_3: [{ name: "pour over", subtopic_4: [{ name: "v60", keywords: ["v60"] }] }],
            keywords: ["brew", "coffee brewing"],
          },
          {
            name: "brew methods",
            subtopic_3: [
              { name: "Pour Over", subtopic_4: [{ name: "chemex", keywords: ["chemex"] }], keywords: ["pour over coffee"] },
              { name: "french press", keywords: ["french press"] },
            ],
            keywords: ["brew", "brew methods"],
          },
          { name: "beans", keywords: [] },
        ],
      },
    ];

    it("moves the children and keywords of merge_path into keep_path, then deletes it", async () => {
      const brandId = await brandWithTree(h, owner, mergeTree());
      const body = fields<Schemas["NodesMerged"]>(
        await send("POST", brandId, "nodes/merge/", { keep_path: ["Coffee", "Brewing"], merge_path: ["coffee", "BREW METHODS"] }),
      );
      expect(body).toEqual({
        success: true,
        operation: "merge",
        keep_path: ["coffee", "brewing"],
        merged_from: ["coffee", "brew methods"],
        children_moved: 2,
        keywords_merged: 1,
      });
      const data = await tree(brandId);
      expect(data[0]!.subtopic_2.map((n: { name: string }) => n.name)).toEqual(["brewing", "beans"]);
      const brewing = data[0]!.subtopic_2[0]!;
      expect(brewing.keywords).toEqual(["brew", "coffee brewing", "brew methods"]);
      // The same-named child is merged in turn, the other one is moved.
      expect(brewing.subtopic_3).toEqual([
        {
          name: "pour over",
          subtopic_4: [
            { name: "v60", keywords: ["v60"] },
            { name: "chemex", keywords: ["chemex"] },
          ],
          keywords: ["pour over coffee"],
        },
        { name: "french press", subtopic_4: [], keywords: ["french press"] },
      ]);
    });

    it("answers 400 for different levels, different parents or the same node, and 404 for a missing one", async () => {
      const brandId = await brandWithTree(h, owner, mergeTree());
      const level = await send("POST", brandId, "nodes/merge/", {
        keep_path: ["coffee", "brewing"],
        merge_path: ["coffee", "brewing", "pour over"],
      });
      expect(level.statusCode).toBe(400);
      const parent = await send("POST", brandId, "nodes/merge/", {
        keep_path: ["coffee", "brewing", "pour over"],
        merge_path: ["coffee", "brew methods", "french press"],
      });
      expect(parent.statusCode).toBe(400);
      const same = await send("POST", brandId, "nodes/merge/", { keep_path: ["coffee", "beans"], merge_path: ["coffee", "Beans"] });
      expect(same.statusCode).toBe(400);
      const missing = await send("POST", brandId, "nodes/merge/", { keep_path: ["coffee", "beans"], merge_path: ["coffee", "tea"] });
      expect(missing.statusCode).toBe(404);
      expect(missing.json<Schemas["Error"]>().detail).toContain("coffee > tea");
      expect((await send("POST", brandId, "nodes/merge/", { keep_path: ["coffee"] })).json<Schemas["FieldErrors"]>()).toEqual({
        merge_path: ["This field is required."],
      });
    });
  });

  describe("node ids", () => {
    it("stay with their nodes across rename, move and merge; merge keeps keep_path's id", async () => {
      const brandId = await fresh();
      const before = idsByPath(await storedTree(h, brandId));
      expect(new Set(before.values()).size).toBe(before.size);

      expect((await send("PATCH", brandId, "nodes/rename/", { path: ["seo", "tools"], new_name: "Tooling" })).statusCode).toBe(200);
      let now = idsByPath(await storedTree(h, brandId));
      expect(now.get("seo > tooling")).toBe(before.get("seo > tools"));
      expect(now.get("seo > tooling > rank trackers > paid")).toBe(before.get("seo > tools > rank trackers > paid"));

      const moved = await send("POST", brandId, "nodes/move/", {
        source_path: ["seo", "tooling", "rank trackers"],
        target_parent_path: ["content", "writing"],
      });
      expect(moved.statusCode).toBe(200);
      now = idsByPath(await storedTree(h, brandId));
      expect(now.get("content > writing > rank trackers")).toBe(before.get("seo > tools > rank trackers"));
      expect(now.get("content > writing > rank trackers > free rank trackers")).toBe(
        before.get("seo > tools > rank trackers > free rank trackers"),
      );

      const promoted = await send("POST", brandId, "nodes/move/", { source_path: ["seo", "links"], target_parent_path: [] });
      expect(promoted.statusCode).toBe(200);
      now = idsByPath(await storedTree(h, brandId));
      expect(now.get("links")).toBe(before.get("seo > links"));

      const merged = await send("POST", brandId, "nodes/merge/", { keep_path: ["content"], merge_path: ["links"] });
      expect(merged.statusCode).toBe(200);
      now = idsByPath(await storedTree(h, brandId));
      expect(now.get("content")).toBe(before.get("content"));
      expect([...now.values()]).not.toContain(before.get("seo > links"));
      expect(now.get("content > writing")).toBe(before.get("content > writing"));

      // A keyword edit and an add change no existing id.
      expect((await send("PATCH", brandId, "nodes/keywords/", { path: ["content"], add: ["k"] })).statusCode).toBe(200);
      expect((await send("POST", brandId, "nodes/add/", { parent_path: ["seo"], name: "new" })).statusCode).toBe(200);
      const last = idsByPath(await storedTree(h, brandId));
      for (const [path, id] of now) expect(last.get(path)).toBe(id);
      expect(new Set(last.values()).size).toBe(last.size);
    });
  });

  describe("every write", () => {
    const writes = NODE_WRITES;

    it("answers 404 for a brand without research, of another workspace, or malformed", async () => {
      const bare = await createBrand(h, owner, "No Research");
      const mine = await fresh();
      const stranger = await h.userWithKey();
      for (const [method, rest, body] of writes) {
        const none = await send(method, bare, rest, body);
        expect(none.statusCode, `${method} ${rest}`).toBe(404);
        expect(none.json<Schemas["Error"]>().detail).toMatch(/research/i);
        expect((await send(method, mine, rest, body, stranger.key)).statusCode, `${method} ${rest}`).toBe(404);
        expect((await send(method, "not-a-uuid", rest, body)).statusCode, `${method} ${rest}`).toBe(404);
      }
      expect((await h.request("GET", research(mine), { key: owner.key })).json<Schemas["ResearchTree"]>().stats).toEqual(SAMPLE_STATS);
    });

    it("answers 400 for a body that is not JSON or not an object, and 415 without JSON content type", async () => {
      const brandId = await fresh();
      for (const [method, rest] of writes) {
        const broken = await h.request(method, research(brandId, rest), {
          key: owner.key,
          body: "{not json",
          headers: { "content-type": "application/json" },
        });
        expect(broken.statusCode, `${method} ${rest}`).toBe(400);
        expect(broken.json<Schemas["Error"]>()).toEqual<FieldsOf<Schemas["Error"]>>({ detail: expect.any(String) });
        const array = await send(method, brandId, rest, []);
        expect(array.statusCode, `${method} ${rest}`).toBe(400);
        const text = await h.request(method, research(brandId, rest), {
          key: owner.key,
          body: "x",
          headers: { "content-type": "text/plain" },
        });
        expect(text.statusCode, `${method} ${rest}`).toBe(415);
      }
    });
  });
});
