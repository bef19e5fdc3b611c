// The derived fields of a topical-map keyword entry (docs/conventions.md §8), rule by rule, by example and
// by property.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buyersJourney,
  CONTENT_TYPES,
  contentTitle,
  contentType,
  keywordInsights,
  searchIntent,
  titleCase,
  urlOverlapSimilarity,
  type InsightInput,
  type InsightSerpResult,
} from "../../../src/modules/maps/keyword-insights";
import { formatCount } from "../../../src/modules/maps/serp-summary";
import { slugify, urlSlug } from "../../../src/platform/text/slug";

const FETCHED = new Date("2025-03-10T12:00:00Z");

function result(position: number, domain: string, title = `Result ${position}`, snippet = ""): InsightSerpResult {
  return { position, url: `https://${domain}/page-${position}`, title, snippet, domain };
}

function serpOf(
  results: InsightSerpResult[],
  extra: { totalResults?: number; aiOverviewSources?: number | null; fetchedAt?: Date } = {},
): NonNullable<InsightInput["serp"]> {
  return {
    results,
    totalResults: extra.totalResults ?? 0,
    aiOverviewSources: extra.aiOverviewSources === undefined ? null : extra.aiOverviewSources,
    fetchedAt: extra.fetchedAt ?? FETCHED,
  };
}

describe("slugify", () => {
  it.each([
    ["how to brew espresso", "how-to-brew-espresso"],
    ["Crème Brûlée Recipe", "creme-brulee-recipe"],
    ["  --best   coffee!! 2025--  ", "best-coffee-2025"],
    ["c++ vs c#", "c-vs-c"],
    ["straße café", "strasse-cafe"],
    ["smørrebrød & æbleskiver", "smorrebrod-aebleskiver"],
    ["ﬁne ＡＢＣ ①", "fine-abc-1"],
    ["İstanbul łódź", "istanbul-lodz"],
    ["東京 ramen", "ramen"],
    ["東京", ""],
    ["", ""],
    ["---", ""],
  ])("%j -> %j", (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it("cuts a long slug at the last '-' within 80 characters", () => {
    const words = Array.from({ length: 20 }, (_, i) => `word${i}`).join(" ");
    const slug = slugify(words);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
    expect(`${words.replaceAll(" ", "-")}-`.startsWith(`${slug}-`)).toBe(true);
  });

  it("keeps exactly 80 characters when the 81st is a '-'", () => {
    const first = "a".repeat(80);
    expect(slugify(`${first} tail`)).toBe(first);
  });

  it("cuts hard at 80 when the first 80 characters hold no '-'", () => {
    expect(slugify("x".repeat(100))).toBe("x".repeat(80));
    expect(slugify(`${"x".repeat(100)} y`)).toBe("x".repeat(80));
  });

  it("gives only [a-z0-9] runs joined by single '-', within 80, for any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (text) => {
        const slug = slugify(text);
        expect(slug).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
        expect(slug.length).toBeLessThanOrEqual(80);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe("urlSlug", () => {
  it.each([
    ["how to brew espresso", "how-to-brew-espresso"],
    ["Crème Brûlée Recipe", "creme-brulee-recipe"],
    ["İstanbul łódź", "istanbul-lodz"],
    ["東京 ramen", "東京-ramen"],
    ["東京", "東京"],
    ["Кофе машина!", "кофе-машина"],
    ["Йогурт", "йогурт"],
    ["हिन्दी ब्लॉग", "हिन्दी-ब्लॉग"],
    ["한국 커피", "한국-커피"],
    ["\u0301abc - \u0301def", "abc-def"],
    ["", ""],
  ])("%j -> %j", (text, slug) => {
    expect(urlSlug(text)).toBe(slug);
  });

  it("cuts by characters, not UTF-16 units, at the last '-' within 80", () => {
    const words = Array.from({ length: 30 }, (_, i) => `𠀀字${i}`).join(" ");
    const slug = urlSlug(words);
    expect(Array.from(slug).length).toBeLessThanOrEqual(80);
    expect(`${words.replaceAll(" ", "-")}-`.startsWith(`${slug}-`)).toBe(true);
  });

  it("is slugify for text in Latin letters, and for any text gives letter and digit runs joined by single '-'", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (text) => {
        const slug = urlSlug(text);
        expect(slug).toMatch(/^(?:[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:-[\p{L}\p{N}][\p{L}\p{N}\p{M}]*)*)?$/u);
        expect(Array.from(slug).length).toBeLessThanOrEqual(80);
        expect(urlSlug(slug)).toBe(slug);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...Array.from("abcXYZ019 -_.é")), maxLength: 120 }), (text) => {
        expect(urlSlug(text)).toBe(slugify(text));
      }),
    );
  });
});

