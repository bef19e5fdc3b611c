import Type from "typebox";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig, type Config } from "../../../src/platform/config";
import { anthropicProvider, openAiProvider, type ProviderTuning } from "../../../src/providers/llm/providers";
import { LlmError, type LlmProvider } from "../../../src/providers/llm/types";
import { startFakeLlmServer, type FakeLlmServer } from "./fake-llm-server";

const OPENAI_KEY = "sk-test-0123456789abcdefSECRET";
const ANTHROPIC_KEY = "sk-ant-test-9876543210SECRET";
// The timeout leaves room for a loaded CI machine; "slow" answers wait far longer than it.
const TUNING: ProviderTuning = { timeoutMs: 2000, retry: { attempts: 3, backoffMs: 1, maxBackoffMs: 20 }, responseCapBytes: 64 * 1024 };

const Recipe = Type.Object(
  { name: Type.String(), steps: Type.Array(Type.String()), minutes: Type.Integer() },
  { additionalProperties: false },
);
type Recipe = { name: string; steps: string[]; minutes: number };
const GOOD: Recipe = { name: "pour over", steps: ["grind", "bloom", "pour"], minutes: 4 };

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(LlmError);
    const error = err as LlmError;
    // No secret anywhere a log line could pick it up.
    for (const text of [error.message, String(error), JSON.stringify(error), JSON.stringify(error.details)]) {
      expect(text).not.toContain(OPENAI_KEY);
      expect(text).not.toContain(ANTHROPIC_KEY);
      expect(text).not.toContain("SECRET");
    }
    expect(error.cause).toBeUndefined();
    return error;
  }
  throw new Error("expected the call to fail");
}

let server: FakeLlmServer;
let config: Config;

beforeAll(async () => {
  server = await startFakeLlmServer();
  config = loadConfig({
    LOG_LEVEL: "silent",
    OPENAI_API_KEY: OPENAI_KEY,
    OPENAI_BASE_URL: server.baseUrl,
    ANTHROPIC_API_KEY: ANTHROPIC_KEY,
    ANTHROPIC_BASE_URL: server.baseUrl,
  });
});
afterAll(async () => server.close());
beforeEach(() => {
  server.seen.length = 0;
});

const providers: [string, () => LlmProvider, (headers: Record<string, unknown>) => unknown][] = [
  ["openai-compatible", () => openAiProvider(config, "gpt-4o-mini", TUNING), (h) => h.authorization],
  ["anthropic", () => anthropicProvider(config, "claude-sonnet-4-5", TUNING), (h) => h["x-api-key"]],
];

