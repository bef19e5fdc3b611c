import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/platform/config";
import { cleanDraft, LlmGenerator } from "../../../src/providers/generation/llm/llm-generator";
import { ModelRegistry } from "../../../src/providers/models/registry";
import { generateBrief } from "../../../src/providers/generation/types";
import { LlmError, type LlmProvider, type ObjectRequest, type TextRequest } from "../../../src/providers/llm/types";
import { startFakeLlmServer, type FakeLlmServer } from "../llm/fake-llm-server";
import { BRAND, COFFEE_SERP } from "./fixtures";

/** Any answer; an LlmError is thrown rather than answered. */
type Answer = unknown;

/** A provider that answers each schema from a table; an LlmError in the table is thrown. */
function stubProvider(objects: Record<string, Answer>, text: Answer = "A draft."): LlmProvider & { calls: string[] } {
  const calls: string[] = [];
  const settle = <T>(answer: Answer): Promise<T> => (answer instanceof LlmError ? Promise.reject(answer) : Promise.resolve(answer as T));
  return {
    modelId: "openai:stub",
    calls,
    generateText(req: TextRequest) {
      calls.push(`text:${req.prompt.slice(0, 20)}`);
      return settle(text);
    },
    generateObject<T>(req: ObjectRequest) {
      calls.push(req.schemaName);
      return settle<T>(objects[req.schemaName]);
    },
  };
}

const OUTLINE = {
  title: "Coffee Brewing Made Simple",
  meta_description: "Brew better coffee at home.",
  header_sections: [
    {
      heading: "## Grind Size",
      level: "h3",
      subheadings: ["Burr or blade?"],
      talking_points: ["Even grind, even extraction."],
      word_count_target: 20,
    },
    { heading: "Water Temperature", level: "h2", subheadings: [], talking_points: ["195 to 205 °F."], word_count_target: 300 },
    { heading: "   ", level: "h2", subheadings: [], talking_points: [], word_count_target: 100 },
  ],
};
const SERP = {
  summary: "Guides dominate.",
  search_intent: "informational",
  common_themes: ["grind"],
  content_gaps: [],
  recommended_word_count: 1500,
};
const COMPETITORS = {
  competitors: [{ url: "https://a.example", title: "A", angle: "how-to", strengths: ["clear"], weaknesses: ["thin"] }],
};
const KEYWORDS = { keywords: [{ keyword: "  Coffee Brewing ", type: "primary", reason: "the query" }] };
const ALL = { brief_outline: OUTLINE, serp_analysis: SERP, competitor_data: COMPETITORS, keyword_recommendations: KEYWORDS };
const INPUT = { queryText: "coffee brewing", brand: BRAND, serpResults: COFFEE_SERP };

