// Every mapping from DataForSEO's wire format, one field at a time, plus the helpers around it:
// locations, redaction and the retry policy.
import { describe, expect, it } from "vitest";
import {
  aiOverview,
  competitionOf,
  isTransientStatus,
  normalizeDomain,
  organicResults,
  parseEnvelope,
  serpPage,
  volumeItems,
} from "../../../src/providers/serp/dataforseo-wire";
import { languageCodeFor, locationCodeFor, resolveLocation } from "../../../src/providers/serp/locations";
import { keywordMatchKey } from "../../../src/platform/text/keyword";
import { basicAuthSecrets, SecretRedactor } from "../../../src/providers/serp/redact";
import { backoffDelay, parseRetryAfter, RetryableError, withRetries } from "../../../src/providers/serp/retry";
import { ProviderError } from "../../../src/providers/serp/types";

const organic = (rankGroup: number, url: string, extra: Record<string, unknown> = {}) => ({
  type: "organic",
  rank_group: rankGroup,
  rank_absolute: rankGroup + 1,
  domain: new URL(url).hostname,
  title: `title ${rankGroup}`,
  url,
  description: `snippet ${rankGroup}`,
  ...extra,
});

describe("organicResults", () => {
  it("keeps organic items only and numbers them 1..n by rank_group", () => {
    const items = [
      { type: "featured_snippet", rank_group: 1, rank_absolute: 1, url: "https://snippet.example/" },
      organic(3, "https://c.example/"),
      { type: "people_also_ask", rank_group: 1, rank_absolute: 3 },
      organic(1, "https://a.example/"),
      { type: "ai_overview", rank_group: 1, rank_absolute: 5, references: [] },
      organic(2, "https://b.example/"),
    ];
    expect(organicResults(items, 10).map((r) => [r.position, r.url])).toEqual([
      [1, "https://a.example/"],
      [2, "https://b.example/"],
      [3, "https://c.example/"],
    ]);
  });

  it("falls back to rank_absolute, then to the order sent", () => {
    const items = [
      { type: "organic", rank_absolute: 9, url: "https://late.example/" },
      { type: "organic", url: "https://unranked-1.example/" },
      { type: "organic", rank_absolute: 2, url: "https://early.example/" },
      { type: "organic", url: "https://unranked-2.example/" },
    ];
    expect(organicResults(items, 10).map((r) => r.url)).toEqual([
      "https://early.example/",
      "https://late.example/",
      "https://unranked-1.example/",
      "https://unranked-2.example/",
    ]);
  });

  it("cuts at depth", () => {
    const items = Array.from({ length: 15 }, (_, i) => organic(i + 1, `https://site${i}.example/`));
    expect(organicResults(items, 10)).toHaveLength(10);
    expect(organicResults(items, 3).map((r) => r.position)).toEqual([1, 2, 3]);
  });

  it("maps title, description and domain, and tolerates missing text", () => {
    const [withText, bare] = organicResults(
      [
        organic(1, "https://www.Example.com/page", { domain: "WWW.Example.COM", title: "T", description: "D" }),
        { type: "organic", rank_group: 2, url: "https://www.bare.example/x", title: null, description: 42 },
      ],
      10,
    );
    expect(withText).toEqual({ position: 1, url: "https://www.Example.com/page", title: "T", snippet: "D", domain: "example.com" });
    expect(bare).toEqual({ position: 2, url: "https://www.bare.example/x", title: "", snippet: "", domain: "bare.example" });
  });

  it("skips items without an http(s) URL and survives garbage", () => {
    const items = [
      { type: "organic", rank_group: 1, url: "javascript:alert(1)" },
      { type: "organic", rank_group: 2, url: "not a url" },
      { type: "organic", rank_group: 3 },
      null,
      "string",
      [1, 2],
      organic(4, "https://ok.example/"),
    ];
    expect(organicResults(items, 10)).toEqual([expect.objectContaining({ position: 1, url: "https://ok.example/" })]);
    expect(organicResults("nope", 10)).toEqual([]);
    expect(organicResults(undefined, 10)).toEqual([]);
  });
});

describe("normalizeDomain", () => {
  it("lowercases, drops www. and falls back to the URL's host", () => {
    expect(normalizeDomain("WWW.Shop.Example", "https://ignored.example/")).toBe("shop.example");
    expect(normalizeDomain(undefined, "https://www.From-Url.example/a")).toBe("from-url.example");
    expect(normalizeDomain("", "https://sub.www.example/")).toBe("sub.www.example");
    expect(normalizeDomain(null, "bad url")).toBe("");
  });
});

