// A drafted section's status (docs/conventions.md §6), check by check, by example and by property.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkSection, draftWordCount, mentionsTopic, topicWords } from "../../../src/modules/articles/section-check";
import { fold, sentencesOf } from "../../../src/modules/articles/words";
import { offlineBrief } from "../../../src/providers/generation/offline/brief";
import { BRAND, COFFEE_SERP, draftEverySection } from "../../providers/generation/fixtures";

/** A draft of exactly `n` words that mentions `topic` once. */
function draftOf(n: number, topic = "espresso"): string {
  return [topic, ...Array.from({ length: n - 1 }, (_, i) => (i % 7 === 6 ? "cup." : "good"))].join(" ");
}

describe("checkSection: empty drafts", () => {
  it.each([null, "", "   \n\n  ", "- * —"])("needs attention with one problem for %j", (draft) => {
    expect(checkSection({ heading: "Espresso Basics", draft, wordCountTarget: 300 })).toEqual({
      status: "needs_attention",
      problems: ["The draft is empty."],
    });
  });
});

describe("checkSection: word count within 25% of the target", () => {
  it("approves 450 to 750 words for a 600-word target, edges included", () => {
    for (const n of [450, 451, 600, 749, 750]) {
      expect(checkSection({ heading: "Espresso", draft: draftOf(n), wordCountTarget: 600 }).status, `${n}`).toBe("approved");
    }
  });

  it("says how far short or over a draft is", () => {
    expect(checkSection({ heading: "Espresso", draft: draftOf(412), wordCountTarget: 600 })).toEqual({
      status: "needs_attention",
      problems: ["412 words for a 600-word target (more than 25% short)."],
    });
    expect(checkSection({ heading: "Espresso", draft: draftOf(449), wordCountTarget: 600 }).problems).toEqual([
      "449 words for a 600-word target (more than 25% short).",
    ]);
    expect(checkSection({ heading: "Espresso", draft: draftOf(751), wordCountTarget: 600 }).problems).toEqual([
      "751 words for a 600-word target (more than 25% over).",
    ]);
    expect(checkSection({ heading: "Espresso", draft: "Espresso.", wordCountTarget: 10 }).problems).toEqual([
      "1 word for a 10-word target (more than 25% short).",
    ]);
  });

  it("has no length rule when the target is null, 0, negative or not a number", () => {
    for (const target of [null, 0, -5, Number.NaN]) {
      expect(checkSection({ heading: "Espresso", draft: "Espresso.", wordCountTarget: target }).status).toBe("approved");
      expect(checkSection({ heading: "Espresso", draft: draftOf(5000), wordCountTarget: target }).status).toBe("approved");
    }
  });

  it("counts words holding a letter or digit, so markdown bullets and dashes are not words", () => {
    expect(draftWordCount("- one\n- two — three")).toBe(3);
    expect(draftWordCount("See [our grinder guide](https://bean.example/g).")).toBe(4);
    expect(draftWordCount("195 to 205°F")).toBe(3);
  });
});

describe("checkSection: the heading's topic is in the draft", () => {
  it("takes the heading's focus words, without lead-ins, stopwords and shape words", () => {
    expect(topicWords("Understanding Grind Size")).toEqual(["grind", "size"]);
    expect(topicWords("Getting French Press Right")).toEqual(["french", "press"]);
    expect(topicWords("Frequently Asked Questions About Cold Brew")).toEqual(["cold", "brew"]);
    expect(topicWords("How to Choose a Burr Grinder?")).toEqual(["burr", "grinder"]);
    expect(topicWords("What Is the Best Water Temperature for Coffee?")).toEqual(["water", "temperature", "coffee"]);
    expect(topicWords("Common Espresso Mistakes")).toEqual(["espresso"]);
    expect(topicWords("What Is AI?")).toEqual(["ai"]);
    expect(topicWords("Pour-Over: A Closer Look")).toEqual(["pour"]);
  });

  it("falls back to the whole heading when the focus names nothing, and to no topic at all", () => {
    // focusOf keeps what is before ":", here "Step 1".
    expect(topicWords("Step 1: Grind the Beans")).toEqual(["grind", "beans"]);
    for (const heading of ["Key Takeaways", "FAQ", "Final Thoughts", "Conclusion", "Top 10", "?!"])
      expect(topicWords(heading), heading).toEqual([]);
    expect(mentionsTopic("Key Takeaways", "Anything at all.")).toBe(true);
  });

  it("needs one topic word, plural- and inflection-insensitive", () => {
    expect(mentionsTopic("Burr Grinders", "A burr grinder gives an even grind.")).toBe(true);
    expect(mentionsTopic("Choosing a Grinder", "Most grinders are loud.")).toBe(true);
    expect(mentionsTopic("Brewing Methods", "You can brew it in many ways.")).toBe(true);
    expect(mentionsTopic("Coffee Recipes", "This recipe uses milk.")).toBe(true);
    expect(mentionsTopic("French Presses", "A french press is simple.")).toBe(true);
    expect(mentionsTopic("Making Cold Brew", "Cold water takes time.")).toBe(true);
    expect(mentionsTopic("Espresso Machines", "A kettle and a filter are enough.")).toBe(false);
    // A shape word alone is not the topic: "Common" does not cover "Common Espresso Mistakes".
    expect(mentionsTopic("Common Espresso Mistakes", "Common mistakes are easy to avoid.")).toBe(false);
    // Case and punctuation do not matter; "AI" needs "AI".
    expect(mentionsTopic("What Is AI?", "Artificial intelligence, or AI, is software.")).toBe(true);
    expect(mentionsTopic("What Is AI?", "Artificial intelligence is software.")).toBe(false);
  });

  it("reports a missing topic in plain English, alongside a length problem", () => {
    expect(checkSection({ heading: "Espresso Machines", draft: draftOf(100, "kettle"), wordCountTarget: 300 })).toEqual({
      status: "needs_attention",
      problems: [
        "100 words for a 300-word target (more than 25% short).",
        'The draft does not mention the heading\'s topic: none of "espresso" or "machines" appears.',
      ],
    });
    expect(checkSection({ heading: "Why Espresso Matters", draft: "Water and beans.", wordCountTarget: null }).problems).toEqual([
      'The draft does not mention the heading\'s topic: "espresso" never appears.',
    ]);
  });

  it("approves every section of an offline article drafted for an offline brief: each a writer's skeleton, complete as one", () => {
    const brief = offlineBrief({ queryText: "coffee brewing", brand: BRAND, serpResults: COFFEE_SERP });
    draftEverySection(brief, BRAND).forEach((draft, i) => {
      const h = brief.header_sections[i]!;
      expect(checkSection({ heading: h.heading, draft, wordCountTarget: h.word_count_target, kind: "skeleton" }), h.heading).toEqual({
        status: "approved",
        problems: [],
      });
    });
  });
});

