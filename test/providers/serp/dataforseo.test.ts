// The DataForSEO adapter against a local stand-in that replays answers in DataForSEO's wire
// format: mapping, both status levels, retries, limits, and that no error ever shows the
// credentials. Never the real service.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DataForSeoOptions } from "../../../src/providers/serp/dataforseo-client";
import { DataForSeoProvider } from "../../../src/providers/serp/dataforseo";
import { ProviderError, type SerpOutcome } from "../../../src/providers/serp/types";
import { envelope, FakeDataForSeo, fixture, SERP_PATH, serpFor, VOLUME_PATH, type RecordedRequest } from "./fake-dataforseo";

const LOGIN = "canopy-tests@example.com";
const PASSWORD = "s3cr3t-Pa55word-0f-the-tests";
const SECRETS = [PASSWORD, LOGIN, Buffer.from(`${LOGIN}:${PASSWORD}`).toString("base64")];

let fake: FakeDataForSeo;
let sleeps: number[];

// A fresh stand-in per test, so nothing a test leaves in flight can reach the next one.
beforeEach(async () => {
  fake = await FakeDataForSeo.start(LOGIN, PASSWORD);
});
afterEach(async () => {
  await fake.close();
  expect(fake.shapeErrors).toEqual([]);
});

function provider(
  overrides: Partial<{ password: string; concurrency: number; timeoutMs: number; baseUrl: string }> = {},
  options: DataForSeoOptions = {},
) {
  sleeps = [];
  return new DataForSeoProvider(
    {
      login: LOGIN,
      password: overrides.password ?? PASSWORD,
      baseUrl: overrides.baseUrl ?? fake.url,
      concurrency: overrides.concurrency ?? 4,
      timeoutMs: overrides.timeoutMs ?? 20_000,
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
      ...options,
    },
  );
}

const query = (keyword: string) => ({ keyword, country: "us", language: "en" });

function failed(outcome: SerpOutcome | undefined): Extract<SerpOutcome, { ok: false }> {
  if (!outcome || outcome.ok) throw new Error(`expected a failed outcome, got ${JSON.stringify(outcome)}`);
  expectNoSecrets(outcome.error);
  return outcome;
}

function succeeded(outcome: SerpOutcome | undefined) {
  if (!outcome?.ok) throw new Error(`expected a successful outcome, got ${JSON.stringify(outcome)}`);
  return outcome.data;
}

