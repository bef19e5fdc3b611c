// POST nodes/bulk/: up to 200 operations in order, each seeing the earlier ones, all or nothing;
// the action under `action` or `op`; the failure report with failed_at_index and nothing
// applied; and random batches checked against the pure bulk runner.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyBulk } from "../../../src/modules/research/tree/bulk";
import { toWire } from "../../../src/modules/research/tree/wire";
import type { Harness, Schemas } from "../../helpers/harness";
import { dereference } from "../../helpers/openapi-document";
import { counterIds, treeWithOpsArb } from "./tree/arbitraries";
import {
  brandWithTree,
  idsByPath,
  keysOf,
  LEVEL_LABELS,
  openResearchHarness,
  type Owner,
  research,
  storedTree,
  storedVersion,
} from "./helpers";
import type { FieldsOf } from "../../helpers/matchers";

const FAILURE_KEYS = ["error", "failed_at_index", "message", "operations_rolled_back", "success"];

/** The part of the served OpenAPI document (dereferenced) the documentation test reads. */
interface BulkDocument {
  paths: {
    "/api/v1/research/{brand_id}/nodes/bulk/": {
      post: {
        responses: Record<
          "400" | "404" | "409",
          { content: { "application/json": { schema: { anyOf: Array<{ required?: string[]; additionalProperties?: unknown }> } } } }
        >;
      };
    };
  };
}