describe("aiOverview", () => {
  it("is null when the page has none", () => {
    expect(aiOverview([organic(1, "https://a.example/")])).toBeNull();
    expect(aiOverview(null)).toBeNull();
  });

  it("joins the elements' text and collects references once each, top-level first", () => {
    const answer = aiOverview([
      {
        type: "ai_overview",
        items: [
          {
            type: "ai_overview_element",
            title: "Heading",
            text: "First part.",
            references: [{ url: "https://b.example/", domain: "b.example", title: "B" }],
          },
          {
            type: "ai_overview_element",
            title: null,
            text: "Second part.",
            references: [{ url: "https://a.example/", domain: "a.example", title: "A again" }],
          },
        ],
        references: [
          { type: "ai_overview_reference", source: "A Site", domain: "www.a.example", url: "https://a.example/", title: "A", text: "..." },
          { type: "ai_overview_reference", source: "Only Source", domain: null, url: "https://www.c.example/p", title: null, text: "..." },
          { type: "ai_overview_reference", source: "No URL", domain: "d.example", url: null, title: "D" },
        ],
      },
    ]);
    expect(answer).toEqual({
      text: "Heading\nFirst part.\n\nSecond part.",
      references: [
        { url: "https://a.example/", domain: "a.example", title: "A" },
        { url: "https://www.c.example/p", domain: "c.example", title: "Only Source" },
        { url: "https://b.example/", domain: "b.example", title: "B" },
      ],
    });
  });

  it("counts an overview that had not loaded yet as present, and uses its markdown when there are no elements", () => {
    expect(aiOverview([{ type: "ai_overview", asynchronous_ai_overview: true, items: null, references: null }])).toEqual({
      text: "",
      references: [],
    });
    expect(aiOverview([{ type: "ai_overview", markdown: "Short **answer**.", items: [] }])?.text).toBe("Short **answer**.");
  });
});

describe("serpPage", () => {
  it("reads se_results_count and copes with an empty or odd result", () => {
    expect(serpPage([{ se_results_count: 1234.9, items: [] }], 10).totalResults).toBe(1234);
    expect(serpPage([{ se_results_count: -5, items: [] }], 10).totalResults).toBe(0);
    const empty = { results: [], totalResults: 0, aiOverview: null, peopleAlsoAsk: [], relatedSearches: [] };
    expect(serpPage([], 10)).toEqual(empty);
    expect(serpPage([null, "x"], 10)).toEqual(empty);
  });
});

describe("parseEnvelope", () => {
  it("reads both status levels and the task results", () => {
    const parsed = parseEnvelope({
      status_code: 20000,
      status_message: "Ok.",
      tasks: [{ status_code: 40501, status_message: "Invalid Field.", result: null }, "junk", { status_code: 20000, result: [1] }],
    });
    expect(parsed).toEqual({
      statusCode: 20000,
      statusMessage: "Ok.",
      tasks: [
        { statusCode: 40501, statusMessage: "Invalid Field.", result: [] },
        { statusCode: 20000, statusMessage: "", result: [1] },
      ],
    });
  });

  it("throws a ProviderError for anything that is not an envelope", () => {
    for (const body of [null, [], "text", 5, { tasks: [] }, { status_code: "20000" }]) {
      expect(() => parseEnvelope(body)).toThrow(ProviderError);
    }
  });

  it("classifies status codes", () => {
    expect(isTransientStatus(50000)).toBe(true);
    expect(isTransientStatus(50301)).toBe(true);
    expect(isTransientStatus(40202)).toBe(true);
    expect(isTransientStatus(40501)).toBe(false);
    expect(isTransientStatus(40100)).toBe(false);
  });
});

describe("keyword metrics mapping", () => {
  it("maps competition_index 0..100 to 0..1", () => {
    expect(competitionOf({ competition_index: 0 })).toBe(0);
    expect(competitionOf({ competition_index: 37 })).toBe(0.37);
    expect(competitionOf({ competition_index: 100, competition: "HIGH" })).toBe(1);
    expect(competitionOf({ competition_index: 250 })).toBe(1);
  });

  it("falls back to a numeric competition, then to the level, then to 0", () => {
    expect(competitionOf({ competition: 0.42 })).toBe(0.42);
    expect(competitionOf({ competition_index: null, competition: "medium" })).toBe(0.5);
    expect(competitionOf({ competition: "LOW" })).toBe(0.2);
    expect(competitionOf({ competition: "HIGH" })).toBe(0.8);
    expect(competitionOf({ competition: "UNKNOWN" })).toBe(0);
    expect(competitionOf({})).toBe(0);
  });

  it("reads volume and CPC, with nulls and nonsense as 0", () => {
    const items = volumeItems([
      { keyword: "Espresso  Machine", search_volume: 201000, cpc: 1.87, competition_index: 100 },
      { keyword: "null data", search_volume: null, cpc: null, competition_index: null },
      { keyword: "negative", search_volume: -3, cpc: -1, competition_index: -4 },
      { keyword: "", search_volume: 5 },
      { search_volume: 5 },
      "junk",
    ]);
    expect([...items.keys()]).toEqual(["espresso machine", "null data", "negative"]);
    expect(items.get("espresso machine")).toEqual({ searchVolume: 201000, cpc: 1.87, competition: 1 });
    expect(items.get("null data")).toEqual({ searchVolume: 0, cpc: 0, competition: 0 });
    expect(items.get("negative")).toEqual({ searchVolume: 0, cpc: 0, competition: 0 });
  });

  it("matches keywords the way Google Ads does: case and spacing aside", () => {
    expect(keywordMatchKey("  Running   SHOES ")).toBe("running shoes");
  });
});

