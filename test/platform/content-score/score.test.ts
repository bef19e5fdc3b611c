import { describe, expect, it } from "vitest";
import { scoreBasis, scoreContent, scoreDraft, type ScoreBrief } from "../../../src/platform/content-score";

const BRIEF: ScoreBrief = {
  query_text: "how to dial in espresso",
  sections: [
    { heading: "Why Grind Size Matters", subheadings: ["Burr grinders", "Extraction time"], word_count_target: 80 },
    { heading: "Choosing a Brew Ratio", subheadings: ["Dose and yield"], word_count_target: 60 },
  ],
  keyword_recommendations: [
    { keyword: "espresso grind size", type: "primary" },
    { keyword: "brew ratio", type: "secondary" },
    { keyword: "tamping pressure", type: "supporting" },
    { keyword: "why is my espresso sour", type: "question" },
  ],
};

/** About `n` words of plain, short-sentence prose that mention nothing of the brief. */
const filler = (n: number) => {
  const sentence = "Taste each shot and write down what you changed.";
  return Array.from({ length: Math.ceil(n / 9) }, () => sentence).join(" ");
};

const GOOD_GRIND = [
  "Learning how to dial in espresso starts with the grind.",
  "The espresso grind size decides how fast water moves through the coffee.",
  "Burr grinders give even particles, so the extraction stays steady.",
  "A finer grind slows the shot and raises the extraction time.",
  "Aim for a shot of about thirty seconds and taste it.",
  "If it runs fast and tastes sour, grind finer.",
  "If it runs slow and tastes bitter, grind a little coarser.",
  "Keep tamping pressure the same every time, so the grind is the only change.",
  "Change one thing at a time and write it down.",
].join(" ");

const GOOD_RATIO = [
  "A brew ratio compares the coffee you dose with the drink you yield.",
  "Start with a dose of eighteen grams and a yield of thirty six grams.",
  "That one to two ratio suits most beans.",
  "Lighter roasts often taste better with a longer ratio.",
  "Darker roasts can run shorter.",
  "Weigh both the dose and the yield with a small scale.",
  "Then adjust the grind until the timing fits.",
].join(" ");

