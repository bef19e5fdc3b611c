// A model's research tree is asked for in parts: the plan (pillars and hubs), then one call per
// pillar for its branches and resources. Each prompt carries the discovered keywords with their
// demand, the questions people ask and the brand's whole profile; the answers are assembled under
// the house rules, and the parts are reported as they arrive.
import { describe, expect, it } from "vitest";
import { LlmGenerator } from "../../../src/providers/generation/llm/llm-generator";
import type { ResearchTreeInput } from "../../../src/providers/generation/types";
import { LlmError, type LlmProvider, type ObjectRequest } from "../../../src/providers/llm/types";

function scripted(answers: unknown[]): LlmProvider & { requests: ObjectRequest[] } {
  const requests: ObjectRequest[] = [];
  return {
    modelId: "openai:stub",
    requests,
    generateText: () => Promise.reject(new Error("no text is asked for a tree")),
    generateObject<T>(req: ObjectRequest) {
      requests.push(req);
      const answer = answers.shift();
      if (answer === undefined) return Promise.reject(new Error(`unexpected call ${req.schemaName}`));
      return answer instanceof LlmError ? Promise.reject(answer) : Promise.resolve(answer as T);
    },
  };
}

const INPUT: ResearchTreeInput = {
  coreTopic: "kombucha",
  brand: {
    name: "Booch Lab",
    description: "Kits and SCOBYs for brewing kombucha at home.",
    uniqueSellingProposition: "Every kit ships with a live SCOBY grown in our own brewery",
    productsAndServices: ["starter kits", "scoby hotels"],
    competitors: "The Kombucha Shop, Craft a Brew",
    country: "United Kingdom",
    tagline: "Brew it yourself",
  },
  keywords: [
    { keyword: "kombucha", searchVolume: 60500, intent: "informational", sources: ["ideas"] },
    { keyword: "kombucha recipe", searchVolume: 8100, intent: "informational", sources: ["ideas", "suggestions"] },
    { keyword: "kombucha scoby", searchVolume: 4400, intent: "informational", sources: ["autocomplete"] },
    { keyword: "how to make kombucha", searchVolume: 0, intent: null, sources: ["paa"] },
    { keyword: "jun tea", searchVolume: null, intent: null, sources: ["related"] },
  ],
  questions: ["Is it safe to brew kombucha at home?"],
  relatedSearches: ["kombucha second fermentation"],
  serpResults: [{ title: "Kombucha - Wikipedia", snippet: "Kombucha is a fermented tea.", url: "https://en.wikipedia.org/wiki/Kombucha" }],
};

const PLAN = {
  pillars: [
    { name: "Kombucha", keywords: ["kombucha"], hubs: [{ name: "Kombucha Recipe", keywords: ["kombucha recipe"] }] },
    { name: "Scoby", keywords: ["kombucha scoby"], hubs: [] },
    { name: "  ", keywords: [], hubs: [] },
  ],
};
const KOMBUCHA_BRANCHES = {
  hubs: [
    {
      name: "kombucha recipe",
      branches: [
        {
          name: "Second Fermentation",
          keywords: ["kombucha second fermentation", "KOMBUCHA SECOND FERMENTATION"],
          resources: [{ name: "Is it safe to brew kombucha at home?", keywords: ["is kombucha safe"] }],
        },
      ],
    },
    { name: "a hub the plan never had", branches: [{ name: "stray", keywords: [], resources: [] }] },
  ],
};

describe("a model's research tree, in parts", () => {
  it("asks for the plan, then each pillar with hubs, and assembles them under the house rules", async () => {
    const llm = scripted([PLAN, KOMBUCHA_BRANCHES]);
    const parts: [number, number][] = [];
    const tree = await new LlmGenerator(llm).researchTree!({ ...INPUT, onPart: (done, total) => parts.push([done, total]) });

    // A pillar without hubs needs no call of its own; a nameless one is dropped.
    expect(llm.requests.map((r) => r.schemaName)).toEqual(["research_plan", "research_branches"]);
    expect(parts).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(tree).toEqual([
      {
        name: "kombucha",
        keywords: ["kombucha"],
        children: [
          {
            name: "kombucha recipe",
            keywords: ["kombucha recipe"],
            children: [
              {
                name: "second fermentation",
                keywords: ["kombucha second fermentation"],
                children: [{ name: "is it safe to brew kombucha at home", keywords: ["is kombucha safe"], children: [] }],
              },
            ],
          },
        ],
      },
      { name: "scoby", keywords: ["kombucha scoby"], children: [] },
    ]);
  });

  it("gives the model the demand, the questions, the results and the brand's whole profile", async () => {
    const llm = scripted([PLAN, KOMBUCHA_BRANCHES]);
    await new LlmGenerator(llm).researchTree!(INPUT);
    const [plan, branches] = llm.requests.map((r) => r.prompt);
    for (const expected of [
      "kombucha recipe (8100/month, informational; from ideas, suggestions)",
      "how to make kombucha (no measured searches; from paa)",
      "jun tea (volume unknown; from related)",
      "Is it safe to brew kombucha at home?",
      "Related searches: kombucha second fermentation",
      "Kombucha - Wikipedia",
      "Unique selling proposition: Every kit ships with a live SCOBY",
      "Products and services: starter kits; scoby hotels",
      "Competitors: The Kombucha Shop, Craft a Brew",
      "Country: United Kingdom",
      "Tagline: Brew it yourself",
    ]) {
      expect(plan).toContain(expected);
    }
    // The pillar's call lists only what the plan left unplaced.
    expect(branches).toContain('The pillar\'s hubs: "Kombucha Recipe"');
    expect(branches).toContain("jun tea");
    expect(branches).not.toContain("- kombucha recipe (");
  });

  it("fails as invalid output when the plan has no pillar", async () => {
    const llm = scripted([{ pillars: [{ name: " ", keywords: [], hubs: [] }] }]);
    await expect(new LlmGenerator(llm).researchTree!(INPUT)).rejects.toMatchObject({ kind: "invalid_output" });
  });

  it("lets a pillar's failure fail the tree, after the parts before it", async () => {
    const llm = scripted([PLAN, new LlmError("timeout", "openai:stub timed out", { modelId: "openai:stub" })]);
    await expect(new LlmGenerator(llm).researchTree!(INPUT)).rejects.toMatchObject({ kind: "timeout" });
    expect(llm.requests).toHaveLength(2);
  });
});
