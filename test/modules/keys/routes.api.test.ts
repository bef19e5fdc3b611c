// The key-management endpoints of docs/conventions.md §3 over HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SCOPES, DEFAULT_SCOPES } from "../../../src/platform/auth/scopes";
import { createHarness, EVERY_USER_SCOPE, type Harness, type Schemas } from "../../helpers/harness";
import { match } from "../../helpers/matchers";

const KEY = /^cnpy_live_[0-9a-f]{32}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const KEY_FIELDS = [
  "id",
  "name",
  "type",
  "prefix",
  "scopes",
  "status",
  "expires_at",
  "allowed_ips",
  "last_used_at",
  "created_at",
  "revoked_at",
];

let h: Harness;

beforeAll(async () => {
  h = await createHarness({ workers: false });
});
afterAll(async () => h.close());

/** A user with a key that may manage keys, plus whatever else is given. */
async function manager(extra: string[] = []) {
  return h.userWithKey(["user:read", "keys:write", ...extra]);
}

function post(url: string, key: string, body: unknown = {}) {
  return h.request("POST", url, { key, body });
}

async function profileStatus(key: string) {
  const res = await h.request("GET", "/api/v1/me/profile/", { key });
  return { status: res.statusCode, detail: res.statusCode === 200 ? null : res.json<Schemas["Error"]>().detail };
}

describe("GET /keys/current/", () => {
  it("tells any valid key, whatever its scopes, its own name, type and scopes", async () => {
    const reader = await h.userWithKey(["brands:read", "research:read"], "Developer");
    const res = await h.request("GET", "/api/v1/keys/current/", { key: reader.key });
    expect(res.statusCode).toBe(200);
    const body = res.json<Schemas["CurrentApiKey"]>();
    expect(body._meta.description).toEqual(expect.any(String));
    expect(Object.keys(body).filter((field) => field !== "_meta")).toEqual(KEY_FIELDS);
    expect(body).toMatchObject({ id: reader.id, prefix: reader.prefix, type: "Developer", status: "Active" });
    expect([...body.scopes].sort()).toEqual(["brands:read", "research:read"]);
    // Another key of the same user answers for itself.
    const writer = await h.createKey(reader.user, { scopes: ["brands:read", "brands:write"] });
    const other = (await h.request("GET", "/api/v1/keys/current/", { key: writer.key })).json<Schemas["CurrentApiKey"]>();
    expect(other.id).toBe(writer.id);
    expect([...other.scopes].sort()).toEqual(["brands:read", "brands:write"]);
  });

  it("answers 401 without a valid key", async () => {
    expect((await h.request("GET", "/api/v1/keys/current/")).statusCode).toBe(401);
  });
});

describe("GET /keys/scopes/", () => {
  it("lists every scope with a description and each type's limit and defaults", async () => {
    const { key } = await h.userWithKey(["user:read"]);
    const res = await h.request("GET", "/api/v1/keys/scopes/", { key });
    expect(res.statusCode).toBe(200);
    const body = res.json<Schemas["ScopeCatalog"]>();
    expect(body._meta.description).toEqual(expect.any(String));
    expect(body.scopes.map((s) => s.scope).sort()).toEqual([...ALL_SCOPES].sort());
    for (const s of body.scopes) expect(s.description).toEqual(expect.any(String));
    expect(body.key_types).toEqual([
      { type: "Integration", rate_limit_per_minute: 120, default_scopes: DEFAULT_SCOPES.Integration },
      { type: "Developer", rate_limit_per_minute: 60, default_scopes: DEFAULT_SCOPES.Developer },
      { type: "Admin", rate_limit_per_minute: 300, default_scopes: DEFAULT_SCOPES.Admin },
    ]);
  });

  it("holds the default scopes of the decisions, and never keys:write", () => {
    expect([...DEFAULT_SCOPES.Integration].sort()).toEqual(
      ["brands:read", "brands:write", "briefs:read", "briefs:write", "content:read", "content:write", "maps:read"].sort(),
    );
    expect([...DEFAULT_SCOPES.Developer].sort()).toEqual(["brands:read", "briefs:read", "content:read", "maps:read"].sort());
    expect([...DEFAULT_SCOPES.Admin].sort()).toEqual(["admin:read", "user:read"]);
    for (const scopes of Object.values(DEFAULT_SCOPES)) {
      expect(scopes).not.toContain("keys:write");
      expect(scopes).not.toContain("maps:write");
    }
  });
});

