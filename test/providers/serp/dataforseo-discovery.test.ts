// Keyword discovery through the DataForSEO adapter, over HTTP against the local stand-in: the
// Labs keyword endpoints, autocomplete, and People Also Ask and related searches on a SERP. The
// answers replayed are published DataForSEO answers and documentation examples (fixtures/).
// Checks the task bodies as sent, the mapping, and that errors behave as they do for SERPs.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataForSeoProvider } from "../../../src/providers/serp/dataforseo";
import { ProviderError, type DiscoveryQuery } from "../../../src/providers/serp/types";
import {
  AUTOCOMPLETE_PATH,
  envelope,
  FakeDataForSeo,
  fixture,
  LABS_IDEAS_PATH,
  LABS_RELATED_PATH,
  LABS_SUGGESTIONS_PATH,
  SERP_PATH,
  type RecordedRequest,
} from "./fake-dataforseo";

const LOGIN = "canopy-tests@example.com";
const PASSWORD = "s3cr3t-Pa55word-0f-the-tests";
const SECRETS = [PASSWORD, LOGIN, Buffer.from(`${LOGIN}:${PASSWORD}`).toString("base64")];

let fake: FakeDataForSeo;
let sleeps: number[];

beforeEach(async () => {
  fake = await FakeDataForSeo.start(LOGIN, PASSWORD);
});
afterEach(async () => {
  await fake.close();
  expect(fake.shapeErrors).toEqual([]);
});

function provider(overrides: Partial<{ password: string; concurrency: number }> = {}): DataForSeoProvider {
  sleeps = [];
  return new DataForSeoProvider(
    {
      login: LOGIN,
      password: overrides.password ?? PASSWORD,
      baseUrl: fake.url,
      concurrency: overrides.concurrency ?? 4,
      timeoutMs: 20_000,
    },
    {
      retry: {
        baseDelayMs: 100,
        random: () => 0.5,
        // Record the waits instead of waiting: the policy is asserted, not the clock.
        sleep: async (ms) => {
          sleeps.push(ms);
        },
      },
    },
  );
}

const discovery = (seed: string, extra: Partial<DiscoveryQuery> = {}): DiscoveryQuery => ({
  seed,
  country: "us",
  language: "en",
  limit: 100,
  ...extra,
});

function taskOf(request: RecordedRequest | undefined): Record<string, unknown> {
  const body = request?.body;
  expect(Array.isArray(body)).toBe(true);
  return (body as Array<Record<string, unknown>>)[0] as Record<string, unknown>;
}

/** The ProviderError a call rejects with; fails the test when it resolves or throws anything else. */
async function rejection(pending: Promise<unknown>): Promise<ProviderError> {
  const error = await pending.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ProviderError);
  const failure = error as ProviderError;
  for (const secret of SECRETS) expect(failure.message).not.toContain(secret);
  return failure;
}

