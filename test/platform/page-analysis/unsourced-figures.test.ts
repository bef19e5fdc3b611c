import { describe, expect, it } from "vitest";
import { unsourcedFigures } from "../../../src/platform/page-analysis";

describe("unsourcedFigures", () => {
  const sources = [
    "About 42 percent of brewers use black tea; a starter kit costs $1,200 in bulk.",
    "The market reached 3,500,000 bottles in 1998.",
  ];

  it("finds the figures no source gives, as written", () => {
    const draft = "Kombucha sales grew 17% after 2004. A batch takes 12 weeks and costs €45.50 to make.";
    expect(unsourcedFigures(draft, sources)).toEqual(["17%", "2004", "12 weeks", "€45.50"]);
  });

  it("matches values however they are written: separators, currency, percent words, scale words", () => {
    const draft = "42% of brewers use black tea. A kit costs 1200 dollars, and 3.5 million bottles sold by 1998.";
    expect(unsourcedFigures(draft, sources)).toEqual([]);
  });

  it("ignores list markers, heading numbering and the small counts of a list", () => {
    const draft = "## 3. Bottling\n1. Pour the tea.\n2) Seal it.\nStep 4: Wait.\nHere are 5 ways and 3 tips to flavour it.";
    expect(unsourcedFigures(draft, [])).toEqual([]);
  });

  it("checks small numbers that are not counts of a list, and leaves codes and names alone", () => {
    expect(unsourcedFigures("Ferment for 5 days with H2O and COVID-19 care.", [])).toEqual(["5 days"]);
  });
});
