// The web research and fact-check specialists: facts only from the sources given, each with its
// URL; claims flagged only when no source backs them, with the reason.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { factCheck, toSources, webResearch, type Source } from "../../../src/modules/articles/specialists";
import { markersIn, numbersIn } from "../../../src/modules/articles/specialists/common";
import { COFFEE_SERP } from "../../providers/generation/fixtures";
import { COFFEE_SECTIONS } from "./fixtures";
import { parseJson } from "../../helpers/json";

const snippetOf = (url: string, sources: Source[]) => sources.find((s) => s.url === url)?.snippet ?? "";
const section = (position: number, heading: string, draft: string) => ({ position, heading, draft });

describe("webResearch", () => {
  it("basic: the strongest facts of the snippets for the whole article, each with its source", () => {
    const { mode, facts } = webResearch(COFFEE_SECTIONS, COFFEE_SERP, "basic");
    expect(mode).toBe("basic");
    expect(facts.length).toBe(5);
    for (const f of facts) {
      expect(f.position).toBeNull();
      expect(snippetOf(f.source_url, COFFEE_SERP)).toContain(f.fact.replace(/\.$/, ""));
      expect(f.source_title).toBe(COFFEE_SERP.find((s) => s.url === f.source_url)!.title);
      expect(f.matched_terms.length).toBeGreaterThan(0);
    }
    // At most two facts from one page.
    const perSource = new Map<string, number>();
    for (const f of facts) perSource.set(f.source_url, (perSource.get(f.source_url) ?? 0) + 1);
    expect(Math.max(...perSource.values())).toBeLessThanOrEqual(2);
    expect(facts.map((f) => f.fact)).toContain("Blade grinders are cheaper but leave fines that taste bitter.");
  });

  it("leaves out pages talking about themselves and facts the drafts already give", () => {
    const all = [
      ...webResearch(COFFEE_SECTIONS, COFFEE_SERP, "basic").facts,
      ...webResearch(COFFEE_SECTIONS, COFFEE_SERP, "advanced").facts,
    ].map((f) => f.fact);
    expect(all.some((f) => /^(Learn|Our guide)|we compare/.test(f))).toBe(false);
    // Section 4 already says it; section 1 already gives 195 to 205 degrees Fahrenheit.
    expect(all).not.toContain("Espresso needs a fine grind and high pressure.");
    expect(all.some((f) => f.includes("195 and 205"))).toBe(false);
  });

  it("advanced: more facts, each placed under the section it fits", () => {
    const basic = webResearch(COFFEE_SECTIONS, COFFEE_SERP, "basic").facts;
    const { mode, facts } = webResearch(COFFEE_SECTIONS, COFFEE_SERP, "advanced");
    expect(mode).toBe("advanced");
    expect(facts.length).toBeGreaterThan(basic.length);
    const placed = Object.fromEntries(facts.map((f) => [f.fact, f.position]));
    expect(placed["Burr grinders produce an even grind size, which gives a balanced extraction."]).toBe(2);
    expect(placed["Water that is too hot extracts bitter flavors."]).toBe(3);
    expect(facts.map((f) => f.position)).toEqual([...facts.map((f) => f.position)].sort((a, b) => a! - b!));
  });

  it("places facts by the section's own words, not the article's subject", () => {
    const sections = [
      section(1, "Coffee at a Glance", "Coffee is a drink made from beans. Coffee is popular."),
      section(2, "Storing Coffee Beans", "Keep coffee beans in an airtight container away from light."),
    ];
    const sources = [
      {
        url: "https://store.example/a",
        title: "Storage",
        snippet: "Whole coffee beans stay fresh for 2 to 4 weeks in an airtight container.",
      },
    ];
    expect(webResearch(sections, sources, "advanced").facts).toEqual([
      expect.objectContaining({
        position: 2,
        fact: "Whole coffee beans stay fresh for 2 to 4 weeks in an airtight container.",
        source_url: "https://store.example/a",
      }),
    ]);
  });

  it("gives nothing without sources, and nothing from unrelated or unusable ones", () => {
    for (const mode of ["basic", "advanced"] as const) {
      expect(webResearch(COFFEE_SECTIONS, [], mode)).toEqual({ mode, facts: [] });
      expect(webResearch(COFFEE_SECTIONS, [{ url: "https://x.example", title: "T" }], mode).facts).toEqual([]);
      const offTopic = [{ url: "https://tax.example", snippet: "The 2024 tax return deadline in the United States is April 15." }];
      expect(webResearch(COFFEE_SECTIONS, offTopic, mode).facts).toEqual([]);
      const noUrl = [{ url: "javascript:alert(1)", snippet: "Burr grinders give 40 percent more even grounds than blade grinders." }];
      expect(webResearch(COFFEE_SECTIONS, noUrl, mode).facts).toEqual([]);
    }
  });

  it("uses the domain when a source has no title, and reads a brief's competitor data", () => {
    const sources = toSources([
      { position: 1, url: "https://www.grind.example/x", snippet: "Burr grinders cost between 50 and 300 dollars for home use." },
      { url: "https://www.grind.example/x", snippet: "duplicate" },
      { url: "ftp://nope.example", snippet: "ignored" },
      "junk",
      null,
    ]);
    expect(sources).toEqual([
      { url: "https://www.grind.example/x", snippet: "Burr grinders cost between 50 and 300 dollars for home use." },
    ]);
    expect(webResearch(COFFEE_SECTIONS, sources, "basic").facts).toEqual([
      {
        position: null,
        fact: "Burr grinders cost between 50 and 300 dollars for home use.",
        source_url: "https://www.grind.example/x",
        source_title: "grind.example",
        matched_terms: ["grinders", "home"],
      },
    ]);
    expect(toSources(null)).toEqual([]);
  });

  it("only ever quotes a given source's snippet, with that source's URL, deterministically", () => {
    const sentence = fc.constantFrom(
      "Burr grinders give an even grind.",
      "Water at 96 degrees extracts well.",
      "Learn more about coffee today.",
      "The French press uses a metal filter.",
      "What is the best grinder?",
      "Espresso shots take 25 to 30 seconds.",
    );
    const source = fc.record({
      url: fc.webUrl(),
      title: fc.option(fc.string(), { nil: undefined }),
      snippet: fc.array(sentence, { maxLength: 4 }).map((s) => s.join(" ")),
    });
    fc.assert(
      fc.property(fc.array(source, { maxLength: 6 }), fc.constantFrom("basic" as const, "advanced" as const), (sources, mode) => {
        const result = webResearch(COFFEE_SECTIONS, sources, mode);
        expect(webResearch(COFFEE_SECTIONS, structuredClone(sources), mode)).toEqual(result);
        for (const f of result.facts) {
          expect(sources.some((s) => s.url === f.source_url && s.snippet.includes(f.fact))).toBe(true);
        }
        expect(parseJson(JSON.stringify(result))).toEqual(result);
      }),
    );
  });
});