describe("searchIntent and buyersJourney", () => {
  it.each([
    // transactional
    ["buy espresso machine", "transactional"],
    ["espresso machine price", "transactional"],
    ["crm pricing", "transactional"],
    ["cheap flights", "transactional"],
    ["laptop deals", "transactional"],
    ["nike coupon code", "transactional"],
    ["order pizza online", "transactional"],
    ["boats for sale", "transactional"],
    ["coffee shop near me", "transactional"],
    ["hire a plumber", "transactional"],
    ["netflix subscription", "transactional"],
    ["best price espresso machine", "transactional"], // transactional beats commercial
    ["hubspot.com pricing", "transactional"], // and navigational
    ["how to buy bitcoin", "transactional"], // a how-to still carries the purchase
    // commercial
    ["best espresso machines", "commercial"],
    ["top 10 crm tools", "commercial"],
    ["top crm tools", "commercial"],
    ["the top crm tools", "commercial"],
    ["top rated blenders", "commercial"],
    ["dyson v15 review", "commercial"],
    ["espresso vs latte", "commercial"],
    ["espresso vs. latte", "commercial"],
    ["mac versus pc", "commercial"],
    ["compare crm software", "commercial"],
    ["hubspot alternatives", "commercial"],
    ["alternative to slack", "commercial"],
    ["hubspot vs salesforce login", "commercial"], // commercial beats navigational
    // navigational
    ["hubspot login", "navigational"],
    ["gmail sign in", "navigational"],
    ["hubspot.com", "navigational"],
    ["linear.app", "navigational"],
    ["irs official site", "navigational"],
    // informational, including the substrings that must not count as modifiers
    ["how to brew espresso", "informational"],
    ["what is cold brew", "informational"],
    ["buyer persona", "informational"],
    ["buyers guide", "informational"],
    ["ordering system design", "informational"],
    ["bestseller list", "informational"],
    ["laptop battery life", "informational"],
    ["tank top", "informational"],
    ["discounted cash flow", "informational"],
    ["node.js streams", "informational"],
    ["the company culture", "informational"],
    ["", "informational"],
  ] as const)("%j is %s", (keyword, intent) => {
    expect(searchIntent(keyword)).toBe(intent);
  });

  it.each([
    ["informational", "awareness"],
    ["commercial", "consideration"],
    ["transactional", "decision"],
    ["navigational", "decision"],
  ] as const)("%s -> %s", (intent, stage) => {
    expect(buyersJourney(intent)).toBe(stage);
  });
});

describe("contentType", () => {
  it.each([
    ["how to brew espresso", "how-to guide"],
    ["how to compare crm tools", "how-to guide"],
    ["how to buy bitcoin", "how-to guide"],
    ["espresso vs latte", "comparison"],
    ["crm comparison", "comparison"],
    ["best espresso machines", "listicle"],
    ["top 10 crm tools", "listicle"],
    ["best espresso machine reviews", "listicle"],
    ["hubspot alternatives", "listicle"],
    ["marketing tips", "listicle"],
    ["gift ideas for dad", "listicle"],
    ["2 player games", "guide"],
    ["dyson v15 review", "review"],
    ["what is cold brew", "explainer"],
    ["what's cold brew", "explainer"],
    ["cold brew meaning", "explainer"],
    ["seo definition", "explainer"],
    ["resume template", "template"],
    ["onboarding checklist", "template"],
    ["marketing plan examples", "template"],
    ["buy espresso machine", "product page"],
    ["espresso machine price", "product page"],
    ["cold brew", "guide"],
    ["hubspot login", "guide"],
    ["laptop battery life", "guide"],
  ] as const)("%j is a %s", (keyword, type) => {
    expect(contentType(keyword, searchIntent(keyword), [])).toBe(type);
  });

  const numbered = ["10 Best Grinders", "7 Grinders Tested", "12 Picks", "Grinder Guide", "5 Tips"];

  it("reads a keyword no rule claims as a listicle when 3 of the top-5 titles open with a count", () => {
    const ranked = numbered.map((title, i) => result(i + 1, `site${i}.com`, title));
    expect(contentType("coffee grinders", "informational", ranked)).toBe("listicle");
    expect(contentType("coffee grinders", "informational", ranked.slice(0, 2))).toBe("guide");
  });

  it("does not count years, titles below the top 5, or override the keyword's shape", () => {
    const years = ["2025 Grinder Guide", "2024 Picks", "1999 Classics", "Guide", "Guide"].map((title, i) =>
      result(i + 1, `site${i}.com`, title),
    );
    expect(contentType("coffee grinders", "informational", years)).toBe("guide");
    const late = ["A", "B", "C", "10 D", "11 E", "12 F", "13 G"].map((title, i) => result(i + 1, `s${i}.com`, title));
    expect(contentType("coffee grinders", "informational", late)).toBe("guide");
    const ranked = numbered.map((title, i) => result(i + 1, `site${i}.com`, title));
    expect(contentType("what is a burr grinder", "informational", ranked)).toBe("explainer");
    expect(contentType("buy coffee grinder", "transactional", ranked)).toBe("product page");
  });
});

