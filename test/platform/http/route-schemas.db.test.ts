// Validators and serializers are compiled on a route's first use, so a start no longer proves that
// every schema compiles: this test does, by building the app with every route compiled at start,
// as Fastify does by default. It also shows that a schema Ajv rejects fails that build.
import Type from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCanopy, type Canopy } from "../../../src/app/app";
import { loadConfig } from "../../../src/platform/config";
import { publicRoute, type RouteDef } from "../../../src/platform/http/route";
import { createTestDatabase, type TestDatabase } from "../../helpers/database";

let testDb: TestDatabase | undefined;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => testDb?.drop());

async function build(extraRoutes: RouteDef[], compileSchemasAtStart: boolean): Promise<Canopy> {
  return buildCanopy({
    config: loadConfig({ LOG_LEVEL: "silent" }),
    database: testDb!.database,
    workers: false,
    logger: false,
    extraRoutes,
    compileSchemasAtStart,
  });
}

// A schema no validator can be built from: `minimum` must be a number.
const brokenRoute = publicRoute({
  method: "GET",
  path: "/test-broken-schema/",
  tag: "Test",
  summary: "A query string schema Ajv rejects",
  status: 200,
  schemas: { querystring: Type.Object({ n: Type.Integer({ minimum: "one" as unknown as number }) }), response: Type.Object({}) },
  handler: async () => ({}),
});

describe("route schemas", () => {
  it("every route's validators and serializers compile", async () => {
    const canopy = await build([], true);
    try {
      await expect(canopy.app.ready()).resolves.toBeDefined();
    } finally {
      await canopy.close();
    }
  });

  it("a schema that does not compile fails the build that compiles at start, and only that one", async () => {
    const eager = await build([brokenRoute], true);
    try {
      await expect(eager.app.ready()).rejects.toThrow();
    } finally {
      await eager.close().catch(() => undefined);
    }
    const lazy = await build([brokenRoute], false);
    try {
      await expect(lazy.app.ready()).resolves.toBeDefined();
    } finally {
      await lazy.close();
    }
  });
});
