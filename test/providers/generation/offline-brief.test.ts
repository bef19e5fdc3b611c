import { describe, expect, it } from "vitest";
import { OFFLINE_AGENT_VERSION, offlineBrief } from "../../../src/providers/generation/offline/brief";
import type { BriefInput, BriefOutput } from "../../../src/providers/generation/types";
import { OfflineSerpProvider } from "../../../src/providers/serp/offline";
import { BRAND, COFFEE_SERP, snippetSentences } from "./fixtures";

const INPUT: BriefInput = {
  queryText: "coffee brewing",
  brand: BRAND,
  serpResults: COFFEE_SERP,
  userKeywords: ["burr grinder"],
  internalLinks: [{ url: "https://bean.example/grinders", anchor_text: "our grinder guide" }],
};

function expectWellFormed(brief: BriefOutput): void {
  expect(brief.agent_version).toBe(OFFLINE_AGENT_VERSION);
  expect(brief.title.trim()).not.toBe("");
  expect(brief.meta_description.trim()).not.toBe("");
  expect(brief.meta_description.length).toBeLessThanOrEqual(160);
  expect(brief.header_sections.length).toBeGreaterThanOrEqual(4);
  for (const section of brief.header_sections) {
    expect(section.heading.trim()).not.toBe("");
    expect(["h2", "h3"]).toContain(section.level);
    expect(Array.isArray(section.subheadings)).toBe(true);
    expect(section.talking_points.length).toBeGreaterThan(0);
    for (const text of [...section.subheadings, ...section.talking_points]) expect(text.trim()).not.toBe("");
    expect(Number.isInteger(section.word_count_target)).toBe(true);
    expect(section.word_count_target).toBeGreaterThanOrEqual(100);
  }
  const headings = brief.header_sections.map((s) => s.heading.toLowerCase());
  expect(new Set(headings).size).toBe(headings.length);
}

describe("offline brief", () => {
  it("says it is the offline generator and is deterministic", () => {
    const brief = offlineBrief(INPUT);
    expect(brief.agent_version).toMatch(/offline/);
    expect(offlineBrief(structuredClone(INPUT))).toEqual(brief);
  });

  it("has a complete outline", () => {
    expectWellFormed(offlineBrief(INPUT));
  });

  it("draws its talking points from the competitors' snippets and titles", () => {
    const brief = offlineBrief(INPUT);
    const sentences = snippetSentences(COFFEE_SERP);
    const titles = COFFEE_SERP.map((r) => r.title.toLowerCase());
    const points = brief.header_sections.flatMap((s) => s.talking_points);
    const fromSerp = points.filter((p) => {
      const bare = p.replace(/[.!?]+$/, "").toLowerCase();
      return sentences.includes(bare) || titles.some((t) => /“(.+)”/.test(p) && t.includes(/“(.+)”/.exec(p)![1]!.toLowerCase()));
    });
    expect(fromSerp.length / points.length).toBeGreaterThanOrEqual(0.5);
    // Each snippet sentence is used at most once across the outline.
    expect(new Set(fromSerp).size).toBe(fromSerp.length);
  });

  it("builds its sections on the themes several pages share", () => {
    const brief = offlineBrief(INPUT);
    const headings = brief.header_sections.map((s) => s.heading.toLowerCase()).join(" | ");
    expect(headings).toContain("water temperature");
    expect(headings).toContain("grind size");
    // The theme section's talking points talk about its theme.
    const water = brief.header_sections.find((s) => /water temperature/i.test(s.heading))!;
    expect(water.talking_points.some((p) => /water temperature/i.test(p))).toBe(true);
    // A competitor's question title becomes a subheading or FAQ question.
    const subheadings = brief.header_sections.flatMap((s) => s.subheadings);
    expect(subheadings).toContain("What Is the Best Water Temperature for Coffee?");
  });

  it("places the user's keywords and internal links in the outline", () => {
    const points = offlineBrief(INPUT)
      .header_sections.flatMap((s) => s.talking_points)
      .join("\n");
    expect(points).toContain("burr grinder");
    expect(points).toContain("https://bean.example/grinders");
  });

  it("fills the optional parts from the SERP", () => {
    const brief = offlineBrief(INPUT);
    expect(brief.serp_analysis).toMatchObject({ result_count: 5, search_intent: "informational" });
    expect(String(brief.serp_analysis!.summary)).toMatch(/5 ranking pages/);
    expect(brief.competitor_data).toHaveLength(5);
    expect(brief.competitor_data![0]).toMatchObject({ position: 1, domain: "brewhub.example", url: COFFEE_SERP[0]!.url });
    expect(brief.keyword_recommendations![0]).toMatchObject({ keyword: "coffee brewing", type: "primary" });
    expect(brief.keyword_recommendations!.map((k) => k.keyword)).toContain("burr grinder");
  });

  it("sizes the sections to a requested total word count", () => {
    const brief = offlineBrief({ ...INPUT, contentInfo: { word_count: 2400 } });
    const total = brief.header_sections.reduce((n, s) => n + s.word_count_target, 0);
    expect(Math.abs(total - 2400)).toBeLessThanOrEqual(240);
  });

  it("reads the intent of commercial queries", () => {
    const brief = offlineBrief({ ...INPUT, queryText: "best coffee grinders" });
    expect(brief.serp_analysis!.search_intent).toBe("commercial");
    expect(brief.header_sections[0]!.heading).toBe("What to Look For in Coffee Grinders");
  });

  it("still gives a usable outline with no SERP data or brand details", () => {
    const brief = offlineBrief({ queryText: "how to start a podcast", brand: { name: "Castly" }, serpResults: [] });
    expectWellFormed(brief);
    expect(brief.title).toBe("How to Start a Podcast: A Practical Guide");
    expect(brief.serp_analysis).toMatchObject({ result_count: 0 });
    expect(brief.competitor_data).toEqual([]);
  });
});

