// Fair share between workspaces, with the real workers: a user who queues many briefs gets two
// running at a time, so another user's brief, queued after them, starts while theirs still wait.
// The model (a local fake) holds every outline until the test lets it go, so what runs when is
// decided by the queue, not by timing.
import { NO_LIMITS, fundedOwner } from "../../helpers/owners";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../helpers/harness";
import { startFakeLlmServer, type FakeLlmServer } from "../../providers/llm/fake-llm-server";
import { generate, MODEL_ANSWERS, newBrand, schemaOf, statusOf } from "./helpers";
import { WITH_WORKERS_MS, type Owner } from "../clustering/helpers";
import { poll } from "../../helpers/poll";

describe("brief workers share out between workspaces", () => {
  let h: Harness;
  let server: FakeLlmServer;
  let release!: () => void;

  beforeAll(async () => {
    server = await startFakeLlmServer();
    const held = new Promise<void>((resolve) => (release = resolve));
    server.respond((body) => {
      const name = schemaOf(body);
      return name === "brief_outline" ? { waitFor: held, then: { json: MODEL_ANSWERS[name] } } : { json: MODEL_ANSWERS[name] };
    });
    h = await createHarness({
      workers: true,
      env: { ...NO_LIMITS, OPENAI_BASE_URL: server.baseUrl, OPENAI_MODELS: "test-model", LLM_TIMEOUT_MS: "600000" },
    });
  }, WITH_WORKERS_MS);
  afterAll(async () => {
    release();
    await h.close();
    await server.close();
  });

  async function queue(owner: Owner, count: number): Promise<string[]> {
    const brandId = await newBrand(h, owner);
    const ids: string[] = [];
    for (let i = 0; i < count; i++)
      ids.push((await generate(h, owner, { query_text: `topic ${i}`, brand_id: brandId, ai_model_id: "openai:test-model" })).id);
    return ids;
  }

  async function until(check: () => Promise<boolean>): Promise<void> {
    await poll("the briefs to reach the statuses the test waits for", WITH_WORKERS_MS, async () => ((await check()) ? true : undefined));
  }

  it("starts another user's brief while the first user's queue still waits", { timeout: WITH_WORKERS_MS }, async () => {
    const busy = await fundedOwner(h, 100);
    const other = await fundedOwner(h, 100);
    const many = await queue(busy, 5);
    await until(async () => (await Promise.all(many.map((id) => statusOf(h, busy, id)))).filter((s) => s === "PROCESSING").length === 2);
    const [late] = await queue(other, 1);
    await until(async () => (await statusOf(h, other, late!)) === "PROCESSING");
    const statuses = await Promise.all(many.map((id) => statusOf(h, busy, id)));
    expect(statuses.filter((s) => s === "PROCESSING")).toHaveLength(2);
    expect(statuses.filter((s) => s === "PENDING")).toHaveLength(3);

    release();
    await until(async () =>
      (await Promise.all([...many, late!].map((id) => statusOf(h, id === late ? other : busy, id)))).every((s) => s === "COMPLETE"),
    );
  });
});
