// A hard kill in the middle of a clustering (docs/conventions.md §10): `canopy serve` is SIGKILLed while the
// report's job runs, started again on the same database, and the report ends (here: completes,
// resuming after its last stored batch) within 120 s, charged exactly once. On the embedded
// database, or on PostgreSQL when the suite runs against one.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cliUserWithKey, startServe, type ServeProcess } from "../helpers/cli";
import { TEST_PG_URL } from "../helpers/database";
import { poll } from "../helpers/poll";
import { serveStorage, type ServeStorage } from "../helpers/serve-storage";

const KEYWORDS = 10_000;
const COST = KEYWORDS / 10;
const GRANTED = 2 * COST;
// What docs/conventions.md §10 allows a restarted server to end a job that died with its process.
const RECOVERY_DEADLINE_MS = 120_000;

describe(`a clustering whose server was killed (${TEST_PG_URL ? "PostgreSQL" : "embedded database"})`, () => {
  let store: ServeStorage;
  let server: ServeProcess | null = null;

  beforeEach(async () => {
    store = await serveStorage();
  });

  afterEach(async () => {
    await server?.stop("SIGKILL");
    await store.cleanup();
  });

  it("ends after a restart, resumed and charged once", { timeout: 600_000 }, async () => {
    server = await startServe({ env: store.env });
    const key = await cliUserWithKey(store.env, "ops@example.com", {
      credits: GRANTED,
      scopes: "user:read,clustering:read,clustering:write",
    });
    const api = async (path: string, init: Omit<RequestInit, "headers"> & { headers?: Record<string, string> } = {}) => {
      const res = await fetch(`${server!.baseUrl}${path}`, {
        ...init,
        headers: { "x-api-key": key, "content-type": "application/json", ...init.headers },
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    const keywords = Array.from({ length: KEYWORDS }, (_, i) => `espresso grinder question ${i}`);
    const created = await api("/api/v1/clustering/", { method: "POST", body: JSON.stringify({ report_name: "Killed", keywords }) });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const id = created.body.id as string;

    // Killed once some batches are stored and others are not.
    const midway = await poll("the report to be part done", 120_000, async () => {
      const { body } = await api(`/api/v1/clustering/${id}/status/`);
      if (body.status !== "in_progress") throw new Error(`the report ended before the kill: ${JSON.stringify(body)}`);
      return (body.progress as number) > 0 ? body : undefined;
    });
    expect(midway.progress).toBeLessThan(100);
    await server.stop("SIGKILL");

    server = await startServe({ env: store.env });
    const ended = await poll("the report to end after the restart", RECOVERY_DEADLINE_MS, async () => {
      const { body } = await api(`/api/v1/clustering/${id}/status/`);
      return body.status === "in_progress" ? undefined : body;
    });
    expect(ended).toMatchObject({ status: "completed", state: "SUCCESS", progress: 100 });
    const report = await api(`/api/v1/clustering/${id}/`);
    expect(report.body).toMatchObject({ status: "completed", total_keywords: KEYWORDS });
    const credits = await api("/api/v1/me/credits/");
    expect(credits.body.total_credits).toBe(GRANTED - COST);
  });
});
