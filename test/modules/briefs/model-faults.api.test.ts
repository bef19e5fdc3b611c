// Every fault a model can show, met by a brief written by a model behind a local fake server
// that speaks OpenAI's chat completions and Anthropic's messages: for each scenario and each
// provider, the brief's state after its job's first run, the reason the API gives, the credits,
// and the calls the model received. Each job runs in this process when the test says, with a
// registry that tries a call twice and waits 3 s for an answer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Platform } from "../../../src/platform/context";
import { ModelRegistry } from "../../../src/providers/models/registry";
import { FAKE_ANTHROPIC_MODEL, FAKE_MODEL, fakeModelHarness, type FakeModelHarness } from "../../helpers/fake-model";
import type { Schemas } from "../../helpers/harness";
import { fundedOwner, NO_LIMITS } from "../../helpers/owners";
import type { Step } from "../../providers/llm/fake-llm-server";
import { briefPartOf } from "../../providers/llm/model-answers";
import type { Owner } from "../clustering/helpers";
import { credits, generate, MODEL_ANSWERS, newBrand, runBrief } from "./helpers";

const OUTLINE = MODEL_ANSWERS.brief_outline;

interface Scenario {
  name: string;
  /** The outline's answers, in order; the last repeats. The parts always answer well. */
  outline: Step[];
  status: "COMPLETE" | "FAILED" | "RETRY_PAUSED";
  /** What the failure says, when there is one. */
  reason?: RegExp;
  /**
   * Requests the model received: the SERP analysis, asked first and answering well; the outline's
   * tries; and the two other parts' when the outline passed.
   */
  calls: number;
  /** Credits the brief costs after the run: 5 while it is or was worth paying for, 0 once refunded. */
  cost: 0 | 5;
  /** A scenario only one provider's protocol allows. */
  only?: "openai";
}

const SCENARIOS: Scenario[] = [
  { name: "a valid answer", outline: [{ json: OUTLINE }], status: "COMPLETE", calls: 4, cost: 5 },
  // Anthropic's answers to a structured call come as the forced `json` tool's input: no fence fits there.
  {
    name: "a fenced answer",
    outline: [{ text: `\`\`\`json\n${JSON.stringify(OUTLINE)}\n\`\`\`` }],
    status: "COMPLETE",
    calls: 4,
    cost: 5,
    only: "openai",
  },
  {
    name: "malformed JSON, every time",
    outline: [{ text: '{"title": "How to' }],
    status: "FAILED",
    reason: /did not have the shape asked for/,
    calls: 3,
    cost: 0,
  },
  {
    name: "a wrong shape, every time",
    outline: [{ json: { title: 42 } }],
    status: "FAILED",
    reason: /did not match brief_outline .*did not have the shape asked for/,
    calls: 3,
    cost: 0,
  },
  {
    name: "a wrong shape, then a repaired one",
    outline: [{ json: { title: 42 } }, { json: OUTLINE }],
    status: "COMPLETE",
    calls: 5,
    cost: 5,
  },
  {
    name: "a cut-off answer, every time",
    outline: [{ text: '{"title": "How to Brew', cutOff: true }],
    status: "FAILED",
    reason: /stopped at the model's output limit\. .*larger output limit/,
    calls: 3,
    cost: 0,
  },
  { name: "an empty answer, every time", outline: [{ text: "" }], status: "FAILED", reason: /shape asked for/, calls: 3, cost: 0 },
  {
    name: "a 429 with a short Retry-After, then an answer",
    outline: [{ status: 429, body: "{}", headers: { "retry-after": "1" } }, { json: OUTLINE }],
    status: "COMPLETE",
    calls: 5,
    cost: 5,
  },
  {
    name: "a 429 with a long Retry-After",
    outline: [{ status: 429, body: "{}", headers: { "retry-after": "3600" } }],
    status: "FAILED",
    reason: /asked to wait 3600 s .*LLM_RETRY_AFTER_MAX_SECONDS .*rate limit or quota/,
    calls: 2,
    cost: 0,
  },
  {
    name: "a 500, every time",
    outline: [{ status: 500, body: '{"error": {"message": "overloaded"}}' }],
    status: "RETRY_PAUSED",
    reason: /500.*failed on its side/,
    calls: 3,
    cost: 5,
  },
  {
    name: "a flaky server: a 500, then an answer",
    outline: [{ status: 500, body: "{}" }, { json: OUTLINE }],
    status: "COMPLETE",
    calls: 5,
    cost: 5,
  },
  { name: "a slow answer within the timeout", outline: [{ delayMs: 200, then: { json: OUTLINE } }], status: "COMPLETE", calls: 4, cost: 5 },
  {
    name: "a slow answer past the timeout",
    outline: [{ delayMs: 60_000, then: { json: OUTLINE } }],
    status: "RETRY_PAUSED",
    reason: /no answer within 3000 ms.*LLM_TIMEOUT_MS/,
    calls: 3,
    cost: 5,
  },
  {
    name: "a slow stream, longer in all than the timeout but never silent that long",
    outline: [{ slowStream: { json: OUTLINE }, pieces: 8, pieceDelayMs: 500 }],
    status: "COMPLETE",
    calls: 4,
    cost: 5,
  },
  {
    name: "a body cut in transit, every time",
    outline: [{ cutInTransit: { json: OUTLINE } }],
    status: "RETRY_PAUSED",
    reason: /connection dropped before the answer was complete/,
    calls: 3,
    cost: 5,
  },
];

