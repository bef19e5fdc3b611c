import { describe, expect, it } from "vitest";
import { aspectsOfFacet, proseFor } from "../../../src/providers/generation/offline/aspect-prose";
import { isPluralSubject } from "../../../src/providers/generation/offline/plural-subject";
import { ACTIVITY_FALLBACK, ACTIVITY_PROSE } from "../../../src/providers/generation/offline/aspect-prose-activity";
import {
  SERVICE_FALLBACK,
  SERVICE_PROSE,
  SOFTWARE_FALLBACK,
  SOFTWARE_PROSE,
} from "../../../src/providers/generation/offline/aspect-prose-classes";
import { CONCEPT_FALLBACK, CONCEPT_PROSE } from "../../../src/providers/generation/offline/aspect-prose-concept";
import { FOOD_FALLBACK, FOOD_PROSE } from "../../../src/providers/generation/offline/aspect-prose-food";
import { GUIDE_PROSE } from "../../../src/providers/generation/offline/aspect-prose-guides";
import { PLACE_FALLBACK, PLACE_PROSE } from "../../../src/providers/generation/offline/aspect-prose-place";
import { SHOPPING_AND_CARE_PROSE } from "../../../src/providers/generation/offline/aspect-prose-shopping";
import { countWords } from "../../../src/providers/generation/offline/text";
import { ASPECTS } from "../../../src/providers/serp/offline-text";

const TABLE = { ...GUIDE_PROSE, ...SHOPPING_AND_CARE_PROSE };
/** Every table of every class, and their fallbacks: what a brief or a draft can say of a subject. */
const EVERY_PROSE = [
  ...Object.values(TABLE),
  ...[ACTIVITY_PROSE, SOFTWARE_PROSE, SERVICE_PROSE, CONCEPT_PROSE, FOOD_PROSE, PLACE_PROSE].flatMap((t) => Object.values(t)),
  ...ACTIVITY_FALLBACK,
  ...SOFTWARE_FALLBACK,
  ...SERVICE_FALLBACK,
  ...CONCEPT_FALLBACK,
  ...FOOD_FALLBACK,
  ...PLACE_FALLBACK,
];
const PREPOSITIONS = new Set(["for", "of", "with", "on", "to", "about", "from", "in", "at", "around", "into"]);
const SUBJECTS = ["coffee beans", "vegan dinner", "kubernetes", "espresso makers"];

describe("the aspect prose table", () => {
  it("has an entry for every aspect of every facet", () => {
    for (const aspect of Object.values(ASPECTS).flat()) expect(TABLE[aspect], aspect).toBeDefined();
  });

  it("names the subject in every heading and point, with no article or agreeing verb beside it", () => {
    for (const [aspect, prose] of Object.entries(TABLE)) {
      expect(prose.heading, aspect).toContain("{S}");
      expect(prose.points.length, aspect).toBeGreaterThanOrEqual(2);
      expect(prose.sentences.length, aspect).toBeGreaterThanOrEqual(5);
      for (const text of [prose.heading, ...prose.points, ...prose.sentences]) {
        // The subject may be plural, singular or a mass noun: nothing may agree with it but a {many/one} slot.
        expect(text, aspect).not.toMatch(/\b(a|an|the|this|each|every|one|same) \{s\}/i);
        // "... for {s} is ..." is fine: after a preposition the subject is not the verb's.
        for (const m of text.matchAll(/(\S+) \{s\} (is|are|has|have|was|were|does|do|costs?|needs?|works?|takes?)\b/gi)) {
          expect(PREPOSITIONS.has(m[1]!.toLowerCase()), `${aspect}: ${text}`).toBe(true);
        }
        expect(text, aspect).not.toMatch(/^\{s\} \w+/);
        expect(text, aspect).not.toMatch(/^\{s\}|\{s\}'s/);
      }
      for (const sentence of prose.sentences) {
        expect(sentence, aspect).toMatch(/^[A-Z].*\.$/);
        expect(countWords(sentence), sentence).toBeGreaterThanOrEqual(8);
      }
      expect(new Set(prose.sentences).size, aspect).toBe(prose.sentences.length);
    }
  });

  // "How Attachment Theories Works" and "What Kitesurfing Lessons Costs" were written so.
  it("puts no verb right after the subject that would have to agree with it, in any class's table", () => {
    for (const prose of EVERY_PROSE) {
      for (const text of [prose.heading, ...prose.points, ...prose.sentences]) {
        // After a preposition or a gerund ("applying {s} is working") the subject is not the verb's.
        const verbs =
          /(\S+) \{s\} (is|are|has|have|was|were|does|do|costs?|needs?|works?|takes?|means?|connects?|handles?|stores?|begins?|appl(y|ies)|shows?|turns?|keeps?)\b/gi;
        for (const m of text.matchAll(verbs)) {
          const before = m[1]!.toLowerCase();
          expect(PREPOSITIONS.has(before) || before.endsWith("ing"), text).toBe(true);
        }
      }
    }
  });

  it("agrees in number with the subject where a slot asks", () => {
    expect(isPluralSubject("coffee beans")).toBe(true);
    expect(isPluralSubject("vegan dinner")).toBe(false);
    expect(isPluralSubject("kubernetes")).toBe(false);
    expect(proseFor("price range", "coffee beans")!.heading).toBe("What Coffee Beans Cost: The Price Range");
    expect(proseFor("price range", "vegan dinner")!.heading).toBe("What Vegan Dinner Costs: The Price Range");
    for (const subject of SUBJECTS) {
      for (const aspect of Object.keys(TABLE)) {
        const prose = proseFor(aspect, subject)!;
        for (const text of [prose.heading, ...prose.points, ...prose.sentences]) expect(text).not.toMatch(/[{}]/);
      }
    }
  });

  it("keeps food advice out of guides to other things", () => {
    expect(aspectsOfFacet("howto")).not.toContain("nutrition facts");
    expect(aspectsOfFacet("definitions")).toContain("history");
    expect(aspectsOfFacet("health")).toContain("nutrition facts");
  });
});
