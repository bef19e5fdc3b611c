// Briefs written by a model behind a local fake OpenAI-compatible server, over HTTP, each job run
// in this process when the test says: the answers validated against the schemas, invalid output
// retried, PROCESSING while the model writes, a timeout -> RETRY_PAUSED -> COMPLETE charged once,
// an optional part that fails -> PARTIAL_COMPLETE, and five failed tries -> FAILED with the
// refund in /me/credits/.
import { NO_LIMITS, fundedOwner } from "../../helpers/owners";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Platform } from "../../../src/platform/context";
import { FAKE_MODEL, fakeModelHarness, type FakeModelHarness } from "../../helpers/fake-model";
import type { Harness, Schemas } from "../../helpers/harness";
import type { FakeLlmServer, Step } from "../../providers/llm/fake-llm-server";
import { credits, generate, MODEL_ANSWERS, newBrand, resultOf, runBrief, schemaOf, statusOf } from "./helpers";
import { brandClustering, runClusteringJob, type Owner } from "../clustering/helpers";
import { importTree } from "../research/helpers";

const MODEL = FAKE_MODEL;

const OUTLINE = MODEL_ANSWERS.brief_outline as { title: string; header_sections: unknown[] };
const PARTS = MODEL_ANSWERS;

describe("briefs written by a model", () => {
  let h: Harness;
  let server: FakeLlmServer;
  let owner: Owner;
  let brandId: string;
  /** The harness's platform with a registry that gives up fast: one try per call, a short timeout. */
  let quick: Platform;
  let fake: FakeModelHarness;

  /** Answers the parts by name, and the outline by `outline` (the script's steps when undefined). */
  function answer(outline: Step | undefined, parts: Record<string, Step> = {}) {
    server.respond((body) => {
      const name = schemaOf(body);
      if (name === "brief_outline") return outline;
      return parts[name] ?? { json: PARTS[name] };
    });
  }

  beforeAll(async () => {
    fake = await fakeModelHarness({ env: NO_LIMITS });
    ({ h, server, quick } = fake);
    owner = await fundedOwner(h, 100);
    brandId = await newBrand(h, owner);
  });
  afterAll(async () => fake.close());
  beforeEach(() => fake.reset());

  const start = (query: string) => generate(h, owner, { query_text: query, brand_id: brandId, ai_model_id: MODEL });
  const detail = async (id: string) => (await h.request("GET", `/api/v1/briefs/${id}/`, { key: owner.key })).json<Schemas["Brief"]>();

  it("validates the model's answers, retries invalid output, and shows PROCESSING while the model writes", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first outline answer does not match the schema; the retry does, once the test lets it.
    server.script({ json: { title: 42 } }, { waitFor: held, then: { json: OUTLINE } });
    answer(undefined);
    const started = await start("how to brew coffee");
    const running = runBrief(h, started.id, { platform: quick });
    while ((await statusOf(h, owner, started.id)) !== "PROCESSING") await new Promise((resolve) => setImmediate(resolve));
    release();
    await running;

    const brief = await detail(started.id);
    expect(brief.status).toBe("COMPLETE");
    expect(brief.generated_title).toBe(OUTLINE.title);
    expect(resultOf(brief).header_sections).toEqual(OUTLINE.header_sections);
    expect(resultOf(brief).agent_version).toContain("test-model");
    expect(resultOf(brief).serp_analysis).toEqual(PARTS.serp_analysis);
    expect(resultOf(brief).keyword_recommendations).toEqual([{ keyword: "french press", type: "secondary", reason: "common method" }]);
    expect(server.seen.filter((s) => schemaOf(s.body) === "brief_outline")).toHaveLength(2);
    // The request carried the selected SERP results to the model.
    expect(JSON.stringify(server.seen[0]!.body)).toContain("brewhub.example");
  });

  it("pauses for a retry on a timeout, then completes, charged once", async () => {
    const before = await credits(h, owner);
    answer({ delayMs: 30_000, then: { json: OUTLINE } });
    const started = await start("water temperature for coffee");
    await expect(runBrief(h, started.id, { platform: quick })).rejects.toThrow();
    expect(await statusOf(h, owner, started.id)).toBe("RETRY_PAUSED");
    // While it waits, the brief and its status say why, and that it will be tried again.
    const waiting = await detail(started.id);
    expect(waiting.failure).toEqual({
      stage: "outline",
      error: expect.stringMatching(/no answer within .* LLM_TIMEOUT_MS/),
      will_retry: true,
    });
    const waitingStatus = (await h.request("GET", `/api/v1/briefs/${started.id}/status/`, { key: owner.key })).json<
      Schemas["BriefStatus"]
    >();
    expect(waitingStatus.failure).toEqual(waiting.failure);
    answer({ json: OUTLINE });
    await runBrief(h, started.id, { platform: quick, retryCount: 1 });
    expect(await statusOf(h, owner, started.id)).toBe("COMPLETE");
    expect(await credits(h, owner)).toBe(before - 5);
    // Done: nothing left to explain.
    const done = await detail(started.id);
    expect(done.failure).toBeUndefined();
    expect(done.part_failures).toBeUndefined();
    // The timed-out outline reported no tokens; the analysis asked before it did, and on the retry
    // the analysis again, the outline and the two other parts: 10 and 10 each.
    const tokens = { calls: 5, prompt_tokens: 50, completion_tokens: 50 };
    expect(done.usage).toEqual({ ...tokens, by_model: [{ model_id: MODEL, ...tokens }] });
  });

  it("retries a part's passing fault as the outline's, keeping the outline, and leaves the part null only on the last try", async () => {
    answer({ json: OUTLINE }, { competitor_data: { status: 503, body: "{}" } });
    const started = await start("french press ratio");
    await expect(runBrief(h, started.id, { platform: quick })).rejects.toThrow();
    expect(await statusOf(h, owner, started.id)).toBe("RETRY_PAUSED");
    const waiting = await detail(started.id);
    expect(waiting.failure).toEqual({
      stage: "parts",
      error: expect.stringMatching(/^The model could not write the competitor data: .*503.* failed on its side/),
      will_retry: true,
    });
    // The retries ask for the parts again, never for the outline.
    for (let retry = 1; retry < 4; retry++) await expect(runBrief(h, started.id, { platform: quick, retryCount: retry })).rejects.toThrow();
    await runBrief(h, started.id, { platform: quick, retryCount: 4 });
    expect(server.seen.filter((s) => schemaOf(s.body) === "brief_outline")).toHaveLength(1);
    const brief = await detail(started.id);
    expect(brief.status).toBe("PARTIAL_COMPLETE");
    expect(resultOf(brief).competitor_data).toBeNull();
    expect(resultOf(brief).serp_analysis).not.toBeNull();
    expect(resultOf(brief).header_sections).toHaveLength(OUTLINE.header_sections.length);
    // The missing part, and why: the provider's own failure, to be tried again later.
    expect(brief.part_failures).toEqual([
      {
        stage: "competitors",
        error: expect.stringMatching(
          /^The model could not write the competitor data: openai:test-model: provider answered 503.* failed on its side/,
        ),
      },
    ]);
    expect(brief.failure).toBeUndefined();
  });

  it("completes a brief whose part passes on the retry, and leaves a refused part null at once", async () => {
    let competitorCalls = 0;
    answer({ json: OUTLINE }, {});
    server.respond((body) => {
      const name = schemaOf(body);
      if (name === "brief_outline") return { json: OUTLINE };
      if (name === "competitor_data" && ++competitorCalls <= 2) return { status: 503, body: "{}" };
      return { json: PARTS[name] };
    });
    const passing = await start("cold brew ratio");
    await expect(runBrief(h, passing.id, { platform: quick })).rejects.toThrow();
    await runBrief(h, passing.id, { platform: quick, retryCount: 1 });
    const complete = await detail(passing.id);
    expect(complete.status).toBe("COMPLETE");
    expect(complete.part_failures).toBeUndefined();

    answer({ json: OUTLINE }, { keyword_recommendations: { status: 400, body: JSON.stringify({ error: { message: "bad request" } }) } });
    const refused = await start("moka pot grind");
    await runBrief(h, refused.id, { platform: quick });
    const partial = await detail(refused.id);
    expect(partial.status).toBe("PARTIAL_COMPLETE");
    expect(partial.part_failures).toEqual([{ stage: "keywords", error: expect.stringMatching(/refused the request/) }]);
  });

  it("takes an authority brief through RETRY_PAUSED to COMPLETE, and another to FAILED with its refund", async () => {
    const mapped = await newBrand(h, owner, "Mapped Co");
    await importTree(h, owner, mapped, [{ main_topic: "coffee", keywords: ["burr grinder", "cold brew"] }]);
    const clustering = await h.request("POST", brandClustering(mapped, "start/"), { key: owner.key, body: {} });
    await runClusteringJob(h, clustering.json<Schemas["BrandClusteringStarted"]>().task_id);
    const nodeId = (await h.request("GET", `/api/v1/authority/${mapped}/`, { key: owner.key })).json<Schemas["AuthorityHierarchy"]>()
      .hierarchy[0]!.node_id;
    const start = async () => {
      const res = await h.request("POST", `/api/v1/authority/${mapped}/briefs/generate/`, {
        key: owner.key,
        body: { node_id: nodeId, ai_model_id: MODEL },
      });
      expect(res.statusCode, res.payload).toBe(202);
      return res.json<Schemas["BriefGenerationStarted"]>().id;
    };
    const before = await credits(h, owner);

    answer({ delayMs: 30_000, then: { json: OUTLINE } });
    const paused = await start();
    await expect(runBrief(h, paused, { platform: quick })).rejects.toThrow();
    expect(await statusOf(h, owner, paused)).toBe("RETRY_PAUSED");
    answer({ json: OUTLINE });
    await runBrief(h, paused, { platform: quick, retryCount: 1 });
    expect(await statusOf(h, owner, paused)).toBe("COMPLETE");

    answer({ status: 503, body: "{}" });
    const failing = await start();
    for (let retry = 0; retry < 4; retry++) await expect(runBrief(h, failing, { platform: quick, retryCount: retry })).rejects.toThrow();
    await runBrief(h, failing, { platform: quick, retryCount: 4 });
    expect(await statusOf(h, owner, failing)).toBe("FAILED");
    // The completed one is paid for, the failed one refunded.
    expect(await credits(h, owner)).toBe(before - 5);
  });

  it("fails after the fifth failed try, with the credits back", async () => {
    const before = await credits(h, owner);
    answer({ status: 503, body: '{"error": {"message": "overloaded"}}' });
    const started = await start("espresso at home");
    expect(await credits(h, owner)).toBe(before - 5);
    for (let retry = 0; retry < 4; retry++) {
      await expect(runBrief(h, started.id, { platform: quick, retryCount: retry })).rejects.toThrow();
      expect(await statusOf(h, owner, started.id)).toBe("RETRY_PAUSED");
    }
    await runBrief(h, started.id, { platform: quick, retryCount: 4 });
    expect(await statusOf(h, owner, started.id)).toBe("FAILED");
    expect(await credits(h, owner)).toBe(before);
    expect((await detail(started.id)).failure).toEqual({
      stage: "outline",
      error: expect.stringMatching(
        /^The model could not write the brief's outline: .*503: .*overloaded.*\(after 2 attempts\)\. The provider failed on its side: try again later\.$/,
      ),
      will_retry: false,
    });
  });
});