describe("titleCase", () => {
  it.each([
    ["how to brew espresso", "How to Brew Espresso"],
    ["the art of war", "The Art of War"],
    ["espresso vs latte", "Espresso vs Latte"],
    ["espresso vs. latte", "Espresso vs. Latte"],
    ["step-by-step guide to seo", "Step-by-Step Guide to Seo"],
    ["  crème   brûlée  ", "Crème Brûlée"],
    ["a tale of two cities", "A Tale of Two Cities"],
    ["10 best grinders in 2025", "10 Best Grinders in 2025"],
  ])("%j -> %j", (text, title) => {
    expect(titleCase(text)).toBe(title);
  });
});

describe("contentTitle", () => {
  it.each([
    ["how to brew espresso", "How to Brew Espresso: Step-by-Step Guide"],
    ["best espresso machines", "Best Espresso Machines Compared"],
    ["top 10 crm tools", "Top 10 Crm Tools Compared"],
    ["marketing tips", "Marketing Tips: The Complete List"],
    ["espresso vs latte", "Espresso vs Latte: Key Differences"],
    ["dyson v15 review", "Dyson V15 Review: Pros, Cons and Verdict"],
    ["what is cold brew", "What Is Cold Brew? Meaning and Examples"],
    ["what is cold brew?", "What Is Cold Brew? Meaning and Examples"],
    ["cold brew meaning", "Cold Brew Meaning Explained"],
    ["resume template", "Resume Template: Ready-to-Use Examples"],
    ["marketing plan examples", "Marketing Plan Examples: Ready-to-Use Templates"],
    ["buy espresso machine", "Buy Espresso Machine"],
    ["cold brew", "Cold Brew: The Complete Guide"],
    ["how does espresso work", "How Does Espresso Work? The Complete Guide"],
    ["what are the best espresso machines", "What Are the Best Espresso Machines?"],
  ])("%j -> %j", (keyword, title) => {
    expect(contentTitle(keyword, contentType(keyword, searchIntent(keyword), []))).toBe(title);
  });

  it("drops the suffix rather than exceed 70 characters", () => {
    const keyword = "how to descale a breville barista express espresso machine"; // 58 chars
    expect(contentTitle(keyword, "how-to guide")).toBe("How to Descale a Breville Barista Express Espresso Machine");
  });

  it("cuts a keyword over 70 characters at a word", () => {
    const keyword = "why does my espresso machine make a loud noise when it heats up in the morning";
    const title = contentTitle(keyword, "guide");
    expect(title).toBe("Why Does My Espresso Machine Make a Loud Noise When It Heats Up in the");
    expect(title.length).toBeLessThanOrEqual(70);
    expect(contentTitle("x".repeat(90), "guide")).toBe(`X${"x".repeat(69)}`);
  });

  it("is never over 70 characters, for any keyword and content type", () => {
    const word = fc.constantFrom("how", "to", "best", "vs", "what", "is", "espresso", "machine", "review", "a", "x".repeat(30), "😀");
    fc.assert(
      fc.property(fc.array(word, { maxLength: 25 }), fc.constantFrom(...CONTENT_TYPES), (words, type) => {
        const title = contentTitle(words.join(" "), type);
        expect(title.length).toBeLessThanOrEqual(70);
        expect(title).not.toMatch(/[\uD800-\uDBFF]$/);
      }),
    );
  });
});