describe.each([FAKE_MODEL, FAKE_ANTHROPIC_MODEL])("a brief written by %s", (model) => {
  let fake: FakeModelHarness;
  let owner: Owner;
  let brandId: string;
  let quick: Platform;

  beforeAll(async () => {
    fake = await fakeModelHarness({ env: NO_LIMITS, anthropic: true });
    quick = {
      ...fake.h.canopy.platform,
      models: new ModelRegistry(fake.h.config, { timeoutMs: 3000, retry: { attempts: 2, backoffMs: 1, maxBackoffMs: 5 } }),
    };
    owner = await fundedOwner(fake.h, 500);
    brandId = await newBrand(fake.h, owner);
  });
  afterAll(async () => fake.close());
  beforeEach(() => fake.reset());

  it.each(SCENARIOS.filter((scenario) => scenario.only === undefined || model.startsWith(`${scenario.only}:`)))(
    "meets $name",
    async (scenario) => {
      let outlineTries = 0;
      fake.server.respond((body) => {
        const part = briefPartOf(body);
        if (part !== "brief_outline") return { json: MODEL_ANSWERS[part] };
        const step = scenario.outline[Math.min(outlineTries, scenario.outline.length - 1)];
        outlineTries += 1;
        return step;
      });
      const before = await credits(fake.h, owner);
      const started = await generate(fake.h, owner, { query_text: `${scenario.name} for ${model}`, brand_id: brandId, ai_model_id: model });
      const run = runBrief(fake.h, started.id, { platform: quick });
      // A passing fault hands the job back to the queue, which is how RETRY_PAUSED comes about.
      if (scenario.status === "RETRY_PAUSED") await expect(run).rejects.toThrow();
      else await run;

      const brief = (await fake.h.request("GET", `/api/v1/briefs/${started.id}/`, { key: owner.key })).json<Schemas["Brief"]>();
      expect(brief.status).toBe(scenario.status);
      if (scenario.reason) {
        expect(brief.failure?.stage).toBe("outline");
        expect(brief.failure?.error).toMatch(scenario.reason);
        expect(brief.failure?.will_retry).toBe(scenario.status === "RETRY_PAUSED");
      } else expect(brief.failure).toBeUndefined();
      expect(before - (await credits(fake.h, owner))).toBe(scenario.cost);
      expect(fake.server.seen).toHaveLength(scenario.calls);
    },
  );
});
