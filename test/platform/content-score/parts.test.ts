// The content score's parts on their own: term counting and status, the default bound of a
// recommended term, reading ease, syllables and sentences.
import { describe, expect, it } from "vitest";
import { readingEase, textStats } from "../../../src/platform/content-score/readability";
import { countTerm, defaultMaxCount, termStatus } from "../../../src/platform/content-score/terms";
import { fold, plainText, sentencesOf, syllables, tokens } from "../../../src/platform/content-score/text";

const words = (text: string) => tokens(text).map(fold);

describe("terms", () => {
  it("counts a phrase's words in order, next to each other, not across other words", () => {
    expect(countTerm("french press", words("A French press. French presses! The French coffee press."))).toBe(2);
    expect(countTerm("press", words("Impress the presser."))).toBe(0);
    expect(countTerm("", words("anything"))).toBe(0);
  });

  it("names a count against its bounds", () => {
    expect([0, 1, 2, 4, 5].map((n) => termStatus(n, 2, 4))).toEqual(["missing", "under", "ok", "ok", "over"]);
    expect(termStatus(0, 0, 3)).toBe("ok");
  });

  it("allows a recommended term once per 100 words of the target, 3 at least", () => {
    expect(defaultMaxCount(0)).toBe(3);
    expect(defaultMaxCount(250)).toBe(3);
    expect(defaultMaxCount(1_450)).toBe(15);
  });
});

describe("readability", () => {
  it("counts syllables well enough", () => {
    const words = ["cat", "coffee", "table", "espresso", "roasted", "brewed", "presses", "makes", "beautiful"];
    expect(words.map(syllables)).toEqual([1, 2, 2, 3, 2, 1, 2, 1, 3]);
  });

  it("splits sentences at their ends and at line breaks, not inside a decimal", () => {
    expect(sentencesOf(plainText("Use 3.5 bars. Then wait!\n- A list item\nLast one"))).toEqual([
      "Use 3.5 bars.",
      "Then wait!",
      "A list item",
      "Last one",
    ]);
  });

  it("reads short, plain sentences as easier than long, abstract ones", () => {
    const easy = readingEase(textStats(plainText("The cat sat on the mat. It was warm. We had tea.")));
    const hard = readingEase(
      textStats(plainText("Organisational considerations necessitate comprehensive evaluation of institutional methodologies.")),
    );
    expect(easy).toBeGreaterThan(90);
    expect(hard).toBeLessThan(0);
    expect(readingEase(textStats(""))).toBeNull();
  });
});
