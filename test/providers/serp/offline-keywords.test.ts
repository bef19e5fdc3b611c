// How the offline web reads keywords: the entity (head terms, plurals and synonyms folded),
// the intent facet, and phrases.
import { describe, expect, it } from "vitest";
import { facetWords, FACETS } from "../../../src/providers/serp/offline-facets";
import { analyzeKeyword, headTerms, phraseFor, stem, tokenize } from "../../../src/providers/serp/offline-keywords";

describe("head terms", () => {
  it("drop stopwords, facet words, qualifiers and years, fold plurals and sort", () => {
    expect(headTerms("Best Running Shoes 2024")).toEqual(["running", "shoe"]);
    expect(headTerms("running shoes near me")).toEqual(["running", "shoe"]);
    expect(headTerms("how to choose a running shoe")).toEqual(["running", "shoe"]);
    expect(headTerms("shoes running")).toEqual(["running", "shoe"]);
    expect(headTerms("cheap flights vs trains")).toEqual(["flight", "train"]);
  });

  it("drop audience qualifiers and stray letters", () => {
    // "men" narrows a search without changing its entity: "men's shoes" is about shoes.
    expect(headTerms("men's shoes")).toEqual(["shoe"]);
    expect(headTerms("vitamin d")).toEqual(["vitamin"]);
  });

  it("fold synonyms and abbreviations through WordNet, and the verb of a how-to", () => {
    expect(headTerms("coffee grinders")).toEqual(headTerms("coffee mill"));
    expect(headTerms("caffe latte")).toEqual(["latte"]);
    expect(headTerms("espresso machine")).toEqual(headTerms("espresso maker"));
    expect(headTerms("k8s monitoring")).toEqual(["kubernetes", "monitoring"]);
    expect(headTerms("vegan meal prepping")).toEqual(headTerms("vegan meal prep"));
    expect(headTerms("how to cook tofu")).toEqual(["tofu"]);
    // An adjective describes the thing; a noun (even one used as an adjective) names it.
    expect(headTerms("crispy tofu recipe")).toEqual(["tofu"]);
    expect(headTerms("french press")).toEqual(["french", "press"]);
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

describe("facets", () => {
  it("read the intent from the modifiers, the more specific facet winning", () => {
    const facet = (k: string) => analyzeKeyword(k).facet;
    expect(["aeropress recipe", "aeropress ratio", "aeropress temperature", "how to use an aeropress"].map(facet)).toEqual([
      "howto",
      "howto",
      "howto",
      "howto",
    ]);
    expect(["best aeropress", "aeropress price", "aeropress review", "buy aeropress"].map(facet)).toEqual([
      "buying",
      "buying",
      "buying",
      "buying",
    ]);
    expect(facet("aeropress near me")).toBe("local");
    expect(facet("aeropress vs french press")).toBe("comparison");
    expect(facet("how to clean an aeropress")).toBe("cleaning");
    expect(facet("best aeropress recipe")).toBe("howto");
    expect(facet("what is an aeropress")).toBe("definitions");
    expect(facet("aeropress")).toBe("general");
  });

  it("keep the entity whatever the facet", () => {
    const entities = ["aeropress recipe", "aeropress near me", "best aeropresses", "how to clean an aeropress"].map(headTerms);
    for (const e of entities) expect(e).toEqual(["aeropress"]);
  });

  it("list their words once each, in lowercase", () => {
    const words = facetWords();
    for (const f of FACETS) for (const m of [...f.strong, ...f.weak]) for (const w of m.split(" ")) expect(words.has(w)).toBe(true);
    for (const w of words) expect(w).toBe(w.toLowerCase());
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
