// Numbers and text lengths of request input (docs/conventions.md §2): a number field takes a finite number or
// a numeric string, never a boolean, NaN or an infinity; every text field has a maxLength that the
// OpenAPI document shows, and a longer value is a 400 field error in DRF's words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness, Schemas } from "../../helpers/harness";
import { dereference } from "../../helpers/openapi-document";
import { balance, brandWithTree, createBrand, openResearchHarness, type Owner, research } from "../../modules/research/helpers";

const NUMBER = "A valid number is required.";
const NULL = "This field may not be null.";
const INTEGER = "A valid integer is required.";
const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

let h: Harness;
let owner: Owner;
beforeAll(async () => {
  ({ h, owner } = await openResearchHarness({ workers: false }));
  await h.grant(owner.user, 1000);
});
afterAll(async () => h.close());

const send = (method: string, url: string, body: unknown) => h.request(method, url, { key: owner.key, body });

/** Values no number field takes; JSON has no NaN or Infinity, so they arrive as strings. */
const NOT_NUMBERS: unknown[] = ["Infinity", "-Infinity", "NaN", "1e400", true, false, null, "", "0x1", "1,5", [0.5], { value: 0.5 }];

describe("number fields", () => {
  it("refuses every non-finite or non-numeric overlap_percentage, and charges nothing", async () => {
    const credits = await balance(h, owner.user.id);
    for (const overlap of NOT_NUMBERS) {
      const res = await send("POST", "/api/v1/clustering/", { report_name: "Coffee", keywords: ["espresso"], overlap_percentage: overlap });
      expect(res.statusCode, JSON.stringify(overlap)).toBe(400);
      // null is not read as 0: it is refused as null (docs/conventions.md §2).
      expect(res.json<Schemas["FieldErrors"]>()).toEqual({ overlap_percentage: [overlap === null ? NULL : NUMBER] });
    }
    expect(await balance(h, owner.user.id)).toBe(credits);
    // Bounds still apply to what is a number.
    const outside = await send("POST", "/api/v1/clustering/", {
      report_name: "Coffee",
      keywords: ["espresso"],
      overlap_percentage: "0.95",
    });
    expect(outside.statusCode).toBe(400);
    expect(Object.keys(outside.json<Schemas["FieldErrors"]>())).toEqual(["overlap_percentage"]);
  });

  it("takes a finite number or a numeric string", async () => {
    for (const overlap of [0.5, "0.5", " 0.5 ", "5e-1"]) {
      const res = await send("POST", "/api/v1/clustering/", { report_name: "Coffee", keywords: ["espresso"], overlap_percentage: overlap });
      expect(res.statusCode, `${JSON.stringify(overlap)}: ${res.payload}`).toBe(202);
    }
  });

  it("answers a dedup threshold of Infinity 400, not 500", async () => {
    const brandId = await brandWithTree(h, owner, undefined, "Dedup");
    for (const threshold of NOT_NUMBERS.filter((v) => v !== null)) {
      const res = await send("POST", research(brandId, "analyze/dedup/"), { threshold });
      expect(res.statusCode, JSON.stringify(threshold)).toBe(400);
      expect(res.json<Schemas["FieldErrors"]>()).toEqual({ threshold: [NUMBER] });
    }
    const ok = await send("POST", research(brandId, "analyze/dedup/"), { threshold: "0.5" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Schemas["DuplicateNodes"]>().threshold).toBe(0.5);
  });

  it("takes an integer or an integer string for an integer field, nothing else", async () => {
    const brandId = await brandWithTree(h, owner, undefined, "Positions");
    for (const position of [...NOT_NUMBERS.filter((v) => v !== null), 1.5, "1.5", 1e20, "1e20"]) {
      const res = await send("POST", research(brandId, "nodes/add/"), { parent_path: [], name: "new topic", position });
      expect(res.statusCode, JSON.stringify(position)).toBe(400);
      expect(res.json<Schemas["FieldErrors"]>()).toEqual({ position: [INTEGER] });
    }
    const added = await send("POST", research(brandId, "nodes/add/"), { parent_path: [], name: "new topic", position: "1" });
    expect(added.statusCode, added.payload).toBe(200);
    expect(added.json<Schemas["NodeAdded"]>().path).toEqual(["new topic"]);
  });

  it("reads query-string integers by the same rule", async () => {
    for (const status of ["Infinity", "true", "1e20", "2.5"]) {
      const res = await h.request("GET", `/api/v1/me/audit-logs/?status_code=${status}`, { key: owner.key });
      expect(res.statusCode, status).toBe(400);
      expect(res.json<Schemas["FieldErrors"]>()).toEqual({ status_code: [INTEGER] });
    }
    expect((await h.request("GET", "/api/v1/me/audit-logs/?status_code=200", { key: owner.key })).statusCode).toBe(200);
  });
});

describe("text lengths", () => {
  it("answers a value over its field's maxLength 400 in DRF's words, and takes one at the limit", async () => {
    const long = await send("POST", "/api/v1/brands/", { brand_name: "b".repeat(256) });
    expect(long.statusCode).toBe(400);
    expect(long.json<Schemas["FieldErrors"]>()).toEqual({ brand_name: [tooLong(255)] });
    expect((await send("POST", "/api/v1/brands/", { brand_name: "b".repeat(255) })).statusCode).toBe(201);

    const key = await send("POST", "/api/v1/keys/", { name: "k".repeat(255), type: "Integration", scopes: ["user:read"] });
    expect(key.statusCode, key.payload).toBe(201);
    expect(key.json<Schemas["NewApiKey"]>().name).toBe("k".repeat(255));

    const url = await send("POST", "/api/v1/brands/", { brand_name: "Acme", website_url: `https://example.com/${"p".repeat(2048)}` });
    expect(url.json<Schemas["FieldErrors"]>()).toEqual({ website_url: [tooLong(2048)] });

    const report = await send("POST", "/api/v1/clustering/", { report_name: "Coffee", keywords: ["ok", "k".repeat(501)] });
    expect(report.json<Schemas["FieldErrors"]>()).toEqual({ "keywords.1": [tooLong(500)] });
  });

  it("limits node names to 200 characters and keywords to 500 in every research write", async () => {
    const brandId = await brandWithTree(h, owner, undefined, "Lengths");
    const name = await send("POST", research(brandId, "nodes/add/"), { parent_path: [], name: "n".repeat(201) });
    expect(name.json<Schemas["FieldErrors"]>()).toEqual({ name: [tooLong(200)] });
    const path = await send("PATCH", research(brandId, "nodes/rename/"), { path: ["n".repeat(201)], new_name: "x" });
    expect(path.json<Schemas["FieldErrors"]>()).toEqual({ "path.0": [tooLong(200)] });
    const keyword = await send("PATCH", research(brandId, "nodes/keywords/"), { path: ["seo"], add: ["k".repeat(501)] });
    expect(keyword.json<Schemas["FieldErrors"]>()).toEqual({ "add.0": [tooLong(500)] });
    expect((await send("PATCH", research(brandId, "nodes/keywords/"), { path: ["seo"], add: ["k".repeat(500)] })).statusCode).toBe(200);

    // Trees and bulk operations are free-form bodies: the tree operations hold the same limits.
    const bulk = await send("POST", research(brandId, "nodes/bulk/"), {
      operations: [{ action: "update_keywords", path: ["seo"], add: ["k".repeat(501)] }],
    });
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json<Schemas["BulkNodeOperationsFailure"]>().error).toMatch(/at most 500 characters/);
    const fresh = await createBrand(h, owner, "Import");
    const imported = await send("PUT", research(fresh), { research_data: [{ main_topic: "seo", keywords: ["k".repeat(501)] }] });
    expect(imported.statusCode).toBe(400);
    expect(imported.json<Schemas["Error"]>()).toEqual({ detail: "research_data[0].keywords[0] must be at most 500 characters" });
  });
});

