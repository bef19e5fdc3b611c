// Discovery asks each source once, merges what they found, measures what they did not, keeps the
// budget, and fetches the grouping SERPs of the most searched keywords; a source that fails is a
// warning while another answered, and the task's failure when none did.
import { describe, expect, it } from "vitest";
import { discoverUniverse } from "../../../../src/modules/research/discovery/discover";
import { TaskFailure } from "../../../../src/platform/tasks/runner";
import {
  ProviderError,
  type DiscoveredKeyword,
  type LabsEndpoint,
  type SerpData,
  type SerpProvider,
  type SerpQuery,
} from "../../../../src/providers/serp";

const measured = (keyword: string, searchVolume: number, source: DiscoveredKeyword["source"]): DiscoveredKeyword => ({
  keyword,
  source,
  searchVolume,
  cpc: 1,
  competition: 0.5,
  difficulty: 30,
  intent: "informational",
});

function serpOf(keyword: string): SerpData {
  return {
    keyword,
    results: [1, 2, 3].map((position) => ({
      position,
      url: `https://www.site${position}.example/${keyword.replace(/ /g, "-")}/`,
      title: keyword,
      snippet: "",
      domain: `site${position}.example`,
    })),
    totalResults: 100,
    aiOverview: null,
    aiMode: null,
    peopleAlsoAsk: ["is kombucha good for you"],
    relatedSearches: ["kombucha recipe", "kombucha scoby"],
    fetchedAt: new Date(0),
    dataSource: "dataforseo",
  };
}

interface Script {
  labs?: Partial<Record<LabsEndpoint, DiscoveredKeyword[] | ProviderError>>;
  autocomplete?: string[] | ProviderError;
}

function scriptedProvider(script: Script) {
  const calls: string[] = [];
  const provider: SerpProvider = {
    name: "dataforseo",
    async fetchSerps(queries: SerpQuery[]) {
      calls.push(...queries.map((q) => `serp:${q.keyword}`));
      return queries.map((q) => ({ ok: true as const, data: serpOf(q.keyword) }));
    },
    async keywordMetrics(query) {
      calls.push(`metrics:${query.keywords.join("|")}`);
      return query.keywords.map((keyword) => ({ keyword, searchVolume: keyword.includes("scoby") ? 4400 : 0, cpc: 0.5, competition: 0.1 }));
    },
    async labsKeywords(endpoint, query) {
      calls.push(`${endpoint}:${query.seed}:${query.limit}`);
      const answer = script.labs?.[endpoint] ?? [];
      if (answer instanceof ProviderError) throw answer;
      return answer;
    },
    async autocomplete(query) {
      calls.push(`autocomplete:${query.seed}`);
      const answer = script.autocomplete ?? [];
      if (answer instanceof ProviderError) throw answer;
      return answer;
    },
  };
  return { provider, calls };
}

const place = { country: "us", language: "en" };
const noSteps = async () => {};

describe("discoverUniverse", () => {
  it("merges every source, measures the unmeasured in one lookup, and fetches the grouping SERPs by demand", async () => {
    const { provider, calls } = scriptedProvider({
      labs: {
        ideas: [measured("kombucha", 60500, "ideas"), measured("kombucha recipe", 8100, "ideas")],
        suggestions: [measured("kombucha recipe", 8100, "suggestions"), measured("kombucha second fermentation", 2900, "suggestions")],
        related: [measured("jun tea", 1300, "related")],
      },
      autocomplete: ["kombucha scoby", "kombucha recipe"],
    });
    const found = await discoverUniverse(provider, "kombucha", place, { maxKeywords: 100, groupingSerps: 2 }, noSteps);

    expect(found.universe.map((k) => [k.keyword, k.searchVolume])).toEqual([
      ["kombucha", 60500],
      ["kombucha recipe", 8100],
      ["kombucha scoby", 4400],
      ["kombucha second fermentation", 2900],
      ["jun tea", 1300],
      ["is kombucha good for you", 0],
    ]);
    expect(found.universe.find((k) => k.keyword === "kombucha recipe")?.sources).toEqual([
      "ideas",
      "suggestions",
      "autocomplete",
      "related_search",
    ]);
    // One lookup, for what no research endpoint measured.
    expect(calls.filter((c) => c.startsWith("metrics:"))).toEqual(["metrics:kombucha scoby|is kombucha good for you"]);
    // The core topic's SERP first, then the two most searched others.
    expect(calls.filter((c) => c.startsWith("serp:"))).toEqual(["serp:kombucha", "serp:kombucha recipe", "serp:kombucha scoby"]);
    expect([...found.serps.keys()]).toEqual(["kombucha", "kombucha recipe", "kombucha scoby"]);
    expect(found.serps.get("kombucha")).toEqual(["site1.example/kombucha", "site2.example/kombucha", "site3.example/kombucha"]);
    expect(found.calls).toBe(calls.length);
    expect(found.warnings).toEqual([]);
  });

  it("keeps the core topic and the questions people ask within the budget", async () => {
    const many = Array.from({ length: 40 }, (_, i) => measured(`kombucha flavour ${i}`, 1000 + i, "ideas"));
    const { provider } = scriptedProvider({ labs: { ideas: many } });
    const found = await discoverUniverse(provider, "kombucha", place, { maxKeywords: 20, groupingSerps: 0 }, noSteps);
    expect(found.universe).toHaveLength(20);
    expect(found.universe.map((k) => k.keyword)).toContain("kombucha");
    expect(found.universe.map((k) => k.keyword)).toContain("is kombucha good for you");
    expect(found.universe.find((k) => k.keyword === "kombucha")?.source).toBe("user");
  });

  it("goes on without a source that fails, and says so", async () => {
    const { provider } = scriptedProvider({
      labs: { ideas: new ProviderError("DataForSEO task failed with status 40204: access denied", { transient: false }) },
      autocomplete: ["kombucha scoby"],
    });
    const found = await discoverUniverse(provider, "kombucha", place, { maxKeywords: 50, groupingSerps: 0 }, noSteps);
    expect(found.warnings).toEqual(["DataForSEO task failed with status 40204: access denied"]);
    expect(found.universe.map((k) => k.keyword)).toContain("kombucha scoby");
  });

  it("fails the task when no source answered, as passing when any failure was", async () => {
    const down = new ProviderError("DataForSEO answered HTTP 503 (HTTP 503).", { transient: true });
    const { provider } = scriptedProvider({ labs: { ideas: down, suggestions: down, related: down }, autocomplete: down });
    const failing: SerpProvider = {
      ...provider,
      fetchSerps: async (queries) => queries.map((q) => ({ ok: false as const, keyword: q.keyword, error: "down", transient: true })),
    };
    const attempt = discoverUniverse(failing, "kombucha", place, { maxKeywords: 50, groupingSerps: 0 }, noSteps);
    await expect(attempt).rejects.toBeInstanceOf(TaskFailure);
    await expect(attempt).rejects.toMatchObject({ transient: true, message: expect.stringContaining("Keyword discovery failed") });
  });
});
