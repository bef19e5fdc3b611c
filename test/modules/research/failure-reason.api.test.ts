// Why a research generation failed, read through task-status after its last try: the reason says
// what happened and what to check, the credits come back, and the next generation that completes
// leaves nothing to explain. The model sits behind a local fake OpenAI-compatible server; each
// job runs in this process when the test says.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FAKE_MODEL, fakeModelHarness, type FakeModelHarness } from "../../helpers/fake-model";
import type { Schemas } from "../../helpers/harness";
import { runJob } from "../../helpers/jobs";
import { NO_LIMITS } from "../../helpers/owners";
import { balance, createBrand, research, type Owner } from "./helpers";

const NO_TOKENS = { calls: 0, prompt_tokens: 0, completion_tokens: 0, by_model: [] };

describe("research task-status after a failed generation", () => {
  let fake: FakeModelHarness;
  let owner: Owner;
  beforeAll(async () => {
    fake = await fakeModelHarness({ env: NO_LIMITS });
    owner = await fake.h.userWithKey();
  });
  afterAll(async () => fake.close());
  beforeEach(() => fake.reset());

  const generate = async (brandId: string, model: string) => {
    const res = await fake.h.request("POST", research(brandId, "generate/"), { key: owner.key, body: { ai_model_id: model } });
    expect(res.statusCode, res.payload).toBe(202);
    return res.json<Schemas["ResearchGenerationStarted"]>().task_id;
  };
  const status = async (brandId: string) =>
    (await fake.h.request("GET", research(brandId, "task-status/"), { key: owner.key })).json<Schemas["ResearchTaskStatus"]>();

  it("says the key was rejected and to check it, refunds, and forgets it once a generation completes", async () => {
    await fake.h.grant(owner.user, 10);
    const brandId = await createBrand(fake.h, owner, "Rejected Key Roasters");
    fake.server.script({ status: 401, body: JSON.stringify({ error: { message: "invalid api key" } }) });
    const failing = await generate(brandId, FAKE_MODEL);
    await runJob(fake.h, "research-generate", failing, { platform: fake.quick });

    const failed = await status(brandId);
    expect(failed.has_running_task).toBe(false);
    expect(failed.last_failure).toEqual({ task_id: failing, error: expect.any(String), failed_at: expect.any(String) });
    expect(failed.last_generation_usage).toEqual(NO_TOKENS);
    expect(failed.last_failure?.error).toMatch(
      /^The model could not generate the tree: openai:test-model: .*credentials \(401\)\. Check OPENAI_API_KEY\.$/,
    );
    // Refused at once: one call, no retry, and the 5 credits back.
    expect(fake.server.seen).toHaveLength(1);
    expect(await balance(fake.h, owner.user.id)).toBe(10);

    const next = await generate(brandId, "offline");
    await runJob(fake.h, "research-generate", next);
    // The built-in model reports no tokens.
    expect(await status(brandId)).toEqual({ _meta: expect.any(Object), has_running_task: false, last_generation_usage: NO_TOKENS });
    expect(await balance(fake.h, owner.user.id)).toBe(5);
  });
});
