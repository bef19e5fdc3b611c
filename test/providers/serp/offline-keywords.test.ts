// How the offline web reads keywords: head terms, plural folding and phrases.
import { describe, expect, it } from "vitest";
import { analyzeKeyword, headTerms, phraseFor, stem, tokenize } from "../../../src/providers/serp/offline-keywords";

describe("head terms", () => {
  it("drop stopwords, modifiers and years, fold plurals and sort", () => {
    expect(headTerms("Best Running Shoes 2024")).toEqual(["running", "shoe"]);
    expect(headTerms("running shoes near me")).toEqual(["running", "shoe"]);
    expect(headTerms("how to choose a running shoe")).toEqual(["running", "shoe"]);
    expect(headTerms("shoes running")).toEqual(["running", "shoe"]);
    expect(headTerms("cheap flights vs trains")).toEqual(["flight", "train"]);
  });

  it("keep a possessive's word and drop stray letters", () => {
    expect(headTerms("men's shoes")).toEqual(["men", "shoe"]);
    expect(headTerms("vitamin d")).toEqual(["vitamin"]);
  });

  it("keep every word of a keyword made only of modifiers, and give symbol-only keywords a term", () => {
    expect(headTerms("how to")).toEqual(["how", "to"]);
    expect(headTerms("???")).toEqual(["???"]);
    expect(headTerms("   ")).toEqual([]);
  });

  it("work in any script", () => {
    expect(headTerms("café près de moi")).toEqual(["café", "de", "moi", "près"]);
    expect(tokenize("日本語 キーボード")).toEqual(["日本語", "キーボード"]);
  });
});

describe("stem", () => {
  it("folds common plurals and leaves singular look-alikes", () => {
    const cases: Record<string, string> = {
      shoes: "shoe",
      batteries: "battery",
      boxes: "box",
      watches: "watch",
      glasses: "glass",
      glass: "glass",
      status: "status",
      analysis: "analysis",
      news: "news",
      gas: "gas",
      "4k": "4k",
    };
    for (const [word, expected] of Object.entries(cases)) expect(stem(word)).toBe(expected);
  });
});

describe("analyzeKeyword", () => {
  it("spots questions and commercial intent", () => {
    expect(analyzeKeyword("How do I descale a kettle").question).toBe(true);
    expect(analyzeKeyword("kettle descaling?").question).toBe(true);
    expect(analyzeKeyword("kettle descaling").question).toBe(false);
    expect(analyzeKeyword("buy kettle").commercial).toBe(true);
    expect(analyzeKeyword("kettle history").commercial).toBe(false);
  });
});

describe("phraseFor", () => {
  it("uses the keyword's own words in its order, with joining words between them", () => {
    const keyword = analyzeKeyword("best running shoes for men 2025");
    expect(phraseFor(keyword, ["men", "running", "shoe"])).toBe("running shoes for men");
    expect(phraseFor(keyword, ["running", "shoe"])).toBe("running shoes");
    expect(phraseFor(keyword, ["men"])).toBe("men");
    expect(phraseFor(keyword, ["unrelated"])).toBe("unrelated");
  });
});
