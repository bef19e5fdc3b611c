import { describe, expect, it } from "vitest";
import { OFFLINE_AGENT_VERSION, offlineBrief } from "../../../src/providers/generation/offline/brief";
import type { BriefGrounding, BriefInput, BriefOutput } from "../../../src/providers/generation/types";

const page = (url: string, position: number, wordCount: number, h2s: string[], h3s: Record<string, string[]> = {}) => ({
  url,
  position,
  title: `Page ${position}`,
  wordCount,
  headings: h2s.flatMap((text) => [{ level: 2 as const, text }, ...(h3s[text] ?? []).map((h3) => ({ level: 3 as const, text: h3 }))]),
});

// Written by hand: what the brief task would measure for "kombucha" on four pages.
const GROUNDING: BriefGrounding = {
  questions: ["What does kombucha taste like?", "How long does second fermentation take?", "Is kombucha safe for kids?"],
  relatedSearches: ["kombucha recipe", "kombucha scoby"],
  aiReferences: [],
  pages: [
    page("https://brew.example/kombucha", 1, 1800, ["What Is Kombucha?", "How to Brew Kombucha", "Second Fermentation"], {
      "How to Brew Kombucha": ["Black Tea"],
    }),
    page("https://tea.example/guide", 2, 2200, ["What is kombucha", "Brewing kombucha", "Second fermentation and flavours"]),
    page("https://ferment.example/k", 3, 1200, ["What is kombucha?", "Health benefits"]),
    page("https://recipes.example/k", 4, 900, ["Kombucha benefits", "Second fermentation"]),
  ],
  terms: [
    { term: "kombucha", pages: 4, min_count: 8, max_count: 14 },
    { term: "scoby", pages: 4, min_count: 3, max_count: 6 },
    { term: "second fermentation", pages: 3, min_count: 2, max_count: 4 },
    { term: "black tea", pages: 3, min_count: 2, max_count: 3 },
  ],
  commonHeadings: [
    { heading: "What Is Kombucha?", pages: 3, variants: ["What Is Kombucha?"], subheadings: [] },
    { heading: "Second Fermentation", pages: 3, variants: ["Second Fermentation", "Second fermentation and flavours"], subheadings: [] },
    { heading: "How to Brew Kombucha", pages: 2, variants: ["How to Brew Kombucha", "Brewing kombucha"], subheadings: ["Black Tea"] },
    { heading: "Health benefits", pages: 2, variants: ["Health benefits", "Kombucha benefits"], subheadings: [] },
  ],
  recommendedWords: { target: 1500, min: 1150, max: 1900 },
  dataSource: "offline",
};

const SERP = [
  ...GROUNDING.pages.map((p) => ({ url: p.url, title: `${p.title} | Site`, snippet: "A snippet." })),
  { url: "https://unread.example/k", title: "Kombucha Recipes - Unread", snippet: "" },
];

const INPUT: BriefInput = { queryText: "kombucha", brand: { name: "Fizz Co" }, serpResults: SERP, grounding: GROUNDING };

/** Phrases of the template brief this one replaced: none may come back. */
const TEMPLATE =
  /Understanding|Getting .* Right|Explained|A Closer Look|What to Know About|A Complete Guide|A Practical Guide|Where to Stay|Next Steps With|at a Glance|Cover the angle/i;

function allText(brief: BriefOutput): string {
  return [
    brief.title,
    brief.meta_description,
    ...brief.header_sections.flatMap((s) => [s.heading, ...s.subheadings, ...s.talking_points]),
  ].join("\n");
}

