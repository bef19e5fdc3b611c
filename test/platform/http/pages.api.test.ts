// Page-number pagination, one rule for every paginated list (docs/conventions.md §2): `page_size` clamped
// to 1..200 (the default for text that is not a number); a `page` that is not a positive integer,
// or lies past the last page, answers 404 "Invalid page."; page 1 of an empty list is a page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allRoutes } from "../../../src/app/modules";
import { auditBatchStatement } from "../../../src/platform/audit/audit-batch";
import type { RouteDef } from "../../../src/platform/http/route";
import { auditEntry } from "../../helpers/audit-entry";
import { createHarness, type Harness, type Schemas, type TestKey } from "../../helpers/harness";

const INVALID_PAGE = { detail: "Invalid page." };
const NOT_PAGES = ["0", "-1", "abc", "1.5", "1e20", "1e2", "", " 1", "99999999999999999999"];

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ workers: false, env: { RATE_LIMITS: "Integration=1000000" } });
});
afterAll(async () => h.close());

/** The paginated lists of the registry: the routes whose query string takes `page`. */
function paginatedRoutes(): RouteDef[] {
  return allRoutes.filter((def) => {
    const query: { properties?: Record<string, unknown> } | undefined = def.schemas.querystring;
    return def.method === "GET" && query?.properties?.page !== undefined;
  });
}

/** A user whose key holds every scope, and who owns `entries` audit entries of a key of their own. */
async function userWithEntries(entries: number): Promise<TestKey> {
  const key = await h.userWithKey();
  if (entries > 0) {
    const base = Date.UTC(2026, 0, 1);
    const batch = Array.from({ length: entries }, (_, i) =>
      auditEntry({ userId: key.userId, apiKeyId: key.id, endpoint: `/api/v1/synthetic/${i}/`, timestamp: new Date(base + i * 1000) }),
    );
    await h.testDb.database.db.execute(auditBatchStatement(batch));
  }
  return key;
}

/**
 * A path to ask for the list: one whose only path parameter is a brand gets a brand of the key's
 * own, with an empty research tree (a list of nothing, where the brand's research exists).
 */
async function pathFor(def: RouteDef, key: TestKey): Promise<string> {
  if (!def.path.includes(":brand_id")) return def.path;
  const brand = await h.request("POST", "/api/v1/brands/", { key: key.key, body: { brand_name: "Paged" } });
  const id = brand.json<Schemas["Brand"]>().id;
  const tree = await h.request("PUT", `/api/v1/research/${id}/`, { key: key.key, body: { research_data: [] } });
  expect(tree.statusCode, tree.payload).toBe(200);
  return def.path.replace(":brand_id", id);
}

describe("every paginated list", () => {
  const routes = paginatedRoutes();

  it("is found in the registry (and takes no path parameter but a brand, which this suite fills)", () => {
    expect(routes.map((def) => def.path)).toContain("/api/v1/me/audit-logs/");
    expect(routes.map((def) => def.path)).toContain("/api/v1/research/:brand_id/keywords/");
    for (const def of routes) {
      const params: { properties?: Record<string, unknown> } | undefined = def.schemas.params;
      expect(Object.keys(params?.properties ?? {}), def.path).toEqual(def.path.includes(":brand_id") ? ["brand_id"] : []);
    }
    // Their page parameters are text, read leniently, never refused by validation as invalid input.
    for (const def of routes) {
      const { page, page_size } = (def.schemas.querystring as unknown as { properties: Record<string, { type: string }> }).properties;
      expect([page?.type, page_size?.type], def.path).toEqual(["string", "string"]);
    }
  });

  it("answers 404 Invalid page. for a page that is not a positive integer", async () => {
    const owner = await userWithEntries(3);
    const { key } = owner;
    for (const def of routes) {
      const path = await pathFor(def, owner);
      for (const page of NOT_PAGES) {
        const res = await h.request("GET", path, { key, query: { page } });
        expect(res.statusCode, `${def.path}?page=${page}`).toBe(404);
        expect(res.json<Schemas["Error"]>()).toEqual(INVALID_PAGE);
      }
    }
  });

  it("answers page 1 of an empty list 200, and any later page 404", async () => {
    for (const def of routes) {
      const owner = await userWithEntries(0);
      const { key } = owner;
      const path = await pathFor(def, owner);
      const first = await h.request("GET", path, { key, query: { page: "1" } });
      expect(first.statusCode, first.payload).toBe(200);
      expect(first.json()).toMatchObject({ count: 0, next: null, previous: null, results: [] });
      const second = await h.request("GET", path, { key, query: { page: "2" } });
      expect(second.statusCode).toBe(404);
      expect(second.json<Schemas["Error"]>()).toEqual(INVALID_PAGE);
    }
  });
});

describe("the audit log's pages", () => {
  const TOTAL = 230;
  let reader: TestKey;
  /** The key the synthetic entries belong to. It makes no request, so the reader's own requests,
   * logged about once a second, never join the list read (how many would depends on the machine's speed). */
  let quiet: TestKey;
  beforeAll(async () => {
    const { user, ...key } = await h.userWithKey();
    reader = key;
    quiet = await h.createKey(user);
    const base = Date.UTC(2026, 0, 1);
    const batch = Array.from({ length: TOTAL }, (_, i) =>
      auditEntry({ userId: user.id, apiKeyId: quiet.id, endpoint: `/api/v1/synthetic/${i}/`, timestamp: new Date(base + i * 1000) }),
    );
    await h.testDb.database.db.execute(auditBatchStatement(batch));
  });
  const page = (query: Record<string, string>) =>
    h.request("GET", "/api/v1/me/audit-logs/", { key: reader.key, query: { api_key_id: quiet.id, ...query } });

  it("clamps page_size to 1..200, and reads text that is not a number as the default", async () => {
    const sizes: Record<string, number> = {
      "0": 1,
      "-5": 1,
      "1": 1,
      "7": 7,
      "7.9": 7,
      "200": 200,
      "201": 200,
      "1e9": 200,
      abc: 50,
      "": 50,
      Infinity: 50,
      NaN: 50,
    };
    for (const [given, used] of Object.entries(sizes)) {
      const res = await page({ page_size: given });
      expect(res.statusCode, given).toBe(200);
      const body = res.json<Schemas["AuditLogPage"]>();
      expect(body.results, given).toHaveLength(used);
      expect(new URL(body.next!).searchParams.get("page_size"), given).toBe(String(used));
    }
  });

  it("answers the last page, and 404 for the page after it", async () => {
    const last = await page({ page: "5", page_size: "50" });
    expect(last.statusCode).toBe(200);
    expect(last.json<Schemas["AuditLogPage"]>().results).toHaveLength(TOTAL - 200);
    expect(last.json<Schemas["AuditLogPage"]>().next).toBeNull();
    const past = await page({ page: "6", page_size: "50" });
    expect(past.statusCode).toBe(404);
    expect(past.json<Schemas["Error"]>()).toEqual(INVALID_PAGE);
    expect((await page({ page: "9007199254740991" })).json<Schemas["Error"]>()).toEqual(INVALID_PAGE);
  });
});