describe("DataForSEO Labs keywords", () => {
  it("asks keyword_ideas for the seed and returns its keywords, the most searched first", async () => {
    fake.enqueue(LABS_IDEAS_PATH, { body: fixture("labs-keyword-ideas-live-docs.json") });
    const keywords = await provider().labsKeywords("ideas", discovery("  phone  ", { limit: 50 }));

    expect(fake.requests.map((r) => r.path)).toEqual([LABS_IDEAS_PATH]);
    expect(taskOf(fake.requests[0])).toEqual({
      keywords: ["phone"],
      location_code: 2840,
      language_code: "en",
      limit: 50,
      order_by: ["keyword_info.search_volume,desc"],
    });
    expect(keywords.map((k) => [k.keyword, k.searchVolume, k.difficulty, k.intent])).toEqual([
      ["phone", 368000, 83, "navigational"],
      ["phone charm", 27100, 0, "transactional"],
      ["cell phone signal booster", 22200, 23, "transactional"],
    ]);
    expect(keywords.every((k) => k.source === "ideas")).toBe(true);
  });

  it("asks keyword_suggestions with the seed's own record and reads the documentation's two-part result", async () => {
    fake.enqueue(LABS_SUGGESTIONS_PATH, { body: fixture("labs-keyword-suggestions-live-docs.json") });
    const keywords = await provider().labsKeywords("suggestions", discovery("phone", { limit: 10 }));

    expect(taskOf(fake.requests[0])).toEqual({
      keyword: "phone",
      location_code: 2840,
      language_code: "en",
      limit: 10,
      include_seed_keyword: true,
      order_by: ["keyword_info.search_volume,desc"],
    });
    expect(keywords).toEqual([
      {
        keyword: "boost cell phone",
        source: "suggestions",
        searchVolume: 1830000,
        cpc: 1.47,
        competition: 0.96,
        difficulty: 0,
        intent: "transactional",
      },
      { keyword: "phone", source: "suggestions", searchVolume: 368000, cpc: 5.98, competition: 1, difficulty: 83, intent: "navigational" },
    ]);
  });

  it("asks related_keywords two hops deep and unwraps a real answer's keyword_data", async () => {
    fake.enqueue(LABS_RELATED_PATH, { body: fixture("labs-related-keywords-live-conspiracy-theories.json") });
    const keywords = await provider().labsKeywords("related", discovery("conspiracy theories", { limit: 3 }));

    expect(taskOf(fake.requests[0])).toEqual({
      keyword: "conspiracy theories",
      location_code: 2840,
      language_code: "en",
      limit: 3,
      depth: 2,
      include_seed_keyword: true,
      order_by: ["keyword_data.keyword_info.search_volume,desc"],
    });
    // The answer holds five keywords; the limit keeps the three most searched.
    expect(keywords).toEqual([
      {
        keyword: "conspiracy theories",
        source: "related",
        searchVolume: 90500,
        cpc: 0.05,
        competition: 0.12,
        difficulty: 40,
        intent: "informational",
      },
      {
        keyword: "conspiracy theory movie",
        source: "related",
        searchVolume: 22200,
        cpc: 0.07,
        competition: 0,
        difficulty: 16,
        intent: "informational",
      },
      {
        keyword: "conspiracy theories examples",
        source: "related",
        searchVolume: 14800,
        cpc: 0.04,
        competition: 0.15,
        difficulty: 27,
        intent: "informational",
      },
    ]);
  });

  it("sends a free-text location as its country's name and caps the limit at 1,000", async () => {
    fake.enqueue(LABS_RELATED_PATH, { body: envelope([{ items: [] }]) });
    await provider().labsKeywords("related", discovery("fish and chips", { location: "London,England,United Kingdom", limit: 5000 }));
    expect(taskOf(fake.requests[0])).toMatchObject({ location_name: "United Kingdom", limit: 1000 });
    expect(taskOf(fake.requests[0])).not.toHaveProperty("location_code");
  });

  it("reads task status 40102 as no keywords", async () => {
    fake.enqueue(LABS_SUGGESTIONS_PATH, { body: envelope([], 40102, "No Search Results.") });
    expect(await provider().labsKeywords("suggestions", discovery("qqzxv wvbnm plorf"))).toEqual([]);
  });

  it("makes no call when no keywords are wanted or the seed is empty", async () => {
    expect(await provider().labsKeywords("ideas", discovery("phone", { limit: 0 }))).toEqual([]);
    const empty = await rejection(provider().labsKeywords("ideas", discovery("   ")));
    expect(empty.transient).toBe(false);
    const unknownCountry = await rejection(provider().labsKeywords("ideas", discovery("phone", { country: "zz" })));
    expect(unknownCountry.message).toMatch(/Unknown country/);
    expect(fake.requests).toEqual([]);
  });

  it("fails permanently on a task-level 40501, without retrying", async () => {
    fake.enqueue(LABS_IDEAS_PATH, { body: envelope([], 40501, "Invalid Field: 'language_code'.") });
    const failure = await rejection(provider().labsKeywords("ideas", discovery("phone")));
    expect(failure.transient).toBe(false);
    expect(failure.providerCode).toBe(40501);
    expect(failure.message).toContain("Invalid Field: 'language_code'.");
    expect(fake.requests).toHaveLength(1);
  });

  it("retries HTTP 500 with backoff, then succeeds", async () => {
    fake.enqueue(LABS_IDEAS_PATH, { status: 500, body: "upstream trouble" }, { body: fixture("labs-keyword-ideas-live-docs.json") });
    const keywords = await provider().labsKeywords("ideas", discovery("phone"));
    expect(keywords).toHaveLength(3);
    expect(fake.requests).toHaveLength(2);
    expect(sleeps).toEqual([75]);
  });

  it("gives up after three HTTP 500s with a transient error", async () => {
    fake.enqueue(LABS_RELATED_PATH, ...Array.from({ length: 3 }, () => ({ status: 500, body: "upstream trouble" })));
    const failure = await rejection(provider().labsKeywords("related", discovery("phone")));
    expect(failure.transient).toBe(true);
    expect(failure.httpStatus).toBe(500);
    expect(fake.requests).toHaveLength(3);
  });

  it("reports rejected credentials (401) without retrying and without showing them", async () => {
    const failure = await rejection(provider({ password: "wrong-password-123" }).labsKeywords("suggestions", discovery("phone")));
    expect(failure.message).toMatch(/rejected the credentials/);
    expect(failure.message).not.toContain("wrong-password-123");
    expect(failure.httpStatus).toBe(401);
    expect(failure.transient).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });

  it("rejects with a cancellation when the caller aborts while the call is in flight", async () => {
    const controller = new AbortController();
    // The stand-in aborts on the caller's behalf once the request has reached it, then stalls.
    fake.fallback = () => {
      controller.abort();
      return { delayMs: 10_000 };
    };
    const failure = await rejection(provider().labsKeywords("ideas", discovery("phone"), { signal: controller.signal }));
    expect(failure.message).toMatch(/cancelled/);
    expect(fake.requests).toHaveLength(1);
  });

  it("lets calls to different endpoints run at the same time", async () => {
    fake.barrier = 3;
    fake.enqueue(LABS_IDEAS_PATH, { body: fixture("labs-keyword-ideas-live-docs.json") });
    fake.enqueue(LABS_RELATED_PATH, { body: fixture("labs-related-keywords-live-docs.json") });
    fake.enqueue(AUTOCOMPLETE_PATH, { body: fixture("serp-google-autocomplete-live-advanced-docs.json") });
    const serp = provider();
    const [ideas, related, suggestions] = await Promise.all([
      serp.labsKeywords("ideas", discovery("phone")),
      serp.labsKeywords("related", discovery("phone")),
      serp.autocomplete(discovery("albert einstein")),
    ]);
    expect(fake.maxInFlight).toBe(3);
    expect([ideas.length, related.length, suggestions.length]).toEqual([3, 3, 9]);
  });
});

