// POST diff/ (added, deleted, renamed, moved and keyword counts; 413 over 5,000 nodes or 2 MB)
// and POST analyze/dedup/ (groups of near-duplicate nodes).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness, Schemas } from "../../helpers/harness";
import { brandWithTree, createBrand, keysOf, LEVEL_LABELS, openResearchHarness, type Owner, research, researchDetail } from "./helpers";
import type { FieldsOf } from "../../helpers/matchers";

const BEFORE = [
  {
    main_topic: "seo",
    subtopic_2: [
      { name: "tools", keywords: ["seo tools", "rank tracker"] },
      { name: "links", subtopic_3: [{ name: "outreach", keywords: ["outreach"] }], keywords: ["backlinks"] },
    ],
    keywords: ["seo"],
  },
  {
    main_topic: "content",
    subtopic_2: [{ name: "writing" }, { name: "old", subtopic_3: [{ name: "x" }, { name: "y", keywords: ["gone"] }] }],
  },
];
const AFTER = [
  {
    main_topic: "seo",
    subtopic_2: [
      { name: "software", keywords: ["seo tools", "rank tracker"] },
      { name: "links", keywords: ["backlinks", "guest posts"] },
      { name: "local", keywords: ["maps"] },
    ],
    keywords: ["seo"],
  },
  { main_topic: "content", subtopic_2: [{ name: "writing", subtopic_3: [{ name: "outreach", keywords: ["outreach"] }] }] },
];

/** The same tree with names and keywords in upper case. */
function shout(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shout);
  if (typeof value === "string") return value.toUpperCase();
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shout(inner)]));
}

/** `count` main topics named `${prefix}N`, no children. */
const flatTree = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => ({ main_topic: `${prefix}${i}` }));