describe("factCheck", () => {
  const result = factCheck(COFFEE_SECTIONS, COFFEE_SERP);
  const flagged = (claim: string) => result.flagged.find((f) => f.claim === claim);

  it("flags a figure no source gives, naming the figures the sources do give", () => {
    expect(flagged("The ideal water temperature is 212 degrees Fahrenheit, straight off the boil.")).toEqual({
      position: 3,
      heading: "Water Temperature Explained",
      claim: "The ideal water temperature is 212 degrees Fahrenheit, straight off the boil.",
      signals: ["number"],
      reason:
        'The sources on this give other figures (195, 205), not "212"; closest: thermo.example, "The ideal water temperature for brewing coffee is between 195 and 205 degrees Fahrenheit."',
      closest_source_url: "https://thermo.example/water",
    });
  });

  it("does not flag a figure a source gives", () => {
    const claim = "Brew with water between 195 and 205 degrees Fahrenheit and weigh your coffee instead of using scoops.";
    expect(flagged(claim)).toBeUndefined();
    expect(result.supported).toContainEqual({ position: 1, claim, source_url: "https://thermo.example/water" });
  });

  it("flags superlatives and absolutes no source backs, with the words", () => {
    const worst = flagged("Blade grinders are always the worst choice for espresso.")!;
    expect(worst.signals).toEqual(["superlative", "absolute"]);
    expect(worst.reason).toMatch(/^The sources discuss this but none backs the claims "worst" and "always"; closest: grinders\.example/);
    expect(flagged("The French press is the easiest method for beginners because it forgives a rough grind.")!.reason).toMatch(
      /the superlative "easiest"/,
    );
  });

  it("flags a claim no source discusses at all", () => {
    expect(flagged("Cold brew takes 12 to 24 hours to steep in the fridge.")!.reason).toBe(
      "None of the 5 sources discusses this: no source sentence shares enough of its words.",
    );
  });

  it("checks only claims: not questions, hedges or plain statements", () => {
    expect(result.checked).toBe(result.flagged.length + result.supported.length);
    const claims = [...result.flagged.map((f) => f.claim), ...result.supported.map((s) => s.claim)];
    expect(claims).not.toContain("What grinder should you buy?");
    expect(claims).not.toContain("In most cases a kettle with a thermometer is enough.");
    expect(claims).not.toContain("Grind size controls how fast water pulls flavor out of the coffee.");
    expect(result.checked).toBe(5);
  });

  it("lets a source back a superlative with a word of the same kind, and a spelled-out number", () => {
    const sections = [
      section(1, "Water", "The best water temperature for brewing coffee is between 195 and 205 degrees Fahrenheit."),
      section(2, "Methods", "There are 7 popular coffee brewing methods."),
    ];
    const sources = [
      ...COFFEE_SERP,
      { url: "https://methods.example", title: "Methods", snippet: "There are seven popular coffee brewing methods worth knowing." },
    ];
    const checked = factCheck(sections, sources);
    expect(checked.flagged).toEqual([]);
    expect(checked.supported.map((s) => s.source_url)).toEqual(["https://thermo.example/water", "https://methods.example"]);
  });

  it("flags every claim when there are no sources, and finds nothing in drafts without claims", () => {
    const none = factCheck(COFFEE_SECTIONS, []);
    expect(none.checked).toBe(5);
    expect(none.supported).toEqual([]);
    for (const f of none.flagged) {
      expect(f.reason).toBe("There are no sources to check it against.");
      expect(f.closest_source_url).toBeNull();
    }
    expect(factCheck([section(1, "Grind", "Grind the beans just before brewing.")], COFFEE_SERP)).toEqual({
      checked: 0,
      flagged: [],
      supported: [],
    });
    expect(factCheck([], COFFEE_SERP)).toEqual({ checked: 0, flagged: [], supported: [] });
  });

  it("reads figures and claim words the way it says", () => {
    expect(numbersIn("It costs $1,200.50 or 3.50, from 195-205 degrees, 50% of the time")).toEqual(["1200.5", "3.5", "195", "205", "50"]);
    expect(numbersIn("seven cups and one spoon", true)).toEqual(["7", "1"]);
    expect(markersIn("It is the biggest and always works.").map((m) => [m.group, m.word])).toEqual([
      ["largest", "biggest"],
      ["always", "always"],
    ]);
    expect(markersIn("In most cases, at least, it is top of the class and leading to ideal results.")).toEqual([]);
  });
});