describe("offline brief from a grounding", () => {
  const brief = offlineBrief(INPUT);
  const headings = brief.header_sections.map((s) => s.heading);

  it("says it is the offline generator and is deterministic", () => {
    expect(brief.agent_version).toBe(OFFLINE_AGENT_VERSION);
    expect(offlineBrief(structuredClone(INPUT))).toEqual(brief);
  });

  it("makes one section per shared heading, in the order the pages put them, then the FAQ", () => {
    expect(headings).toEqual([
      "What Is Kombucha?",
      "Health benefits",
      "How to Brew Kombucha",
      "Second Fermentation",
      "Frequently Asked Questions",
    ]);
    const brew = brief.header_sections[2]!;
    expect(brew.subheadings).toEqual(["Black Tea"]);
    expect(brew.talking_points).toContain("Brewing kombucha");
    expect(brew.talking_points).not.toContain("How to Brew Kombucha");
  });

  it("puts a question in the section it belongs to and asks the others verbatim in the FAQ, each once", () => {
    const second = brief.header_sections.find((s) => s.heading === "Second Fermentation")!;
    expect(second.talking_points).toContain("How long does second fermentation take?");
    const faq = brief.header_sections.at(-1)!;
    expect(faq.subheadings).toEqual(["What does kombucha taste like?", "Is kombucha safe for kids?"]);
    const asked = allText(brief)
      .split("\n")
      .filter((line) => GROUNDING.questions.includes(line));
    expect(asked.sort()).toEqual([...GROUNDING.questions].sort());
  });

  it("has an honest title and meta description from the shared headings, and no template wording", () => {
    expect(brief.title).toBe("Kombucha: What It Is, Health Benefits and How to Brew It");
    expect(brief.meta_description.length).toBeLessThanOrEqual(155);
    expect(brief.meta_description).toMatch(/^Kombucha: what it is/);
    expect(allText(brief)).not.toMatch(TEMPLATE);
    expect(brief.title).not.toMatch(/\b20\d\d\b/);
  });

  it("splits the recommended words by how many pages have each section, the FAQ by its questions", () => {
    const targets = brief.header_sections.map((s) => s.word_count_target);
    for (const t of targets) expect(t).toBeGreaterThanOrEqual(50);
    expect(targets.at(-1)).toBe(140);
    // Three pages against two: the more shared section gets more words.
    expect(targets[0]).toBeGreaterThan(targets[1]!);
    expect(Math.abs(targets.reduce((a, b) => a + b, 0) - 1500)).toBeLessThanOrEqual(30);
  });

  it("reports the SERP: intent, themes, questions no page heads, length, formats, pages read", () => {
    expect(brief.serp_analysis).toMatchObject({
      search_intent: "informational",
      themes: [
        { theme: "What Is Kombucha?", pages: 3 },
        { theme: "Second Fermentation", pages: 3 },
        { theme: "How to Brew Kombucha", pages: 2 },
        { theme: "Health benefits", pages: 2 },
      ],
      gaps: ["What does kombucha taste like?", "How long does second fermentation take?", "Is kombucha safe for kids?"],
      recommended_word_count: GROUNDING.recommendedWords,
      pages_read: 4,
      data_source: "offline",
    });
    expect((brief.serp_analysis!.intent_evidence as string[]).length).toBeGreaterThan(0);
    expect(brief.serp_analysis!.content_formats).toContain("how-to guide");
  });

  it("lists every SERP result as a competitor, with what was read of it", () => {
    expect(brief.competitor_data).toHaveLength(5);
    expect(brief.competitor_data![0]).toMatchObject({
      position: 1,
      url: SERP[0]!.url,
      title: "Page 1",
      domain: "brew.example",
      word_count: 1800,
    });
    expect((brief.competitor_data![0]!.headings as unknown[]).length).toBe(4);
    expect(brief.competitor_data![4]).toMatchObject({ position: 5, word_count: null, headings: [] });
  });

  it("recommends the query, the pages' terms with their counts and the related searches", () => {
    const keywords = brief.keyword_recommendations!;
    expect(keywords[0]).toEqual({ keyword: "kombucha", type: "primary", source: "query" });
    expect(keywords).toContainEqual({ keyword: "scoby", type: "secondary", source: "pages", pages: 4, min_count: 3, max_count: 6 });
    expect(keywords).toContainEqual({ keyword: "kombucha recipe", type: "long_tail", source: "serp" });
  });

  it("puts the user's keywords and links in the section that talks about them", () => {
    const out = offlineBrief({
      ...INPUT,
      userKeywords: ["kombucha brewing jar"],
      internalLinks: [{ url: "https://fizz.example/flavours", anchor_text: "second fermentation flavours" }],
    });
    const section = (h: string) => out.header_sections.find((s) => s.heading === h)!.talking_points.join("\n");
    expect(section("How to Brew Kombucha")).toContain('Use the keyword "kombucha brewing jar".');
    expect(section("Second Fermentation")).toContain("https://fizz.example/flavours");
  });

  it("takes a requested length over the pages'", () => {
    const out = offlineBrief({ ...INPUT, contentInfo: { word_count: 3000 } });
    const total = out.header_sections.reduce((n, s) => n + s.word_count_target, 0);
    expect(Math.abs(total - 3000)).toBeLessThanOrEqual(30);
  });
});

