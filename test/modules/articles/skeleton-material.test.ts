// What the specialists read of a writer's skeleton: its points, questions and sources' words, never
// its labels, goal or length (the fact check would otherwise flag "Length: about 300 words.").
import { describe, expect, it } from "vitest";
import { skeletonMaterial } from "../../../src/modules/articles/skeleton-material";
import { runSpecialist } from "../../../src/modules/articles/specialist-runner";
import { sectionSkeleton } from "../../../src/providers/generation/offline/skeleton";
import { BRAND } from "../../providers/generation/fixtures";

const skeleton = sectionSkeleton({
  articleTitle: "Espresso at Home",
  heading: "Dialling In",
  subheadings: ["Grind Size"],
  talkingPoints: ["Start from a 1:2 ratio."],
  wordCountTarget: 300,
  brand: BRAND,
  intent: "human",
  previousHeadings: [],
  query: "how to dial in espresso",
  questions: ["How long should a shot take?"],
  terms: ["ratio"],
  facts: [{ text: "A shot should run in 25 to 30 seconds.", url: "https://barista.example/shot" }],
  internalLinks: [{ url: "https://bean.example/grinders", anchor: "Grinders", relation: "child" }],
  sensitiveTopic: "health",
});

describe("skeletonMaterial", () => {
  it("keeps the items a writer covers and the sources' own words, one a line", () => {
    expect(skeletonMaterial(skeleton)).toBe(
      ["Grind Size", "Start from a 1:2 ratio.", "How long should a shot take?", "A shot should run in 25 to 30 seconds."].join("\n"),
    );
  });

  it("gives the fact check claims from the sources, not the skeleton's length or goal", () => {
    const result = runSpecialist("fact_check", {
      title: "Espresso at Home",
      sections: [{ position: 0, heading: "Dialling In", draft: skeletonMaterial(skeleton) }],
      sources: [{ url: "https://barista.example/shot", title: "Shots", snippet: "A shot should run in 25 to 30 seconds." }],
      brand: BRAND,
      type: "resource",
      mode: "basic",
    }) as { flagged: { claim: string }[]; supported: { claim: string }[] };
    const claims = [...result.flagged, ...result.supported].map((c) => c.claim);
    expect(claims).toContain("A shot should run in 25 to 30 seconds.");
    for (const claim of claims) expect(claim).not.toMatch(/^(Goal|Length):/);
  });
});
