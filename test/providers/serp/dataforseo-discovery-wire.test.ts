// Reading DataForSEO's keyword discovery answers: the Labs keyword endpoints and autocomplete
// (mostly from published answers and documentation examples in fixtures/), and People Also Ask
// and related searches from a real organic SERP. Also the task bodies the adapter sends.
import { describe, expect, it } from "vitest";
import {
  autocompleteSuggestionsFrom,
  autocompleteTask,
  LABS_MAX_LIMIT,
  labsKeywordsFrom,
  labsLocation,
  labsTask,
  wantedCount,
} from "../../../src/providers/serp/dataforseo-discovery-wire";
import { parseEnvelope, peopleAlsoAsk, relatedSearches, serpPage } from "../../../src/providers/serp/dataforseo-wire";
import { fixture } from "./fake-dataforseo";

/** The first task's result of a fixture that is a whole answer. */
function resultOf(name: string): unknown[] {
  const [task] = parseEnvelope(fixture(name)).tasks;
  if (!task) throw new Error(`${name} has no task`);
  return task.result;
}

/** The items of the first result object of a SERP fixture. */
function serpItemsOf(name: string): unknown[] {
  const [first] = resultOf(name) as Array<{ items: unknown[] }>;
  if (!first) throw new Error(`${name} has no result`);
  return first.items;
}

const CONSPIRACY_SERP = "serp-google-organic-live-advanced-conspiracy-theories.json";

const CONSPIRACY_QUESTIONS = [
  "What are some of the most popular theories?",
  "What are some controversial conspiracy theories?",
  "What are some famous conspiracy cases?",
  "What are some ancient conspiracy theories?",
];

const CONSPIRACY_RELATED = [
  "List of conspiracy theories PDF",
  "Conspiracy theories to talk about with friends",
  "Historical conspiracy theories",
  "Fun harmless conspiracy theories",
  "Ancient history conspiracy theories",
  "Lighthearted conspiracy theories",
  "The Psychology of conspiracy theories",
  "Why do people believe in conspiracy theories",
];

describe("peopleAlsoAsk and relatedSearches on a real SERP", () => {
  it("reads the questions and the related searches of the conspiracy-theories page, in order", () => {
    const page = serpPage(resultOf(CONSPIRACY_SERP), 10);
    expect(page.peopleAlsoAsk).toEqual(CONSPIRACY_QUESTIONS);
    expect(page.relatedSearches).toEqual(CONSPIRACY_RELATED);
    // The boxes do not disturb the organic results around them.
    expect(page.results).toHaveLength(7);
  });

  it("keeps each related search once when DataForSEO repeats the box for every page it loaded", () => {
    const items = serpItemsOf(CONSPIRACY_SERP);
    const box = items.find((item) => (item as { type: string }).type === "related_searches") as { items: string[] };
    const secondPage = { ...box, items: [...box.items.slice(2), "  A search only page two has  "] };
    const repeated = [...items, box, secondPage, box];
    expect(relatedSearches(repeated)).toEqual([...CONSPIRACY_RELATED, "A search only page two has"]);
    expect(peopleAlsoAsk([...items, ...items])).toEqual(CONSPIRACY_QUESTIONS);
  });

  it("finds none on a page whose answer holds only an AI Overview", () => {
    const page = serpPage(resultOf("serp-google-organic-live-advanced-ai-overview-only.json"), 10);
    expect(page.aiOverview).not.toBeNull();
    expect(page.peopleAlsoAsk).toEqual([]);
    expect(page.relatedSearches).toEqual([]);
  });

  it("takes questions from both element types, trimmed, skipping empty ones and other types", () => {
    const box = {
      type: "people_also_ask",
      items: [
        { type: "people_also_ask_element", title: "  Why is the sky blue?  " },
        { type: "people_also_ask_ai_overview_expanded_element", title: "How do rainbows form?" },
        { type: "people_also_ask_element", title: "   " },
        { type: "people_also_ask_element" },
        { type: "something_else", title: "Not a question" },
        { type: "people_also_ask_element", title: "why is the  sky blue?" },
        "junk",
      ],
    };
    expect(peopleAlsoAsk([box, { type: "organic", title: "An organic result" }])).toEqual([
      "Why is the sky blue?",
      "How do rainbows form?",
    ]);
    expect(peopleAlsoAsk("not a list")).toEqual([]);
  });

  it("skips related searches that are not text or are empty", () => {
    const box = { type: "related_searches", items: ["  espresso grind  ", "", 42, null, "Espresso Grind", "espresso tamping"] };
    expect(relatedSearches([box, { type: "related_searches", items: "not a list" }])).toEqual(["espresso grind", "espresso tamping"]);
  });
});

