// Text is checked before anything reaches the database (docs/conventions.md §2): a NUL character or a lone
// surrogate in a JSON body (at any depth), a query string or a path parameter answers 400 with
// DRF's messages, keyed by field as other field errors are; undecodable percent-escapes answer
// 400 {detail}.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness, Schemas } from "../../helpers/harness";
import {
  balance,
  brandWithTree,
  createBrand,
  openResearchHarness,
  type Owner,
  research,
  researchDetail,
} from "../../modules/research/helpers";

const NUL = "Null characters are not allowed.";
const surrogate = (hex: string) => `Surrogate characters are not allowed: U+${hex}.`;

let h: Harness;
let owner: Owner;
beforeAll(async () => {
  // No workers: started clusterings stay queued, so a test sees only what its request did.
  ({ h, owner } = await openResearchHarness({ workers: false }));
  await h.grant(owner.user, 1000);
});
afterAll(async () => h.close());

/** A request whose body is sent as written: JSON escapes such as "\ud800" stay escapes. */
const send = (method: string, url: string, body?: string) => h.request(method, url, { key: owner.key, body });

async function brandCount(): Promise<number> {
  return (await send("GET", "/api/v1/brands/")).json<Schemas["BrandList"]>().length;
}

describe("JSON bodies", () => {
  it("answers a NUL character in a field 400, and stores nothing", async () => {
    const before = await brandCount();
    const res = await send("POST", "/api/v1/brands/", JSON.stringify({ brand_name: "Acme\u0000Corp" }));
    expect(res.statusCode).toBe(400);
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({ brand_name: [NUL] });
    expect(await brandCount()).toBe(before);
  });

  it("answers a lone surrogate 400 naming its code point, high or low; a surrogate pair is text", async () => {
    const high = await send("POST", "/api/v1/brands/", '{"brand_name": "Acme \\ud800 Corp"}');
    expect(high.statusCode).toBe(400);
    expect(high.json<Schemas["FieldErrors"]>()).toEqual({ brand_name: [surrogate("D800")] });
    const low = await send("POST", "/api/v1/brands/", '{"brand_name": "Acme", "tagline": "x\\udfffy"}');
    expect(low.json<Schemas["FieldErrors"]>()).toEqual({ tagline: [surrogate("DFFF")] });
    const reversed = await send("POST", "/api/v1/brands/", '{"brand_name": "\\ude00\\ud83d"}');
    expect(reversed.json<Schemas["FieldErrors"]>()).toEqual({ brand_name: [surrogate("DE00")] });
    const both = await send("POST", "/api/v1/brands/", '{"brand_name": "a\\u0000\\udbff"}');
    expect(both.json<Schemas["FieldErrors"]>()).toEqual({ brand_name: [NUL, surrogate("DBFF")] });

    const pair = await send("POST", "/api/v1/brands/", '{"brand_name": "Caf\\u00e9 \\ud83d\\ude00"}');
    expect(pair.statusCode, pair.payload).toBe(201);
    expect(pair.json<Schemas["Brand"]>().brand_name).toBe("Café 😀");
  });

  it("checks strings inside lists, keyed by their index, and charges nothing", async () => {
    const credits = await balance(h, owner.user.id);
    const res = await send(
      "POST",
      "/api/v1/clustering/",
      JSON.stringify({ report_name: "Coffee", keywords: ["espresso", "cold\u0000brew", "tea"] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({ "keywords.1": [NUL] });
    expect(await balance(h, owner.user.id)).toBe(credits);
  });

  it("checks nested research trees and bulk operations at any depth", async () => {
    const brandId = await createBrand(h, owner, "Nested");
    const tree = [{ main_topic: "seo", subtopic_2: [{ name: "tools", keywords: ["ok", "bad\u0000"], subtopic_3: [] }] }];
    const imported = await send("PUT", research(brandId), JSON.stringify({ research_data: tree }));
    expect(imported.statusCode).toBe(400);
    expect(imported.json<Schemas["FieldErrors"]>()).toEqual({ "research_data.0.subtopic_2.0.keywords.1": [NUL] });

    const withTree = await brandWithTree(h, owner, undefined, "Bulk");
    const bulk = await send(
      "POST",
      research(withTree, "nodes/bulk/"),
      '{"operations": [{"action": "add", "parent_path": [], "name": "x\\ud800"}]}',
    );
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json<Schemas["FieldErrors"]>()).toEqual({ "operations.0.name": [surrogate("D800")] });
  });

  it("keeps NULs out of research keywords, so the brand's clustering still starts", async () => {
    const brandId = await brandWithTree(h, owner, undefined, "Clusterable");
    const before = await researchDetail(h, owner, brandId);
    const add = await send("PATCH", research(brandId, "nodes/keywords/"), JSON.stringify({ path: ["seo"], add: ["rank\u0000tracker"] }));
    expect(add.statusCode).toBe(400);
    expect(add.json<Schemas["FieldErrors"]>()).toEqual({ "add.0": [NUL] });
    expect((await researchDetail(h, owner, brandId)).research_data).toEqual(before.research_data);

    const start = await send("POST", `/api/v1/authority/${brandId}/clustering/start/`, "{}");
    expect(start.statusCode, start.payload).toBe(202);
  });
});

describe("query strings and path parameters", () => {
  it("answers a NUL in a query parameter 400 keyed by the parameter", async () => {
    const res = await send("GET", "/api/v1/brands/?search=acme%00corp");
    expect(res.statusCode).toBe(400);
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({ search: [NUL] });
    const keyword = await send("GET", "/api/v1/clustering/00000000-0000-4000-8000-000000000000/serp-data/?keyword=%00");
    expect(keyword.json<Schemas["FieldErrors"]>()).toEqual({ keyword: [NUL] });
  });

  it("answers a NUL in a path parameter 400 keyed by the parameter", async () => {
    const res = await send("GET", "/api/v1/brands/%00/");
    expect(res.statusCode).toBe(400);
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({ id: [NUL] });
  });

  it("answers percent-escapes that are not UTF-8 (a lone surrogate cannot be UTF-8) 400 {detail}", async () => {
    for (const query of ["search=%ED%A0%80", "search=%E0%A4%A", "search=100%"]) {
      const res = await send("GET", `/api/v1/brands/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<Schemas["Error"]>()).toEqual({ detail: "The query string is not valid percent-encoded UTF-8." });
    }
    const path = await send("GET", "/api/v1/brands/%ED%A0%80/");
    expect(path.statusCode).toBe(400);
    expect(path.json<Schemas["Error"]>()).toEqual({ detail: "The request path is not valid percent-encoded UTF-8." });
    // Escaped text that decodes is fine, a percent sign included.
    expect((await send("GET", "/api/v1/brands/?search=caf%C3%A9%20100%25")).statusCode).toBe(200);
  });
});
