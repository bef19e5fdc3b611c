// The safety net over what the offline world produces: no harmful term the brand did not use.
import { describe, expect, it } from "vitest";
import { ownWordsOf } from "../../../src/providers/lexicon/harmful-terms";
import { safeBrief, safeJson, safeText, safeTree } from "../../../src/providers/generation/offline/safe-output";
import { offlineBrief } from "../../../src/providers/generation/offline/brief";

describe("the safety net over produced texts", () => {
  const own = ownWordsOf(["Deck Pro", "Pitch deck software for founders"]);

  it("drops tree nodes and keywords that bring a harmful term", () => {
    const tree = [
      { name: "pitch decks", keywords: ["pitch decks", "gun decks"], children: [{ name: "cheap gun decks", keywords: [], children: [] }] },
    ];
    expect(safeTree(tree, own)).toEqual([{ name: "pitch decks", keywords: ["pitch decks"], children: [] }]);
  });

  it("drops brief lines and draft sentences that bring one, and keeps the rest", () => {
    const brief = safeBrief(
      {
        title: "Pitch Decks",
        meta_description: "A guide.",
        header_sections: [
          {
            heading: "Types",
            level: "h2",
            subheadings: ["Gun Decks", "Investor Decks"],
            talking_points: ["A gun is a weapon.", "Keep it short."],
            word_count_target: 100,
          },
        ],
      },
      own,
      "Pitch Decks",
    );
    expect(brief.header_sections[0]).toMatchObject({ subheadings: ["Investor Decks"], talking_points: ["Keep it short."] });
    expect(safeText("Keep it short. A gun is a weapon. Tell a story.", own)).toBe("Keep it short. Tell a story.");
  });

  it("drops competitors, keywords and analysis text that bring one", () => {
    const data = {
      summary: "Pitch decks and gun decks.",
      pages: [
        { title: "Investor decks", url: "https://a.example" },
        { title: "Cheap gun decks", url: "https://b.example" },
      ],
      count: 2,
    };
    expect(safeJson(data, own)).toEqual({ pages: [{ title: "Investor decks", url: "https://a.example" }], count: 2 });
    expect(safeJson(["pitch deck tips", "gun deck tips"], own)).toEqual(["pitch deck tips"]);
  });

  it("leaves no harmful term the ranking pages carried in a brief's outline, analysis or keywords", () => {
    const serpResults = [
      { title: "Pitch deck templates for founders", snippet: "Pitch deck templates and examples.", url: "https://decks.example/templates" },
      { title: "Gun decks and pitch decks compared", snippet: "Gun decks, rifles and pitch decks.", url: "https://guns.example/decks" },
      { title: "Pitch deck examples", snippet: "Pitch deck examples from startups.", url: "https://startups.example/examples" },
    ];
    const brief = offlineBrief({
      queryText: "pitch deck examples",
      brand: { name: "Deck Pro", description: "Pitch deck software for founders" },
      serpResults,
    });
    const { competitor_data, ...rest } = brief;
    expect(JSON.stringify(rest)).not.toMatch(/\b(gun|guns|rifles?)\b/i);
    // The competitors are reported as the search listed them, one entry a result.
    expect(competitor_data).toHaveLength(3);
  });
});