describe("scoreContent", () => {
  it("scores an empty draft 0, every term missing and no section covered", () => {
    const result = scoreContent(BRIEF, []);
    expect(result.score).toBe(0);
    expect(result.sections.map((s) => s.covered)).toEqual([false, false]);
    expect(result.sections.map((s) => s.words)).toEqual([0, 0]);
    expect(result.terms.every((t) => t.status === "missing")).toBe(true);
    expect(result.parts.readability).toBeNull();
  });

  it("scores a draft that answers the brief high", () => {
    const result = scoreContent(BRIEF, [GOOD_GRIND, GOOD_RATIO]);
    expect(result.score).toBeGreaterThanOrEqual(85);
    expect(result.sections.map((s) => s.covered)).toEqual([true, true]);
    expect(result.terms.map((t) => [t.term, t.status])).toEqual([
      ["how to dial in espresso", "ok"],
      ["espresso grind size", "ok"],
      ["brew ratio", "ok"],
      ["tamping pressure", "ok"],
    ]);
  });

  it("uses the query and the primary, secondary and supporting keywords as terms, not the questions", () => {
    expect(scoreBasis(BRIEF).terms.map((t) => t.term)).toEqual([
      "how to dial in espresso",
      "espresso grind size",
      "brew ratio",
      "tamping pressure",
    ]);
  });

  it("raises the score when a missing term is added", () => {
    const without = GOOD_GRIND.replace("Keep tamping pressure the same every time", "Keep your hand the same every time");
    const before = scoreContent(BRIEF, [without, GOOD_RATIO]);
    const after = scoreContent(BRIEF, [`${without} Check your tamping pressure too.`, GOOD_RATIO]);
    expect(before.terms.find((t) => t.term === "tamping pressure")?.status).toBe("missing");
    expect(after.terms.find((t) => t.term === "tamping pressure")?.status).toBe("ok");
    expect(after.score).toBeGreaterThan(before.score);
  });

  it("marks a term stuffed past its maximum as over, and scores it lower", () => {
    const stuffed = `${GOOD_RATIO} ${"The brew ratio matters. ".repeat(6)}`;
    const result = scoreContent(BRIEF, [GOOD_GRIND, stuffed]);
    const ratio = result.terms.find((t) => t.term === "brew ratio");
    expect(ratio).toMatchObject({ min: 1, max: 3, status: "over" });
    expect(ratio?.count).toBeGreaterThan(3);
    expect(result.parts.terms).toBeLessThan(scoreContent(BRIEF, [GOOD_GRIND, GOOD_RATIO]).parts.terms ?? 0);
  });

  it("counts terms case-insensitively, on word boundaries, with plurals folded", () => {
    const result = scoreContent({ sections: [{ heading: "Grinders" }], terms: [{ term: "Burr Grinder", min_count: 2, max_count: 4 }] }, [
      "BURR GRINDERS are loud. A burr grinder lasts. Burr grindering is no word. Aburr grinder neither.",
    ]);
    expect(result.terms).toEqual([{ term: "Burr Grinder", count: 2, min: 2, max: 4, status: "ok" }]);
  });

  it("uses the brief's own terms with their counts when it has them", () => {
    const brief: ScoreBrief = { ...BRIEF, terms: [{ term: "crema", pages: 7, min_count: 2, max_count: 5 }] };
    const result = scoreContent(brief, ["Good crema is thick. ", ""]);
    expect(result.terms).toEqual([{ term: "crema", count: 1, min: 2, max: 5, status: "under" }]);
  });

  it("does not count a section as covered when it is far too short or off its subheadings", () => {
    const stub = "Espresso grind size matters.";
    const offTopic = filler(80);
    const result = scoreContent(BRIEF, [stub, offTopic]);
    expect(result.sections.map((s) => s.covered)).toEqual([false, false]);
  });

  it("gives full length marks within 15% and none at twice the target", () => {
    const brief: ScoreBrief = { sections: [{ heading: "Shots", word_count_target: 100 }] };
    const at = (n: number) => scoreContent(brief, [filler(n)]).parts.length;
    expect(at(90)).toBe(100);
    expect(at(108)).toBe(100);
    expect(at(45)).toBeLessThan(60);
    expect(at(200)).toBeLessThanOrEqual(5);
  });

  it("marks long, winding sentences down for readability", () => {
    const plain = "Grind finer. Taste the shot. Write down the result. Then try again with one change.";
    const dense =
      "Considering the multifaceted interrelationships between particulate distribution, volumetric extraction characteristics, " +
      "temperature stabilisation considerations, and the organoleptic consequences thereof, practitioners universally recommend " +
      "systematic experimentation accompanied by meticulous documentation of every parameter modification undertaken.";
    const brief: ScoreBrief = { sections: [{ heading: "Shots" }] };
    const easy = scoreContent(brief, [plain]).sections[0]?.readability ?? 0;
    const hard = scoreContent(brief, [dense]).sections[0]?.readability ?? 100;
    expect(easy).toBeGreaterThan(hard);
    expect(hard).toBe(0);
  });

  it("strips markdown before reading", () => {
    const brief: ScoreBrief = { sections: [{ heading: "Grind" }], keyword_recommendations: [{ keyword: "burr grinder", type: "primary" }] };
    const result = scoreContent(brief, ["**Burr** grinder [guide](https://example.com/burr-grinder) and `burr grinder`."]);
    expect(result.terms[0]?.count).toBe(2);
  });

  it("is deterministic and scores a 3,000-word draft of many sections", () => {
    const sections = Array.from({ length: 10 }, (_, i) => ({ heading: `Part ${i} about espresso`, word_count_target: 300 }));
    const texts = sections.map(() => `${GOOD_GRIND} ${filler(230)}`);
    const first = scoreDraft(scoreBasis({ ...BRIEF, sections }), texts);
    const again = scoreDraft(scoreBasis({ ...BRIEF, sections }), texts);
    expect(again).toEqual(first);
    expect(first.sections).toHaveLength(10);
    expect(first.sections.every((s) => s.words > 250)).toBe(true);
  });
});
