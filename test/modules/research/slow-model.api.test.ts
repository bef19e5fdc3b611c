// A slow model (a local one on a CPU) writing a research tree: its answer streams in pieces, and
// task-status shows how far the answer has got while it comes. (That a stream may take longer in
// all than the timeout, which measures silence, is sdk-provider.test.ts's and
// model-faults.api.test.ts's.) The model sits behind a local fake OpenAI-compatible server; the job
// runs in this process.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Platform } from "../../../src/platform/context";
import { ModelRegistry } from "../../../src/providers/models/registry";
import { FAKE_MODEL, fakeModelHarness, type FakeModelHarness } from "../../helpers/fake-model";
import type { Schemas } from "../../helpers/harness";
import { runJob } from "../../helpers/jobs";
import { NO_LIMITS } from "../../helpers/owners";
import { poll } from "../../helpers/poll";
import { createBrand, research, type Owner } from "./helpers";

// The tree comes in two parts: the plan, then the branches of its one pillar with hubs.
const PLAN = {
  pillars: [
    { name: "Brewing", keywords: ["coffee brewing"], hubs: [{ name: "Pour over", keywords: ["pour over coffee"] }] },
    { name: "Beans", keywords: ["coffee beans"], hubs: [] },
  ],
};
const BRANCHES = { hubs: [{ name: "Pour over", branches: [{ name: "Pour over ratio", keywords: ["pour over ratio"], resources: [] }] }] };

describe("research from a slow, streaming model", () => {
  let fake: FakeModelHarness;
  let owner: Owner;
  let slow: Platform;
  beforeAll(async () => {
    fake = await fakeModelHarness({ env: NO_LIMITS });
    owner = await fake.h.userWithKey();
    await fake.h.grant(owner.user, 5);
    // The answer is held midway until the test has seen its progress: a long wait is allowed.
    slow = { ...fake.h.canopy.platform, models: new ModelRegistry(fake.h.config, { timeoutMs: 120_000, retry: { attempts: 1 } }) };
  });
  afterAll(async () => fake.close());

  it("shows the tokens that have come so far while the answer streams, then completes", async () => {
    const brandId = await createBrand(fake.h, owner, "Slow Local Roasters");
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Sixteen pieces; the stream waits after the eighth event until the test has seen the progress.
    // Eight pieces 100 ms apart outlast the half-second in which progress is written at most once.
    fake.server.script(
      { slowStream: { json: PLAN }, pieces: 16, pieceDelayMs: 100, hold: { after: 8, until: released } },
      { json: BRANCHES },
    );
    const started = await fake.h.request("POST", research(brandId, "generate/"), { key: owner.key, body: { ai_model_id: FAKE_MODEL } });
    expect(started.statusCode, started.payload).toBe(202);
    const running = runJob(fake.h, "research-generate", started.json<Schemas["ResearchGenerationStarted"]>().task_id, { platform: slow });
    const progress = await poll("the answer's progress", 30_000, async () => {
      const status = (await fake.h.request("GET", research(brandId, "task-status/"), { key: owner.key })).json<
        Schemas["ResearchTaskStatus"]
      >();
      return /tokens so far/.test(status.progress?.message ?? "") ? status.progress?.message : undefined;
    });
    expect(progress).toMatch(/^Arranging \d+ keywords into the tree with the model \(about \d+ tokens so far\)$/);
    release();
    await running;
    const status = (await fake.h.request("GET", research(brandId, "task-status/"), { key: owner.key })).json<
      Schemas["ResearchTaskStatus"]
    >();
    // Two calls (the plan, one pillar's branches), each reporting 10 prompt and 10 completion tokens (the fake's usage).
    const tokens = { calls: 2, prompt_tokens: 20, completion_tokens: 20 };
    expect(status).toEqual({
      _meta: expect.any(Object),
      has_running_task: false,
      last_generation_usage: { ...tokens, by_model: [{ model_id: FAKE_MODEL, ...tokens }] },
    });
    const tree = (await fake.h.request("GET", research(brandId), { key: owner.key })).json<Schemas["ResearchTree"]>();
    expect(tree.research_data.map((node: { main_topic: string }) => node.main_topic)).toEqual(["brewing", "beans"]);
  });
});
