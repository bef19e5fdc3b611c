// Conventions of the wire (docs/conventions.md §2) and the rate limit (docs/conventions.md §3), over HTTP.
import http from "node:http";
import net from "node:net";
import Type, { type Static } from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BODY_LIMIT } from "../../../src/platform/http/limits";
import { EXPECTATION_FAILED, HOST_REQUIRED } from "../../../src/platform/http/protocol-checks";
import { keyedRoute } from "../../../src/platform/http/route";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { match } from "../../helpers/matchers";
import { listenLocally, rawRequest, type RawResponse } from "../../helpers/raw-http";

const throwingRoute = keyedRoute({
  method: "GET",
  path: "/api/v1/test-wire/explode/",
  tag: "Test",
  summary: "Fails with an unexpected error",
  scope: null,
  workspaced: false,
  status: 200,
  schemas: { response: null },
  handler: async () => {
    throw new Error("database password is hunter2");
  },
});

const WorkspaceView = Type.Object({ workspace_id: Type.String() });
type WorkspaceView = Static<typeof WorkspaceView>;

const workspacedRoute = keyedRoute({
  method: "GET",
  path: "/api/v1/test-wire/workspace/",
  tag: "Test",
  summary: "Echoes the selected workspace",
  scope: "brands:read",
  workspaced: true,
  status: 200,
  schemas: { response: WorkspaceView },
  handler: async ({ ctx }) => ({ workspace_id: ctx.workspace.id }),
});

let h: Harness;

beforeAll(async () => {
  h = await createHarness({ workers: false, env: { RATE_LIMITS: "Integration=3" }, extraRoutes: [throwingRoute, workspacedRoute] });
});
afterAll(async () => h.close());

/** A key with a roomy limit (Developer: 60 a minute here) for tests that are not about limits. */
function roomyKey(scopes: string[] = ["user:read", "keys:write"]) {
  return h.userWithKey(scopes, "Developer");
}

describe("rate limit", () => {
  it("carries the limit headers on every answer to a valid key, and throttles the (limit+1)th", async () => {
    const { key } = await h.userWithKey(["user:read"]);
    const seen: Array<[number, string | undefined, string | undefined]> = [];
    for (let i = 0; i < 3; i++) {
      const res = await h.request("GET", "/api/v1/me/profile/", { key });
      seen.push([res.statusCode, res.headers["x-ratelimit-limit"] as string, res.headers["x-ratelimit-remaining"] as string]);
      const reset = Number(res.headers["x-ratelimit-reset"]);
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(60);
    }
    expect(seen).toEqual([
      [200, "3", "2"],
      [200, "3", "1"],
      [200, "3", "0"],
    ]);

    const throttled = await h.request("GET", "/api/v1/me/profile/", { key });
    expect(throttled.statusCode).toBe(429);
    const retryAfter = Number(throttled.headers["retry-after"]);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(throttled.json<Schemas["Error"]>()).toEqual({ detail: `Request was throttled. Expected available in ${retryAfter} seconds.` });
    expect(throttled.headers["x-ratelimit-limit"]).toBe("3");
    expect(throttled.headers["x-ratelimit-remaining"]).toBe("0");
    expect(throttled.headers["x-ratelimit-reset"]).toBe(String(retryAfter));
  });

  it("counts per key, so another key of the same user is not throttled", async () => {
    const first = await h.userWithKey(["user:read"]);
    const second = await h.createKey(first.user, { scopes: ["user:read"] });
    for (let i = 0; i < 4; i++) await h.request("GET", "/api/v1/me/profile/", { key: first.key });
    expect((await h.request("GET", "/api/v1/me/profile/", { key: first.key })).statusCode).toBe(429);
    const other = await h.request("GET", "/api/v1/me/profile/", { key: second.key });
    expect(other.statusCode).toBe(200);
    expect(other.headers["x-ratelimit-remaining"]).toBe("2");
  });

  it("uses each key type's own limit: types left out of RATE_LIMITS keep their default", async () => {
    const { key } = await roomyKey();
    expect((await h.request("GET", "/api/v1/me/profile/", { key })).headers["x-ratelimit-limit"]).toBe("60");
  });

  it("counts answers that are errors too: 404, 405 and 403 for a valid key", async () => {
    const { key } = await h.userWithKey(["user:read", "brands:read"]);
    const a = await h.request("GET", "/api/v1/nowhere/", { key });
    const b = await h.request("DELETE", "/api/v1/me/profile/", { key });
    const c = await h.request("GET", "/api/v1/test-wire/workspace/", { key, teamId: "not-a-uuid" });
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([404, 405, 403]);
    expect([a, b, c].map((r) => r.headers["x-ratelimit-remaining"])).toEqual(["2", "1", "0"]);
    expect((await h.request("GET", "/api/v1/me/profile/", { key })).statusCode).toBe(429);
  });

  it("carries no limit headers for a request without a valid key", async () => {
    const res = await h.request("GET", "/api/v1/me/profile/", { key: "cnpy_live_00000000000000000000000000000000" });
    expect(res.statusCode).toBe(401);
    expect(res.headers["x-ratelimit-limit"]).toBeUndefined();
  });
});

