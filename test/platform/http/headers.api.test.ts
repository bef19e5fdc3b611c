// The headers every answer carries: `X-Content-Type-Options: nosniff` on all of them, whoever
// answered (a route, the error handler, the 404 handler, the router, Node's HTTP parser), and
// `Cache-Control: no-store` on every answer to a request that carried a key.
import Type from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyedRoute } from "../../../src/platform/http/route";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { listenLocally, rawRequest } from "../../helpers/raw-http";

const throwingRoute = keyedRoute({
  method: "GET",
  path: "/api/v1/test-headers/explode/",
  tag: "Test",
  summary: "Fails with an unexpected error",
  scope: null,
  workspaced: false,
  status: 200,
  schemas: { response: Type.Object({}) },
  handler: async () => {
    throw new Error("unexpected");
  },
});

let h: Harness;
let key: string;

beforeAll(async () => {
  h = await createHarness({ workers: false, env: { RATE_LIMITS: "Integration=40" }, extraRoutes: [throwingRoute] });
  ({ key } = await h.userWithKey(["user:read", "keys:write", "brands:read"]));
});
afterAll(async () => h.close());

type Call = { label: string; method: string; url: string; key?: string; body?: unknown; headers?: Record<string, string>; status: number };

/** Public routes, the docs and their assets, and every kind of error, none with a key. */
const keyless: Call[] = [
  { label: "liveness", method: "GET", url: "/healthz", status: 200 },
  { label: "readiness", method: "GET", url: "/readyz", status: 200 },
  { label: "the OpenAPI document", method: "GET", url: "/api/v1/schema/", status: 200 },
  { label: "llms.txt", method: "GET", url: "/llms.txt", status: 200 },
  { label: "Swagger UI", method: "GET", url: "/api/v1/docs/", status: 200 },
  { label: "a viewer asset", method: "GET", url: "/api/v1/docs/swagger-ui.css", status: 200 },
  { label: "ReDoc", method: "GET", url: "/api/v1/redoc/", status: 200 },
  { label: "a path outside the API", method: "GET", url: "/nothing-here", status: 404 },
  { label: "an API path that is not a route", method: "GET", url: "/api/v1/not/here/", status: 404 },
  { label: "no key", method: "GET", url: "/api/v1/me/profile/", status: 401 },
  { label: "a method the path lacks", method: "DELETE", url: "/api/v1/keys/", status: 405 },
  { label: "a bad query parameter of a public route", method: "GET", url: "/api/v1/schema/?format=xml", status: 400 },
];

describe("X-Content-Type-Options: nosniff", () => {
  it.each(keyless)("is on the answer to $label ($status)", async ({ method, url, status }) => {
    const res = await h.request(method, url);
    expect(res.statusCode, res.payload.slice(0, 200)).toBe(status);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("is on every answer to a keyed request, errors included", async () => {
    const answers = [
      await h.request("GET", "/api/v1/me/profile/", { key }),
      await h.request("GET", "/api/v1/keys/scopes/", { key: "cnpy_live_00000000000000000000000000000000" }),
      await h.request("GET", "/api/v1/test-headers/explode/", { key }),
      await h.request("POST", "/api/v1/keys/", { key, body: { type: "Developer" } }),
      await h.request("POST", "/api/v1/keys/", { key, body: "x", headers: { "content-type": "text/plain" } }),
      await h.request("GET", "/api/v1/analytics/signups/", { key }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 500, 400, 415, 403]);
    for (const res of answers) expect(res.headers["x-content-type-options"], res.payload).toBe("nosniff");
  });

  describe("below the routes, over real HTTP", () => {
    let port: number;
    beforeAll(async () => {
      port = await listenLocally(h.canopy.app);
    });

    it.each([
      ["an undecodable path (the router)", "GET /api/v1/brands/%E0%A4%A/ HTTP/1.1\r\nHost: localhost\r\n\r\n", 400],
      ["an overlong path parameter (the router)", `GET /api/v1/brands/${"a".repeat(300)}/ HTTP/1.1\r\nHost: localhost\r\n\r\n`, 404],
      ["headers too large (the HTTP parser)", `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${"a".repeat(20_000)}\r\n\r\n`, 431],
      ["a malformed request (the HTTP parser)", "GET /healthz HTTP/1.1\r\nBad Header Line\r\n\r\n", 400],
    ])("is on the answer to %s", async (_label, request, status) => {
      const res = await rawRequest(port, request);
      expect(res.status, res.body).toBe(status);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    });
  });
});

describe("Cache-Control: no-store", () => {
  it("is on the answers that show a key's plaintext: POST /keys/ and rotation", async () => {
    const created = await h.request("POST", "/api/v1/keys/", {
      key,
      body: { name: "shown-once", type: "Developer", scopes: ["user:read"] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers["cache-control"]).toBe("no-store");
    const rotated = await h.request("POST", `/api/v1/keys/${created.json<Schemas["NewApiKey"]>().id}/rotate/`, { key, body: {} });
    expect(rotated.statusCode).toBe(201);
    expect(rotated.headers["cache-control"]).toBe("no-store");
  });

  it("is on every answer to a request that carried a key, valid or not, whatever its status", async () => {
    const answers = [
      await h.request("GET", "/api/v1/me/profile/", { key }),
      await h.request("GET", "/api/v1/keys/", { key }),
      await h.request("GET", "/api/v1/not/here/", { key }),
      await h.request("GET", "/api/v1/analytics/signups/", { key }),
      await h.request("GET", "/api/v1/me/profile/", { key: "cnpy_live_00000000000000000000000000000000" }),
      await h.request("GET", "/api/v1/me/profile/", { key: "not even a key" }),
      // A docs asset is cacheable, but not when it was asked for with a key.
      await h.request("GET", "/api/v1/docs/swagger-ui.css", { key }),
      await h.request("GET", "/healthz", { key }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 404, 403, 401, 401, 200, 200]);
    for (const res of answers) expect(res.headers["cache-control"], res.payload.slice(0, 200)).toBe("no-store");
  });

  it("is left to the route when no key was sent: a docs asset stays cacheable", async () => {
    const asset = await h.request("GET", "/api/v1/docs/swagger-ui.css");
    expect(asset.headers["cache-control"]).toBe("public, max-age=3600");
  });
});
