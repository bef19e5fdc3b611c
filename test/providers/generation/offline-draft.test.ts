import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { offlineBrief } from "../../../src/providers/generation/offline/brief";
import { offlineSectionDraft } from "../../../src/providers/generation/offline/draft";
import { countWords } from "../../../src/providers/generation/offline/text";
import type { SectionInput } from "../../../src/providers/generation/types";
import { BRAND, COFFEE_SERP, draftEverySection } from "./fixtures";

const BASE: SectionInput = {
  articleTitle: "Coffee Brewing: A Complete Guide for Home Baristas",
  heading: "Understanding Grind Size",
  subheadings: ["Why Grind Size Matters", "Burr vs Blade Grinders"],
  talkingPoints: [
    "Burr grinders produce an even grind size, which gives a balanced extraction.",
    'Link to "our grinder guide" (https://bean.example/grinders).',
    'Use the keyword "burr grinder" naturally.',
  ],
  wordCountTarget: 300,
  brand: BRAND,
  intent: "human",
  previousHeadings: ["Coffee Brewing at a Glance"],
};

const within10 = (text: string, target: number) => Math.abs(countWords(text) - target) <= target * 0.1;

describe("offline section draft", () => {
  it("is deterministic", () => {
    expect(offlineSectionDraft(BASE)).toBe(offlineSectionDraft(structuredClone(BASE)));
  });

  it("writes paragraphs of prose about the heading that work the talking points in", () => {
    const draft = offlineSectionDraft(BASE);
    expect(within10(draft, 300)).toBe(true);
    expect(draft.toLowerCase()).toContain("grind size");
    expect(draft.toLowerCase()).toContain("burr grinder");
    expect(draft).toContain("[our grinder guide](https://bean.example/grinders)");
    expect(draft.split("\n\n").length).toBeGreaterThan(2);
    expect(draft).not.toMatch(/[{}]|undefined|null/);
    // Its own sentences, not the competitor's.
    expect(draft).not.toContain("Burr grinders produce an even grind size");
    for (const sentence of draft.split(/(?<=[.!?])\s+/)) expect(sentence).toMatch(/^[A-Z[]/);
  });

  it("mentions the key terms of each heading", () => {
    const cases: [string, string[]][] = [
      ["Choosing the Right Espresso Machine", ["espresso machine"]],
      ["How Water Temperature Affects Extraction", ["water temperature", "extraction"]],
      ["Frequently Asked Questions About Cold Brew", ["cold brew"]],
      ["Next Steps With Home Roasting", ["home roasting"]],
      ["Budget Planning for Small Teams", ["budget planning", "small teams"]],
    ];
    for (const [heading, terms] of cases) {
      const draft = offlineSectionDraft({ ...BASE, heading, subheadings: [], talkingPoints: [] }).toLowerCase();
      for (const term of terms) expect(draft, heading).toContain(term);
    }
  });

  it("drafts every section of an offline brief within its word target", () => {
    const brief = offlineBrief({ queryText: "coffee brewing", brand: BRAND, serpResults: COFFEE_SERP });
    draftEverySection(brief, BRAND).forEach((draft, i) => {
      const section = brief.header_sections[i]!;
      expect(within10(draft, section.word_count_target), `${section.heading}: ${countWords(draft)} vs ${section.word_count_target}`).toBe(
        true,
      );
    });
  });

  it("lands within 10% of any target from 150 to 800 words", () => {
    const word = fc.constantFrom(
      "coffee",
      "grind",
      "budget",
      "roasting",
      "water",
      "team",
      "podcast",
      "garden",
      "soil",
      "pricing",
      "audience",
      "email",
    );
    const phrase = fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join(" "));
    fc.assert(
      fc.property(
        fc.integer({ min: 150, max: 800 }),
        phrase,
        fc.array(phrase, { maxLength: 4 }),
        fc.array(
          phrase.map((p) => `Explain how ${p} works in practice.`),
          { maxLength: 6 },
        ),
        (target, heading, subheadings, talkingPoints) => {
          const draft = offlineSectionDraft({ ...BASE, heading, subheadings, talkingPoints, wordCountTarget: target });
          expect(within10(draft, target), `${countWords(draft)} words for ${target}`).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
