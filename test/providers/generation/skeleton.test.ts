// The offline section draft is a writer's skeleton: each block comes from its input, an empty one is
// left out, links are Markdown, a sensitive topic gets its notice, and nothing in it is made up.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OfflineGenerator } from "../../../src/providers/generation/offline/offline-generator";
import { sectionSkeleton } from "../../../src/providers/generation/offline/skeleton";
import type { SectionInput } from "../../../src/providers/generation/types";
import { BRAND } from "./fixtures";

const BARE: SectionInput = {
  articleTitle: "Kombucha at Home: A Practical Guide",
  heading: "Second Fermentation",
  subheadings: [],
  talkingPoints: [],
  wordCountTarget: 300,
  brand: BRAND,
  intent: "human",
  previousHeadings: ["What Kombucha Is"],
  laterHeadings: ["Storing Kombucha"],
};

const FULL: SectionInput = {
  ...BARE,
  subheadings: ["Flavouring the Bottles", "Building Fizz"],
  talkingPoints: ["Say how long the bottles sit at room temperature."],
  query: "how to make kombucha",
  keywords: ["second fermentation"],
  terms: ["scoby", "black tea", "Second Fermentation"],
  questions: ["How long does second fermentation take?"],
  facts: [{ text: "Bottled kombucha builds carbonation over two to four days at room temperature.", url: "https://brew.example/f2" }],
  internalLinks: [
    { url: "https://bean.example/kombucha", anchor: "Kombucha guide", relation: "parent" },
    { url: "https://bean.example/scoby", anchor: "Caring for a scoby", relation: "sibling" },
  ],
};