describe("offline brief: a query narrowed to an audience, a trip or an idea", () => {
  const brief = (queryText: string) => offlineBrief({ queryText, brand: { name: "Acme" }, serpResults: [] });
  const faqOf = (out: BriefOutput) =>
    out.header_sections.find((s) => s.heading.startsWith("Frequently Asked Questions"))?.subheadings ?? [];

  it("keeps the query in the title and writes its sections and questions about the subject", () => {
    const women = brief("yoga for women");
    expectWellFormed(women);
    expect(women.title).toBe("Yoga for Women: A Complete Guide");
    const text = women.header_sections.flatMap((s) => [s.heading, ...s.subheadings]).join(" | ");
    expect(text).not.toMatch(/yoga for woman|yoga for women cost|types of yoga for women/i);
    expect(faqOf(women)).toContain("What Is Yoga?");
  });

  it("asks of a place what visitors ask, and of an idea what learners ask, with no price or article", () => {
    const japan = faqOf(brief("travel to japan"));
    expect(japan).toContain("When Is the Best Time to Visit Japan?");
    expect(japan.join(" ")).not.toMatch(/Cost|Mistakes|a Japan|Travel to Japan/);
    const theory = faqOf(brief("attachment theory"));
    expect(theory).toContain("Where Does Attachment Theory Come From?");
    expect(theory.join(" ")).not.toMatch(/Cost/);
  });

  it('counts no initialism and no gerund: "headless cms" is no "headless cm", "trip planning" no "plannings"', () => {
    const cms = brief("what is headless cms")
      .header_sections.flatMap((s) => [s.heading, ...s.subheadings])
      .join(" | ");
    expect(cms).toContain("Headless CMS");
    expect(cms).not.toMatch(/\bcm\b|How Headless CMS Work\b|What Headless CMS (Mean|Cost)\b/i);
    const planning = brief("what is trip planning")
      .header_sections.flatMap((s) => [s.heading, ...s.subheadings])
      .join(" | ");
    expect(planning).not.toMatch(/plannings/i);
  });

  it("asks a ranking page's question only when it names the whole subject, and no question twice", () => {
    const quora = (title: string) => ({ url: `https://www.quora.example/${title.length}`, title: `${title} - Quora`, snippet: "" });
    const bombs = faqOf(
      offlineBrief({ queryText: "bath bombs", brand: { name: "Acme" }, serpResults: [quora("What should I know about bath?")] }),
    );
    expect(bombs.join(" ")).not.toMatch(/about bath\?/);
    const stripper = faqOf(
      offlineBrief({ queryText: "what is paint stripper", brand: { name: "Acme" }, serpResults: [quora("What is paint stripper?")] }),
    );
    const keys = stripper.map((q) => q.toLowerCase().replace(/\b(a|an|the) /g, ""));
    expect(new Set(keys).size).toBe(keys.length);
    expect(stripper).toContain("What is paint stripper?");
  });

  it("keeps a service's questions when its own name holds a word of shop-shelf advice", () => {
    const cleaning = faqOf(
      offlineBrief({
        queryText: "spring cleaning service near me",
        brand: { name: "Acme", description: "We deep clean homes every spring." },
        serpResults: [],
      }),
    );
    expect(cleaning.length).toBeGreaterThanOrEqual(3);
  });

  it('counts no work done: "crane hire", not "crane hires"', async () => {
    const [serp] = await new OfflineSerpProvider(() => new Date("2026-11-01T00:00:00Z")).fetchSerps([
      { keyword: "crane hire near me", country: "us", language: "en" },
    ]);
    const serpResults = serp?.ok ? serp.data.results : [];
    expect(serpResults.length).toBeGreaterThan(0);
    const hire = offlineBrief({
      queryText: "crane hire near me",
      brand: { name: "Hoist", description: "Mobile crane hire across Leeds and West Yorkshire." },
      serpResults,
    });
    const text = hire.header_sections.flatMap((s) => [s.heading, ...s.subheadings]).join(" | ");
    expect(text).toContain("Crane Hire");
    expect(text).not.toMatch(/crane hires/i);
  });

  it("reads a provider named by its work as the provider, and asks of a plural name in the plural", () => {
    const cleaning = brief("spring cleaning service");
    expect(cleaning.title).toBe("Spring Cleaning Service: A Complete Guide");
    expect(cleaning.header_sections.map((s) => s.heading).join(" | ")).not.toMatch(/spring service|how to clean/i);
    const assistants = faqOf(brief("virtual assistant services"));
    expect(assistants).toContain("What Are Virtual Assistant Services?");
    expect(assistants.join(" ")).not.toMatch(/What Is Virtual Assistant Services|What Does Virtual Assistant Services/);
  });

  it('never counts an idea: one theory, not "attachment theories works"', () => {
    const out = brief("what is attachment theory");
    const text = out.header_sections.flatMap((s) => [s.heading, ...s.subheadings, ...s.talking_points]).join(" | ");
    expect(text).toContain("Attachment Theory");
    expect(text).not.toMatch(/theories/i);
    // Nor does it drop the "s" of a field: business ethics is no "business ethic".
    const ethics = brief("business ethics")
      .header_sections.flatMap((s) => [s.heading, ...s.subheadings, ...s.talking_points])
      .join(" | ");
    expect(ethics).toContain("Business Ethics");
    expect(ethics).not.toMatch(/\bethic\b/i);
  });
});
