import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";

describe("GET /api/v1/models/", () => {
  let h: Harness;
  beforeAll(async () => {
    // A configured OpenAI-compatible server (never called here) adds its models to the registry.
    h = await createHarness({ env: { OPENAI_BASE_URL: "http://127.0.0.1:9/v1", OPENAI_MODELS: "llama3.1,qwen2.5" }, workers: false });
  });
  afterAll(async () => h.close());

  it("answers any valid key, even one without scopes, with the registry", async () => {
    const { key } = await h.userWithKey([]);
    const res = await h.request("GET", "/api/v1/models/", { key });
    expect(res.statusCode).toBe(200);
    const body = res.json<Schemas["ModelList"]>();
    expect(body._meta.description).toMatch(/model/i);
    expect(body.default_model).toBe("offline");
    expect(body.results).toEqual([
      { id: "offline", provider: "offline", model: "offline", default: true },
      { id: "openai:llama3.1", provider: "openai", model: "llama3.1", default: false },
      { id: "openai:qwen2.5", provider: "openai", model: "qwen2.5", default: false },
    ]);
  });

  it("answers the same without the trailing slash", async () => {
    const { key } = await h.userWithKey(["user:read"]);
    const res = await h.request("GET", "/api/v1/models", { key });
    expect(res.statusCode).toBe(200);
    expect(res.json<Schemas["ModelList"]>().results[0]!.id).toBe("offline");
  });

  it("needs a key", async () => {
    const res = await h.request("GET", "/api/v1/models/");
    expect(res.statusCode).toBe(401);
    expect(res.json<Schemas["Error"]>()).toEqual({ detail: "Authentication credentials were not provided." });
  });

  it("never shows provider settings", async () => {
    const { key } = await h.userWithKey([]);
    const res = await h.request("GET", "/api/v1/models/", { key });
    expect(res.body).not.toContain("127.0.0.1");
  });
});
