// The brand fields canopy adds to the specification's (docs/api.md): the brand's country, written
// as a code that names the country, and its products and services, a list. Accepted on create and
// PATCH, answered on every read, validated in plain words, and described in the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, type Schemas, type TestKey } from "../../helpers/harness";

let h: Harness;
let owner: TestKey;
beforeAll(async () => {
  h = await createHarness({ workers: false });
  owner = await h.userWithKey();
});
afterAll(async () => h.close());

const create = (body: unknown) => h.request("POST", "/api/v1/brands/", { key: owner.key, body });
const patch = (id: string, body: unknown) => h.request("PATCH", `/api/v1/brands/${id}/`, { key: owner.key, body });

describe("a brand's country and products and services", () => {
  it("are accepted on create, stored and answered by every read", async () => {
    const res = await create({
      brand_name: "Bean There",
      country_code: "gb",
      products_and_services: ["Espresso machines", "  Grinders ", "", "Espresso machines", "Barista courses"],
    });
    expect(res.statusCode).toBe(201);
    const brand = res.json<Schemas["Brand"]>();
    // The code is kept upper case and names the country; blanks and repeats are dropped, the order kept.
    const expected = {
      country_code: "GB",
      country_name: "United Kingdom",
      products_and_services: ["Espresso machines", "Grinders", "Barista courses"],
    };
    expect(brand).toMatchObject(expected);
    expect((await h.request("GET", `/api/v1/brands/${brand.id}/`, { key: owner.key })).json<Schemas["Brand"]>()).toMatchObject(expected);
    const listed = (await h.request("GET", "/api/v1/brands/", { key: owner.key })).json<Schemas["BrandList"]>();
    expect(listed.find((item) => item.id === brand.id)).toMatchObject(expected);
  });

  it("default to no country and an empty list", async () => {
    const brand = (await create({ brand_name: "Plain" })).json<Schemas["Brand"]>();
    expect(brand).toMatchObject({ country_code: null, country_name: null, products_and_services: [] });
  });

  it("change with PATCH, clear with null and [], and leave the other untouched", async () => {
    const brand = (await create({ brand_name: "Changing", country_code: "US", products_and_services: ["Shoes"] })).json<Schemas["Brand"]>();
    const moved = await patch(brand.id, { country_code: "DE" });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Schemas["Brand"]>()).toMatchObject({ country_code: "DE", country_name: "Germany", products_and_services: ["Shoes"] });
    const cleared = await patch(brand.id, { country_code: null, products_and_services: [] });
    expect(cleared.json<Schemas["Brand"]>()).toMatchObject({ country_code: null, country_name: null, products_and_services: [] });
    // country_name is read-only: a brand read, edited and sent back is taken, the name still following the code.
    const sentBack = await patch(brand.id, { ...cleared.json<Schemas["Brand"]>(), country_code: "FR", country_name: "Atlantis" });
    expect(sentBack.json<Schemas["Brand"]>()).toMatchObject({ country_code: "FR", country_name: "France" });
  });

  it("answer field errors in plain words for a code that names no country and a list that is not one", async () => {
    for (const code of ["ZZ", "U1", "X"]) {
      const res = await create({ brand_name: "Nowhere", country_code: code });
      expect(res.statusCode).toBe(400);
      expect(res.json<Schemas["FieldErrors"]>()).toEqual({
        country_code: ["Enter a two-letter country code (ISO 3166-1), such as US or GB."],
      });
    }
    const tooLong = await create({ brand_name: "Nowhere", country_code: "GBR" });
    expect(tooLong.json<Schemas["FieldErrors"]>()).toEqual({ country_code: ["Ensure this field has no more than 2 characters."] });
    const notAList = await create({ brand_name: "Nowhere", products_and_services: "Shoes, hats" });
    expect(notAList.statusCode).toBe(400);
    expect(notAList.json<Schemas["FieldErrors"]>()).toEqual({ products_and_services: ["Expected a list of items."] });
    const tooMany = await create({
      brand_name: "Nowhere",
      products_and_services: Array.from({ length: 101 }, (_, i) => `Item ${String(i)}`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<Schemas["FieldErrors"]>()).toHaveProperty("products_and_services");
    // Nothing was stored by the refused requests.
    const names = (await h.request("GET", "/api/v1/brands/", { key: owner.key })).json<Schemas["BrandList"]>().map((b) => b.brand_name);
    expect(names).not.toContain("Nowhere");
  });

  it("are described in the OpenAPI document, on the brand and in both request bodies", async () => {
    const document = (await h.request("GET", "/api/v1/schema/?format=json")).json<{
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    }>();
    const { schemas } = document.components;
    for (const name of ["Brand", "BrandListItem", "CreateBrandRequest", "UpdateBrandRequest"]) {
      expect(Object.keys(schemas[name]?.properties ?? {}), name).toEqual(expect.arrayContaining(["country_code", "products_and_services"]));
    }
    expect(JSON.stringify(schemas.CreateBrandRequest?.properties.country_code)).toContain("ISO 3166-1 alpha-2");
    expect(schemas.CreateBrandRequest?.properties.products_and_services).toMatchObject({ type: "array", maxItems: 100 });
  });
});