describe("checkSection: a writer's skeleton", () => {
  it("approves a short skeleton a prose check would send back, and still refuses an empty one", () => {
    const skeleton = "**Goal:** Cover the basics.\n\n**Length:** about 600 words.";
    expect(checkSection({ heading: "Espresso Basics", draft: skeleton, wordCountTarget: 600 }).status).toBe("needs_attention");
    expect(checkSection({ heading: "Espresso Basics", draft: skeleton, wordCountTarget: 600, kind: "skeleton" })).toEqual({
      status: "approved",
      problems: [],
    });
    expect(checkSection({ heading: "Espresso Basics", draft: " ", wordCountTarget: 600, kind: "skeleton" })).toEqual({
      status: "needs_attention",
      problems: ["The draft is empty."],
    });
    // Prose is held to every check, whether said so or not.
    expect(checkSection({ heading: "Espresso Basics", draft: skeleton, wordCountTarget: 600, kind: "prose" }).status).toBe(
      "needs_attention",
    );
  });
});

describe("checkSection: properties", () => {
  const word = fc.stringMatching(/^[a-z]{3,10}$/);
  const heading = fc.array(word, { minLength: 1, maxLength: 5 }).map((ws) => ws.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(" "));

  it("a draft exactly at its target that uses the heading's words is approved", () => {
    fc.assert(
      fc.property(heading, fc.integer({ min: 5, max: 2000 }), (h, target) => {
        const words = h.toLowerCase().split(" ");
        const filler = Array.from({ length: Math.max(0, target - words.length) }, () => "and");
        const draft = [...words, ...filler].slice(0, Math.max(target, words.length)).join(" ");
        fc.pre(draftWordCount(draft) === target);
        expect(checkSection({ heading: h, draft, wordCountTarget: target })).toEqual({ status: "approved", problems: [] });
      }),
    );
  });

  it("the length check passes exactly inside [75%, 125%] of the target", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1500 }), fc.integer({ min: 1, max: 2500 }), (target, n) => {
        const result = checkSection({ heading: "Espresso", draft: draftOf(n), wordCountTarget: target });
        const inside = n >= target * 0.75 && n <= target * 1.25;
        expect(result.status === "approved").toBe(inside);
        expect(result.problems.length).toBe(inside ? 0 : 1);
      }),
    );
  });

  it("is monotone in the topic: adding a heading word to a draft never makes it worse", () => {
    fc.assert(
      fc.property(heading, fc.array(word, { maxLength: 30 }), (h, body) => {
        const without = checkSection({ heading: h, draft: `x ${body.join(" ")}`, wordCountTarget: null });
        const topic = topicWords(h)[0] ?? "x";
        const withTopic = checkSection({ heading: h, draft: `${topic} ${body.join(" ")}`, wordCountTarget: null });
        expect(withTopic.problems.length).toBeLessThanOrEqual(without.problems.length);
        expect(withTopic.status).toBe("approved");
      }),
    );
  });
});

describe("words", () => {
  it("folds plurals and inflections the same way on both sides", () => {
    const same: [string, string][] = [
      ["grinder", "grinders"],
      ["brew", "brewing"],
      ["brew", "brewed"],
      ["make", "making"],
      ["run", "running"],
      ["press", "presses"],
      ["box", "boxes"],
      ["berry", "berries"],
      ["recipe", "recipes"],
      ["church", "churches"],
      ["speed", "speeding"],
    ];
    for (const [a, b] of same) expect(fold(a), `${a} ~ ${b}`).toBe(fold(b));
    for (const [a, b] of [
      ["thing", "th"],
      ["need", "ne"],
      ["bus", "bu"],
    ] as const)
      expect(fold(a)).not.toBe(b);
  });

  it("splits sentences of markdown prose at end punctuation and line breaks, not at decimals", () => {
    expect(sentencesOf("It costs 3.5 dollars. See [the guide](https://x.example/a). Why?\n- A list item\n# Heading")).toEqual([
      "It costs 3.5 dollars.",
      "See the guide.",
      "Why?",
      "A list item",
      "Heading",
    ]);
  });
});