describe("formatCount", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1,000"],
    [1_200_000, "1,200,000"],
    [1_234_567_890, "1,234,567,890"],
  ])("%d -> %j", (n, text) => {
    expect(formatCount(n)).toBe(text);
  });
});

describe("keywordInsights: SERP fields", () => {
  const tenResults = [
    result(1, "example.com", "Espresso basics", "Espresso is coffee brewed under pressure."),
    result(2, "www.coffee.org"),
    result(3, "coffee.org"),
    result(4, "beans.io"),
    result(5, "EXAMPLE.com"),
    result(6, "brew.net"),
    result(7, "grind.co"),
    result(8, "cafe.de"),
    result(9, "roast.fr"),
    result(10, "cup.com"),
  ];

  it("summarizes the SERP in one sentence", () => {
    const insights = keywordInsights({
      keyword: "espresso",
      serp: serpOf(tenResults, { totalResults: 1_200_000, aiOverviewSources: 3 }),
    });
    expect(insights.serp_analysis).toBe(
      "10 organic results from 8 domains (about 1,200,000 results); AI Overview cites 3 sources; top result: example.com.",
    );
    expect(insights.serp_competitors).toBe("example.com, coffee.org, beans.io, brew.net, grind.co");
    expect(insights.snippet).toBe("Espresso is coffee brewed under pressure.");
    expect(insights.has_serp_data).toBe(true);
  });

  it.each([
    [0, 0, "1 organic result from 1 domain; No AI Overview; top result: solo.com."],
    [1, 1, "1 organic result from 1 domain (about 1 result); AI Overview cites 1 source; top result: solo.com."],
    [5000, null, "1 organic result from 1 domain (about 5,000 results); top result: solo.com."],
  ] as const)("total %d, AI sources %j -> %j", (totalResults, aiOverviewSources, sentence) => {
    const serp = serpOf([result(1, "solo.com")], { totalResults, aiOverviewSources });
    expect(keywordInsights({ keyword: "solo", serp }).serp_analysis).toBe(sentence);
  });

  it("ranks by position, not by stored order, and takes a missing domain from the URL", () => {
    const results = [
      result(3, "third.com", "Third", "third snippet"),
      { position: 1, url: "https://www.First.com/a?b=1", title: "First", snippet: "  first snippet ", domain: "" },
      result(2, "second.com", "Second", "second snippet"),
    ];
    const insights = keywordInsights({ keyword: "k", serp: serpOf(results) });
    expect(insights.serp_competitors).toBe("first.com, second.com, third.com");
    expect(insights.snippet).toBe("first snippet");
    expect(insights.serp_analysis).toBe("3 organic results from 3 domains; top result: first.com.");
  });

  it.each([
    ["a null SERP", null],
    ["a SERP with no results", serpOf([], { totalResults: 100, aiOverviewSources: 2 })],
  ])("gives empty SERP fields for %s", (_, serp) => {
    const insights = keywordInsights({ keyword: "how to brew espresso", serp });
    expect(insights).toEqual({
      url_slug: "how-to-brew-espresso",
      content_title: "How to Brew Espresso: Step-by-Step Guide",
      search_intent: "informational",
      buyers_journey: "awareness",
      content_type: "how-to guide",
      serp_analysis: "",
      serp_competitors: "",
      serp_freshness: "unknown",
      snippet: "",
      has_serp_data: false,
    });
  });

  it.each([
    [["Best grinders of 2025", "Old list"], "current (2025)"],
    [["Updated for 2024", "Classic 2019 picks"], "current (2024)"],
    [["Classic 2019 picks", "Since 1995"], "dated (2019)"],
    [["No years here", "Still none"], "evergreen"],
    [["Model 2030 preview", "Price $2024 only", "Part 120245"], "evergreen"],
    [["Founded 1989", "Version 1990"], "dated (1990)"],
    [["2023-11-02: launch"], "dated (2023)"],
  ])("titles %j -> %s", (titles, freshness) => {
    const results = titles.map((title, i) => result(i + 1, `s${i}.com`, title));
    expect(keywordInsights({ keyword: "k", serp: serpOf(results) }).serp_freshness).toBe(freshness);
  });

  it("reads years in snippets, only in the top 10, relative to the fetch year in UTC", () => {
    const snippet = [result(1, "a.com", "Title", "Updated March 2025")];
    expect(keywordInsights({ keyword: "k", serp: serpOf(snippet) }).serp_freshness).toBe("current (2025)");

    const eleventh = Array.from({ length: 11 }, (_, i) => result(i + 1, `s${i}.com`, i === 10 ? "News 2025" : "Plain"));
    expect(keywordInsights({ keyword: "k", serp: serpOf(eleventh) }).serp_freshness).toBe("evergreen");

    // 2025-01-01T00:30 in UTC+1 is still 2024 in UTC: 2025 is then a future year, 2023 is current.
    const fetchedAt = new Date("2024-12-31T23:30:00Z");
    const years = [result(1, "a.com", "Guide 2025"), result(2, "b.com", "Guide 2023")];
    expect(keywordInsights({ keyword: "k", serp: serpOf(years, { fetchedAt }) }).serp_freshness).toBe("current (2023)");

    const invalid = serpOf(snippet, { fetchedAt: new Date(Number.NaN) });
    expect(keywordInsights({ keyword: "k", serp: invalid }).serp_freshness).toBe("unknown");
  });

  it("is deterministic: equal inputs give equal entries", () => {
    const arbResult = fc.record({
      position: fc.integer({ min: 1, max: 20 }),
      url: fc.webUrl(),
      title: fc.string(),
      snippet: fc.string(),
      domain: fc.domain(),
    });
    const arbInput = fc.record({
      keyword: fc.string(),
      serp: fc.option(
        fc.record({
          results: fc.array(arbResult, { maxLength: 12 }),
          totalResults: fc.nat(),
          aiOverviewSources: fc.option(fc.nat({ max: 20 })),
          fetchedAt: fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }),
        }),
      ),
    });
    fc.assert(
      fc.property(arbInput, (input) => {
        const copy: InsightInput = structuredClone(input);
        const insights = keywordInsights(input);
        expect(keywordInsights(copy)).toEqual(insights);
        expect(CONTENT_TYPES).toContain(insights.content_type);
        expect(insights.has_serp_data).toBe(input.serp !== null && input.serp.results.length > 0);
        expect(insights.serp_competitors.split(", ").length).toBeLessThanOrEqual(5);
      }),
    );
  });
});