describe("topical research diff and dedup", () => {
  let h: Harness;
  let owner: Owner;
  let brandId: string;
  beforeAll(async () => {
    ({ h, owner } = await openResearchHarness());
    brandId = await brandWithTree(h, owner);
  });
  afterAll(async () => h.close());

  const diff = (body: unknown, id = brandId, key = owner.key) => h.request("POST", research(id, "diff/"), { key, body });
  const dedup = (body: unknown, id: string, key = owner.key) => h.request("POST", research(id, "analyze/dedup/"), { key, body });

  describe("POST diff/", () => {
    it("reports added, deleted, renamed and moved nodes and keyword changes", async () => {
      const res = await diff({ before: BEFORE, after: AFTER });
      expect(res.statusCode, res.payload).toBe(200);
      const body = res.json<Schemas["TreeDiff"]>();
      expect(keysOf(body)).toEqual(["_meta", "changes", "summary"]);
      expect(body._meta.description).toEqual(expect.any(String));
      expect(body._meta.level_labels).toEqual(LEVEL_LABELS);
      expect(body.summary).toEqual({
        nodes_added: 1,
        nodes_deleted: 3,
        nodes_renamed: 1,
        nodes_moved: 1,
        keywords_added: 2,
        keywords_removed: 1,
      });
      expect(body.changes).toHaveLength(4);
      expect(body.changes).toEqual(
        expect.arrayContaining([
          { type: "renamed", level: "ST2", path: ["seo", "software"], name: "software", old_name: "tools" },
          { type: "added", level: "ST2", path: ["seo", "local"], name: "local", descendants_added: 0 },
          {
            type: "moved",
            level: "ST3",
            path: ["content", "writing", "outreach"],
            name: "outreach",
            old_path: ["seo", "links", "outreach"],
          },
          { type: "deleted", level: "ST2", path: ["content", "old"], name: "old", descendants_deleted: 2 },
        ]),
      );
    });

    it("reports nothing for identical trees, whatever their case, and everything against an empty one", async () => {
      const same = (await diff({ before: BEFORE, after: shout(BEFORE) })).json<Schemas["TreeDiff"]>();
      expect(same.changes).toEqual([]);
      expect(Object.values(same.summary).every((n) => n === 0)).toBe(true);
      const all = (await diff({ before: [], after: BEFORE })).json<Schemas["TreeDiff"]>();
      expect(all.summary).toMatchObject({ nodes_added: 9, nodes_deleted: 0, keywords_added: 6 });
      expect(all.changes.map((c: { type: string; path: string[] }) => [c.type, c.path])).toEqual([
        ["added", ["seo"]],
        ["added", ["content"]],
      ]);
    });

    it("needs no research record, and reads nothing from the stored tree", async () => {
      const bare = await createBrand(h, owner, "Diff Only");
      const res = await diff({ before: [], after: [{ main_topic: "a" }] }, bare);
      expect(res.statusCode).toBe(200);
      expect(res.json<Schemas["TreeDiff"]>().summary.nodes_added).toBe(1);
    });

    it("answers 413 over 5,000 nodes in both trees together, and takes exactly 5,000", async () => {
      const ok = await diff({ before: flatTree(2500, "a"), after: flatTree(2500, "a") });
      expect(ok.statusCode, ok.payload.slice(0, 200)).toBe(200);
      const over = await diff({ before: flatTree(2501, "a"), after: flatTree(2500, "a") });
      expect(over.statusCode).toBe(413);
      expect(over.json<Schemas["Error"]>()).toEqual<FieldsOf<Schemas["Error"]>>({ detail: expect.stringMatching(/5,?000/) });
      const deep = [{ main_topic: "m", subtopic_2: Array.from({ length: 5000 }, (_, i) => ({ name: `n${i}` })) }];
      expect((await diff({ before: [], after: deep })).statusCode).toBe(413);
    });

    it("answers 413 for a payload over 2 MB, however few its nodes", async () => {
      const big = [{ main_topic: "big", keywords: ["a".repeat(1024 * 1024), "b".repeat(1024 * 1024)] }];
      const res = await diff({ before: big, after: [] });
      expect(res.statusCode).toBe(413);
      expect(res.json<Schemas["Error"]>()).toEqual<FieldsOf<Schemas["Error"]>>({ detail: expect.any(String) });
      const huge = [{ main_topic: "huge", keywords: ["c".repeat(4 * 1024 * 1024)] }];
      const hugeRes = await diff({ before: huge, after: [] });
      expect(hugeRes.statusCode).toBe(413);
      expect(hugeRes.json<Schemas["Error"]>()).toEqual<FieldsOf<Schemas["Error"]>>({ detail: expect.any(String) });
    });

    it("answers 400 for a missing side, an invalid node or duplicate siblings", async () => {
      const missing = await diff({ before: [] });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<Schemas["FieldErrors"]>()).toEqual({ after: ["This field is required."] });
      const invalid = await diff({ before: [{ main_topic: "a", subtopic_2: [{ keywords: [] }] }], after: [] });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json<Schemas["Error"]>().detail).toMatch(/before\[0\]\.subtopic_2\[0\]\.name/);
      const dupes = await diff({ before: [], after: [{ main_topic: "a" }, { main_topic: "A" }] });
      expect(dupes.statusCode).toBe(400);
      expect(dupes.json<Schemas["Error"]>().detail).toMatch(/after\[1\]/);
    });

    it("answers 404 for a brand of another workspace or a malformed id, and reads with research:read", async () => {
      const stranger = await h.userWithKey();
      expect((await diff({ before: [], after: [] }, brandId, stranger.key)).statusCode).toBe(404);
      expect((await diff({ before: [], after: [] }, "not-a-uuid")).statusCode).toBe(404);
      const reader = await h.createKey(owner.user, { scopes: ["research:read"] });
      expect((await diff({ before: BEFORE, after: AFTER }, brandId, reader.key)).statusCode).toBe(200);
    });
  });

  describe("POST analyze/dedup/", () => {
    const dupTree = [
      {
        main_topic: "SEO",
        subtopic_2: [{ name: "SEO Tools", keywords: ["rank tracker"] }, { name: "Tools SEO" }, { name: "Link Building" }],
      },
      {
        main_topic: "content",
        subtopic_2: [
          { name: "content writing" },
          { name: "writing content" },
          { name: "blogging", keywords: ["blog posts", "blogging tips"] },
        ],
      },
      { main_topic: "social", subtopic_2: [{ name: "blog", keywords: ["blog posts", "blogging tips"] }] },
    ];

    it("groups near-duplicate names and nodes with the same keywords, at the default threshold 0.8", async () => {
      const id = await brandWithTree(h, owner, dupTree, "Dupes");
      const res = await dedup({}, id);
      expect(res.statusCode, res.payload).toBe(200);
      const body = res.json<Schemas["DuplicateNodes"]>();
      expect(keysOf(body)).toEqual(["_meta", "groups", "threshold"]);
      expect(body._meta.description).toEqual(expect.any(String));
      expect(body._meta.level_labels).toEqual(LEVEL_LABELS);
      expect(body.threshold).toBe(0.8);
      expect(body.groups).toEqual([
        {
          similarity: 1,
          nodes: [
            { path: ["seo", "seo tools"], name: "seo tools", level: "ST2" },
            { path: ["seo", "tools seo"], name: "tools seo", level: "ST2" },
          ],
        },
        {
          similarity: 1,
          nodes: [
            { path: ["content", "content writing"], name: "content writing", level: "ST2" },
            { path: ["content", "writing content"], name: "writing content", level: "ST2" },
          ],
        },
        {
          similarity: 1,
          nodes: [
            { path: ["content", "blogging"], name: "blogging", level: "ST2" },
            { path: ["social", "blog"], name: "blog", level: "ST2" },
          ],
        },
      ]);
      // Dedup changes nothing.
      const tree = await researchDetail(h, owner, id);
      expect(tree.stats.total_nodes).toBe(10);
    });

    it("finds looser groups at a lower threshold, and none in a tree without near-duplicates", async () => {
      const id = await brandWithTree(h, owner, dupTree, "Dupes Low");
      const low = (await dedup({ threshold: 0.3 }, id)).json<Schemas["DuplicateNodes"]>();
      expect(low.threshold).toBe(0.3);
      expect(low.groups.length).toBeGreaterThanOrEqual(3);
      for (const group of low.groups) {
        expect(group.similarity).toBeGreaterThanOrEqual(0.3);
        expect(group.nodes.length).toBeGreaterThanOrEqual(2);
      }
      const clean = await brandWithTree(h, owner, [{ main_topic: "alpha" }, { main_topic: "zulu" }], "Clean");
      expect((await dedup({ threshold: 0.9 }, clean)).json<Schemas["DuplicateNodes"]>().groups).toEqual([]);
    });

    it("answers 400 for a threshold outside 0 to 1 or not a number, and 404 without research", async () => {
      const id = await brandWithTree(h, owner, dupTree, "Dupes Bad");
      for (const threshold of [1.5, -0.1, "high"]) {
        const res = await dedup({ threshold }, id);
        expect(res.statusCode, String(threshold)).toBe(400);
        expect(res.json<Schemas["FieldErrors"]>()).toHaveProperty("threshold");
      }
      const bare = await createBrand(h, owner, "Dedup Bare");
      expect((await dedup({}, bare)).statusCode).toBe(404);
      const stranger = await h.userWithKey();
      expect((await dedup({}, id, stranger.key)).statusCode).toBe(404);
    });
  });
});