describe("POST nodes/bulk/", () => {
  let h: Harness;
  let owner: Owner;
  beforeAll(async () => {
    ({ h, owner } = await openResearchHarness());
  });
  afterAll(async () => h.close());

  const bulk = (brandId: string, operations: unknown, key = owner.key) =>
    h.request("POST", research(brandId, "nodes/bulk/"), { key, body: { operations } });
  const getTree = (brandId: string) => h.request("GET", research(brandId), { key: owner.key });

  it("applies the operations in order, each seeing the effects of the earlier ones", async () => {
    const brandId = await brandWithTree(h, owner);
    const res = await bulk(brandId, [
      { action: "add", parent_path: [], name: "Local SEO", position: 0 },
      { action: "add", parent_path: ["local seo"], name: "Maps" },
      { action: "rename", path: ["local seo", "maps"], new_name: "Map Pack" },
      { action: "update_keywords", path: ["local seo", "map pack"], add: ["Map Pack", "local pack"], remove: ["absent"] },
      { action: "move", source_path: ["seo", "links"], target_parent_path: ["local seo"] },
      { action: "merge", keep_path: ["local seo", "map pack"], merge_path: ["local seo", "links"] },
      { action: "delete", path: ["content"] },
    ]);
    expect(res.statusCode, res.payload).toBe(200);
    const body = res.json<Schemas["BulkNodeOperationsResult"]>();
    expect(keysOf(body)).toEqual(["_meta", "operations_applied", "results", "success"]);
    expect(body._meta.description).toEqual(expect.any(String));
    expect(body._meta.level_labels).toEqual(LEVEL_LABELS);
    expect(body.success).toBe(true);
    expect(body.operations_applied).toBe(7);
    expect(body.results).toEqual([
      { operation: "add", success: true, parent_path: [], name: "local seo", level: "MT", path: ["local seo"] },
      { operation: "add", success: true, parent_path: ["local seo"], name: "maps", level: "ST2", path: ["local seo", "maps"] },
      {
        operation: "rename",
        success: true,
        path: ["local seo", "maps"],
        old_name: "maps",
        new_name: "map pack",
        updated_path: ["local seo", "map pack"],
      },
      {
        operation: "update_keywords",
        success: true,
        path: ["local seo", "map pack"],
        added: ["map pack", "local pack"],
        removed: [],
        current_keywords: ["map pack", "local pack"],
      },
      {
        operation: "move",
        success: true,
        source_path: ["seo", "links"],
        target_parent_path: ["local seo"],
        new_path: ["local seo", "links"],
      },
      {
        operation: "merge",
        success: true,
        keep_path: ["local seo", "map pack"],
        merged_from: ["local seo", "links"],
        children_moved: 0,
        keywords_merged: 2,
      },
      { operation: "delete", success: true, path: ["content"], deleted_node: "content", deleted_descendants: 1, deleted_keywords: 0 },
    ]);
    const data = (await getTree(brandId)).json<Schemas["ResearchTree"]>().research_data;
    expect(data.map((t: { main_topic: string }) => t.main_topic)).toEqual(["local seo", "seo"]);
    expect(data[0]!.subtopic_2).toEqual([
      { name: "map pack", subtopic_3: [], subtopic_4: [], keywords: ["map pack", "local pack", "link building", "backlinks"] },
    ]);
  });

  it("takes the action under `op` as well as `action`", async () => {
    const brandId = await brandWithTree(h, owner);
    const res = await bulk(brandId, [
      { op: "add", parent_path: ["content"], name: "Editing" },
      { op: "update_keywords", path: ["content", "editing"], add: ["proofreading"] },
      { action: "rename", op: "rename", path: ["content", "writing"], new_name: "Copywriting" },
    ]);
    expect(res.statusCode, res.payload).toBe(200);
    expect(res.json<Schemas["BulkNodeOperationsResult"]>().results!.map((r: { operation: string }) => r.operation)).toEqual([
      "add",
      "update_keywords",
      "rename",
    ]);
    const content = (await getTree(brandId)).json<Schemas["ResearchTree"]>().research_data[1]!;
    expect(content.subtopic_2.map((n: { name: string; keywords: string[] }) => [n.name, n.keywords])).toEqual([
      ["copywriting", []],
      ["editing", ["proofreading"]],
    ]);
  });

  it("applies nothing when one operation fails, and reports which and why", async () => {
    const brandId = await brandWithTree(h, owner);
    const before = (await getTree(brandId)).payload;
    const ids = idsByPath(await storedTree(h, brandId));
    const version = await storedVersion(h, brandId);

    const res = await bulk(brandId, [
      { action: "add", parent_path: [], name: "new topic" },
      { action: "rename", path: ["seo", "tools"], new_name: "software" },
      { action: "delete", path: ["seo", "tools"] },
      { action: "add", parent_path: [], name: "never reached" },
    ]);
    expect(res.statusCode).toBe(404);
    const body = res.json<Schemas["BulkNodeOperationsFailure"]>();
    expect(keysOf(body)).toEqual(FAILURE_KEYS);
    expect(body.success).toBe(false);
    expect(body.failed_at_index).toBe(2);
    expect(body.operations_rolled_back).toBe(2);
    expect(body.error).toMatch(/2/);
    expect(body.error).toMatch(/delete/);
    expect(body.error).toMatch(/seo > tools/);
    expect(body.message).toEqual(expect.any(String));

    expect((await getTree(brandId)).payload).toBe(before);
    expect(await storedVersion(h, brandId)).toBe(version);
    expect(idsByPath(await storedTree(h, brandId))).toEqual(ids);
  });

  it("answers the failing operation's status: 409 for a clash, 400 for bad parameters or actions", async () => {
    const brandId = await brandWithTree(h, owner);
    const before = (await getTree(brandId)).payload;
    const cases: [unknown[], number, number, RegExp][] = [
      [[{ action: "add", parent_path: ["seo"], name: "LINKS" }], 409, 0, /add/],
      [
        [
          { action: "add", parent_path: [], name: "x" },
          { action: "add", parent_path: [], name: "X" },
        ],
        409,
        1,
        /add/,
      ],
      [[{ action: "rename", path: ["seo"] }], 400, 0, /new_name/],
      [
        [
          { action: "add", parent_path: [], name: "ok" },
          { action: "explode", path: ["seo"] },
        ],
        400,
        1,
        /explode/,
      ],
      [[{ path: ["seo"] }], 400, 0, /action/],
      [[{ action: "add", op: "delete", parent_path: [], name: "x" }], 400, 0, /action|op/],
      [[{ action: "move", source_path: ["seo"], target_parent_path: ["seo", "tools"] }], 400, 0, /move/],
      [[{ action: "update_keywords", path: ["seo"], add: Array.from({ length: 201 }, (_, i) => `k${i}`) }], 400, 0, /200/],
      [[{ action: "delete", path: ["a", "b", "c", "d", "e"] }], 400, 0, /delete/],
    ];
    for (const [operations, status, index, reason] of cases) {
      const res = await bulk(brandId, operations);
      expect(res.statusCode, JSON.stringify(operations)).toBe(status);
      const body = res.json<Schemas["BulkNodeOperationsFailure"]>();
      expect(keysOf(body)).toEqual(FAILURE_KEYS);
      expect(body).toMatchObject({ success: false, failed_at_index: index, operations_rolled_back: index });
      expect(body.error).toMatch(reason);
    }
    // An item that is not an object fails the body's schema: a field error naming its index.
    const notObject = await bulk(brandId, [{ action: "add", parent_path: [], name: "x" }, "rename"]);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json<Schemas["FieldErrors"]>()).toEqual<FieldsOf<Schemas["FieldErrors"]>>({ "operations.1": [expect.any(String)] });
    expect((await getTree(brandId)).payload).toBe(before);
  });

  it("documents its failure report as an error body of the statuses it comes with", async () => {
    const operation = dereference((await h.request("GET", "/api/v1/schema/?format=json")).json<BulkDocument>()).paths[
      "/api/v1/research/{brand_id}/nodes/bulk/"
    ].post;
    for (const status of ["400", "404", "409"] as const) {
      const members: Array<{ required?: string[]; additionalProperties?: unknown }> =
        operation.responses[status].content["application/json"].schema.anyOf;
      const report = members.find((m) => m.required?.includes("failed_at_index"));
      expect(report?.required?.sort(), status).toEqual(FAILURE_KEYS);
      expect(report?.additionalProperties, status).toBe(false);
    }
  });

  it("takes 200 operations and refuses 201 with a field error", async () => {
    const brandId = await brandWithTree(h, owner);
    const adds = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({ action: "add", parent_path: ["content"], name: `${prefix} ${i}` }));
    const over = await bulk(brandId, adds(201, "over"));
    expect(over.statusCode).toBe(400);
    expect(over.json<Schemas["FieldErrors"]>()).toHaveProperty("operations");
    expect((await getTree(brandId)).json<Schemas["ResearchTree"]>().stats.st2_count).toBe(3);
    const full = await bulk(brandId, adds(200, "page"));
    expect(full.statusCode, full.payload).toBe(200);
    expect(full.json<Schemas["BulkNodeOperationsResult"]>().operations_applied).toBe(200);
    expect((await getTree(brandId)).json<Schemas["ResearchTree"]>().stats.st2_count).toBe(203);
  });

  it("answers field errors for a missing or mistyped operations array", async () => {
    const brandId = await brandWithTree(h, owner);
    const missing = await h.request("POST", research(brandId, "nodes/bulk/"), { key: owner.key, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<Schemas["FieldErrors"]>()).toEqual({ operations: ["This field is required."] });
    const mistyped = await h.request("POST", research(brandId, "nodes/bulk/"), { key: owner.key, body: { operations: { action: "add" } } });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json<Schemas["FieldErrors"]>()).toHaveProperty("operations");
  });

  it("gives the same outcome as the pure bulk runner on random trees and batches", async () => {
    const samples = fc.sample(treeWithOpsArb, { numRuns: 30, seed: 20_251_121 });
    for (const [n, { tree, operations }] of samples.entries()) {
      const brandId = await brandWithTree(h, owner, toWire(tree), `Random ${n}`);
      const before = (await getTree(brandId)).payload;
      const expected = applyBulk(tree, operations, counterIds());
      const res = await bulk(brandId, operations);
      const label = `sample ${n}: ${JSON.stringify(operations)}`;
      const notObject = operations.findIndex((op) => typeof op !== "object" || op === null || Array.isArray(op));
      if (notObject !== -1) {
        expect(res.statusCode, label).toBe(400);
        expect(res.json<Schemas["FieldErrors"]>(), label).toHaveProperty([`operations.${notObject}`]);
        expect((await getTree(brandId)).payload, label).toBe(before);
      } else if (expected.ok) {
        expect(res.statusCode, `${label} -> ${res.payload}`).toBe(200);
        expect(res.json<Schemas["BulkNodeOperationsResult"]>().results, label).toEqual(expected.results);
        expect((await getTree(brandId)).json<Schemas["ResearchTree"]>().research_data, label).toEqual(toWire(expected.tree));
      } else {
        expect(res.statusCode, `${label} -> ${res.payload}`).toBe(expected.status);
        expect(res.json<Schemas["BulkNodeOperationsFailure"]>(), label).toEqual<FieldsOf<Schemas["BulkNodeOperationsFailure"]>>({
          success: false,
          error: expected.error,
          failed_at_index: expected.failedAtIndex,
          operations_rolled_back: expected.failedAtIndex,
          message: expect.any(String),
        });
        expect((await getTree(brandId)).payload, label).toBe(before);
      }
    }
  });
});
