// An article's type from its query (and the maps' intent and content type), and the
// specialists each type gets (docs/conventions.md §6).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  articleType,
  enabledSpecialists,
  SPECIALISTS,
  specialistCredits,
  type ArticleType,
  type SpecialistRequest,
} from "../../../src/modules/articles/article-type";

const typeOf = (queryText: string, extra: { contentType?: string | null; searchIntent?: string | null } = {}) =>
  articleType({ queryText, ...extra });

describe("articleType", () => {
  it.each([
    // Nearness words, wherever they are, questions included.
    ["plumber near me", "local"],
    ["best coffee shop nearby", "local"],
    ["where is the closest pharmacy", "local"],
    ["pizza open now", "local"],
    // A business with a place: "in <place>", city-style, a state code.
    ["plumber in austin", "local"],
    ["emergency plumber austin", "local"],
    ["roofing contractor austin tx", "local"],
    ["dentist austin, tx", "local"],
    ["house cleaning in san jose", "local"],
    ["Dentists in Portland", "local"],
    ["coffee roasters denver, co", "resource"],
    ["bbq joints austin, tx", "local"],
  ])("%s is %s", (query, type) => expect(typeOf(query)).toBe(type));

  it.each([
    ["buy coffee beans", "landing"],
    ["seo pricing", "landing"],
    ["espresso machine price", "landing"],
    ["hire a wedding photographer", "landing"],
    ["kitchen remodel quote", "landing"],
    ["plumbing services", "landing"],
    ["emergency plumber", "landing"],
    ["laptop screen repair", "landing"],
    ["seo agency", "landing"],
  ])("%s is a landing page", (query, type) => expect(typeOf(query)).toBe(type));

  it.each([
    ["coffee brewing", "resource"],
    ["how to fix a leaky tap", "resource"],
    ["how to buy bitcoin", "resource"],
    ["how much does a plumber cost", "resource"],
    ["what is cold brew", "resource"],
    ["best coffee deals", "resource"],
    ["espresso vs latte", "resource"],
    ["plumbing tips", "resource"],
    ["cleaning cast iron", "resource"],
    ["investing in stocks", "resource"],
    ["careers in marketing", "resource"],
    ["plumber salary", "resource"],
    ["hvac basics", "resource"],
    ["dentist reviews", "resource"],
    ["yoga in the morning", "resource"],
    ["best laptops in 2025", "resource"],
    ["design tips, ux", "resource"],
  ])("%s is a resource", (query, type) => expect(typeOf(query)).toBe(type));

  it("takes the intent and content type when given", () => {
    expect(typeOf("coffee beans", { searchIntent: "local" })).toBe("local");
    expect(typeOf("coffee beans", { contentType: "Location page" })).toBe("local");
    expect(typeOf("coffee beans", { contentType: "product page" })).toBe("landing");
    expect(typeOf("coffee beans", { contentType: "landing page" })).toBe("landing");
    expect(typeOf("coffee beans", { searchIntent: "transactional" })).toBe("landing");
    // A resource format wins over a transactional intent ...
    expect(typeOf("coffee beans", { searchIntent: "transactional", contentType: "listicle" })).toBe("resource");
    // ... and a local query stays local whatever the format.
    expect(typeOf("plumber near me", { contentType: "listicle", searchIntent: "informational" })).toBe("local");
    // "guide" is the maps' format for a keyword with no shape: it does not make a landing page a resource.
    expect(typeOf("plumbing services", { contentType: "guide" })).toBe("landing");
    expect(typeOf("coffee beans", { contentType: null, searchIntent: null })).toBe("resource");
    // Unknown intents are ignored and derived from the query instead.
    expect(typeOf("buy coffee beans", { searchIntent: "something else" })).toBe("landing");
  });

  it("ignores case and spacing", () => {
    expect(typeOf("  PLUMBER   Near   ME ")).toBe("local");
    expect(typeOf("Buy Coffee Beans")).toBe("landing");
  });

  it("always answers one of the three types", () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string()), fc.option(fc.string()), (q, contentType, searchIntent) => {
        expect(["resource", "local", "landing"]).toContain(articleType({ queryText: q, contentType, searchIntent }));
      }),
    );
  });
});

describe("enabledSpecialists", () => {
  const all: SpecialistRequest = { web_research: true, fact_check: true, intro_key_takeaways: true, conversion_coach: true };

  it("gives resource pages what they asked for of research, fact check and intro", () => {
    expect(enabledSpecialists("resource", all)).toEqual({
      enabled: ["web_research", "fact_check", "intro_key_takeaways"],
      webResearchMode: "basic",
      dropped: ["conversion_coach"],
    });
    expect(enabledSpecialists("resource", { fact_check: true, web_research_mode: "advanced" })).toEqual({
      enabled: ["fact_check"],
      webResearchMode: "advanced",
      dropped: [],
    });
    expect(enabledSpecialists("resource", {})).toEqual({ enabled: [], webResearchMode: "basic", dropped: [] });
  });

  it("always gives local and landing pages the conversion coach, and only that", () => {
    for (const type of ["local", "landing"] as const) {
      expect(enabledSpecialists(type, {})).toEqual({ enabled: ["conversion_coach"], webResearchMode: "basic", dropped: [] });
      expect(enabledSpecialists(type, { conversion_coach: false })).toEqual({
        enabled: ["conversion_coach"],
        webResearchMode: "basic",
        dropped: [],
      });
      expect(enabledSpecialists(type, all)).toEqual({
        enabled: ["conversion_coach"],
        webResearchMode: "basic",
        dropped: ["web_research", "fact_check", "intro_key_takeaways"],
      });
    }
  });

  it("counts only true as a request, and only 'advanced' as the advanced mode", () => {
    const loose = { web_research: "yes", fact_check: 1, web_research_mode: "ADVANCED" } as unknown as SpecialistRequest;
    expect(enabledSpecialists("resource", loose)).toEqual({ enabled: [], webResearchMode: "basic", dropped: [] });
  });

  it("enables a subset of the specialists in their order, drops only what was asked for, and costs 2 credits each", () => {
    const types: ArticleType[] = ["resource", "local", "landing"];
    const request = fc.record(
      {
        web_research: fc.boolean(),
        fact_check: fc.boolean(),
        intro_key_takeaways: fc.boolean(),
        conversion_coach: fc.boolean(),
        web_research_mode: fc.constantFrom("basic" as const, "advanced" as const),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.constantFrom(...types), request, (type, req) => {
        const { enabled, dropped } = enabledSpecialists(type, req);
        expect(enabled).toEqual(SPECIALISTS.filter((s) => enabled.includes(s)));
        for (const d of dropped) expect(req[d as keyof SpecialistRequest]).toBe(true);
        for (const e of enabled) expect(dropped).not.toContain(e);
        expect(enabled.includes("conversion_coach")).toBe(type !== "resource");
        expect(specialistCredits(enabled)).toBe(2 * enabled.length);
      }),
    );
  });
});
