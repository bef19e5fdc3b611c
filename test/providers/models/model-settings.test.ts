// A model's own settings (LLM_MODEL_SETTINGS) as its calls carry them, against a local fake
// OpenAI-compatible server: its output budget on every structured call and as a cap on a
// section's, and its own timeout in place of LLM_TIMEOUT_MS.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/platform/config";
import { LlmError } from "../../../src/providers/llm/types";
import { ModelRegistry } from "../../../src/providers/models/registry";
import { startFakeLlmServer, type FakeLlmServer } from "../llm/fake-llm-server";
import { MODEL_ANSWERS } from "../llm/model-answers";

let server: FakeLlmServer;
beforeAll(async () => {
  server = await startFakeLlmServer();
});
afterAll(async () => server.close());
beforeEach(() => {
  server.seen.length = 0;
  server.respond(null);
});

const registry = (settings: object, attempts = 1) =>
  new ModelRegistry(
    loadConfig({
      LOG_LEVEL: "silent",
      OPENAI_BASE_URL: server.baseUrl,
      OPENAI_MODELS: "slow-local,quick-cloud",
      LLM_MODEL_SETTINGS: JSON.stringify(settings),
    }),
    { retry: { attempts, backoffMs: 1, maxBackoffMs: 5 } },
  );
const budgetOf = (body: Record<string, unknown>) => body.max_tokens ?? body.max_completion_tokens;
const BRIEF = { queryText: "how to dial in espresso", brand: { name: "Bean There" }, serpResults: [] };
const SECTION = {
  articleTitle: "Dialling in espresso",
  heading: "Grind size",
  subheadings: [],
  talkingPoints: [],
  wordCountTarget: 600,
  brand: { name: "Bean There" },
  intent: "",
  previousHeadings: [],
  laterHeadings: [],
};

describe("a model's own settings", () => {
  it("sends the model's output budget with every structured call, and caps a section's budget with it", async () => {
    const models = registry({ "openai:slow-local": { max_output_tokens: 300 } });
    // The outline is asked after the SERP analysis it is written from.
    const answers = [
      { json: MODEL_ANSWERS.serp_analysis },
      { json: MODEL_ANSWERS.brief_outline },
      { text: "Grind size decides how fast water runs through the puck." },
    ];
    server.script(...answers);
    await models.generator("openai:slow-local").briefOutline(BRIEF);
    await models.generator("openai:slow-local").sectionDraft(SECTION);
    // 600 words would ask for 1,400 tokens; the model's budget is 300.
    expect(server.seen.map((s) => budgetOf(s.body))).toEqual([300, 300, 300]);

    server.seen.length = 0;
    server.script(...answers);
    await models.generator("openai:quick-cloud").briefOutline(BRIEF);
    await models.generator("openai:quick-cloud").sectionDraft(SECTION);
    expect(server.seen.map((s) => budgetOf(s.body))).toEqual([undefined, undefined, 1400]);
  });

  it("writes the schema into the prompt of a model whose server has only a JSON mode, and checks the answer against it", async () => {
    const models = registry({ "openai:slow-local": { json_schema: false } }, 2);
    server.script({ json: MODEL_ANSWERS.serp_analysis }, { json: { title: 42 } }, { json: MODEL_ANSWERS.brief_outline });
    const outline = await models.generator("openai:slow-local").briefOutline(BRIEF);
    expect(outline.header_sections.map((section) => section.heading)).toEqual(["Grind Size", "Water"]);
    // After the analysis: the outline's first try, and its repair.
    const [, first, repaired] = server.seen;
    expect(first!.body.response_format).toEqual({ type: "json_object" });
    const prompt = JSON.stringify(first!.body.messages);
    expect(prompt).toContain("matches this JSON Schema exactly");
    expect(prompt).toContain("header_sections");
    // The wrong shape got its repair try, with what was wrong.
    expect(JSON.stringify(repaired!.body.messages)).toMatch(/did not match the brief_outline schema: .*title/);

    server.seen.length = 0;
    server.script({ json: MODEL_ANSWERS.serp_analysis }, { json: MODEL_ANSWERS.brief_outline });
    await models.generator("openai:quick-cloud").briefOutline(BRIEF);
    expect((server.seen[0]!.body.response_format as { type: string }).type).toBe("json_schema");
  });

  it("times a model out after its own timeout, not LLM_TIMEOUT_MS's two minutes", async () => {
    const models = registry({ "openai:slow-local": { timeout_ms: 1000 } });
    server.script({ delayMs: 60_000, then: { text: "too late" } });
    const failure = await models
      .generator("openai:slow-local")
      .sectionDraft(SECTION)
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(LlmError);
    expect((failure as LlmError).kind).toBe("timeout");
    expect((failure as LlmError).message).toMatch(/no answer within 1000 ms/);
  });
});
