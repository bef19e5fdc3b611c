// Concurrent writers on one tree: every request either applies to the tree the previous one
// left, or gets a clear error; no edit is silently lost.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness, Schemas } from "../../helpers/harness";
import { brandWithTree, idsByPath, openResearchHarness, type Owner, research, researchDetail, storedTree, storedVersion } from "./helpers";

describe("concurrent writes to one research tree", () => {
  let h: Harness;
  let owner: Owner;
  beforeAll(async () => {
    ({ h, owner } = await openResearchHarness());
  });
  afterAll(async () => h.close());

  const send = (method: string, brandId: string, rest: string, body: unknown) =>
    h.request(method, research(brandId, rest), { key: owner.key, body });

  it("keeps all of 20 concurrent adds", async () => {
    const brandId = await brandWithTree(h, owner);
    const version = await storedVersion(h, brandId);
    const names = Array.from({ length: 20 }, (_, i) => `topic ${i}`);
    const answers = await Promise.all(names.map((name) => send("POST", brandId, "nodes/add/", { parent_path: ["content"], name })));
    expect(answers.map((a) => a.statusCode)).toEqual(names.map(() => 200));
    const hubs = (await researchDetail(h, owner, brandId)).research_data[1]!.subtopic_2.map((n: { name: string }) => n.name);
    expect(hubs).toHaveLength(21);
    expect(hubs).toEqual(expect.arrayContaining(["writing", ...names]));
    expect(await storedVersion(h, brandId)).toBe(version + 20);
    const ids = idsByPath(await storedTree(h, brandId));
    expect(new Set(ids.values()).size).toBe(ids.size);
  });

  it("keeps all of 20 concurrent keyword edits of one node", async () => {
    const brandId = await brandWithTree(h, owner);
    const keywords = Array.from({ length: 20 }, (_, i) => `keyword ${i}`);
    const answers = await Promise.all(
      keywords.map((keyword) => send("PATCH", brandId, "nodes/keywords/", { path: ["seo", "links"], add: [keyword] })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const links = (await researchDetail(h, owner, brandId)).research_data[0]!.subtopic_2[1]!;
    expect([...links.keywords].sort()).toEqual(["backlinks", "link building", ...keywords].sort());
    // Each answer's current_keywords is the node as that edit left it: the longest has them all.
    const longest = Math.max(...answers.map((a) => a.json<Schemas["NodeKeywordsUpdated"]>().current_keywords.length));
    expect(longest).toBe(22);
  });

  it("gives one of two concurrent renames of a node 200 and the other 404, never both", async () => {
    for (let round = 0; round < 5; round++) {
      const brandId = await brandWithTree(h, owner, undefined, `Rename Race ${round}`);
      const id = idsByPath(await storedTree(h, brandId)).get("seo > tools");
      const [a, b] = await Promise.all([
        send("PATCH", brandId, "nodes/rename/", { path: ["seo", "tools"], new_name: "software" }),
        send("PATCH", brandId, "nodes/rename/", { path: ["seo", "tools"], new_name: "apps" }),
      ]);
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses).toEqual([200, 404]);
      const winner = a.statusCode === 200 ? a : b;
      const loser = a.statusCode === 200 ? b : a;
      expect(loser.json<Schemas["Error"]>().detail).toContain("seo > tools");
      const names = (await researchDetail(h, owner, brandId)).research_data[0]!.subtopic_2.map((n: { name: string }) => n.name);
      expect(names).toEqual([winner.json<Schemas["NodeRenamed"]>().new_name, "links"]);
      expect(idsByPath(await storedTree(h, brandId)).get(`seo > ${winner.json<Schemas["NodeRenamed"]>().new_name}`)).toBe(id);
    }
  });

  it("gives one of two siblings renamed to the same name at once 200 and the other 409", async () => {
    const brandId = await brandWithTree(h, owner);
    const [a, b] = await Promise.all([
      send("PATCH", brandId, "nodes/rename/", { path: ["seo", "tools"], new_name: "resources" }),
      send("PATCH", brandId, "nodes/rename/", { path: ["seo", "links"], new_name: "Resources" }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const names = (await researchDetail(h, owner, brandId)).research_data[0]!.subtopic_2.map((n: { name: string }) => n.name);
    expect(names.filter((name: string) => name === "resources")).toHaveLength(1);
    expect(names).toHaveLength(2);
  });

  it("orders a delete and an add under the deleted node: the counts show which came first", async () => {
    for (let round = 0; round < 4; round++) {
      const brandId = await brandWithTree(h, owner, undefined, `Delete Race ${round}`);
      const [added, deleted] = await Promise.all([
        send("POST", brandId, "nodes/add/", { parent_path: ["seo", "tools"], name: "crawlers" }),
        send("POST", brandId, "nodes/delete/", { path: ["seo", "tools"] }),
      ]);
      expect(deleted.statusCode).toBe(200);
      if (added.statusCode === 200) {
        // The add came first: the delete took it along.
        expect(deleted.json<Schemas["NodeDeleted"]>().deleted_descendants).toBe(5);
      } else {
        expect(added.statusCode).toBe(404);
        expect(deleted.json<Schemas["NodeDeleted"]>().deleted_descendants).toBe(4);
      }
      expect((await researchDetail(h, owner, brandId)).research_data[0]!.subtopic_2.map((n: { name: string }) => n.name)).toEqual([
        "links",
      ]);
    }
  });

  it("keeps every effect of concurrent bulks and single edits", async () => {
    const brandId = await brandWithTree(h, owner);
    const bulks = Array.from({ length: 6 }, (_, i) =>
      send("POST", brandId, "nodes/bulk/", {
        operations: [
          { action: "add", parent_path: [], name: `bulk ${i}` },
          { op: "add", parent_path: [`bulk ${i}`], name: "hub" },
          { action: "update_keywords", path: [`bulk ${i}`, "hub"], add: [`kw ${i}`] },
        ],
      }),
    );
    const singles = Array.from({ length: 6 }, (_, i) => send("POST", brandId, "nodes/add/", { parent_path: ["seo"], name: `single ${i}` }));
    const answers = await Promise.all([...bulks, ...singles]);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const tree = await researchDetail(h, owner, brandId);
    expect(tree.stats).toMatchObject({ main_topic_count: 8, st2_count: 3 + 6 + 6, keyword_count: 6 + 6 });
    for (let i = 0; i < 6; i++) {
      const topic = tree.research_data.find((t: { main_topic: string }) => t.main_topic === `bulk ${i}`);
      expect(topic!.subtopic_2).toEqual([{ name: "hub", subtopic_3: [], subtopic_4: [], keywords: [`kw ${i}`] }]);
    }
  });
});
