// The TypeScript client (clients/typescript, imported from its source) against a real `canopy
// serve` on a fresh data directory: a brand, its research generated and polled, its clustering
// started and polled, then its topical map and authority view; and errors as typed values (a
// 404's detail, a 400's field errors, a 401), or thrown by unwrap. The types are checked too:
// each answer's data is the document's named schema.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import {
  CanopyError,
  createCanopyClient,
  errorMessage,
  isErrorDetail,
  isFieldErrors,
  poll,
  unwrap,
  type CanopyClient,
  type ErrorDetail,
  type FieldErrors,
  type Schemas,
} from "../../clients/typescript/src/index";
import { cliUserWithKey, startServe, tempDataDir, type ServeProcess } from "../helpers/cli";
import { match } from "../helpers/matchers";

/**
 * `A` when `A` and `B` are each assignable to the other (openapi-fetch maps the generated types
 * through its Readable<>, which makes an equal type that is not the identical one), else never.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? A : never) : never;

const SCOPES = "brands:read,brands:write,research:read,research:write,clustering:read,clustering:write,maps:read,authority:read";

let dataDir: Awaited<ReturnType<typeof tempDataDir>> | undefined;
let server: ServeProcess | undefined;
let canopy: CanopyClient;

beforeAll(async () => {
  dataDir = await tempDataDir();
  server = await startServe({ env: { DATA_DIR: dataDir.dir } });
  const apiKey = await cliUserWithKey({ DATA_DIR: dataDir.dir }, "client@example.com", { scopes: SCOPES, credits: 100 });
  canopy = createCanopyClient({ baseUrl: `${server.baseUrl}/`, apiKey });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await dataDir?.remove();
});

describe("the TypeScript client against canopy serve", () => {
  it("creates a brand, generates its research, clusters it, and reads its map and authority view", { timeout: 180_000 }, async () => {
    const created = await canopy.POST("/api/v1/brands/", { body: { brand_name: "Bean There", website_url: "https://beanthere.example" } });
    expect(created.status, JSON.stringify(created.error)).toBe(201);
    expectTypeOf(created.data).toEqualTypeOf<Same<typeof created.data, Schemas["Brand"] | undefined>>();
    const brand = unwrap(created);
    expect(brand.stage).toBe("new");
    const path = { brand_id: brand.id };

    const generation = unwrap(
      await canopy.POST("/api/v1/research/{brand_id}/generate/", { params: { path }, body: { core_topic: "home espresso" } }),
    );
    expect(generation).toMatchObject({ task_status: "pending", credits_charged: 5 });
    await poll(
      async () => unwrap(await canopy.GET("/api/v1/research/{brand_id}/task-status/", { params: { path } })),
      (status) => !status.has_running_task,
      { intervalMs: 250 },
    );
    const stats = unwrap(await canopy.GET("/api/v1/research/{brand_id}/stats/", { params: { path } }));
    expect(stats.keyword_count).toBeGreaterThan(0);

    const started = await canopy.POST("/api/v1/authority/{brand_id}/clustering/start/", { params: { path }, body: {} });
    expect(started.status).toBe(202);
    expectTypeOf(started.data).toEqualTypeOf<Same<typeof started.data, Schemas["BrandClusteringStarted"] | undefined>>();
    const done = await poll(
      async () => unwrap(await canopy.GET("/api/v1/authority/{brand_id}/clustering/status/", { params: { path } })),
      (status) => status.status !== "in_progress",
      { intervalMs: 250 },
    );
    expect(done.status).toBe("completed");

    const map = unwrap(await canopy.GET("/api/v1/maps/{brand_id}/", { params: { path } }));
    expectTypeOf(map).toEqualTypeOf<Same<typeof map, Schemas["TopicalMap"]>>();
    expect(map.brand_name).toBe("Bean There");
    expect(map.clusters.length).toBeGreaterThan(0);
    expect(map.clusters[0]!.keywords[0]!.url_slug).toEqual(expect.any(String));

    const authority = unwrap(await canopy.GET("/api/v1/authority/{brand_id}/", { params: { path } }));
    expectTypeOf(authority.hierarchy).toEqualTypeOf<Same<typeof authority.hierarchy, Schemas["AuthorityNode"][]>>();
    expect(authority.node_count).toBe(authority.hierarchy.length);
    expect(authority.hierarchy[0]!.type).toBe("PILLAR");
  });

  it("answers errors as typed values: a 404's detail, a 400's field errors, a 401", async () => {
    const missing = await canopy.GET("/api/v1/brands/{id}/", { params: { path: { id: randomUUID() } } });
    expect(missing.status).toBe(404);
    expect(missing.data).toBeUndefined();
    expectTypeOf(missing.error).toEqualTypeOf<Same<typeof missing.error, ErrorDetail | FieldErrors | undefined>>();
    expect(isErrorDetail(missing.error) && missing.error.detail).toMatch(/not found/i);

    const invalid = await canopy.POST("/api/v1/brands/", { body: { brand_name: "" } });
    expect(invalid.status).toBe(400);
    expect(isFieldErrors(invalid.error)).toBe(true);
    expect(invalid.error).toEqual({ brand_name: [expect.any(String)] });
    expect(errorMessage(invalid.error)).toMatch(/^brand_name: /);

    const stranger = createCanopyClient({ baseUrl: server!.baseUrl, apiKey: `cnpy_live_${"0".repeat(32)}` });
    const refused = await stranger.GET("/api/v1/brands/");
    expect(refused.status).toBe(401);
    expect(isErrorDetail(refused.error)).toBe(true);
  });

  it("throws a CanopyError from unwrap, with the status and the typed body", async () => {
    const missing = await canopy.GET("/api/v1/brands/{id}/", { params: { path: { id: randomUUID() } } });
    let thrown: unknown;
    try {
      unwrap(missing);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(CanopyError);
    expect(thrown).toMatchObject({ status: 404, detail: match.stringMatching(/not found/i), fieldErrors: undefined });
  });
});