function expectNoSecrets(text: string): void {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

function taskOf(request: RecordedRequest | undefined): Record<string, unknown> {
  const body = request?.body;
  expect(Array.isArray(body)).toBe(true);
  return (body as Array<Record<string, unknown>>)[0] as Record<string, unknown>;
}

describe("DataForSEO SERPs", () => {
  it("sends one documented task with Basic auth and maps organic results, AI Overview and totals", async () => {
    fake.enqueue(SERP_PATH, { body: fixture("serp-live-advanced.json") });
    const [outcome] = await provider().fetchSerps([query("how to descale an espresso machine")]);
    const data = succeeded(outcome);

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.authorization).toBe(`Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString("base64")}`);
    expect(taskOf(fake.requests[0])).toEqual({
      keyword: "how to descale an espresso machine",
      location_code: 2840,
      language_code: "en",
      depth: 10,
    });

    expect(data.dataSource).toBe("dataforseo");
    expect(data.keyword).toBe("how to descale an espresso machine");
    expect(data.totalResults).toBe(4150000);
    // Organic only (no AI Overview, People Also Ask or video), by rank_group, the top 10.
    expect(data.results.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(data.results.map((r) => r.url)).toEqual([
      "https://www.brewnotes.example/descale-espresso-machine/",
      "https://coffeecorner.example/guides/how-often-descale",
      "https://manuals.example.org/espresso/descaling",
      "https://www.homebarista.example/descaling-guide",
      "https://www.checklists.example/espresso-descaling",
      "https://brandmachines.example/support/descaling",
      "https://waterhardness.example/coffee",
      "https://forum.coffeegeeks.example/t/descaling-frequency/4411",
      "https://www.kitchenhow.example/descale-coffee-machine",
      "https://citricacid.example/espresso",
    ]);
    expect(data.results[0]).toEqual({
      position: 1,
      url: "https://www.brewnotes.example/descale-espresso-machine/",
      title: "Descaling an Espresso Machine, Step by Step",
      snippet: "Fill the reservoir with the descaling mix and run half of it through the group head, then the rest through the steam wand.",
      domain: "brewnotes.example",
    });
    expect(data.results[2]?.domain).toBe("manuals.example.org");
    expect(data.results[4]?.domain).toBe("checklists.example");
    expect(data.results[4]?.snippet).toBe("");

    expect(data.aiOverview?.text).toContain("Mix a descaling solution");
    expect(data.aiOverview?.text).toContain("Rinse by running two full reservoirs");
    expect(data.aiOverview?.references).toEqual([
      {
        url: "https://www.brewnotes.example/descale-espresso-machine/",
        domain: "brewnotes.example",
        title: "Descaling an Espresso Machine, Step by Step",
      },
      {
        url: "https://manuals.example.org/espresso/descaling",
        domain: "manuals.example.org",
        title: "Espresso Machine Descaling Intervals",
      },
      {
        url: "https://coffeecorner.example/guides/rinse-after-descaling",
        domain: "coffeecorner.example",
        title: "Why You Must Rinse After Descaling",
      },
    ]);
    expect(data.aiMode).toBeNull();
  });

  it("asks for depth in pages of ten and returns the depth asked for", async () => {
    fake.enqueue(SERP_PATH, { body: fixture("serp-live-advanced.json") });
    const [outcome] = await provider().fetchSerps([{ ...query("descale"), depth: 4 }]);
    expect(taskOf(fake.requests[0]).depth).toBe(10);
    expect(succeeded(outcome).results).toHaveLength(4);
  });

  it("uses location_name for a free-text location and location_code for a country", async () => {
    fake.fallback = (req) => ({ body: serpFor(String(taskOf(req).keyword)) });
    await provider().fetchSerps([
      { keyword: "coffee", country: "gb", language: "en", location: "London,England,United Kingdom" },
      { keyword: "koffie", country: "nl", language: "nl" },
    ]);
    const tasks = fake.requests.map(taskOf).sort((a, b) => String(a.keyword).localeCompare(String(b.keyword)));
    expect(tasks[0]).toMatchObject({ keyword: "coffee", location_name: "London,England,United Kingdom", language_code: "en" });
    expect(tasks[0]).not.toHaveProperty("location_code");
    expect(tasks[1]).toMatchObject({ keyword: "koffie", location_code: 2528, language_code: "nl" });
  });

  it("fails an unknown country without calling, and does not fail the other keywords", async () => {
    fake.fallback = (req) => ({ body: serpFor(String(taskOf(req).keyword)) });
    const outcomes = await provider().fetchSerps([query("first"), { keyword: "second", country: "zz", language: "en" }, query("third")]);
    expect(succeeded(outcomes[0]).keyword).toBe("first");
    const bad = failed(outcomes[1]);
    expect(bad).toMatchObject({ keyword: "second", transient: false });
    expect(bad.error).toMatch(/unknown country/i);
    expect(succeeded(outcomes[2]).keyword).toBe("third");
    expect(fake.requests).toHaveLength(2);
  });

  it("runs calls in parallel up to the configured concurrency and keeps outcomes in order", async () => {
    fake.barrier = 2;
    fake.fallback = (req) => ({ body: serpFor(String(taskOf(req).keyword)) });
    const keywords = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"];
    const progress: Array<[number, number]> = [];
    const outcomes = await provider({ concurrency: 2 }).fetchSerps(keywords.map(query), {
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(fake.maxInFlight).toBe(2);
    expect(outcomes.map((o) => succeeded(o).keyword)).toEqual(keywords);
    expect(outcomes.map((o) => succeeded(o).results[0]?.url)).toEqual(keywords.map((k) => `https://site1.example/${k}`));
    expect(progress.at(-1)).toEqual([6, 6]);
    expect(progress.map(([done]) => done)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("reads a task-level 40501 as a permanent failure and does not retry it", async () => {
    fake.enqueue(SERP_PATH, { body: fixture("serp-task-error-40501.json") });
    const [outcome] = await provider().fetchSerps([query("descale")]);
    const bad = failed(outcome);
    expect(bad.transient).toBe(false);
    expect(bad.error).toContain("40501");
    expect(bad.error).toContain("Invalid Field: 'language_code'.");
    expect(fake.requests).toHaveLength(1);
  });

  it("reads task status 40102 as a page with no results", async () => {
    fake.enqueue(SERP_PATH, { body: fixture("serp-task-no-results.json") });
    const [outcome] = await provider().fetchSerps([query("qqzxv wvbnm plorf")]);
    expect(succeeded(outcome)).toMatchObject({ results: [], totalResults: 0, aiOverview: null });
  });

  it("reads a top-level error status even when HTTP says 200, without retrying a 40xxx", async () => {
    fake.enqueue(SERP_PATH, { body: fixture("top-level-error-40000.json") });
    const bad = failed((await provider().fetchSerps([query("descale")]))[0]);
    expect(bad.error).toContain("40000");
    expect(bad.transient).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });

  it("retries a top-level 50000 and then succeeds", async () => {
    fake.enqueue(SERP_PATH, { body: fixture("top-level-error-50000.json") }, { body: fixture("serp-live-advanced.json") });
    const [outcome] = await provider().fetchSerps([query("descale")]);
    expect(succeeded(outcome).results).toHaveLength(10);
    expect(fake.requests).toHaveLength(2);
  });

  it("retries HTTP 500 with exponential backoff and jitter, then succeeds", async () => {
    fake.enqueue(
      SERP_PATH,
      { status: 500, body: "upstream trouble" },
      { status: 503, body: "" },
      { body: fixture("serp-live-advanced.json") },
    );
    const [outcome] = await provider().fetchSerps([query("descale")]);
    expect(succeeded(outcome).results).toHaveLength(10);
    expect(fake.requests).toHaveLength(3);
    // base 100 ms × 2^(n-1) × (0.5 + 0.5 / 2)
    expect(sleeps).toEqual([75, 150]);
  });

  it("gives up after three attempts with a transient error", async () => {
    fake.enqueue(SERP_PATH, { status: 502 }, { status: 502 }, { status: 502 });
    const bad = failed((await provider().fetchSerps([query("descale")]))[0]);
    expect(bad.transient).toBe(true);
    expect(bad.error).toContain("HTTP 502");
    expect(fake.requests).toHaveLength(3);
  });

  it("honours Retry-After on 429", async () => {
    fake.enqueue(
      SERP_PATH,
      { status: 429, headers: { "retry-after": "2" }, body: { status_code: 40202, status_message: "Rate limit." } },
      { body: fixture("serp-live-advanced.json") },
    );
    const [outcome] = await provider().fetchSerps([query("descale")]);
    expect(succeeded(outcome).results).toHaveLength(10);
    expect(sleeps).toEqual([2000]);
  });

  it("gives up at once when Retry-After asks for more than a minute", async () => {
    fake.enqueue(SERP_PATH, { status: 429, headers: { "retry-after": "3600" } });
    const bad = failed((await provider().fetchSerps([query("descale")]))[0]);
    expect(bad.transient).toBe(true);
    expect(fake.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("does not retry other 4xx answers", async () => {
    fake.enqueue(SERP_PATH, { status: 404, body: { status_code: 40400, status_message: "Not Found." } });
    const bad = failed((await provider().fetchSerps([query("descale")]))[0]);
    expect(bad).toMatchObject({ transient: false });
    expect(bad.error).toContain("Not Found.");
    expect(fake.requests).toHaveLength(1);
  });

  it("fails cleanly on a garbage body", async () => {
    fake.enqueue(SERP_PATH, { body: "<html><body>502 Bad Gateway</body></html>" });
    const bad = failed((await provider().fetchSerps([query("descale")]))[0]);
    expect(bad.error).toMatch(/not JSON/);
    expect(bad.transient).toBe(true);
  });

  it("fails cleanly on JSON that is not an envelope", async () => {
    fake.enqueue(SERP_PATH, { body: { tasks: "nope" } }, { body: envelope([{ items: "not a list" }]) });
    const outcomes = await provider({ concurrency: 1 }).fetchSerps([query("one"), query("two")]);
    expect(failed(outcomes[0]).error).toMatch(/malformed/);
    // A result whose items are not a list is an empty page, not a crash.
    expect(succeeded(outcomes[1]).results).toEqual([]);
  });

  it("stops reading an oversized streamed body at the cap", async () => {
    fake.enqueue(SERP_PATH, { streamBytes: 3_000_000 });
    const bad = failed((await provider({}, { maxResponseBytes: 1_000_000 }).fetchSerps([query("descale")]))[0]);
    expect(bad.error).toMatch(/larger than 1000000 bytes/);
    expect(bad.transient).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });

  it("refuses a body whose declared length is over the cap", async () => {
    fake.enqueue(SERP_PATH, { streamBytes: 2_000_000, declareLength: true });
    const bad = failed((await provider({}, { maxResponseBytes: 1_000_000 }).fetchSerps([query("descale")]))[0]);
    expect(bad.error).toMatch(/larger than/);
  });

  it("times out a slow answer", async () => {
    fake.enqueue(SERP_PATH, { delayMs: 10_000, body: fixture("serp-live-advanced.json") });
    const bad = failed((await provider({ timeoutMs: 300 }).fetchSerps([query("descale")]))[0]);
    expect(bad.error).toMatch(/did not answer within 300 ms/);
    expect(bad.transient).toBe(true);
  });

  it("retries an unreachable host, then reports it without the credentials", async () => {
    const closed = await FakeDataForSeo.start(LOGIN, PASSWORD);
    const url = closed.url;
    await closed.close();
    const bad = failed((await provider({ baseUrl: url }).fetchSerps([query("descale")]))[0]);
    expect(bad.error).toMatch(/could not be reached/);
    expect(bad.transient).toBe(true);
    expect(sleeps).toHaveLength(2);
  });

  it("reports rejected credentials without retrying and without showing them", async () => {
    const bad = failed((await provider({ password: "wrong-password-123" }).fetchSerps([query("descale")]))[0]);
    expect(bad.error).toMatch(/rejected the credentials/);
    expect(bad.error).not.toContain("wrong-password-123");
    expect(bad.transient).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });

  it("masks credentials that a provider message echoes back", async () => {
    const encoded = Buffer.from(`${LOGIN}:${PASSWORD}`).toString("base64");
    fake.enqueue(SERP_PATH, { body: envelope([], 40501, `Invalid Field: password '${PASSWORD}' for ${LOGIN} (${encoded}).`) });
    const bad = failed((await provider().fetchSerps([query("descale")]))[0]);
    expect(bad.error).toContain("[redacted]");
  });

  it("never shows credentials when the provider object itself is logged", () => {
    // As a logger is handed it: a value of any type, shown however it shows itself.
    const logged: unknown = provider();
    expectNoSecrets(JSON.stringify(logged));
    expectNoSecrets(String(logged));
  });

  it("rejects the whole call when the caller cancels", async () => {
    fake.enqueue(SERP_PATH, { delayMs: 10_000 });
    const controller = new AbortController();
    const pending = provider().fetchSerps([query("descale")], { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toThrow(/cancelled/);
  });
});

describe("DataForSEO keyword metrics", () => {
  it("maps search_volume/live items: volume, CPC, competition_index to 0..1, missing data to zeros", async () => {
    fake.enqueue(VOLUME_PATH, { body: fixture("search-volume-live.json") });
    const metrics = await provider().keywordMetrics({
      keywords: ["Espresso Machine", "descale espresso machine", "espresso machine descaler", "qqzxv wvbnm plorf", "not in the answer"],
      country: "us",
      language: "en",
    });
    expect(metrics).toEqual([
      { keyword: "Espresso Machine", searchVolume: 201000, cpc: 1.87, competition: 1 },
      { keyword: "descale espresso machine", searchVolume: 2900, cpc: 0.64, competition: 0.37 },
      { keyword: "espresso machine descaler", searchVolume: 1300, cpc: 0, competition: 0.84 },
      { keyword: "qqzxv wvbnm plorf", searchVolume: 0, cpc: 0, competition: 0 },
      { keyword: "not in the answer", searchVolume: 0, cpc: 0, competition: 0 },
    ]);
    expect(taskOf(fake.requests[0])).toEqual({
      keywords: ["espresso machine", "descale espresso machine", "espresso machine descaler", "qqzxv wvbnm plorf", "not in the answer"],
      location_code: 2840,
      language_code: "en",
    });
  });

  it("sends batches of at most 1,000 keywords, once each, and keeps the caller's order", async () => {
    fake.fallback = (req) => {
      const keywords = taskOf(req).keywords as string[];
      return {
        body: envelope(
          keywords.map((keyword) => ({ keyword, search_volume: Number(keyword.split(" ")[1]), cpc: 1, competition_index: 50 })),
        ),
      };
    };
    const keywords = Array.from({ length: 2500 }, (_, i) => `keyword ${i}`);
    const metrics = await provider().keywordMetrics({
      keywords: [...keywords, "KEYWORD 7", "x".repeat(81)],
      country: "us",
      language: "en",
    });
    const sizes = fake.requests.map((r) => (taskOf(r).keywords as string[]).length);
    expect(sizes).toEqual([1000, 1000, 500]);
    expect(metrics).toHaveLength(2502);
    expect(metrics.slice(0, 2500).map((m) => m.searchVolume)).toEqual(keywords.map((_, i) => i));
    // Duplicates are sent once; keywords Google Ads would refuse are not sent and read as zeros.
    expect(metrics[2500]).toEqual({ keyword: "KEYWORD 7", searchVolume: 7, cpc: 1, competition: 0.5 });
    expect(metrics[2501]).toMatchObject({ searchVolume: 0, cpc: 0, competition: 0 });
  });

  it("throws a permanent ProviderError on a task-level error", async () => {
    fake.enqueue(VOLUME_PATH, { body: fixture("search-volume-task-error-40501.json") });
    const error = await provider()
      .keywordMetrics({ keywords: ["espresso"], country: "us", language: "en" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).transient).toBe(false);
    expect((error as ProviderError).providerCode).toBe(40501);
    expectNoSecrets((error as Error).message);
  });

  it("throws for an unknown country without calling", async () => {
    await expect(provider().keywordMetrics({ keywords: ["espresso"], country: "xx", language: "en" })).rejects.toThrow(/Unknown country/);
    expect(fake.requests).toHaveLength(0);
  });

  it("answers an empty list without calling", async () => {
    expect(await provider().keywordMetrics({ keywords: [], country: "us", language: "en" })).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });
});
