// The SDK behind a model loads on the model's first call, once, and again after a failed load.
import { describe, expect, it } from "vitest";
import { LazyLlmProvider } from "../../../src/providers/llm/lazy-provider";
import type { LlmProvider } from "../../../src/providers/llm/types";

function fakeProvider(): LlmProvider {
  return {
    modelId: "openai:fake",
    generateText: async (req) => `text for ${req.prompt}`,
    generateObject: async <T>() => ({ ok: true }) as T,
  };
}

describe("LazyLlmProvider", () => {
  it("loads nothing until called, then loads once for every call", async () => {
    let loads = 0;
    const lazy = new LazyLlmProvider("openai:fake", async () => {
      loads += 1;
      return fakeProvider();
    });
    expect(lazy.modelId).toBe("openai:fake");
    expect(loads).toBe(0);
    const answers = await Promise.all([
      lazy.generateText({ prompt: "a" }),
      lazy.generateObject<{ ok: boolean }>({ prompt: "b", schema: {}, schemaName: "x" }),
    ]);
    expect(answers).toEqual(["text for a", { ok: true }]);
    await lazy.generateText({ prompt: "c" });
    expect(loads).toBe(1);
  });

  it("tries loading again after a load failed", async () => {
    let loads = 0;
    const lazy = new LazyLlmProvider("openai:fake", async () => {
      loads += 1;
      if (loads === 1) throw new Error("cannot load the SDK");
      return fakeProvider();
    });
    await expect(lazy.generateText({ prompt: "a" })).rejects.toThrow("cannot load the SDK");
    await expect(lazy.generateText({ prompt: "a" })).resolves.toBe("text for a");
  });
});
