import { describe, expect, it } from "vitest";
import { pickFacts } from "../../../src/platform/page-analysis";
import { KOMBUCHA_PAGES } from "./kombucha-pages";

describe("pickFacts", () => {
  it("picks the sentences closest to the section, each with its page", () => {
    const facts = pickFacts(KOMBUCHA_PAGES, {
      heading: "Second Fermentation",
      points: ["Flavouring with fruit"],
      terms: ["second fermentation"],
    });
    expect(facts.length).toBeGreaterThan(0);
    expect(facts[0]!.text).toMatch(/second fermentation/i);
    for (const f of facts) {
      expect(KOMBUCHA_PAGES.find((p) => p.url === f.url)!.text).toContain(f.text);
      expect(f.text.split(/\s+/).length).toBeGreaterThanOrEqual(8);
      expect(f.text.split(/\s+/).length).toBeLessThanOrEqual(45);
    }
  });

  it("prefers a sentence with a figure among equally close ones", () => {
    const pages = [
      { url: "https://a.example/", text: "Second fermentation gives bottled kombucha its fizz and its lively taste." },
      { url: "https://b.example/", text: "Second fermentation gives bottled kombucha fizz within 3 days at room warmth." },
    ];
    expect(pickFacts(pages, { heading: "Second fermentation" }).map((f) => f.url)).toEqual(["https://b.example/", "https://a.example/"]);
  });

  it("takes at most two sentences a page, at most `max`, and no near-duplicates", () => {
    const same = "Kombucha second fermentation in sealed bottles adds the fizz that people like.";
    const pages = [
      {
        url: "https://a.example/",
        text: `${same} ${same} Second fermentation in bottles takes 3 days at room warmth. Second fermentation bottles can burst when left too long.`,
      },
      { url: "https://b.example/", text: "Second fermentation with ginger gives a spicy kombucha that many brewers enjoy." },
    ];
    const facts = pickFacts(pages, { heading: "Second fermentation in bottles" });
    expect(facts.filter((f) => f.url === "https://a.example/")).toHaveLength(2);
    expect(facts.filter((f) => f.text === same).length).toBeLessThanOrEqual(1);
    expect(pickFacts(pages, { heading: "Second fermentation in bottles" }, 1)).toHaveLength(1);
  });

  it("leaves out questions, calls to act and sentences off the subject", () => {
    const pages = [
      {
        url: "https://a.example/",
        text: "Have you ever tried a second fermentation with berries at home?\n\nClick here to subscribe for more second fermentation recipes every week.\n\nGardening in spring needs good compost and plenty of patience from every gardener.",
      },
    ];
    expect(pickFacts(pages, { heading: "Second fermentation" })).toEqual([]);
  });
});
