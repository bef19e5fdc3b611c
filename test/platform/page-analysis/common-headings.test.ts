import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commonHeadings, placeOnPages } from "../../../src/platform/page-analysis/common-headings";
import { headingKey, queryStems, sameMeaning } from "../../../src/platform/page-analysis/heading-key";
import { KOMBUCHA_PAGES } from "./kombucha-pages";

describe("commonHeadings", () => {
  const groups = commonHeadings(KOMBUCHA_PAGES, "kombucha");

  it("groups the pages' H2s by meaning, numbering and punctuation aside, under the wording most use", () => {
    expect(groups.map((g) => g.heading)).toEqual(["What Is Kombucha?", "Health benefits", "How to Brew Kombucha", "Second Fermentation"]);
    const benefits = groups[1]!;
    expect(benefits.pages).toBe(3);
    expect(benefits.variants).toEqual(["Health benefits", "Kombucha benefits", "Health benefits of kombucha"]);
    expect(groups[2]!.variants).toEqual(["How to Brew Kombucha", "Brewing kombucha"]);
  });

  it("keeps only what two pages share, and no page title or table of contents", () => {
    const all = groups.flatMap((g) => g.variants).join(" | ");
    expect(all).not.toMatch(/What You Need|Risks|Table of Contents|How to Make Kombucha at Home|Complete Guide/);
    for (const g of groups) expect(g.pages).toBeGreaterThanOrEqual(2);
  });

  it("gives each group the H3s its pages put under it, most shared first", () => {
    expect(groups[2]!.subheadings).toEqual(["Black tea"]);
    expect(groups[3]!.subheadings).toEqual(["Flavouring with fruit"]);
  });

  it("labels a tie with the shortest wording and orders equal shares by place on the page", () => {
    const page = (headings: string[]) => ({ title: "T", headings: headings.map((text) => ({ level: 2 as const, text })) });
    const out = commonHeadings(
      [page(["Costs", "Tree felling prices"]), page(["Tree felling price", "How much does it cost?"])],
      "tree felling",
    );
    expect(out.map((g) => g.heading)).toEqual(["Costs", "Tree felling price"]);
  });

  it("tells apart questions that share only their opener", () => {
    const q = queryStems("kombucha");
    expect(sameMeaning(headingKey("What Is Kombucha?", q), headingKey("What is a SCOBY?", q))).toBe(false);
    expect(sameMeaning(headingKey("What Is Kombucha?", q), headingKey("What is kombucha tea", q))).toBe(true);
    expect(sameMeaning(headingKey("Step 3: Bottling", q), headingKey("4. Bottling your kombucha", q))).toBe(true);
    expect(sameMeaning(headingKey("Benefits", q), headingKey("Risks", q))).toBe(false);
  });

  it("places a group where its pages put it", () => {
    expect(placeOnPages(groups[0]!, KOMBUCHA_PAGES)).toBeLessThan(placeOnPages(groups[3]!, KOMBUCHA_PAGES));
  });

  it("never puts a page heading in two groups and counts distinct pages", () => {
    const text = fc.constantFrom(
      "What is kombucha",
      "Benefits",
      "Health benefits",
      "Risks",
      "How to brew",
      "Brewing",
      "FAQ",
      "Second fermentation",
      "Costs",
    );
    const page = fc.array(fc.record({ level: fc.constantFrom(1 as const, 2 as const, 3 as const), text }), { maxLength: 8 });
    fc.assert(
      fc.property(fc.array(page, { maxLength: 6 }), (pages) => {
        const input = pages.map((headings) => ({ title: "Kombucha", headings }));
        const out = commonHeadings(input, "kombucha");
        const seen = new Set<string>();
        for (const g of out) {
          expect(g.pages).toBeGreaterThanOrEqual(2);
          expect(g.pages).toBeLessThanOrEqual(pages.length);
          for (const v of g.variants) {
            expect(seen.has(v.toLowerCase())).toBe(false);
            seen.add(v.toLowerCase());
          }
          expect(g.subheadings.length).toBeLessThanOrEqual(6);
        }
      }),
    );
  });
});