describe("POST /keys/ and GET /keys/", () => {
  it("creates a key, shows its plaintext once, and the key works at once", async () => {
    const me = await manager();
    const res = await post("/api/v1/keys/", me.key, { name: "ci", type: "Developer", scopes: ["user:read"] });
    expect(res.statusCode).toBe(201);
    const created = res.json<Schemas["NewApiKey"]>();
    expect(created.key).toMatch(KEY);
    expect(created).toMatchObject({
      name: "ci",
      type: "Developer",
      scopes: ["user:read"],
      status: "Active",
      expires_at: null,
      allowed_ips: [],
      revoked_at: null,
    });
    expect(created.prefix).toBe(created.key.slice(0, 12));
    expect(created.created_at).toMatch(ISO);
    expect(created._meta.description).toEqual(expect.any(String));
    expect(await profileStatus(created.key)).toEqual({ status: 200, detail: null });

    const list = await h.request("GET", "/api/v1/keys/", { key: me.key });
    expect(list.statusCode).toBe(200);
    const keys = list.json<Schemas["ApiKeyList"]>();
    expect(Array.isArray(keys)).toBe(true);
    expect(keys.map((k) => k.id)).toEqual([created.id, me.id]);
    for (const k of keys) expect(Object.keys(k).sort()).toEqual([...KEY_FIELDS].sort());
    expect(list.payload).not.toContain(created.key);
    expect(list.payload).not.toContain(me.key);
  });

  it("gives a key its type's default scopes when none are asked for", async () => {
    const me = await manager(DEFAULT_SCOPES.Developer);
    const res = await post("/api/v1/keys/", me.key, { name: "defaults", type: "Developer" });
    expect(res.statusCode).toBe(201);
    expect([...res.json<Schemas["NewApiKey"]>().scopes].sort()).toEqual([...DEFAULT_SCOPES.Developer].sort());
  });

  it("gives an Integration key maps:read but not maps:write unless it is asked for by name", async () => {
    const me = await manager([...DEFAULT_SCOPES.Integration, "maps:write"]);
    const brand = await post("/api/v1/brands/", me.key, { brand_name: "Upload Co", website_url: "https://upload.example" });
    expect(brand.statusCode, brand.payload).toBe(201);
    const upload = (key: string) =>
      h.request("PUT", `/api/v1/maps/${brand.json<Schemas["Brand"]>().id}/`, { key, body: { keywords: [{ keyword: "espresso" }] } });

    const defaults = await post("/api/v1/keys/", me.key, { name: "defaults", type: "Integration" });
    expect(defaults.statusCode).toBe(201);
    expect(defaults.json<Schemas["NewApiKey"]>().scopes).toContain("maps:read");
    expect(defaults.json<Schemas["NewApiKey"]>().scopes).not.toContain("maps:write");
    const refused = await upload(defaults.json<Schemas["NewApiKey"]>().key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Schemas["Error"]>()).toEqual({ detail: "This API key lacks the required scope: maps:write." });

    const asked = await post("/api/v1/keys/", me.key, {
      name: "uploader",
      type: "Integration",
      scopes: [...DEFAULT_SCOPES.Integration, "maps:write"],
    });
    expect(asked.statusCode).toBe(201);
    const uploaded = await upload(asked.json<Schemas["NewApiKey"]>().key);
    expect(uploaded.statusCode, uploaded.payload).toBe(200);
  });

  it("stores expiry and allowlist, canonicalized", async () => {
    const me = await manager();
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const res = await post("/api/v1/keys/", me.key, {
      name: "office",
      type: "Developer",
      scopes: ["user:read"],
      expires_at: expires,
      allowed_ips: ["10.0.0.0/8", "::ffff:192.0.2.1"],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Schemas["NewApiKey"]>()).toMatchObject({ expires_at: expires, allowed_ips: ["10.0.0.0/8", "192.0.2.1"] });
  });

  it("cannot grant scopes the creating key does not hold", async () => {
    const me = await manager();
    const explicit = await post("/api/v1/keys/", me.key, { name: "wider", type: "Integration", scopes: ["user:read", "brands:write"] });
    expect(explicit.statusCode).toBe(400);
    expect(explicit.json<Schemas["FieldErrors"]>()).toEqual({ scopes: [expect.stringContaining("brands:write")] });
    // The Integration defaults hold scopes this key lacks too.
    const defaults = await post("/api/v1/keys/", me.key, { name: "wider", type: "Integration" });
    expect(defaults.statusCode).toBe(400);
    expect(Object.keys(defaults.json<Schemas["FieldErrors"]>())).toEqual(["scopes"]);
    expect((await h.request("GET", "/api/v1/keys/", { key: me.key })).json<Schemas["ApiKeyList"]>()).toHaveLength(1);
  });

  it("refuses an Admin key for a user who is not staff, and makes one for staff", async () => {
    const me = await manager(["admin:read"]);
    const refused = await post("/api/v1/keys/", me.key, { name: "admin", type: "Admin", scopes: ["user:read"] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Schemas["FieldErrors"]>()).toEqual({ type: [expect.any(String)] });

    const staff = await h.createUser({ staff: true });
    const staffKey = await h.createKey(staff, { scopes: ["user:read", "keys:write", "admin:read"] });
    const made = await post("/api/v1/keys/", staffKey.key, { name: "admin", type: "Admin" });
    expect(made.statusCode).toBe(201);
    expect(made.json<Schemas["NewApiKey"]>()).toMatchObject({ type: "Admin" });
  });

  it.each([
    ["a missing name and type", {}, ["name", "type"]],
    ["an unknown type", { name: "x", type: "Superuser" }, ["type"]],
    ["an unknown scope", { name: "x", type: "Developer", scopes: ["everything"] }, ["scopes.0"]],
    ["an expiry in the past", { name: "x", type: "Developer", scopes: ["user:read"], expires_at: "2020-01-01T00:00:00Z" }, ["expires_at"]],
    ["an expiry that is not a date", { name: "x", type: "Developer", scopes: ["user:read"], expires_at: "soon" }, ["expires_at"]],
    [
      "an allowlist entry that is not an address",
      { name: "x", type: "Developer", scopes: ["user:read"], allowed_ips: ["office"] },
      ["allowed_ips"],
    ],
    ["an empty name", { name: "", type: "Developer", scopes: ["user:read"] }, ["name"]],
  ])("answers 400 with field errors for %s", async (_label, body, fields) => {
    const me = await manager();
    const res = await post("/api/v1/keys/", me.key, body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<Schemas["FieldErrors"]>()).sort()).toEqual([...fields].sort());
  });
});

describe("POST /keys/{id}/revoke/", () => {
  it("revokes at once: the revoked key's very next request gets 401", async () => {
    const me = await manager();
    const victim = await h.createKey(me.user, { scopes: ["user:read"] });
    // Verified and cached before the revocation.
    expect((await profileStatus(victim.key)).status).toBe(200);
    const res = await post(`/api/v1/keys/${victim.id}/revoke/`, me.key);
    expect(res.statusCode).toBe(200);
    expect(res.json<Schemas["ApiKey"]>()).toMatchObject({ id: victim.id, status: "Revoked", revoked_at: match.stringMatching(ISO) });
    expect(await profileStatus(victim.key)).toEqual({ status: 401, detail: "API key has been revoked." });
    // Revoking again changes nothing.
    const again = await post(`/api/v1/keys/${victim.id}/revoke/`, me.key);
    expect(again.statusCode).toBe(200);
    expect(again.json<Schemas["ApiKey"]>().revoked_at).toBe(res.json<Schemas["ApiKey"]>().revoked_at);
    // The list still shows it, as revoked.
    const listed = (await h.request("GET", "/api/v1/keys/", { key: me.key })).json<Schemas["ApiKeyList"]>();
    expect(listed.find((k) => k.id === victim.id)).toMatchObject({ status: "Revoked" });
  });

  it("lets a key revoke itself", async () => {
    const me = await manager();
    expect((await post(`/api/v1/keys/${me.id}/revoke/`, me.key)).statusCode).toBe(200);
    expect(await profileStatus(me.key)).toEqual({ status: 401, detail: "API key has been revoked." });
  });
});

describe("POST /keys/{id}/rotate/", () => {
  it("makes a key with the same settings that works, and the old one stops at once", async () => {
    const me = await manager();
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const old = await h.createKey(me.user, {
      name: "rotating",
      type: "Developer",
      scopes: ["user:read"],
      expiresAt: expires,
      allowedIps: ["127.0.0.1"],
    });
    expect((await profileStatus(old.key)).status).toBe(200);

    const res = await post(`/api/v1/keys/${old.id}/rotate/`, me.key);
    expect(res.statusCode).toBe(201);
    const rotated = res.json<Schemas["RotatedApiKey"]>();
    expect(rotated.key).toMatch(KEY);
    expect(rotated.key).not.toBe(old.key);
    expect(rotated).toMatchObject({
      replaces: old.id,
      name: "rotating",
      type: "Developer",
      scopes: ["user:read"],
      expires_at: expires,
      allowed_ips: ["127.0.0.1"],
      status: "Active",
    });
    expect(rotated.id).not.toBe(old.id);
    expect(await profileStatus(rotated.key)).toEqual({ status: 200, detail: null });
    expect(await profileStatus(old.key)).toEqual({ status: 401, detail: "API key has been revoked." });

    // A revoked key cannot be rotated again.
    expect((await post(`/api/v1/keys/${old.id}/rotate/`, me.key)).statusCode).toBe(404);
  });
});

describe("another user's keys", () => {
  it("are neither listed, revoked nor rotated: 404, and they keep working", async () => {
    const me = await manager();
    const stranger = await h.userWithKey(EVERY_USER_SCOPE);
    const listed = (await h.request("GET", "/api/v1/keys/", { key: me.key })).json<Schemas["ApiKeyList"]>();
    expect(listed.map((k) => k.id)).toEqual([me.id]);

    const revoke = await post(`/api/v1/keys/${stranger.id}/revoke/`, me.key);
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json<Schemas["Error"]>()).toEqual({ detail: match.any(String) });
    expect((await post(`/api/v1/keys/${stranger.id}/rotate/`, me.key)).statusCode).toBe(404);
    expect(await profileStatus(stranger.key)).toEqual({ status: 200, detail: null });
    expect((await h.request("GET", "/api/v1/keys/", { key: stranger.key })).json<Schemas["ApiKeyList"]>()).toHaveLength(1);
  });

  it("answers 404 for ids that name no key at all", async () => {
    const me = await manager();
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await post(`/api/v1/keys/${unknown}/revoke/`, me.key)).statusCode).toBe(404);
    expect((await post(`/api/v1/keys/${unknown}/rotate/`, me.key)).statusCode).toBe(404);
  });
});