describe("the offline section skeleton", () => {
  it("gives each block from its input, in order", () => {
    expect(sectionSkeleton(FULL)).toBe(
      [
        '**Goal:** Cover "Second Fermentation" for a reader searching "how to make kombucha", building on "What Kombucha Is" ' +
          'without repeating it, leaving "Storing Kombucha" to the next section.',
        "**Cover:**\n- Flavouring the Bottles\n- Building Fizz\n- Say how long the bottles sit at room temperature.",
        "**Questions to answer:**\n- How long does second fermentation take?",
        // A term that repeats a keyword in another case is listed once.
        "**Terms to use:** second fermentation, scoby, black tea",
        "**Sources:**\n- [Bottled kombucha builds carbonation over two…](https://brew.example/f2) — " +
          '"Bottled kombucha builds carbonation over two to four days at room temperature."',
        "**Link to:** [Kombucha guide](https://bean.example/kombucha) (parent topic), [Caring for a scoby](https://bean.example/scoby) (related topic)",
        "**Length:** about 300 words.",
      ].join("\n\n"),
    );
  });

  it("leaves out every block its input leaves empty", () => {
    const text = sectionSkeleton(BARE);
    expect(text).toBe(
      '**Goal:** Cover "Second Fermentation" for a reader of "Kombucha at Home: A Practical Guide", building on "What Kombucha Is" ' +
        'without repeating it, leaving "Storing Kombucha" to the next section.\n\n**Length:** about 300 words.',
    );
    for (const label of ["Cover", "Questions to answer", "Terms to use", "Sources", "Link to"]) expect(text).not.toContain(`**${label}:**`);
    expect(text).not.toContain(">");
    // Blank entries are no entries.
    expect(
      sectionSkeleton({ ...BARE, subheadings: [" "], questions: [""], terms: [], facts: [{ text: " ", url: "https://a.example" }] }),
    ).toBe(text);
  });

  it("says what the first and the last section do", () => {
    expect(sectionSkeleton({ ...BARE, previousHeadings: [] })).toMatch(
      /^\*\*Goal:\*\* Introduce "Second Fermentation" to a reader of "Kombucha at Home: A Practical Guide": say what the article covers and why it matters to them, leaving "Storing Kombucha" to the next section\./,
    );
    expect(sectionSkeleton({ ...BARE, laterHeadings: [] })).toMatch(
      /^\*\*Goal:\*\* Close the article for a reader of "Kombucha at Home: A Practical Guide" under "Second Fermentation", building on "What Kombucha Is" without repeating it\./,
    );
  });

  it("writes links as Markdown that a bracket or a space in the input cannot break", () => {
    const text = sectionSkeleton({
      ...BARE,
      facts: [{ text: "Short [fact]", url: "https://a.example/x y(1)" }],
      internalLinks: [{ url: "https://bean.example/t", anchor: "Tea [loose]", relation: "child" }],
    });
    expect(text).toContain('- [Short \\[fact\\]](https://a.example/x%20y%281%29) — "Short [fact]"');
    expect(text).toContain("**Link to:** [Tea \\[loose\\]](https://bean.example/t) (subtopic)");
  });

  it("adds the notice of a sensitive topic, and none otherwise", () => {
    expect(sectionSkeleton({ ...BARE, sensitiveTopic: "health" })).toMatch(
      /\n\n> Health topic: check every figure and claim against a source; do not give medical advice/,
    );
    expect(sectionSkeleton({ ...BARE, sensitiveTopic: "legal" })).toMatch(/\n\n> Legal topic: .*do not give legal advice/);
    expect(sectionSkeleton({ ...BARE, sensitiveTopic: "finance" })).toMatch(/\n\n> Finance topic: .*do not give financial advice/);
    expect(sectionSkeleton({ ...BARE, sensitiveTopic: null })).not.toContain("> ");
  });

  it("is deterministic, and is what the offline generator drafts", async () => {
    expect(sectionSkeleton(FULL)).toBe(sectionSkeleton(structuredClone(FULL)));
    expect(await new OfflineGenerator().sectionDraft(FULL)).toBe(sectionSkeleton(FULL));
  });

  it("says nothing of the brand and no figure of its own", () => {
    const text = sectionSkeleton({ ...FULL, brand: { ...BRAND, name: "Brewmaster Co", description: "Sells kombucha kits." } });
    expect(text).not.toMatch(/Brewmaster|kits/);
    // The only figures are the word target's and the input's own.
    expect(text.match(/\d+/g)).toEqual(["2", "300"]);
  });

  // Every line is a label, the goal's or a notice's fixed wording, or the input's own text.
  it("contains no sentence not derived from its input", () => {
    const FIXED = [
      /^\*\*(Cover|Questions to answer|Sources):\*\*$/,
      /^\*\*Goal:\*\* (Introduce|Cover|Close the article for) .+\.$/,
      /^\*\*(Terms to use|Link to):\*\* .+$/,
      /^\*\*Length:\*\* about \d+ words\.$/,
      /^> (Health|Legal|Finance) topic: /,
      /^- .+$/,
      /^$/,
    ];
    const text = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== "");
    fc.assert(
      fc.property(
        fc.record({
          heading: text,
          subheadings: fc.array(text, { maxLength: 3 }),
          talkingPoints: fc.array(text, { maxLength: 3 }),
          questions: fc.array(text, { maxLength: 3 }),
          terms: fc.array(text, { maxLength: 3 }),
          previousHeadings: fc.array(text, { maxLength: 2 }),
          laterHeadings: fc.array(text, { maxLength: 2 }),
          sensitiveTopic: fc.constantFrom(null, "health" as const, "legal" as const, "finance" as const),
        }),
        (parts) => {
          const input = { ...BARE, ...parts };
          const own = [...input.subheadings, ...input.talkingPoints, ...input.questions].map((s) => s.replace(/\s+/g, " ").trim());
          for (const line of sectionSkeleton(input).split("\n")) {
            expect(
              FIXED.some((pattern) => pattern.test(line)),
              line,
            ).toBe(true);
            if (line.startsWith("- ")) expect(own).toContain(line.slice(2));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