describe("locations", () => {
  it("maps common countries to DataForSEO location codes", () => {
    const expected: Record<string, number> = {
      us: 2840,
      gb: 2826,
      ca: 2124,
      au: 2036,
      de: 2276,
      fr: 2250,
      nl: 2528,
      es: 2724,
      it: 2380,
      in: 2356,
      br: 2076,
    };
    for (const [country, code] of Object.entries(expected)) expect(locationCodeFor(country)).toBe(code);
    expect(locationCodeFor("US")).toBe(2840);
    expect(locationCodeFor("uk")).toBe(2826);
    expect(locationCodeFor("zz")).toBeNull();
  });

  it("prefers a free-text location and refuses an unknown country", () => {
    expect(resolveLocation("us", "Austin,Texas,United States")).toEqual({ location_name: "Austin,Texas,United States" });
    expect(resolveLocation("us", "  ")).toEqual({ location_code: 2840 });
    expect(resolveLocation("us", null)).toEqual({ location_code: 2840 });
    expect(() => resolveLocation("zz", null)).toThrow(/Unknown country "zz"/);
    expect(() => resolveLocation("zz", null)).toThrow(ProviderError);
  });

  it("accepts ISO 639-1 language codes only", () => {
    expect(languageCodeFor("EN")).toBe("en");
    expect(languageCodeFor("zh-TW")).toBe("zh-TW");
    expect(() => languageCodeFor("english please")).toThrow(/Unknown language/);
  });
});

describe("SecretRedactor", () => {
  const redactor = new SecretRedactor(basicAuthSecrets("me@example.com", "hunter2-long"));

  it("masks the login, the password, the pair and its base64 form", () => {
    const encoded = Buffer.from("me@example.com:hunter2-long").toString("base64");
    const cleaned = redactor.clean(`user me@example.com pass hunter2-long pair me@example.com:hunter2-long b64 ${encoded}`);
    expect(cleaned).not.toMatch(/hunter2|me@example\.com/);
    expect(cleaned).not.toContain(encoded);
    expect(cleaned).toContain("[redacted]");
  });

  it("drops control characters and bounds the length", () => {
    expect(redactor.clean("a\u0000b\nc")).toBe("a b c");
    expect(redactor.clean("x".repeat(1000)).length).toBeLessThanOrEqual(301);
  });

  it("ignores secrets too short to mask safely", () => {
    expect(new SecretRedactor(["a", "", null]).clean("banana")).toBe("banana");
  });
});

describe("retry policy", () => {
  it("backs off exponentially with jitter in [0.5, 1)", () => {
    const policy = { baseDelayMs: 200, random: () => 0 };
    expect([1, 2, 3].map((n) => backoffDelay(n, policy))).toEqual([100, 200, 400]);
    expect(backoffDelay(1, { baseDelayMs: 200, random: () => 0.999 })).toBeLessThan(200);
  });

  it("reads Retry-After in seconds or as a date", () => {
    expect(parseRetryAfter("3")).toBe(3000);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter("soon")).toBeNull();
    const now = Date.parse("2025-05-26T10:00:00Z");
    expect(parseRetryAfter("Mon, 26 May 2025 10:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Mon, 26 May 2025 09:00:00 GMT", now)).toBe(0);
  });

  it("retries only RetryableError, up to the attempt budget", async () => {
    const waits: number[] = [];
    const policy = { attempts: 3, baseDelayMs: 10, maxDelayMs: 1000, random: () => 0, sleep: async (ms: number) => void waits.push(ms) };
    let calls = 0;
    const transient = new ProviderError("busy", { transient: true });
    await expect(
      withRetries(async () => {
        calls += 1;
        throw new RetryableError(transient);
      }, policy),
    ).rejects.toBe(transient);
    expect(calls).toBe(3);
    expect(waits).toEqual([5, 10]);

    calls = 0;
    const permanent = new ProviderError("bad", { transient: false });
    await expect(
      withRetries(async () => {
        calls += 1;
        throw permanent;
      }, policy),
    ).rejects.toBe(permanent);
    expect(calls).toBe(1);
  });
});
