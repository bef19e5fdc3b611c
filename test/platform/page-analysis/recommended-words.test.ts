import { describe, expect, it } from "vitest";
import { recommendedWords } from "../../../src/platform/page-analysis/recommended-words";

describe("recommendedWords", () => {
  it("takes the median and quartiles of the usable pages, rounded to 50", () => {
    const pages = [900, 1200, 1800, 2200, 90].map((wordCount) => ({ wordCount }));
    expect(recommendedWords(pages)).toEqual({ target: 1500, min: 1150, max: 1900 });
  });

  it("ignores pages under 150 words and is null without a usable page", () => {
    expect(recommendedWords([{ wordCount: 149 }, { wordCount: 20 }])).toBeNull();
    expect(recommendedWords([])).toBeNull();
    expect(recommendedWords([{ wordCount: 1010 }, { wordCount: 100 }])).toEqual({ target: 1000, min: 1000, max: 1000 });
  });
});