describe("pipeline order: 401, then 429, then scope 403, then X-Team-ID 403", () => {
  it("throttles before checking the scope or the team header", async () => {
    const { key } = await h.userWithKey(["user:read"]);
    for (let i = 0; i < 3; i++) await h.request("GET", "/api/v1/me/profile/", { key });
    const lacksScope = await h.request("GET", "/api/v1/test-wire/workspace/", { key, teamId: "not-a-uuid" });
    expect(lacksScope.statusCode).toBe(429);
  });

  it("authenticates before throttling: a throttled key that is revoked answers 401", async () => {
    const { key, user, id } = await h.userWithKey(["user:read", "keys:write"]);
    const other = await h.createKey(user, { scopes: ["user:read", "keys:write"], type: "Developer" });
    for (let i = 0; i < 3; i++) await h.request("GET", "/api/v1/me/profile/", { key });
    expect((await h.request("GET", "/api/v1/me/profile/", { key })).statusCode).toBe(429);
    expect((await h.request("POST", `/api/v1/keys/${id}/revoke/`, { key: other.key, body: {} })).statusCode).toBe(200);
    const res = await h.request("GET", "/api/v1/me/profile/", { key });
    expect(res.statusCode).toBe(401);
    expect(res.json<Schemas["Error"]>()).toEqual({ detail: "API key has been revoked." });
  });

  it("checks the scope before the team header", async () => {
    const { key } = await roomyKey(["user:read"]);
    const res = await h.request("GET", "/api/v1/test-wire/workspace/", { key, teamId: "not-a-uuid" });
    expect(res.statusCode).toBe(403);
    expect(res.json<Schemas["Error"]>()).toEqual({ detail: "This API key lacks the required scope: brands:read." });
  });

  it("selects the personal workspace without X-Team-ID and a member's team with it", async () => {
    const { key, user } = await roomyKey(["brands:read"]);
    expect((await h.request("GET", "/api/v1/test-wire/workspace/", { key })).json<WorkspaceView>()).toEqual({ workspace_id: user.id });
    const team = await h.createTeam(user);
    const res = await h.request("GET", "/api/v1/test-wire/workspace/", { key, teamId: team.id.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json<WorkspaceView>()).toEqual({ workspace_id: team.id });
  });
});

describe("wire conventions", () => {
  it("answers 404 {detail} for a path that is not a route, with or without a key", async () => {
    const { key } = await roomyKey();
    for (const options of [{ key }, {}]) {
      const res = await h.request("GET", "/api/v1/definitely/not/here/", options);
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json<Schemas["Error"]>()).toEqual({ detail: match.any(String) });
    }
    const outside = await h.request("GET", "/nothing-here");
    expect(outside.statusCode).toBe(404);
    expect(outside.json<Schemas["Error"]>()).toEqual({ detail: match.any(String) });
  });

  it("answers 405 {detail} with Allow for a method the path does not have", async () => {
    const { key } = await roomyKey();
    const res = await h.request("PUT", "/api/v1/me/profile/", { key, body: {} });
    expect(res.statusCode).toBe(405);
    expect(res.json<Schemas["Error"]>()).toEqual({ detail: match.any(String) });
    expect(String(res.headers.allow)).toContain("GET");
    expect((await h.request("DELETE", "/api/v1/keys/")).statusCode).toBe(405);
  });

  it("answers 415 to a non-empty body that is not JSON, whether it names another type or none", async () => {
    const { key } = await roomyKey();
    const untyped = await h.canopy.app.inject({
      method: "POST",
      url: "/api/v1/keys/",
      headers: { "x-api-key": key },
      payload: JSON.stringify({ name: "x", type: "Developer", scopes: ["user:read"] }),
    });
    expect(untyped.statusCode).toBe(415);
    expect(untyped.json<Schemas["Error"]>()).toEqual({
      detail: 'Unsupported media type "" in request. Send the body as JSON with the header Content-Type: application/json.',
    });
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/xml", "application/json-patch+json"]) {
      const res = await h.request("POST", "/api/v1/keys/", { key, body: "name=x", headers: { "content-type": type } });
      expect(res.statusCode, type).toBe(415);
      expect(res.json<Schemas["Error"]>()).toEqual({
        detail: `Unsupported media type "${type}" in request. Send the body as JSON with the header Content-Type: application/json.`,
      });
    }
  });

  it("reads a POST/PUT/PATCH with no body at all as {}, whatever its Content-Type", async () => {
    const { key, user } = await roomyKey();
    // As `curl -X POST` sends it: no Content-Type, no Content-Length.
    const { id } = await h.createKey(user, { scopes: ["user:read"], type: "Developer" });
    const rotated = await h.canopy.app.inject({ method: "POST", url: `/api/v1/keys/${id}/rotate/`, headers: { "x-api-key": key } });
    expect(rotated.statusCode, rotated.payload).toBe(201);
    expect(rotated.json<Schemas["RotatedApiKey"]>()).toMatchObject({ replaces: id });

    const empties: Record<string, string>[] = [
      { "content-length": "0" },
      { "content-type": "application/json" },
      { "content-type": "application/json", "content-length": "0" },
      { "content-type": "text/plain" },
      { "content-type": "application/x-www-form-urlencoded", "content-length": "0" },
    ];
    for (const headers of empties) {
      const other = await h.createKey(user, { scopes: ["user:read"], type: "Developer" });
      const res = await h.canopy.app.inject({
        method: "POST",
        url: `/api/v1/keys/${other.id}/revoke/`,
        headers: { "x-api-key": key, ...headers },
      });
      expect(res.statusCode, `${JSON.stringify(headers)}: ${res.payload}`).toBe(200);
      expect(res.json<Schemas["ApiKey"]>()).toMatchObject({ id: other.id, status: "Revoked" });
    }
    // An empty body is `{}`, so a route that needs fields says which.
    const create = await h.canopy.app.inject({
      method: "POST",
      url: "/api/v1/keys/",
      headers: { "x-api-key": key, "content-type": "application/json" },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json<Schemas["FieldErrors"]>()).toEqual({ name: ["This field is required."], type: ["This field is required."] });
  });

  it("answers 400 with a detail saying so for a body that is not JSON", async () => {
    const { key } = await roomyKey();
    for (const body of ['{"name": "x",', "not json at all", " ", '{"__proto__": {"x": 1}}']) {
      const res = await h.request("POST", "/api/v1/keys/", { key, body });
      expect(res.statusCode, body).toBe(400);
      expect(res.json<Schemas["Error"]>()).toEqual({ detail: "JSON parse error - the request body is not valid JSON." });
    }
  });

  it("answers validation errors as field-keyed message arrays", async () => {
    const { key } = await roomyKey();
    const res = await h.request("POST", "/api/v1/keys/", { key, body: { type: "Developer" } });
    expect(res.statusCode).toBe(400);
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({ name: ["This field is required."] });
  });

  it("serves a path without its trailing slash the same", async () => {
    const { key } = await roomyKey();
    const slash = await h.request("GET", "/api/v1/me/profile/", { key });
    const bare = await h.request("GET", "/api/v1/me/profile", { key });
    expect(bare.statusCode).toBe(200);
    const { last_active: _a, ...slashBody } = slash.json<Schemas["Profile"]>();
    const { last_active: _b, ...bareBody } = bare.json<Schemas["Profile"]>();
    expect(bareBody).toEqual(slashBody);
    const created = await h.request("POST", "/api/v1/keys", { key, body: { name: "no-slash", type: "Developer", scopes: ["user:read"] } });
    expect(created.statusCode).toBe(201);
  });

  it("answers 404 for a malformed UUID in a path", async () => {
    const { key } = await roomyKey();
    for (const id of ["not-a-uuid", "1234", "00000000-0000-0000-0000-00000000000g"]) {
      const res = await h.request("POST", `/api/v1/keys/${id}/revoke/`, { key, body: {} });
      expect(res.statusCode, id).toBe(404);
      expect(res.json<Schemas["Error"]>()).toEqual({ detail: match.any(String) });
    }
  });

  it("ignores read-only body fields (no mass assignment) and refuses unknown ones", async () => {
    const { key } = await roomyKey();
    const forcedId = "11111111-1111-4111-8111-111111111111";
    const res = await h.request("POST", "/api/v1/keys/", {
      key,
      body: {
        name: "sneaky",
        type: "Developer",
        scopes: ["user:read"],
        id: forcedId,
        status: "Revoked",
        key: "cnpy_live_0123456789abcdef0123456789abcdef",
        prefix: "cnpy_live_01",
        created_at: "2000-01-01T00:00:00.000Z",
      },
    });
    expect(res.statusCode, res.payload).toBe(201);
    const body = res.json<Schemas["NewApiKey"]>();
    expect(body.id).not.toBe(forcedId);
    expect(body.status).toBe("Active");
    expect(body.key).not.toBe("cnpy_live_0123456789abcdef0123456789abcdef");
    expect(body.prefix).toBe(body.key.slice(0, 12));
    expect(body.created_at.startsWith("2000")).toBe(false);

    const unknown = await h.request("POST", "/api/v1/keys/", {
      key,
      body: { name: "sneaky", type: "Developer", favourite_colour: "green" },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Schemas["FieldErrors"]>()).toEqual({ favourite_colour: ["Unknown field."] });
  });

  it("answers an unexpected error with a bare 500 that reveals nothing", async () => {
    const { key } = await roomyKey();
    const res = await h.request("GET", "/api/v1/test-wire/explode/", { key });
    expect(res.statusCode).toBe(500);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json<Schemas["Error"]>()).toEqual({ detail: "A server error occurred." });
    expect(res.payload).not.toContain("hunter2");
  });
});