describe("LLM generator", () => {
  it("returns a full brief, cleaned, naming the model in agent_version", async () => {
    const brief = await generateBrief(new LlmGenerator(stubProvider(ALL)), INPUT);
    expect(brief.agent_version).toContain("openai:stub");
    expect(brief.agent_version).not.toMatch(/offline/);
    expect(brief.header_sections.map((s) => s.heading)).toEqual(["Grind Size", "Water Temperature"]);
    // The first section cannot be an h3, and targets are kept to a sensible range.
    expect(brief.header_sections[0]).toMatchObject({ level: "h2", word_count_target: 50 });
    expect(brief.serp_analysis).toEqual(SERP);
    expect(brief.competitor_data).toEqual([{ position: 1, ...COMPETITORS.competitors[0] }]);
    expect(brief.keyword_recommendations).toEqual([{ keyword: "coffee brewing", type: "primary", reason: "the query" }]);
  });

  it("leaves an optional part null when it fails, keeping the rest", async () => {
    const provider = stubProvider({
      ...ALL,
      serp_analysis: new LlmError("invalid_output", "bad"),
      keyword_recommendations: new LlmError("timeout", "slow"),
    });
    const brief = await generateBrief(new LlmGenerator(provider), INPUT);
    expect(brief.serp_analysis).toBeNull();
    expect(brief.keyword_recommendations).toBeNull();
    expect(brief.competitor_data).not.toBeNull();
    expect(brief.header_sections.length).toBe(2);
  });

  it("fails the brief when the outline fails, without asking for the other optional parts", async () => {
    const provider = stubProvider({ ...ALL, brief_outline: new LlmError("transient", "503") });
    await expect(generateBrief(new LlmGenerator(provider), INPUT)).rejects.toMatchObject({ kind: "transient" });
    expect(provider.calls).toEqual(["serp_analysis", "brief_outline"]);
  });

  it("writes the analysis first, into the outline's prompt, and keeps it for the parts", async () => {
    const prompts: Record<string, string> = {};
    const provider = stubProvider(ALL);
    const asked = provider.generateObject.bind(provider);
    provider.generateObject = <T>(req: ObjectRequest) => {
      prompts[req.schemaName] = req.prompt;
      return asked<T>(req);
    };
    const brief = await generateBrief(new LlmGenerator(provider), INPUT);
    expect(provider.calls.slice(0, 2)).toEqual(["serp_analysis", "brief_outline"]);
    expect(provider.calls.filter((call) => call === "serp_analysis")).toHaveLength(1);
    expect(prompts.brief_outline).toContain("Guides dominate.");
    expect(brief.serp_analysis).toEqual(SERP);
  });

  it("fails the outline on a passing fault of the analysis (the task retries), and writes it without one refused for good", async () => {
    const passing = stubProvider({ ...ALL, serp_analysis: new LlmError("timeout", "slow") });
    await expect(new LlmGenerator(passing).briefOutline(INPUT)).rejects.toMatchObject({ kind: "timeout" });
    expect(passing.calls).toEqual(["serp_analysis"]);
    const refused = stubProvider({ ...ALL, serp_analysis: new LlmError("invalid_output", "bad") });
    const outline = await new LlmGenerator(refused).briefOutline(INPUT);
    expect(outline.header_sections.length).toBe(2);
    expect(outline.serp_analysis).toBeUndefined();
  });

  it("rejects an outline with no usable section as invalid output", async () => {
    const provider = stubProvider({ ...ALL, brief_outline: { ...OUTLINE, header_sections: [OUTLINE.header_sections[2]] } });
    await expect(generateBrief(new LlmGenerator(provider), INPUT)).rejects.toMatchObject({ kind: "invalid_output" });
  });

  it("strips a repeated heading and fences from a draft, and refuses an empty one", async () => {
    expect(cleanDraft("## Grind Size\n\nGrind matters.", "Grind Size")).toBe("Grind matters.");
    expect(cleanDraft("```markdown\nGrind matters.\n```", "Grind Size")).toBe("Grind matters.");
    const section = {
      articleTitle: "T",
      heading: "Grind Size",
      subheadings: [],
      talkingPoints: [],
      wordCountTarget: 200,
      brand: BRAND,
      intent: "human",
      previousHeadings: [],
    };
    await expect(new LlmGenerator(stubProvider({}, "**Grind Size**")).sectionDraft(section)).rejects.toMatchObject({
      kind: "invalid_output",
    });
  });
});

describe("LLM generator over the wire", () => {
  let server: FakeLlmServer;
  beforeAll(async () => {
    server = await startFakeLlmServer();
  });
  afterAll(async () => server.close());

  it("drafts a section through an OpenAI-compatible server", async () => {
    const registry = new ModelRegistry(loadConfig({ LOG_LEVEL: "silent", OPENAI_BASE_URL: server.baseUrl, OPENAI_MODELS: "llama3" }));
    const generator = registry.generator("openai:llama3");
    server.script({ text: "Grind size decides how fast water extracts flavor." });
    const draft = await generator.sectionDraft({
      articleTitle: "Coffee",
      heading: "Grind Size",
      subheadings: [],
      talkingPoints: ["Burr grinders are even."],
      wordCountTarget: 150,
      brand: BRAND,
      intent: "human",
      previousHeadings: ["Beans"],
      laterHeadings: ["Water Temperature", "Milk"],
    });
    expect(draft).toBe("Grind size decides how fast water extracts flavor.");
    const prompt = JSON.stringify(server.seen[0]!.body);
    expect(prompt).toContain("Burr grinders are even.");
    expect(prompt).toContain("about 150 words");
    // The model is told what the sections around this one cover, so it leaves their points to them.
    expect(prompt).toContain("Sections before this one: Beans");
    expect(prompt).toContain("Sections after this one: Water Temperature | Milk");
  });
});
