import { describe, expect, expectTypeOf, it } from "vitest";
import { groundingOf, type PageAnalysisInput } from "../../../src/platform/page-analysis";
import type { BriefGrounding } from "../../../src/providers/generation/types";
import { KOMBUCHA_PAGES } from "./kombucha-pages";

describe("groundingOf", () => {
  const input: PageAnalysisInput = {
    query: "kombucha",
    pages: KOMBUCHA_PAGES,
    questions: ["Is kombucha good for you?"],
    relatedSearches: ["kombucha recipe"],
    aiReferences: [{ url: "https://teatime.example/guide", title: "Guide", domain: "teatime.example" }],
    dataSource: "offline",
  };

  it("gives a brief's grounding: the SERP's lists, the pages without their text, terms, headings and length", () => {
    const g = groundingOf(input);
    expectTypeOf(g).toMatchTypeOf<BriefGrounding>();
    expect(g.questions).toEqual(input.questions);
    expect(g.relatedSearches).toEqual(input.relatedSearches);
    expect(g.aiReferences).toEqual(input.aiReferences);
    expect(g.dataSource).toBe("offline");
    expect(g.pages).toHaveLength(5);
    expect(g.pages[0]).not.toHaveProperty("text");
    expect(g.pages[0]).toMatchObject({ url: KOMBUCHA_PAGES[0]!.url, position: 1, wordCount: 1800 });
    expect(g.recommendedWords).toEqual({ target: 1500, min: 1150, max: 1900 });
    expect(g.terms.map((t) => t.term)).toContain("scoby");
    expect(g.commonHeadings[0]!.heading).toBe("What Is Kombucha?");
  });

  it("is deterministic and leaves its input alone", () => {
    const copy = structuredClone(input);
    expect(groundingOf(input)).toEqual(groundingOf(copy));
    expect(input).toEqual(copy);
  });

  it("with no page read has no terms, headings or length", () => {
    const g = groundingOf({ ...input, pages: [] });
    expect(g).toMatchObject({ pages: [], terms: [], commonHeadings: [], recommendedWords: null });
  });
});
