// Graceful shutdown: a request in flight when shutdown starts still gets its answer, its audit
// entry is written before the process would exit, new connections are refused, and a request
// that still reaches the router is answered 503 in the wire's shape.
import { eq } from "drizzle-orm";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Type, { type Static } from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../src/platform/db/schema";
import { keyedRoute, withMeta } from "../../src/platform/http/route";
import { createHarness, type Harness } from "../helpers/harness";
import { poll } from "../helpers/poll";

let markStarted: () => void = () => undefined;
const handlerStarted = new Promise<void>((resolve) => {
  markStarted = resolve;
});
/** The slow route answers once the test lets it: after the server has stopped taking connections. */
let release: () => void = () => undefined;
const released = new Promise<void>((resolve) => {
  release = resolve;
});

const SlowAnswer = withMeta({ done: Type.Boolean() });

const slowRoute = keyedRoute({
  method: "GET",
  path: "/api/v1/test-slow/",
  tag: "Test",
  summary: "Answers when the test lets it",
  scope: null,
  workspaced: false,
  status: 200,
  schemas: { response: SlowAnswer },
  handler: async () => {
    markStarted();
    await released;
    return { done: true };
  },
});

describe("graceful shutdown", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ extraRoutes: [slowRoute] });
  });
  afterAll(async () => {
    release(); // a failed test must not leave the request holding the server open
    await h.close();
  });

  it("finishes in-flight requests and flushes their audit entries", async () => {
    const { key, id: keyId } = await h.userWithKey(["user:read"]);
    const address = await h.canopy.app.listen({ port: 0, host: "127.0.0.1" });
    const inFlight = fetch(`${address}/api/v1/test-slow/`, { headers: { "x-api-key": key } });
    await handlerStarted;
    const closing = h.canopy.close();
    // The request is still in flight once the server has stopped taking connections; only then does it get its answer.
    await poll("the server to stop listening", 10_000, async () => (h.canopy.app.server.listening ? undefined : true));
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect((await res.json()) as Static<typeof SlowAnswer>).toMatchObject({ done: true });
    await closing;
    await expect(fetch(`${address}/api/v1/test-slow/`, { headers: { "x-api-key": key } })).rejects.toThrow();
    const rows = await h.testDb.database.db.select().from(auditLogs).where(eq(auditLogs.apiKeyId, keyId));
    expect(rows.map((r) => [r.endpoint, r.statusCode])).toEqual([["/api/v1/test-slow/", 200]]);
  });
});

describe("a request routed while shutting down", () => {
  let h: Harness;
  let side: http.Server | undefined;
  beforeAll(async () => {
    h = await createHarness({});
  });
  afterAll(async () => {
    side?.close();
    await h.close();
  });

  it("is answered 503 {detail} with Retry-After and the security headers, before its key is looked up", async () => {
    const { key } = await h.userWithKey(["user:read"]);
    // The app's own router behind a server of the test's: the app's server stops accepting at
    // once, but a request whose headers were still arriving on an open connection gets routed.
    await h.canopy.app.ready();
    side = http.createServer((request, response) => h.canopy.app.routing(request, response));
    await new Promise<void>((resolve) => side!.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(side.address() as AddressInfo).port}/api/v1/me/profile/`;
    expect((await fetch(url, { headers: { "x-api-key": key } })).status).toBe(200);

    const closing = h.canopy.close();
    const refused = await fetch(url, { headers: { "x-api-key": key } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("connection")).toBe("close");
    expect(await refused.json()).toEqual({ detail: "canopy is shutting down; try again in a moment." });
    await closing;
  });
});
