import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sharedTerms } from "../../../src/platform/page-analysis/shared-terms";
import { KOMBUCHA_PAGES } from "./kombucha-pages";

describe("sharedTerms", () => {
  const terms = sharedTerms(KOMBUCHA_PAGES, 1500);
  const names = terms.map((t) => t.term);

  it("finds the terms and entities the pages share, the query's own word among them", () => {
    expect(names).toEqual(expect.arrayContaining(["kombucha", "scoby", "second fermentation", "black tea", "starter tea"]));
    expect(terms.find((t) => t.term === "kombucha")?.pages).toBe(5);
    expect(terms.find((t) => t.term === "scoby")?.pages).toBe(4);
  });

  it("leaves out page furniture, URL fragments, numbers and stop words at either end", () => {
    for (const name of names) {
      expect(name).not.toMatch(/click|read more|privacy|policy|posted|team|https|example|\bcom\b/);
      expect(name).not.toMatch(/^\d|\s\d/);
      expect(name).not.toMatch(/^(the|of|and|a|with|in)\b|\b(the|of|and|a|with|in)$/);
    }
  });

  it("lets a longer term absorb a shorter one that never occurs outside it", () => {
    // "fermentation" appears only as "second fermentation" (and once as "first fermentation", on one page).
    expect(names).toContain("second fermentation");
    expect(names).not.toContain("second");
    // "tea" occurs outside "black tea" ("fermented tea", "starter tea"), so it stays.
    expect(names).toContain("tea");
  });

  it("puts the most shared first, then the most used", () => {
    for (let i = 1; i < terms.length; i++) expect(terms[i - 1]!.pages).toBeGreaterThanOrEqual(terms[i]!.pages);
  });

  it("suggests counts scaled to the recommended length", () => {
    const scoby = terms.find((t) => t.term === "scoby")!;
    expect(scoby.min_count).toBeGreaterThanOrEqual(1);
    expect(scoby.max_count).toBeGreaterThanOrEqual(scoby.min_count);
    // Twice the length, about twice the uses.
    const longer = sharedTerms(KOMBUCHA_PAGES, 3000).find((t) => t.term === "scoby")!;
    expect(longer.max_count).toBeGreaterThan(scoby.max_count);
  });

  it("needs at least two pages and 30% of those read", () => {
    const page = (text: string) => ({ text, headings: [], wordCount: 300 });
    expect(sharedTerms([page("Sourdough starter needs flour.")], null)).toEqual([]);
    const many = [page("sourdough starter"), page("sourdough starter"), ...Array.from({ length: 8 }, () => page("bread"))];
    expect(sharedTerms(many, null).map((t) => t.term)).not.toContain("sourdough starter");
    expect(sharedTerms(many, null).map((t) => t.term)).toContain("bread");
  });

  it("holds its promises for any pages: 1 <= min <= max, every term on two pages or more, at most 40", () => {
    const word = fc.constantFrom("tea", "scoby", "the", "black", "sugar", "of", "bottle", "2", "yeast", "and", "fruit", "click");
    const text = fc.array(
      fc.array(word, { minLength: 1, maxLength: 12 }).map((w) => w.join(" ")),
      { maxLength: 6 },
    );
    const page = fc.record({
      text: text.map((s) => s.join(". ")),
      headings: fc.constant([]),
      wordCount: fc.integer({ min: 0, max: 4000 }),
    });
    fc.assert(
      fc.property(fc.array(page, { maxLength: 8 }), fc.option(fc.integer({ min: 100, max: 5000 })), (pages, target) => {
        const out = sharedTerms(pages, target);
        expect(out.length).toBeLessThanOrEqual(40);
        for (const t of out) {
          expect(t.min_count).toBeGreaterThanOrEqual(1);
          expect(t.max_count).toBeGreaterThanOrEqual(t.min_count);
          expect(t.pages).toBeGreaterThanOrEqual(2);
          expect(t.pages).toBeGreaterThanOrEqual(0.3 * pages.length);
        }
      }),
    );
  });
});