describe("labsKeywordsFrom", () => {
  it("reads keyword_ideas items with their metrics, the most searched first", () => {
    // Labs sent them by relevance: 368000, 22200, 27100.
    expect(labsKeywordsFrom("ideas", resultOf("labs-keyword-ideas-live-docs.json"), 10)).toEqual([
      {
        keyword: "phone",
        source: "ideas",
        searchVolume: 368000,
        cpc: 5.98,
        competition: 1,
        difficulty: 83,
        intent: "navigational",
      },
      {
        keyword: "phone charm",
        source: "ideas",
        searchVolume: 27100,
        cpc: 0.66,
        competition: 1,
        // A difficulty of 0 is a value, not a missing one.
        difficulty: 0,
        intent: "transactional",
      },
      {
        keyword: "cell phone signal booster",
        source: "ideas",
        searchVolume: 22200,
        cpc: 1.05,
        competition: 1,
        difficulty: 23,
        intent: "transactional",
      },
    ]);
  });

  it("finds keyword_suggestions items in whichever result object holds them, and the seed's record too", () => {
    // The documentation's example splits its result in two: the seed first, the items second.
    const result = resultOf("labs-keyword-suggestions-live-docs.json");
    expect(result).toHaveLength(2);
    expect(labsKeywordsFrom("suggestions", result, 10)).toEqual([
      {
        keyword: "boost cell phone",
        source: "suggestions",
        searchVolume: 1830000,
        cpc: 1.47,
        competition: 0.96,
        difficulty: 0,
        intent: "transactional",
      },
      {
        keyword: "phone",
        source: "suggestions",
        searchVolume: 368000,
        cpc: 5.98,
        competition: 1,
        difficulty: 83,
        intent: "navigational",
      },
    ]);
  });

  it("unwraps related_keywords' keyword_data, the seed (depth 0) included, in a real answer", () => {
    const keywords = labsKeywordsFrom("related", resultOf("labs-related-keywords-live-conspiracy-theories.json"), 10);
    expect(keywords.map((k) => [k.keyword, k.searchVolume])).toEqual([
      ["conspiracy theories", 90500],
      ["conspiracy theory movie", 22200],
      // Equal volumes keep the order Labs sent.
      ["conspiracy theories examples", 14800],
      ["conspiracy theory examples", 14800],
      ["conspiracy theories meaning", 8100],
    ]);
    expect(keywords[0]).toEqual({
      keyword: "conspiracy theories",
      source: "related",
      searchVolume: 90500,
      cpc: 0.05,
      competition: 0.12,
      difficulty: 40,
      intent: "informational",
    });
    expect(keywords[4]).toMatchObject({ cpc: 1.49, competition: 0, difficulty: 25 });
    expect(keywords.every((k) => k.source === "related" && k.intent === "informational")).toBe(true);
  });

  it("reads the documentation's related_keywords example the same way as the real answer", () => {
    const keywords = labsKeywordsFrom("related", resultOf("labs-related-keywords-live-docs.json"), 10);
    expect(keywords.map((k) => [k.keyword, k.searchVolume, k.intent])).toEqual([
      ["phone", 368000, "navigational"],
      ["phone call", 27100, "commercial"],
      ["phone app", 22200, "commercial"],
    ]);
  });

  it("cuts the list at the limit after sorting", () => {
    const result = resultOf("labs-keyword-ideas-live-docs.json");
    expect(labsKeywordsFrom("ideas", result, 2).map((k) => k.keyword)).toEqual(["phone", "phone charm"]);
    expect(labsKeywordsFrom("ideas", result, 0)).toEqual([]);
  });

  it("turns missing numbers into nulls, keeps known intents only, skips items without a keyword and repeats", () => {
    const result = [
      {
        items: [
          { keyword: "no data at all" },
          { keyword: "  padded keyword  ", keyword_info: { search_volume: null, cpc: null, competition: null } },
          {
            keyword: "odd values",
            keyword_info: { search_volume: 1234.6, cpc: -1, competition: 1.7 },
            keyword_properties: { keyword_difficulty: 140 },
            search_intent_info: { main_intent: "Commercial" },
          },
          { keyword: "unknown intent", keyword_info: { search_volume: 0 }, search_intent_info: { main_intent: "local" } },
          { keyword_info: { search_volume: 999999 } },
          { keyword: "   ", keyword_info: { search_volume: 999999 } },
          { keyword: "Odd  Values", keyword_info: { search_volume: 5 } },
          "junk",
        ],
      },
    ];
    expect(labsKeywordsFrom("ideas", result, 10)).toEqual([
      { keyword: "odd values", source: "ideas", searchVolume: 1235, cpc: 0, competition: 1, difficulty: 100, intent: "commercial" },
      { keyword: "unknown intent", source: "ideas", searchVolume: 0, cpc: null, competition: null, difficulty: null, intent: null },
      { keyword: "no data at all", source: "ideas", searchVolume: null, cpc: null, competition: null, difficulty: null, intent: null },
      { keyword: "padded keyword", source: "ideas", searchVolume: null, cpc: null, competition: null, difficulty: null, intent: null },
    ]);
  });

  it("reads nothing from an empty or odd result", () => {
    expect(labsKeywordsFrom("related", [], 10)).toEqual([]);
    expect(labsKeywordsFrom("related", [null, { items: null }, { items: [{ depth: 0 }] }], 10)).toEqual([]);
  });
});

