// Graceful shutdown: a request in flight when shutdown starts still gets its answer, its audit
// entry is written before the process would exit, and new connections are refused.
import { eq } from "drizzle-orm";
import Type, { type Static } from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../src/platform/db/schema";
import { keyedRoute, withMeta } from "../../src/platform/http/route";
import { createHarness, type Harness } from "../helpers/harness";

let markStarted: () => void = () => undefined;
const handlerStarted = new Promise<void>((resolve) => {
  markStarted = resolve;
});

const SlowAnswer = withMeta({ done: Type.Boolean() });

const slowRoute = keyedRoute({
  method: "GET",
  path: "/api/v1/test-slow/",
  tag: "Test",
  summary: "Answers after a pause",
  scope: null,
  workspaced: false,
  status: 200,
  schemas: { response: SlowAnswer },
  handler: async () => {
    markStarted();
    await new Promise((r) => setTimeout(r, 700));
    return { done: true };
  },
});

describe("graceful shutdown", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ extraRoutes: [slowRoute] });
  });
  afterAll(async () => h.close());

  it("finishes in-flight requests and flushes their audit entries", async () => {
    const { key, id: keyId } = await h.userWithKey(["user:read"]);
    const address = await h.canopy.app.listen({ port: 0, host: "127.0.0.1" });
    const inFlight = fetch(`${address}/api/v1/test-slow/`, { headers: { "x-api-key": key } });
    await handlerStarted;
    const closing = h.canopy.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect((await res.json()) as Static<typeof SlowAnswer>).toMatchObject({ done: true });
    await closing;
    await expect(fetch(`${address}/api/v1/test-slow/`, { headers: { "x-api-key": key } })).rejects.toThrow();
    const rows = await h.testDb.database.db.select().from(auditLogs).where(eq(auditLogs.apiKeyId, keyId));
    expect(rows.map((r) => [r.endpoint, r.statusCode])).toEqual([["/api/v1/test-slow/", 200]]);
  });
});
