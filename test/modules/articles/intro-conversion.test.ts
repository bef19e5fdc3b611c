// The intro/key takeaways specialist and the conversion coach: built from the drafts, the title
// and the brand, suggesting only what the drafts lack.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { conversionCoach, factCheck, introKeyTakeaways, webResearch, type DraftedSection } from "../../../src/modules/articles/specialists";
import { sentencesOf } from "../../../src/modules/articles/words";
import { COFFEE_SECTIONS, COFFEE_TITLE, PLUMBER_BRAND, PLUMBER_SECTIONS, PLUMBER_TITLE } from "./fixtures";
import { parseJson } from "../../helpers/json";

const section = (position: number, heading: string, draft: string): DraftedSection => ({ position, heading, draft });

describe("introKeyTakeaways", () => {
  it("draws one takeaway per section, the sentence saying most about its heading, in article order", () => {
    const { intro, key_takeaways } = introKeyTakeaways(COFFEE_TITLE, COFFEE_SECTIONS);
    expect(key_takeaways).toEqual([
      "Brew with water between 195 and 205 degrees Fahrenheit and weigh your coffee instead of using scoops.",
      "Grind size controls how fast water pulls flavor out of the coffee.",
      "The ideal water temperature is 212 degrees Fahrenheit, straight off the boil.",
      "Cold brew takes 12 to 24 hours to steep in the fridge.",
    ]);
    // The lead is the first section's best other sentence; then what the article covers.
    expect(intro).toBe(
      "Good coffee at home comes down to fresh beans, the right grind size and water at the right temperature. This article covers grind size, water temperature and brewing method.",
    );
  });

  it("never takes a transition, a question or a line ending in a colon", () => {
    const { key_takeaways } = introKeyTakeaways("Espresso at Home", [
      section(
        1,
        "Espresso Basics",
        "Having covered grinders, we turn to espresso itself. What makes espresso different? Espresso forces hot water through finely ground coffee at 9 bars of pressure. Here is the espresso checklist:",
      ),
    ]);
    expect(key_takeaways).toEqual(["Espresso forces hot water through finely ground coffee at 9 bars of pressure."]);
  });

  it("keeps between 3 and 6 when the drafts allow, the strongest when there are more sections", () => {
    const many = Array.from({ length: 9 }, (_, i) =>
      section(
        i + 1,
        `Topic${i} Tips`,
        `Topic${i} improves with practice every single week. ${i % 2 === 0 ? `About ${i + 10} percent of topic${i} users agree it works well.` : ""}`,
      ),
    );
    const { key_takeaways } = introKeyTakeaways("Many Topics", many);
    expect(key_takeaways.length).toBe(6);
    expect(key_takeaways.filter((t) => /percent/.test(t)).length).toBe(5);
    const one = introKeyTakeaways("Cold Brew", [
      section(
        1,
        "Cold Brew",
        "Cold brew steeps for 12 hours in cold water. Cold brew tastes smoother than hot coffee to most people. Use a coarse grind for cold brew, or it turns muddy. Cold brew keeps in the fridge for two weeks.",
      ),
    ]).key_takeaways;
    expect(one.length).toBeGreaterThanOrEqual(3);
    expect(one.length).toBeLessThanOrEqual(6);
  });

  it("gives fewer than 3 only when the drafts hold fewer usable sentences, and nothing without drafts", () => {
    expect(
      introKeyTakeaways("Tea", [section(1, "Green Tea", "Green tea has less caffeine than coffee for most drinkers.")]).key_takeaways,
    ).toHaveLength(1);
    expect(introKeyTakeaways("Tea", [])).toEqual({ intro: "", key_takeaways: [] });
    expect(introKeyTakeaways("Tea", [section(1, "Green Tea", "   ")])).toEqual({ intro: "", key_takeaways: [] });
  });

  it("only ever quotes the drafts, deterministically", () => {
    const sentence = fc.constantFrom(
      "Burr grinders give an even grind for espresso.",
      "Water at 96 degrees extracts coffee well.",
      "Below, we look at grinders.",
      "Is a French press worth it?",
      "The French press uses a metal filter and coarse coffee.",
    );
    const drafts = fc.array(
      fc.record({
        heading: fc.constantFrom("Grinders", "French Press", "Water", "FAQ"),
        draft: fc.array(sentence, { maxLength: 5 }).map((s) => s.join(" ")),
      }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(drafts, (list) => {
        const sections = list.map((s, i) => ({ position: i + 1, ...s }));
        const result = introKeyTakeaways("Coffee Gear", sections);
        expect(introKeyTakeaways("Coffee Gear", structuredClone(sections))).toEqual(result);
        const all = new Set(sections.flatMap((s) => sentencesOf(s.draft)));
        for (const t of result.key_takeaways) expect(all.has(t)).toBe(true);
        expect(result.key_takeaways.length).toBeLessThanOrEqual(6);
        expect(new Set(result.key_takeaways).size).toBe(result.key_takeaways.length);
      }),
    );
  });
});

describe("conversionCoach", () => {
  const local = conversionCoach({ title: PLUMBER_TITLE, sections: PLUMBER_SECTIONS, brand: PLUMBER_BRAND, type: "local" });

  it("reads the offer and the place from the title", () => {
    expect(local.offer).toBe("emergency plumber");
    expect(local.place).toBe("Austin, TX");
    expect(local.above_the_fold.headline).toBe("Emergency Plumber in Austin, TX");
  });

  it("puts the phone number first on a local page, as a tel: link", () => {
    expect(local.above_the_fold.primary_cta).toEqual({ text: "Call Bean Plumbing on (512) 555-0142", href: "tel:5125550142" });
    expect(local.above_the_fold.subheadline).toBe("Our emergency plumbers reach most Austin homes within an hour.");
  });

  it("places calls to action where readers decide, skipping sections that already have one", () => {
    expect(local.existing_calls_to_action).toEqual([{ position: 1, text: "Call (512) 555-0142 any time, day or night." }]);
    expect(local.calls_to_action.map((c) => [c.position, c.text])).toEqual([
      [null, "Call Bean Plumbing on (512) 555-0142"],
      [2, "Ask Bean Plumbing for a price"],
      [4, "Call Bean Plumbing on (512) 555-0142"],
    ]);
    expect(local.calls_to_action[1]!.href).toBe("https://beanplumbing.example");
  });

  it("finds the trust signals the drafts give and suggests only the missing ones", () => {
    expect(local.trust_signals.found.map((f) => [f.kind, f.position])).toEqual([
      ["experience", 3],
      ["reviews", 3],
      ["credentials", 3],
    ]);
    // "1,200 reviews" is a rating, not a count of customers served.
    expect(local.trust_signals.missing.map((m) => m.kind)).toEqual(["guarantee", "track_record", "awards"]);
    expect(local.trust_signals.missing[0]!.suggestion).toContain("Bean Plumbing");
    expect(local.above_the_fold.proof_points).toEqual([
      "Rated 4.9 stars from 1,200 reviews, Bean Plumbing has worked in the city since 2009.",
      "Every plumber is licensed and insured.",
    ]);
  });

  it("checks a local page's place, phone, address, hours and service area", () => {
    expect(local.local_details).toEqual({
      place: "Austin, TX",
      mentioned_in: [1],
      missing_from: [2, 3, 4],
      found: { phone: true, address: false, hours: true, service_area: true },
      suggestions: [
        'Mention Austin, TX in "What a Repair Costs", "Why Homeowners Choose Us" and "How It Works".',
        "Give Bean Plumbing's street address in Austin, TX, or say it comes to the customer, so readers and maps can place it.",
      ],
    });
    const complete = conversionCoach({
      title: "Dentist in Leeds",
      sections: [
        section(
          1,
          "Visit Us",
          "Our Leeds practice at 12 Park Row is open Monday to Saturday, 8am to 6pm. We serve Headingley and the surrounding areas. Call 0113 496 0000 to book.",
        ),
      ],
      brand: { name: "Smile Co" },
      type: "local",
    });
    expect(complete.local_details!.suggestions).toEqual([]);
    expect(complete.local_details!.found).toEqual({ phone: true, address: true, hours: true, service_area: true });
  });

  it("suggests naming a place when a local title has none", () => {
    const nearMe = conversionCoach({
      title: "Plumber Near Me",
      sections: [section(1, "Fast Help", "We fix leaks fast.")],
      brand: { name: "Pipe Co" },
      type: "local",
    });
    expect(nearMe.place).toBeNull();
    expect(nearMe.offer).toBe("plumber");
    expect(nearMe.local_details!.suggestions[0]).toBe(
      "The title names no place: say which town Pipe Co serves in the title and the first section.",
    );
  });

  it("coaches a landing page from what it sells, without local details", () => {
    const landing = conversionCoach({
      title: "SEO Pricing: Plans for Small Businesses",
      sections: [
        section(
          1,
          "Plans",
          "Our SEO plans start at $300 a month and every plan includes a free consultation. Small businesses see results within 90 days.",
        ),
        section(2, "What You Get", "Monthly reports, keyword research and technical fixes, backed by a 30-day money-back guarantee."),
      ],
      brand: { name: "Rank Co", websiteUrl: "https://rank.example", targetAudience: "Small business owners" },
      type: "landing",
    });
    expect(landing.offer).toBe("SEO");
    expect(landing.place).toBeNull();
    expect(landing.local_details).toBeNull();
    expect(landing.above_the_fold.primary_cta).toEqual({ text: "Get your free consultation from Rank Co", href: "https://rank.example" });
    expect(landing.trust_signals.found.map((f) => f.kind)).toEqual(["guarantee"]);
    expect(landing.calls_to_action.map((c) => c.position)).toEqual([null, 1, 2]);
  });

  it("falls back to the brand and audience when the first section has no pitch, and is JSON-serializable", () => {
    const bare = conversionCoach({
      title: "Garden Design",
      sections: [],
      brand: { name: "Leaf Co", targetAudience: "Homeowners who want a garden" },
      type: "landing",
    });
    expect(bare.above_the_fold.subheadline).toBe("Leaf Co: garden design for homeowners.");
    expect(bare.above_the_fold.primary_cta).toEqual({ text: "Get started with Leaf Co", href: null });
    expect(parseJson(JSON.stringify(local))).toEqual(local);
  });
});

describe("every specialist", () => {
  it("takes any text without throwing and returns plain JSON, the same each time", () => {
    const text = fc.oneof(
      fc.string(),
      fc.lorem({ mode: "sentences", maxCount: 6 }),
      fc.string({ unit: fc.constantFrom("1", "2", ".", " ", "\n", "(", ")", "-", "A", "b", "$", "%", "!", "?") }),
    );
    const sections = fc.array(fc.record({ position: fc.integer({ min: 1, max: 20 }), heading: text, draft: text }), { maxLength: 5 });
    const sources = fc.array(
      fc.record({
        url: fc.oneof(fc.webUrl(), fc.string()),
        title: fc.option(text, { nil: undefined }),
        snippet: fc.option(text, { nil: undefined }),
      }),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(
        text,
        sections,
        sources,
        fc.constantFrom("resource" as const, "local" as const, "landing" as const),
        (title, list, srcs, type) => {
          const run = () => [
            webResearch(list, srcs, "basic"),
            webResearch(list, srcs, "advanced"),
            factCheck(list, srcs),
            introKeyTakeaways(title, list),
            conversionCoach({ title, sections: list, brand: { name: "Brand" }, type }),
          ];
          const out = run();
          expect(parseJson(JSON.stringify(out))).toEqual(out);
          expect(run()).toEqual(out);
        },
      ),
      { numRuns: 200 },
    );
  });
});
