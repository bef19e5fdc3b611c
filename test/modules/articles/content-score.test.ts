// The article's content score from its stored sections and its brief's row: null without
// sections; the curated keyword recommendations before the generated ones; the brief's `terms`
// when present; and the outline alone when the brief is gone.
import { describe, expect, it } from "vitest";
import { scoreSections } from "../../../src/modules/articles/content-score";
import type { ArticleSectionRow } from "../../../src/modules/articles/table";

const section = (heading: string, aiDraft: string | null, wordCountTarget: number | null = 50): ArticleSectionRow => ({
  id: heading,
  articleId: "a",
  version: 1,
  position: 0,
  heading,
  level: "h2",
  subheadings: [],
  talkingPoints: [],
  wordCountTarget,
  status: "approved",
  aiDraft,
  problems: [],
  updatedAt: new Date(0),
});

const brief = (resultJson: Record<string, unknown> | null, curatedBriefJson: Record<string, unknown> | null = null) => ({
  queryText: "cold brew coffee",
  resultJson,
  curatedBriefJson,
});

describe("scoreSections", () => {
  it("is null for an article without sections", () => {
    expect(scoreSections([], brief({}))).toBeNull();
  });

  it("takes the query and the curated recommendations before the generated ones", () => {
    const generated = { keyword_recommendations: [{ keyword: "iced coffee", type: "primary" }] };
    const curated = { keyword_recommendations: [{ keyword: "cold brew ratio", type: "secondary" }, { keyword: "bad entry" }] };
    const score = scoreSections([section("Cold brew", "Cold brew coffee is steeped.")], brief(generated, curated));
    expect(score?.terms.map((t) => t.term)).toEqual(["cold brew coffee", "cold brew ratio"]);
    expect(scoreSections([section("Cold brew", "x")], brief(generated))?.terms.map((t) => t.term)).toEqual([
      "cold brew coffee",
      "iced coffee",
    ]);
  });

  it("uses the brief's measured terms when it has them, ignoring malformed ones", () => {
    const terms = [{ term: "steep", pages: 5, min_count: 1, max_count: 2 }, { term: "no counts" }];
    const score = scoreSections([section("Cold brew", "Steep it. Steep it long. Steep it again.")], brief({ terms }));
    expect(score?.terms).toEqual([{ term: "steep", count: 3, min: 1, max: 2, status: "over" }]);
  });

  it("scores the outline alone when the brief is gone", () => {
    const score = scoreSections([section("Cold brew", "Cold brew is coffee steeped in cold water for a day.", 10)], null);
    expect(score?.terms).toEqual([]);
    expect(score?.parts.terms).toBeNull();
    expect(score?.score).toBeGreaterThan(50);
  });
});