describe("the stand-in's checks of discovery task bodies", () => {
  it("refuses bodies DataForSEO would refuse", async () => {
    const post = async (path: string, task: Record<string, unknown>) => {
      const reply = await fetch(fake.url + path, {
        method: "POST",
        headers: { authorization: `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString("base64")}`, "content-type": "application/json" },
        body: JSON.stringify([task]),
      });
      return (await reply.json()) as { tasks: Array<{ status_code: number }> };
    };
    const place = { location_code: 2840, language_code: "en" };
    const refused = [
      await post(LABS_RELATED_PATH, { keyword: "phone", ...place, order_by: ["keyword_info.search_volume,desc"] }),
      await post(LABS_RELATED_PATH, { keyword: "phone", ...place, depth: 5 }),
      await post(LABS_SUGGESTIONS_PATH, { keyword: "phone", ...place, limit: 1001 }),
      await post(LABS_IDEAS_PATH, { keyword: "phone", ...place }),
      await post(AUTOCOMPLETE_PATH, { keyword: "", ...place }),
    ];
    expect(refused.map((answer) => answer.tasks[0]?.status_code)).toEqual([40501, 40501, 40501, 40501, 40501]);
    expect(fake.shapeErrors).toEqual([
      'order_by: rules "field,asc|desc" on keyword_data. fields',
      "depth must be 0..4",
      "limit must be an integer 1..1000",
      "keywords: 1..200 items",
      "keyword: a non-empty string of at most 700 chars",
    ]);
    fake.shapeErrors.length = 0;
  });
});

describe("DataForSEO autocomplete", () => {
  it("asks as a results page's search box and returns the suggestions in order, without the seed", async () => {
    fake.enqueue(AUTOCOMPLETE_PATH, { body: fixture("serp-google-autocomplete-live-advanced-docs.json") });
    const suggestions = await provider().autocomplete(discovery("Albert Einstein", { limit: 4 }));

    expect(taskOf(fake.requests[0])).toEqual({
      keyword: "Albert Einstein",
      location_code: 2840,
      language_code: "en",
      client: "gws-wiz-serp",
    });
    expect(suggestions).toEqual([
      "albert einstein college of medicine",
      "albert einstein iq",
      "albert einstein death",
      "albert einstein quotes",
    ]);
  });

  it("sends a free-text location whole, as for SERPs", async () => {
    fake.enqueue(AUTOCOMPLETE_PATH, { body: envelope([{ items: [] }]) });
    expect(await provider().autocomplete(discovery("fish and chips", { location: "London,England,United Kingdom" }))).toEqual([]);
    expect(taskOf(fake.requests[0])).toMatchObject({ location_name: "London,England,United Kingdom" });
  });

  it("fails permanently on a task-level 40501", async () => {
    fake.enqueue(AUTOCOMPLETE_PATH, { body: envelope([], 40501, "Invalid Field: 'client'.") });
    const failure = await rejection(provider().autocomplete(discovery("phone")));
    expect(failure.transient).toBe(false);
    expect(failure.providerCode).toBe(40501);
  });
});

describe("People Also Ask and related searches on a SERP", () => {
  it("come from a real organic answer, each once and in order", async () => {
    fake.enqueue(SERP_PATH, { body: fixture("serp-google-organic-live-advanced-conspiracy-theories.json") });
    const [outcome] = await provider().fetchSerps([{ keyword: "conspiracy theories", country: "us", language: "en" }]);
    if (!outcome?.ok) throw new Error(`expected a SERP, got ${JSON.stringify(outcome)}`);

    expect(outcome.data.peopleAlsoAsk).toEqual([
      "What are some of the most popular theories?",
      "What are some controversial conspiracy theories?",
      "What are some famous conspiracy cases?",
      "What are some ancient conspiracy theories?",
    ]);
    expect(outcome.data.relatedSearches).toHaveLength(8);
    expect(outcome.data.relatedSearches[0]).toBe("List of conspiracy theories PDF");
    expect(outcome.data.results[0]?.url).toMatch(/^https:\/\//);
    expect(outcome.data.aiOverview).not.toBeNull();
  });

  it("are empty on a page with no results (40102)", async () => {
    fake.enqueue(SERP_PATH, { body: fixture("serp-task-no-results.json") });
    const [outcome] = await provider().fetchSerps([{ keyword: "qqzxv wvbnm plorf", country: "us", language: "en" }]);
    expect(outcome).toMatchObject({ ok: true, data: { peopleAlsoAsk: [], relatedSearches: [] } });
  });
});