/** The one shape every error has on the wire: JSON `{detail}` and nothing of Fastify's own. */
function expectDetail(res: RawResponse, status: number, detail: string | RegExp = /./): void {
  expect(res.status, res.body).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(["detail"]);
  expect(body.detail).toEqual(typeof detail === "string" ? detail : match.stringMatching(detail));
}

describe("errors raised below the routes, over real HTTP", () => {
  let port: number;
  let key: string;
  beforeAll(async () => {
    port = await listenLocally(h.canopy.app);
    ({ key } = await roomyKey(["user:read", "brands:read"]));
  });
  const get = (path: string, extra = "") =>
    rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: localhost\r\nX-API-Key: ${key}\r\n${extra}\r\n`);

  it("answers an undecodable path 400 {detail}", async () => {
    for (const path of ["/api/v1/brands/%E0%A4%A/", "/api/v1/brands/%ED%A0%80/", "/api/v1/brands/100%/"]) {
      expectDetail(await get(path), 400, "The request path is not valid percent-encoded UTF-8.");
    }
  });

  it("answers an overlong path parameter 404 {detail}, as a malformed id", async () => {
    expectDetail(await get(`/api/v1/brands/${"a".repeat(101)}/`), 404, "Not found.");
    expectDetail(await get(`/api/v1/clustering/${"0".repeat(500)}/status/`), 404, "Not found.");
  });

  it("answers a path that is not a route 404 and a method a path does not have 405, whatever the method", async () => {
    expectDetail(await get("/api/v1/no/such/route/"), 404, "Not found.");
    for (const method of ["PUT", "PROPFIND", "PURGE", "TRACE", "LINK", "QUERY"]) {
      const res = await rawRequest(port, `${method} /api/v1/brands/ HTTP/1.1\r\nHost: localhost\r\nX-API-Key: ${key}\r\n\r\n`);
      expectDetail(res, 405, `Method "${method}" not allowed.`);
      expect(res.headers.allow).toBe("GET, POST, HEAD, OPTIONS");
      const nowhere = await rawRequest(port, `${method} /api/v1/no/such/route/ HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      expectDetail(nowhere, 404, "Not found.");
    }
  });

  it("answers headers too large 431 {detail} and closes the connection", async () => {
    const res = await get("/api/v1/me/profile/", `X-Padding: ${"a".repeat(20_000)}\r\n`);
    expectDetail(res, 431, "Request header fields too large.");
    expect(res.headers.connection).toBe("close");
  });

  it("answers a request the HTTP parser cannot read 400 {detail} and closes the connection", async () => {
    const malformed = [
      "FROBNICATE /api/v1/brands/ HTTP/1.1\r\nHost: localhost\r\n\r\n",
      "GET /api/v1/brands/ HTTP/9.9\r\nHost: localhost\r\n\r\n",
      "GET /api/v1/brands/ HTTP/1.1\r\nBad Header Line\r\n\r\n",
      "POST /api/v1/keys/ HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}",
      "GET /api/v1/brands/ HTTP/1.1\r\nHost: localhost\r\nX-Note: a\x01b\r\n\r\n",
      "POST /api/v1/keys/ HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    ];
    for (const request of malformed) {
      const res = await rawRequest(port, request);
      expectDetail(res, 400, "Malformed HTTP request.");
      expect(res.headers.connection).toBe("close");
    }
  });

  it("answers a body the HTTP parser cannot read 400 {detail} and closes the connection", async () => {
    // Errors in the body are found once the request is routed and its body read: an authorised write.
    const { key: writer } = await roomyKey(["brands:write"]);
    const head = `POST /api/v1/brands/ HTTP/1.1\r\nHost: localhost\r\nX-API-Key: ${writer}\r\nContent-Type: application/json\r\n`;
    for (const rest of [
      "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
      "Transfer-Encoding: chunked\r\n\r\n2\r\n{}XX0\r\n\r\n",
      "Transfer-Encoding: gzip\r\n\r\n",
    ]) {
      const res = await rawRequest(port, head + rest);
      expectDetail(res, 400, "Malformed HTTP request.");
      expect(res.headers.connection).toBe("close");
    }
  });

  it("answers an HTTP/1.1 request without a Host header 400 {detail} and closes; HTTP/1.0 needs none", async () => {
    for (const path of ["/api/v1/me/profile/", "/api/v1/no/such/route/"]) {
      const res = await rawRequest(port, `GET ${path} HTTP/1.1\r\nX-API-Key: ${key}\r\n\r\n`);
      expectDetail(res, 400, HOST_REQUIRED);
      expect(res.headers.connection).toBe("close");
    }
    const old = await rawRequest(port, `GET /api/v1/me/profile/ HTTP/1.0\r\nX-API-Key: ${key}\r\n\r\n`);
    expect(old.status, old.body).toBe(200);
  });

  it("answers an Expect it does not understand 417 {detail}; 100-continue is honoured", async () => {
    const { key: writer } = await roomyKey(["brands:write"]);
    const body = JSON.stringify({ brand_name: "Expecting" });
    const post = (expect: string) =>
      rawRequest(
        port,
        `POST /api/v1/brands/ HTTP/1.1\r\nHost: localhost\r\nX-API-Key: ${writer}\r\nContent-Type: application/json\r\nExpect: ${expect}\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
    const refused = await post("the-moon");
    expectDetail(refused, 417, EXPECTATION_FAILED);
    expect(refused.headers.connection).toBe("close");
    // A client that waits for the interim 100 before sending its body gets it, then the brand.
    const continued = await new Promise<number>((resolve, reject) => {
      const request = http.request({ port, host: "127.0.0.1", method: "POST", path: "/api/v1/brands/" });
      for (const [name, value] of Object.entries({
        "x-api-key": writer,
        "content-type": "application/json",
        expect: "100-continue",
        "content-length": body.length,
      })) {
        request.setHeader(name, value);
      }
      request.on("continue", () => request.end(body));
      request.on("response", (res) => res.resume().on("end", () => resolve(res.statusCode!)));
      request.on("error", reject);
      request.flushHeaders();
    });
    expect(continued).toBe(201);
  });

  it("answers a body over the limit 413 {detail}, announced by Content-Length or sent chunked", async () => {
    const { key: writer } = await roomyKey(["brands:write"]);
    const head = `POST /api/v1/brands/ HTTP/1.1\r\nHost: localhost\r\nX-API-Key: ${writer}\r\nContent-Type: application/json\r\n`;
    const tooLarge = DEFAULT_BODY_LIMIT + 1;
    expectDetail(await rawRequest(port, `${head}Content-Length: ${tooLarge}\r\n\r\n{"brand_name": "`), 413, /too large/);
    const chunk = `{"brand_name": "${"x".repeat(tooLarge)}"}`;
    expectDetail(
      await rawRequest(port, `${head}Transfer-Encoding: chunked\r\n\r\n${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`, 30_000),
      413,
      /too large/,
    );
  });

  it("answers a body far over the limit 413 to a client that sends it whole before reading, as fetch does", async () => {
    const { key: writer } = await roomyKey(["brands:write"]);
    // 12 MB against the 3 MB limit: more than the sockets' buffers hold, so the client is still
    // sending when the answer is ready.
    const body = JSON.stringify({ brand_name: "x".repeat(12 * 1024 * 1024) });
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/brands/`, {
      method: "POST",
      headers: { "x-api-key": writer, "content-type": "application/json" },
      body,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as Schemas["Error"]).detail).toMatch(/too large/);
    // And the server goes on answering.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });

  it("reads the rest of a refused body, so that a client that writes it all before reading sees no broken pipe", async () => {
    const { key: writer } = await roomyKey(["brands:write"]);
    const body = Buffer.alloc(12 * 1024 * 1024, "x");
    const head = `POST /api/v1/brands/ HTTP/1.1\r\nHost: localhost\r\nX-API-Key: ${writer}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const outcome = await new Promise<{ writeError: string | null; answer: string }>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      let answer = "";
      let writeError: string | null = null;
      socket.on("data", (chunk) => {
        answer += chunk.toString("latin1");
        if (/\r\n\r\n\{.*\}$/s.test(answer)) socket.end();
      });
      socket.on("error", (err: NodeJS.ErrnoException) => {
        writeError = err.code ?? err.message;
      });
      socket.on("close", () => resolve({ writeError, answer }));
      socket.write(Buffer.concat([Buffer.from(head), body]));
    });
    expect(outcome.writeError).toBeNull();
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it("refuses a body announced over the limit before it is sent: no 100 Continue, a 413 at once", async () => {
    const { key: writer } = await roomyKey(["brands:write"]);
    const declared = 64 * 1024 * 1024;
    const answer = await new Promise<{ continued: boolean; status: number; body: string }>((resolve, reject) => {
      const request = http.request({ port, host: "127.0.0.1", method: "POST", path: "/api/v1/brands/" });
      for (const [name, value] of Object.entries({
        "x-api-key": writer,
        "content-type": "application/json",
        expect: "100-continue",
        "content-length": declared,
      })) {
        request.setHeader(name, value);
      }
      let continued = false;
      request.on("continue", () => {
        continued = true;
      });
      request.on("response", (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ continued, status: res.statusCode ?? 0, body: text }));
      });
      request.on("error", reject);
      request.flushHeaders();
    });
    expect(answer.continued).toBe(false);
    expect(answer.status).toBe(413);
    expect((JSON.parse(answer.body) as Schemas["Error"]).detail).toMatch(/too large/);
  });

  it("never answers a stack trace, HTML or Fastify's own fields", async () => {
    const answers = [
      await get("/api/v1/brands/%E0%A4%A/"),
      await get(`/api/v1/brands/${"a".repeat(300)}/`),
      await rawRequest(
        port,
        "POST /api/v1/keys/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 3\r\n\r\n{x}",
      ),
      await rawRequest(port, "POST /api/v1/keys/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 1\r\n\r\nx"),
    ];
    for (const res of answers) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(Object.keys(JSON.parse(res.body) as Schemas["Error"])).toEqual(["detail"]);
      expect(res.body).not.toMatch(/statusCode|"code"|"error"|FST_|<html|\bat .*\.js:\d+/i);
    }
  });
});