type Schema = Record<string, unknown>;

/** Every string schema in `schema` without a maxLength, as JSON-pointer-like paths. A closed enum is bounded already. */
function unboundedStrings(schema: unknown, at: string, found: string[] = []): string[] {
  if (typeof schema !== "object" || schema === null) return found;
  const node = schema as Schema;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes("string") && node.maxLength === undefined && node.enum === undefined) found.push(at);
  for (const [key, value] of Object.entries(node.properties ?? {})) unboundedStrings(value, `${at}.${key}`, found);
  if (node.items) unboundedStrings(node.items, `${at}[]`, found);
  if (typeof node.additionalProperties === "object") unboundedStrings(node.additionalProperties, `${at}{}`, found);
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    for (const [i, member] of ((node[key] as unknown[] | undefined) ?? []).entries()) unboundedStrings(member, `${at}(${key} ${i})`, found);
  }
  return found;
}

describe("the OpenAPI document", () => {
  it("shows a maxLength on every string of every request body", async () => {
    const res = await h.request("GET", "/api/v1/schema/?format=json");
    expect(res.statusCode).toBe(200);
    const paths = dereference(
      res.json<{ paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>> }>(),
    ).paths;
    const missing: string[] = [];
    let bodies = 0;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [type, { schema }] of Object.entries(operation.requestBody?.content ?? {})) {
          bodies++;
          unboundedStrings(schema, `${method.toUpperCase()} ${path} ${type}`, missing);
        }
      }
    }
    expect(bodies).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
