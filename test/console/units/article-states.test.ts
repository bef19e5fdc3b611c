// The drafting count beside an article's section badges is counted from the same sections, so the
// two agree: a section with a draft (approved, or needing attention) is drafted; others are not.
import { describe, expect, it } from "vitest";
import { draftedSections, SECTION_TEXT } from "../../../console/src/articles/article-states";

describe("draftedSections", () => {
  it("counts the sections whose badge says they have a draft", () => {
    const sections = [
      { status: "approved" },
      { status: "needs_attention" },
      { status: "drafting" },
      { status: "not_started" },
      { status: "approved" },
    ] as const;
    const { drafted, total } = draftedSections(sections);
    expect(total).toBe(5);
    const badges = sections.map((section) => SECTION_TEXT[section.status]);
    expect(drafted).toBe(badges.filter((badge) => badge === "Drafted" || badge === "Needs attention").length);
    expect(drafted).toBe(3);
  });

  it("counts none of none", () => {
    expect(draftedSections([])).toEqual({ drafted: 0, total: 0 });
  });
});