describe.each(providers)("%s provider", (_name, make, credential) => {
  it("returns the text of a good answer and sends the key only in its header", async () => {
    server.script({ text: "  Brewing is chemistry you can drink.  " });
    const text = await make().generateText({ system: "Be brief.", prompt: "Say something about coffee." });
    expect(text).toBe("Brewing is chemistry you can drink.");
    expect(server.seen).toHaveLength(1);
    const sent = credential(server.seen[0]!.headers) as string;
    expect(sent).toContain(_name === "anthropic" ? ANTHROPIC_KEY : OPENAI_KEY);
  });

  it("returns a schema-checked object", async () => {
    server.script({ json: GOOD });
    const recipe = await make().generateObject<Recipe>({ prompt: "A recipe", schema: Recipe, schemaName: "recipe" });
    expect(recipe).toEqual(GOOD);
  });

  it("retries a malformed object and returns the good one that follows", async () => {
    server.script({ text: '{"name": "pour over", "steps": [' }, { json: GOOD });
    const recipe = await make().generateObject<Recipe>({ prompt: "A recipe", schema: Recipe, schemaName: "recipe" });
    expect(recipe).toEqual(GOOD);
    expect(server.seen).toHaveLength(2);
  });

  it("fails with invalid_output when every answer is malformed, after one repair try", async () => {
    server.script({ text: "I cannot produce JSON today." });
    const error = await failure(make().generateObject({ prompt: "A recipe", schema: Recipe, schemaName: "recipe" }));
    expect(error.kind).toBe("invalid_output");
    expect(error.transient).toBe(false);
    expect(error.details.attempts).toBe(2);
    expect(server.seen).toHaveLength(2);
  });

  it("repairs a wrong-shaped answer by asking again with what was wrong, once", async () => {
    server.script({ json: { name: "x", steps: "not a list", minutes: 4 } }, { json: GOOD });
    expect(await make().generateObject<Recipe>({ prompt: "A recipe", schema: Recipe, schemaName: "recipe" })).toEqual(GOOD);
    expect(server.seen).toHaveLength(2);
    const prompts = server.seen.map((s) => JSON.stringify(s.body.messages));
    expect(prompts[0]).not.toContain("did not match");
    expect(prompts[1]).toMatch(/Your previous answer did not match the recipe schema: .*\/steps/);
  });

  it("fails with invalid_output when the JSON does not match the schema, naming the field", async () => {
    server.script({ json: { name: "x", steps: "not a list", minutes: 4 } });
    const error = await failure(make().generateObject({ prompt: "A recipe", schema: Recipe, schemaName: "recipe" }));
    expect(error.kind).toBe("invalid_output");
    expect(error.message).toContain("/steps");
  });

  it("retries a 500 and returns the answer that follows", async () => {
    server.script({ status: 500, body: JSON.stringify({ error: { message: "overloaded", type: "server_error" } }) }, { text: "fine now" });
    expect(await make().generateText({ prompt: "hello" })).toBe("fine now");
    expect(server.seen).toHaveLength(2);
  });

  it("gives up on a persistent 429 as transient", async () => {
    server.script({
      status: 429,
      body: JSON.stringify({ error: { message: "rate limited", type: "rate_limit_error" } }),
      headers: { "retry-after": "0" },
    });
    const error = await failure(make().generateText({ prompt: "hello" }));
    expect(error.kind).toBe("transient");
    expect(error.transient).toBe(true);
    expect(error.details.status).toBe(429);
    expect(server.seen).toHaveLength(3);
  });

  it("times out a slow answer, retrying, then fails with kind timeout", async () => {
    server.script({ delayMs: 8000, then: { text: "too late" } });
    const error = await failure(make().generateText({ prompt: "hello" }));
    expect(error.kind).toBe("timeout");
    expect(error.transient).toBe(true);
    expect(server.seen).toHaveLength(3);
  });

  it("retries after a slow answer and takes the quick one", async () => {
    server.script({ delayMs: 8000, then: { text: "too late" } }, { text: "quick" });
    expect(await make().generateText({ prompt: "hello" })).toBe("quick");
  });

  it("refuses an answer over the size cap without retrying it", async () => {
    server.script({ oversized: 1024 * 1024 });
    const error = await failure(make().generateText({ prompt: "hello" }));
    expect(error.kind).toBe("invalid_output");
    expect(error.message).toMatch(/cap/);
    expect(server.seen).toHaveLength(1);
  });

  it("refuses a declared oversized answer before reading it", async () => {
    server.script({ oversized: 512 * 1024, declareLength: true });
    const error = await failure(make().generateText({ prompt: "hello" }));
    expect(error.kind).toBe("invalid_output");
  });

  it("asks again with twice the budget when an answer stops at its budget, and takes the whole one", async () => {
    server.script({ text: "Brewing is chemistry you", cutOff: true }, { text: "Brewing is chemistry you can drink." });
    expect(await make().generateText({ prompt: "Say something about coffee.", maxOutputTokens: 40 })).toBe(
      "Brewing is chemistry you can drink.",
    );
    expect(server.seen).toHaveLength(2);
    const budgets = server.seen.map((s) => s.body.max_tokens ?? s.body.max_completion_tokens);
    expect(budgets).toEqual([40, 80]);
  });

  it("fails cut_off, with the text as far as it went, when the larger budget is cut off too", async () => {
    server.script({ text: "Brewing is chemistry", cutOff: true });
    const error = await failure(make().generateText({ prompt: "Say something about coffee.", maxOutputTokens: 40 }));
    expect(error.kind).toBe("cut_off");
    expect(error.transient).toBe(false);
    expect(error.partial).toBe("Brewing is chemistry");
    expect(error.message).toMatch(/stopped at its output budget \(80 tokens\), asked twice\.$/);
    expect(server.seen).toHaveLength(2);
  });

  it("takes a slow stream whose whole answer outlasts the timeout, since it is never silent that long", async () => {
    // Eight pieces 400 ms apart: 3.2 s in all, against a 2 s timeout of silence.
    server.script({ slowStream: { json: GOOD }, pieces: 8, pieceDelayMs: 400 });
    const started = Date.now();
    expect(await make().generateObject<Recipe>({ prompt: "A recipe", schema: Recipe, schemaName: "recipe" })).toEqual(GOOD);
    expect(Date.now() - started).toBeGreaterThan(TUNING.timeoutMs!);
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0]!.body.stream).toBe(true);
  });

  it("times out a stream that goes silent for longer than the timeout", async () => {
    const once = { ...TUNING, retry: { ...TUNING.retry, attempts: 1 } };
    server.script({ slowStream: { text: "Brewing is chemistry you can drink." }, pieces: 2, pieceDelayMs: 60_000 });
    const provider =
      _name === "anthropic" ? anthropicProvider(config, "claude-sonnet-4-5", once) : openAiProvider(config, "gpt-4o-mini", once);
    const error = await failure(provider.generateText({ prompt: "Say something about coffee." }));
    expect(error.kind).toBe("timeout");
    expect(error.message).toMatch(/no answer within 2000 ms/);
  });

  it("asks again for a cut-off structured answer with twice the budget, saying it was cut off", async () => {
    server.script({ text: '{"name": "pour over", "steps": ["grind",', cutOff: true }, { json: GOOD });
    expect(await make().generateObject<Recipe>({ prompt: "A recipe", schema: Recipe, schemaName: "recipe", maxOutputTokens: 50 })).toEqual(
      GOOD,
    );
    expect(server.seen.map((s) => s.body.max_tokens ?? s.body.max_completion_tokens)).toEqual([50, 100]);
    expect(JSON.stringify(server.seen[1]!.body.messages)).toContain("was cut off before it was complete");

    server.seen.length = 0;
    server.script({ text: '{"name": "pour', cutOff: true });
    const error = await failure(make().generateObject({ prompt: "A recipe", schema: Recipe, schemaName: "recipe", maxOutputTokens: 50 }));
    expect(error.kind).toBe("cut_off");
    expect(error.message).toMatch(/stopped at its output budget \(100 tokens\)/);
    expect(server.seen).toHaveLength(2);
  });

  it("takes an answer whose connection dropped half-way for a passing fault: retried, then transient", async () => {
    server.script({ cutInTransit: { json: GOOD } }, { json: GOOD });
    expect(await make().generateObject<Recipe>({ prompt: "A recipe", schema: Recipe, schemaName: "recipe" })).toEqual(GOOD);
    expect(server.seen).toHaveLength(2);

    server.seen.length = 0;
    server.script({ cutInTransit: { text: "Brewing is chemistry you can drink." } });
    const error = await failure(make().generateText({ prompt: "Say something about coffee." }));
    expect(error.kind).toBe("transient");
    expect(error.transient).toBe(true);
    expect(error.message).toMatch(/the connection dropped before the answer was complete/);
    expect(server.seen).toHaveLength(3);
  });

  it("treats a 200 with a garbage body as invalid output", async () => {
    server.script({ status: 200, body: "<html>proxy error</html>" });
    const error = await failure(make().generateText({ prompt: "hello" }));
    expect(error.kind).toBe("invalid_output");
  });

  it("reports rejected credentials as config, once, without echoing the key", async () => {
    const echoed = JSON.stringify({
      error: { message: `Incorrect API key provided: ${OPENAI_KEY} ${ANTHROPIC_KEY}`, type: "authentication_error" },
    });
    server.script({ status: 401, body: echoed });
    const error = await failure(make().generateText({ prompt: "hello" }));
    expect(error.kind).toBe("config");
    expect(server.seen).toHaveLength(1);
  });

  it("reports a 400 as refused, with the provider's message scrubbed", async () => {
    server.script({
      status: 400,
      body: JSON.stringify({ error: { message: `context too long for key ${OPENAI_KEY}`, type: "invalid_request_error" } }),
    });
    const error = await failure(make().generateText({ prompt: "hello" }));
    expect(error.kind).toBe("refused");
    expect(error.message).toContain("context too long");
  });

  it("stops at once when the caller aborts, with the caller's reason", async () => {
    server.script({ delayMs: 8000, then: { text: "late" } });
    const controller = new AbortController();
    const reason = new Error("job cancelled");
    const call = make().generateText({ prompt: "hello", signal: controller.signal });
    const outcome = call.then(
      () => "resolved",
      (err: unknown) => err,
    );
    // Abort once the request is in flight, not before it left.
    while (server.seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(reason);
    expect(await outcome).toBe(reason);
    expect(server.seen).toHaveLength(1);
  });
});