describe("autocompleteSuggestionsFrom", () => {
  const result = resultOf("serp-google-autocomplete-live-advanced-docs.json");

  it("gives the suggestions in rank order without the seed itself", () => {
    expect(autocompleteSuggestionsFrom(result, "Albert  Einstein", 20)).toEqual([
      "albert einstein college of medicine",
      "albert einstein iq",
      "albert einstein death",
      "albert einstein quotes",
      "albert einstein news",
      "albert einstein wife",
      "albert einstein brain",
      "albert einstein inventions",
      "albert einstein hospital",
    ]);
  });

  it("cuts at the limit", () => {
    expect(autocompleteSuggestionsFrom(result, "albert einstein", 2)).toEqual([
      "albert einstein college of medicine",
      "albert einstein iq",
    ]);
  });

  it("orders by rank_absolute, keeps each suggestion once and ignores other item types", () => {
    const items = [
      { type: "autocomplete", rank_absolute: 3, suggestion: "tea third" },
      { type: "autocomplete", rank_absolute: 1, suggestion: "tea first" },
      { type: "something_else", rank_absolute: 2, suggestion: "not a suggestion" },
      { type: "autocomplete", rank_absolute: 2, suggestion: " Tea  First " },
      { type: "autocomplete", rank_absolute: 4, suggestion: "" },
      { type: "autocomplete", suggestion: "tea unranked" },
    ];
    expect(autocompleteSuggestionsFrom([{ items }], "tea", 10)).toEqual(["tea first", "tea third", "tea unranked"]);
  });
});

describe("discovery task bodies", () => {
  const place = { location: { location_code: 2840 }, languageCode: "en" };

  it("asks keyword_ideas for the seed as its one keyword", () => {
    expect(labsTask("ideas", "espresso", place, 50)).toEqual({
      keywords: ["espresso"],
      location_code: 2840,
      language_code: "en",
      limit: 50,
      order_by: ["keyword_info.search_volume,desc"],
    });
  });

  it("asks keyword_suggestions for the seed with its own record", () => {
    expect(labsTask("suggestions", "espresso", place, 50)).toEqual({
      keyword: "espresso",
      location_code: 2840,
      language_code: "en",
      limit: 50,
      include_seed_keyword: true,
      order_by: ["keyword_info.search_volume,desc"],
    });
  });

  it("asks related_keywords two hops deep, sorting on its keyword_data fields", () => {
    expect(labsTask("related", "espresso", { location: { location_name: "Germany" }, languageCode: "de" }, 7)).toEqual({
      keyword: "espresso",
      location_name: "Germany",
      language_code: "de",
      limit: 7,
      depth: 2,
      include_seed_keyword: true,
      order_by: ["keyword_data.keyword_info.search_volume,desc"],
    });
  });

  it("asks autocomplete as the results page's search box", () => {
    expect(autocompleteTask("espresso", place)).toEqual({
      keyword: "espresso",
      location_code: 2840,
      language_code: "en",
      client: "gws-wiz-serp",
    });
  });

  it("narrows a free-text location to its country for Labs, and uses the country code otherwise", () => {
    expect(labsLocation("us", "London,England,United Kingdom")).toEqual({ location_name: "United Kingdom" });
    expect(labsLocation("us", " France ")).toEqual({ location_name: "France" });
    expect(labsLocation("gb", "  ")).toEqual({ location_code: 2826 });
    expect(labsLocation("de", null)).toEqual({ location_code: 2276 });
  });

  it("asks for 0..1000 keywords", () => {
    expect(wantedCount(25.9)).toBe(25);
    expect(wantedCount(5000)).toBe(LABS_MAX_LIMIT);
    expect(wantedCount(Number.POSITIVE_INFINITY)).toBe(LABS_MAX_LIMIT);
    expect(wantedCount(-3)).toBe(0);
    expect(wantedCount(Number.NaN)).toBe(0);
  });
});