describe("offline brief without pages read", () => {
  it("groups the questions and related searches by the words they share and says so", () => {
    const out = offlineBrief({
      queryText: "kombucha",
      brand: { name: "Fizz Co" },
      serpResults: [
        { url: "https://a.example/", title: "Kombucha Recipe for Beginners" },
        { url: "https://b.example/", title: "Kombucha: Everything You Need | B" },
      ],
      grounding: {
        ...GROUNDING,
        pages: [],
        terms: [],
        commonHeadings: [],
        recommendedWords: null,
        questions: [...GROUNDING.questions, "When is second fermentation done?"],
      },
    });
    const second = out.header_sections.find((s) => s.heading === "Second Fermentation")!;
    expect(second.talking_points).toEqual(
      expect.arrayContaining(["How long does second fermentation take?", "When is second fermentation done?"]),
    );
    expect(out.header_sections.flatMap((s) => s.talking_points).join(" ")).toMatch(/No ranking page was read/);
    expect(out.header_sections.at(-1)!.subheadings).toEqual(["What does kombucha taste like?", "Is kombucha safe for kids?"]);
    expect(allText(out)).not.toMatch(TEMPLATE);
    expect(out.serp_analysis).toMatchObject({ pages_read: 0, gaps: [] });
  });

  it("with titles only, makes a section per theme the titles share and says it was built from titles", () => {
    const out = offlineBrief({
      queryText: "tree surgeon bristol",
      brand: { name: "Oak & Ash", description: "Tree surgery in Bristol" },
      serpResults: [
        { url: "https://a.example/", title: "Tree Felling in Bristol | A" },
        { url: "https://b.example/", title: "Tree Felling Prices - B" },
        { url: "https://c.example/", title: "Hedge Trimming Services | C" },
        { url: "https://d.example/", title: "Hedge Trimming and Pruning" },
      ],
    });
    expect(out.header_sections.map((s) => s.heading).sort()).toEqual(["Hedge Trimming", "Tree Felling"]);
    expect(out.header_sections[0]!.talking_points).toContain(
      "No ranking page was read and the search showed no questions: this outline was built from the result titles and snippets only.",
    );
    expect(allText(out)).not.toMatch(/Where to Stay|Near Tree Surgeon/);
    expect(out.title).toMatch(/^Tree Surgeon Bristol: (Tree Felling and Hedge Trimming|Hedge Trimming and Tree Felling)$/);
  });

  it("with nothing at all, still gives a valid outline that says so", () => {
    const out = offlineBrief({ queryText: "how to start a podcast", brand: { name: "Castly" }, serpResults: [] });
    expect(out.header_sections).toHaveLength(1);
    expect(out.header_sections[0]!.heading).toBe("How to Start a Podcast");
    expect(out.header_sections[0]!.talking_points[0]).toMatch(/holds only the query/);
    expect(out.header_sections[0]!.word_count_target).toBe(1500);
    expect(out.competitor_data).toEqual([]);
    expect(out.keyword_recommendations).toEqual([{ keyword: "how to start a podcast", type: "primary", source: "query" }]);
  });
});
