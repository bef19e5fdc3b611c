import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, type Schemas, type TestKey } from "../../helpers/harness";

describe("brands", () => {
  let h: Harness;
  let owner: TestKey & { user: Awaited<ReturnType<Harness["createUser"]>> };
  beforeAll(async () => {
    h = await createHarness();
    owner = await h.userWithKey();
  });
  afterAll(async () => h.close());

  const create = (body: unknown, key = owner.key, teamId?: string) => h.request("POST", "/api/v1/brands/", { key, body, teamId });

  it("creates a brand with the writable fields, stage new and unset fields null", async () => {
    const res = await create({
      brand_name: "Acme Running",
      website_url: "acme.example",
      mission: "Help people run",
      language: "en",
      // read-only fields are ignored (an unknown one answers 400: test/platform/http/strict.api.test.ts)
      id: "00000000-0000-0000-0000-000000000000",
      stage: "completed",
      created_at: "2000-01-01T00:00:00Z",
      market_position: "leader",
    });
    expect(res.statusCode).toBe(201);
    const brand = res.json<Schemas["Brand"]>();
    expect(brand._meta.description).toBeTruthy();
    expect(brand.id).not.toBe("00000000-0000-0000-0000-000000000000");
    expect(brand).toMatchObject({
      brand_name: "Acme Running",
      website_url: "https://acme.example",
      mission: "Help people run",
      stage: "new",
      market_position: null,
      brand_personality: null,
      brand_story: null,
      vision: null,
      country_code: null,
      language: "en",
    });
    expect(brand).not.toHaveProperty("whatever");
    expect(new Date(brand.created_at).getFullYear()).toBeGreaterThan(2020);
  });

  it("answers field errors for a missing or blank brand_name and a bad URL", async () => {
    const missing = await create({ mission: "x" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<Schemas["FieldErrors"]>()).toEqual({ brand_name: ["This field is required."] });
    const blank = await create({ brand_name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<Schemas["FieldErrors"]>()).toHaveProperty("brand_name");
    const badUrl = await create({ brand_name: "x", website_url: "not a url" });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json<Schemas["FieldErrors"]>()).toHaveProperty("website_url");
    const badType = await create({ brand_name: { nested: true } });
    expect(badType.statusCode).toBe(400);
    expect(badType.json<Schemas["FieldErrors"]>()).toHaveProperty("brand_name");
  });

  it("lists newest first and searches names case-insensitively", async () => {
    const user = await h.userWithKey();
    for (const name of ["Alpha Shoes", "beta SHOES", "Gamma Hats"]) {
      expect((await create({ brand_name: name }, user.key)).statusCode).toBe(201);
    }
    const all = await h.request("GET", "/api/v1/brands/", { key: user.key });
    expect(all.statusCode).toBe(200);
    expect(all.json<Schemas["BrandList"]>().map((b) => b.brand_name)).toEqual(["Gamma Hats", "beta SHOES", "Alpha Shoes"]);
    const found = await h.request("GET", "/api/v1/brands/", { key: user.key, query: { search: "shoes" } });
    expect(found.json<Schemas["BrandList"]>().map((b) => b.brand_name)).toEqual(["beta SHOES", "Alpha Shoes"]);
    const literal = await h.request("GET", "/api/v1/brands/", { key: user.key, query: { search: "%" } });
    expect(literal.json<Schemas["BrandList"]>()).toEqual([]);
  });

  it("gets one brand and answers 404 for a missing, malformed or foreign one", async () => {
    const brand = (await create({ brand_name: "Mine" })).json<Schemas["Brand"]>();
    const got = await h.request("GET", `/api/v1/brands/${brand.id}/`, { key: owner.key });
    expect(got.statusCode).toBe(200);
    expect(got.json<Schemas["Brand"]>().brand_name).toBe("Mine");
    const stranger = await h.userWithKey();
    const foreign = await h.request("GET", `/api/v1/brands/${brand.id}/`, { key: stranger.key });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<Schemas["Error"]>().detail).toMatch(/not found/i);
    expect((await h.request("GET", "/api/v1/brands/not-a-uuid/", { key: owner.key })).statusCode).toBe(404);
    expect((await h.request("GET", `/api/v1/brands/${crypto.randomUUID()}/`, { key: owner.key })).statusCode).toBe(404);
  });

  it("updates writable fields with PATCH, clears with null, ignores read-only fields", async () => {
    const brand = (await create({ brand_name: "Patchable", mission: "old", vision: "keep" })).json<Schemas["Brand"]>();
    const res = await h.request("PATCH", `/api/v1/brands/${brand.id}/`, {
      key: owner.key,
      body: { mission: "new", tagline: "Run on", vision: null, stage: "completed", id: crypto.randomUUID() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Schemas["Brand"]>()).toMatchObject({
      id: brand.id,
      mission: "new",
      tagline: "Run on",
      vision: null,
      stage: "new",
      brand_name: "Patchable",
    });
    expect(new Date(res.json<Schemas["Brand"]>().updated_at).getTime()).toBeGreaterThanOrEqual(new Date(brand.updated_at).getTime());
    const blank = await h.request("PATCH", `/api/v1/brands/${brand.id}/`, { key: owner.key, body: { brand_name: "" } });
    expect(blank.statusCode).toBe(400);
  });

  it("keeps team and personal workspaces apart", async () => {
    const member = await h.userWithKey();
    const team = await h.createTeam(owner.user);
    await h.addMember(team.id, member.user);
    const teamBrand = (await create({ brand_name: "Team Brand" }, owner.key, team.id)).json<Schemas["Brand"]>();
    expect((await h.request("GET", `/api/v1/brands/${teamBrand.id}/`, { key: member.key, teamId: team.id })).statusCode).toBe(200);
    // Not in the member's personal workspace, nor the owner's.
    expect((await h.request("GET", `/api/v1/brands/${teamBrand.id}/`, { key: member.key })).statusCode).toBe(404);
    expect((await h.request("GET", `/api/v1/brands/${teamBrand.id}/`, { key: owner.key })).statusCode).toBe(404);
    const teamList = await h.request("GET", "/api/v1/brands/", { key: member.key, teamId: team.id });
    expect(teamList.json<Schemas["BrandList"]>().map((b) => b.id)).toEqual([teamBrand.id]);
  });

  it("needs brands:read to read and brands:write to write", async () => {
    const reader = await h.userWithKey(["brands:read"]);
    expect((await h.request("GET", "/api/v1/brands/", { key: reader.key })).statusCode).toBe(200);
    const denied = await create({ brand_name: "x" }, reader.key);
    expect(denied.statusCode).toBe(403);
    expect(denied.json<Schemas["Error"]>().detail).toBe("This API key lacks the required scope: brands:write.");
  });
});
