// The yardstick of issue 22 (bench/lib/offline-quality) on small worlds made by hand: each metric
// counts what it should and passes over what it should not, so the figures cannot look good by
// accepting anything. The labelled brand set is checked for the shape point 8 asks of it.
import { describe, expect, it } from "vitest";
import { OFFLINE_BRANDS, SUBJECT_CLASSES } from "../fixtures/offline-brands";
import { brandWords, type BrandText } from "../../bench/lib/offline-quality/brand-words";
import { measureBrand, type OfflineWorldOutput } from "../../bench/lib/offline-quality/measure";
import { sentences, shopShelfSentences, unsafeTermsIntroduced } from "../../bench/lib/offline-quality/text-metrics";
import { coreTopicIsKeyword } from "../../bench/lib/offline-quality/map-metrics";

const brand = (fields: Partial<BrandText> & { coreTopic: string }): BrandText => ({
  name: "Acme",
  description: "",
  tagline: "",
  targetAudience: "",
  allowedUnsafe: [],
  ...fields,
});

describe("unsafe terms introduced", () => {
  const where = "draft";

  it("counts a harmful term the brand did not bring, once per term with its mentions", () => {
    const cars = brand({ coreTopic: "electric cars", description: "Electric car leasing." });
    const found = unsafeTermsIntroduced(
      [
        { where, text: "How to use a car bomb" },
        { where: "brief heading", text: "buy car bombs" },
      ],
      cars,
      brandWords(cars),
    );
    expect(found).toEqual([{ term: "car bomb", domain: "weapons and explosives", mentions: 2, where, text: "How to use a car bomb" }]);
  });

  it("counts the harmful phrase next to a brand's own word", () => {
    const bath = brand({ coreTopic: "bath bombs" });
    const found = unsafeTermsIntroduced([{ where, text: "Bath bombs, pipe bombs and grenades." }], bath, brandWords(bath));
    expect(found.map((f) => f.term)).toEqual(["pipe bomb", "grenade"]);
  });

  it("does not count the brand's own words, its allowed terms, innocent phrases or parts of words", () => {
    const bath = brand({ coreTopic: "bath bombs" });
    const clay = brand({ coreTopic: "clay pigeon shooting", allowedUnsafe: ["shotgun"] });
    const texts = [{ where, text: "Bath bombs fizz. Use bullet points. A bombastic glue gun." }];
    expect(unsafeTermsIntroduced(texts, bath, brandWords(bath))).toEqual([]);
    expect(unsafeTermsIntroduced([{ where, text: "Shotguns for clay shooting" }], clay, brandWords(clay))).toEqual([]);
  });
});

describe("core topic as a map keyword", () => {
  it("counts the topic as typed, case and spacing normalised", () => {
    expect(coreTopicIsKeyword("  Bass   Fishing ", ["bass", "bass fishing"])).toBe(true);
  });

  it("does not count its words apart or a longer keyword", () => {
    expect(coreTopicIsKeyword("bass fishing", ["bass", "fishing", "bass fishing tips"])).toBe(false);
  });
});

describe("shop-shelf advice", () => {
  const crm = brandWords(brand({ coreTopic: "crm software", description: "A CRM for small sales teams." }));

  it("counts sentences with product-shelf markers, gaps included", () => {
    const draft =
      "Buy crm software in a size or quantity that matches real use. Compare integrations first.\nSwitch the pipeline view off and restart.";
    expect(shopShelfSentences([draft], crm)).toEqual([
      "Buy crm software in a size or quantity that matches real use.",
      "Switch the pipeline view off and restart.",
    ]);
  });

  it("does not count plain sentences, or a marker the brand's own words contain", () => {
    const cleaners = brandWords(brand({ coreTopic: "spring cleaning service" }));
    expect(shopShelfSentences(["Compare integrations and pricing tiers before a trial."], crm)).toEqual([]);
    expect(shopShelfSentences(["Book a cleaning before you move out."], cleaners)).toEqual([]);
  });
});

describe("sentences of a draft", () => {
  it("splits after end marks, bold headings included, and drops list marks", () => {
    expect(sentences("**What Does It Cost?** Prices vary. Ask first!\n- A list item.")).toEqual([
      "What Does It Cost?",
      "Prices vary.",
      "Ask first!",
      "A list item.",
    ]);
  });
});

describe("measureBrand", () => {
  const world = (drafts: string[]): OfflineWorldOutput => ({
    mapKeywords: ["crm software"],
    clusters: [["crm software"]],
    briefs: [{ agent_version: "x", title: "CRM Software", meta_description: "", header_sections: [] }],
    drafts,
    ms: 12,
  });
  const crm = { ...brand({ coreTopic: "crm software" }), subjectClass: "software" };

  it("reads shop-shelf advice and unsafe terms from draft sentences", () => {
    const quality = measureBrand(crm, world(["Pick dishwasher-safe parts. Avoid the casino."]));
    expect(quality.shopShelf).toEqual(["Pick dishwasher-safe parts."]);
    expect(quality.unsafe.map((u) => [u.term, u.where, u.text])).toEqual([["casino", "draft", "Avoid the casino."]]);
    expect(quality).toMatchObject({ coreTopicIsKeyword: true, ms: 12 });
  });

  it("leaves shop-shelf advice unmeasured for a product", () => {
    expect(measureBrand({ ...crm, subjectClass: "product" }, world(["Pick dishwasher-safe parts."])).shopShelf).toBeNull();
  });
});

describe("the labelled brand set", () => {
  it("has at least 40 brands, at least 5 per class, and none of the showcase or reported topics", () => {
    expect(OFFLINE_BRANDS.length).toBeGreaterThanOrEqual(40);
    for (const subjectClass of SUBJECT_CLASSES)
      expect(OFFLINE_BRANDS.filter((b) => b.subjectClass === subjectClass).length).toBeGreaterThanOrEqual(5);
    const excluded = [
      "home espresso",
      "kubernetes monitoring",
      "vegan meal prep",
      "python programming",
      "electric cars",
      "emergency plumber in london",
      "residential solar panels",
      "houseplant care",
      "mountain biking",
      "personal finance for students",
      "dog biscuit",
      "wedding photography",
      "crm software",
    ];
    for (const b of OFFLINE_BRANDS) {
      expect(excluded).not.toContain(b.coreTopic);
      expect(b.coreTopic.split(" ").length).toBeLessThanOrEqual(4);
    }
    expect(new Set(OFFLINE_BRANDS.map((b) => b.coreTopic)).size).toBe(OFFLINE_BRANDS.length);
  });
});