describe("urlOverlapSimilarity", () => {
  const urls = (...ids: number[]) => ids.map((id) => `example.com/${id}`);

  it.each([
    [urls(1, 2, 3), urls(1, 2, 3), 0.3],
    [urls(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), urls(10, 9, 8, 7, 6, 5, 4, 3, 2, 1), 1],
    [urls(1, 2, 3), urls(4, 5, 6), 0],
    [[], urls(1), 0],
    [[], [], 0],
    [urls(1, 1, 1, 2), urls(1, 2, 2), 0.2], // duplicates count once
    [["", "", "example.com/1"], ["", "example.com/1"], 0.1], // "" names no URL
    // Only the first 10 of each count: 11 and 12 are beyond the centroid's top 10.
    [urls(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), urls(11, 12, 1), 0.1],
    [urls(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), urls(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), 1],
  ])("%j and %j -> %d", (centroid, keyword, similarity) => {
    expect(urlOverlapSimilarity(centroid, keyword)).toBe(similarity);
  });

  it("is symmetric, in [0, 1], and has at most 2 decimals", () => {
    const url = fc.integer({ min: 0, max: 15 }).map((id) => `example.com/${id}`);
    fc.assert(
      fc.property(fc.array(url, { maxLength: 20 }), fc.array(url, { maxLength: 20 }), (a, b) => {
        const similarity = urlOverlapSimilarity(a, b);
        expect(similarity).toBe(urlOverlapSimilarity(b, a));
        expect(similarity).toBeGreaterThanOrEqual(0);
        expect(similarity).toBeLessThanOrEqual(1);
        expect(Math.round(similarity * 100) / 100).toBe(similarity);
        expect(urlOverlapSimilarity(a, a)).toBe(Math.min(new Set(a.slice(0, 10)).size, 10) / 10);
      }),
    );
  });
});