describe("openai-compatible specifics", () => {
  it("asks for strict json_schema output with the schema name", async () => {
    server.script({ json: GOOD });
    await openAiProvider(config, "llama3", TUNING).generateObject<Recipe>({ prompt: "A recipe", schema: Recipe, schemaName: "recipe" });
    const body = server.seen[0]!.body as {
      model: string;
      response_format: { type: string; json_schema: { name: string; strict: boolean; schema: unknown } };
    };
    expect(server.seen[0]!.path).toBe("/v1/chat/completions");
    expect(body.model).toBe("llama3");
    expect(body.response_format.type).toBe("json_schema");
    expect(body.response_format.json_schema.name).toBe("recipe");
    expect(body.response_format.json_schema.strict).toBe(true);
  });

  it("sends a schema with optional fields non-strict", async () => {
    const Loose = Type.Object({ name: Type.String(), note: Type.Optional(Type.String()) });
    server.script({ json: { name: "x" } });
    await openAiProvider(config, "llama3", TUNING).generateObject({ prompt: "x", schema: Loose, schemaName: "loose" });
    const body = server.seen[0]!.body as { response_format: { json_schema: { strict: boolean } } };
    expect(body.response_format.json_schema.strict).toBe(false);
  });

  it("salvages JSON that a local model wrapped in a Markdown fence", async () => {
    server.script({ text: `Here you go:\n\`\`\`json\n${JSON.stringify(GOOD)}\n\`\`\`` });
    const recipe = await openAiProvider(config, "llama3", TUNING).generateObject<Recipe>({
      prompt: "A recipe",
      schema: Recipe,
      schemaName: "recipe",
    });
    expect(recipe).toEqual(GOOD);
    expect(server.seen).toHaveLength(1);
  });

  it("sends no Authorization header to a server configured without a key", async () => {
    const keyless = loadConfig({ LOG_LEVEL: "silent", OPENAI_BASE_URL: server.baseUrl });
    server.script({ text: "hi" });
    expect(await openAiProvider(keyless, "llama3", TUNING).generateText({ prompt: "hello" })).toBe("hi");
    expect(server.seen[0]!.headers.authorization).toBeUndefined();
  });

  it("calls an unreachable server transient", async () => {
    const closed = loadConfig({ LOG_LEVEL: "silent", OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: "http://127.0.0.1:9/v1" });
    const error = await failure(openAiProvider(closed, "llama3", TUNING).generateText({ prompt: "hello" }));
    expect(error.kind).toBe("transient");
  });

  it("refuses at once when Retry-After asks for longer than LLM_RETRY_AFTER_MAX_SECONDS", async () => {
    server.script({ status: 429, body: "{}", headers: { "retry-after": "120" } });
    const error = await failure(openAiProvider(config, "llama3", TUNING).generateText({ prompt: "hello" }));
    expect(error.kind).toBe("refused");
    expect(error.transient).toBe(false);
    expect(error.message).toMatch(/asked to wait 120 s before another call, longer than LLM_RETRY_AFTER_MAX_SECONDS allows \(60 s\)/);
    expect(server.seen).toHaveLength(1);
  });

  it("waits out a short Retry-After before the next call, even past canopy's own backoff", async () => {
    // The backoff allows 20 ms; the provider asks for a second, and gets it.
    server.script({ status: 429, body: "{}", headers: { "retry-after": "1" } }, { text: "fine now" });
    expect(await openAiProvider(config, "llama3", TUNING).generateText({ prompt: "hello" })).toBe("fine now");
    const [first, second] = server.seen;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1000);
  });

  it("waits out the last Retry-After before giving up, so that no later try comes sooner", async () => {
    const once = { ...TUNING, retry: { ...TUNING.retry, attempts: 1 } };
    server.script({ status: 429, body: "{}", headers: { "retry-after": "1" } });
    const started = Date.now();
    const error = await failure(openAiProvider(config, "llama3", once).generateText({ prompt: "hello" }));
    expect(error.kind).toBe("transient");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(server.seen).toHaveLength(1);
  });
});

describe("anthropic specifics", () => {
  it("answers objects through the json tool for models without native structured output", async () => {
    server.script({ json: GOOD });
    const recipe = await anthropicProvider(config, "claude-3-haiku-20240307", TUNING).generateObject<Recipe>({
      prompt: "A recipe",
      schema: Recipe,
      schemaName: "recipe",
    });
    expect(recipe).toEqual(GOOD);
    const body = server.seen[0]!.body as { tools?: { name: string }[] };
    expect(server.seen[0]!.path).toBe("/v1/messages");
    expect(body.tools?.map((t) => t.name)).toContain("json");
  });

  it("uses native structured output where the model has it", async () => {
    server.script({ json: GOOD });
    await anthropicProvider(config, "claude-sonnet-4-5", TUNING).generateObject<Recipe>({
      prompt: "A recipe",
      schema: Recipe,
      schemaName: "recipe",
    });
    const body = server.seen[0]!.body as { output_config?: { format?: { type: string } } };
    expect(body.output_config?.format?.type).toBe("json_schema");
  });
});
