import { describe, expect, it } from "vitest";
import { proseFor } from "../../../src/providers/generation/offline/aspect-prose";
import { offlineBrief } from "../../../src/providers/generation/offline/brief";
import type { BriefOutput } from "../../../src/providers/generation/types";
import { OfflineSerpProvider } from "../../../src/providers/serp/offline";
import { ASPECTS } from "../../../src/providers/serp/offline-text";
import { countWords } from "../../../src/providers/generation/offline/text";
import { FACET_SENTENCES } from "../../../src/providers/generation/offline/lexicon-sentences";
import { draftEverySection } from "./fixtures";

// Briefs and drafts over the offline search world, as a new user meets them.
const provider = new OfflineSerpProvider(() => new Date("2026-11-01T00:00:00Z"));
const BRAND = { name: "Bean There", targetAudience: "home baristas", description: "Coffee beans and espresso gear for the home." };

async function briefFor(query: string): Promise<BriefOutput> {
  const [outcome] = await provider.fetchSerps([{ keyword: query, country: "us", language: "en" }]);
  const results = outcome?.ok ? outcome.data.results : [];
  return offlineBrief({
    queryText: query,
    brand: BRAND,
    serpResults: results.map((r) => ({ title: r.title, snippet: r.snippet, url: r.url })),
  });
}

const draftsOf = (brief: BriefOutput) => draftEverySection(brief, BRAND);

const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);
const ASPECT_NAMES = Object.values(ASPECTS).flat();
/** A sentence with the subject and every aspect name blanked: two fillings of one template share it. */
const skeleton = (sentence: string, subject: string) =>
  [subject, ...ASPECT_NAMES].reduce((t, name) => t.split(name).join("_"), sentence.toLowerCase());

describe("offline briefs and drafts over the offline search world", () => {
  it("heads the sections of a how-to with what a writer would, not with the aspect names", async () => {
    const brief = await briefFor("how to use coffee beans");
    const headings = brief.header_sections.map((s) => s.heading);
    expect(headings).toContain(proseFor("equipment needed", "coffee beans")!.heading);
    for (const heading of headings) expect(heading).not.toMatch(/^(Getting .+ Right|Understanding .+|.+ Explained)$/);
    // Snippets that only say what a page covers are not talking points.
    const points = brief.header_sections.flatMap((s) => s.talking_points);
    for (const point of points) expect(point).not.toMatch(/^(Our guide to|This page covers|We looked at|In this video)/);
  });

  it("names a guide by its facet and its subject, not by the search's words", async () => {
    const problems = await briefFor("espresso machine problems");
    expect(problems.title).toBe("Espresso Machine Problems: Common Causes and How to Fix Them");
    expect(problems.header_sections.map((s) => s.heading)).toContain(proseFor("warning signs", "espresso machines")!.heading);
    expect(problems.header_sections.flatMap((s) => s.subheadings)).toContain("What Is an Espresso Machine?");
    const cleaning = await briefFor("coffee grinder cleaning");
    expect(cleaning.title).toBe("How to Clean Coffee Grinders: A Practical Guide");
    // A cleaning guide keeps to cleaning: no sections on prices or uses.
    for (const s of cleaning.header_sections) expect(s.heading).not.toMatch(/cost|price|use .* for|types/i);
  });

  it("gives a guide to software no advice that assumes a thing on a shop shelf", async () => {
    const brief = await briefFor("kubernetes monitoring tools");
    expect(brief.title).toMatch(/^Kubernetes Monitoring Tools: /);
    const headings = brief.header_sections.map((s) => s.heading).join(" | ");
    expect(headings).not.toMatch(/build quality|warranty/i);
    const text = draftsOf(brief).join("\n");
    expect(text).not.toMatch(/\b(metal|hinges|in a shop|ventilation|spare parts)\b/i);
    // An espresso maker is such a thing, and its guide keeps that advice.
    expect(draftsOf(await briefFor("best espresso makers")).join("\n")).toMatch(/\b(metal|hinges|in a shop|spare parts)\b/i);
  });

  it("fills guides of every facet from the advice table, never from the facet's last-resort templates", async () => {
    const escapeRegExp = (t: string) => t.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
    const templates = Object.values(FACET_SENTENCES)
      .flat()
      .map((t) => new RegExp(`^${escapeRegExp(t).replace(/\\?\{\w+\\?\}/g, ".+")}$`, "i"));
    const queries = [
      "how to use coffee beans",
      "best espresso makers",
      "coffee grinder cleaning",
      "espresso machine problems",
      "vegan lunch nutrition",
      "vegan dinner ideas",
      "coffee shop near me",
      "what is kubernetes",
      "kubernetes monitoring tools",
    ];
    for (const query of queries) {
      for (const sentence of draftsOf(await briefFor(query)).flatMap(sentencesOf)) {
        expect(
          templates.some((t) => t.test(sentence)),
          `${query}: ${sentence}`,
        ).toBe(false);
      }
    }
  });

  it("never uses a sentence template twice in one section", async () => {
    for (const query of ["how to use coffee beans", "what is kubernetes", "how to make vegan dinner", "best espresso makers"]) {
      const brief = await briefFor(query);
      for (const draft of draftsOf(brief)) {
        const shapes = sentencesOf(draft).map((s) => skeleton(s, query.replace(/^(how to (use|make)|what is|best) /, "")));
        expect(new Set(shapes).size, draft).toBe(shapes.length);
      }
    }
  });

  it("says different things in the sections of one article (at most 1 sentence in 20 repeats)", async () => {
    for (const query of ["how to use coffee beans", "best espresso makers", "coffee grinder cleaning"]) {
      const sentences = draftsOf(await briefFor(query)).flatMap((d) => sentencesOf(d).filter((s) => !s.startsWith("**")));
      const repeated = sentences.length - new Set(sentences).size;
      expect(repeated, query).toBeLessThanOrEqual(sentences.length / 20);
    }
  });

  it("answers an FAQ's questions under them", async () => {
    const brief = await briefFor("how to use coffee beans");
    const faq = brief.header_sections.find((s) => /^Frequently Asked Questions/.test(s.heading))!;
    const draft = draftsOf(brief)[brief.header_sections.indexOf(faq)]!;
    const answered = faq.subheadings.filter((q) => draft.includes(`**${q}**`));
    expect(answered.length).toBeGreaterThanOrEqual(2);
    expect(draft).toMatch(/\*\*What Is a Coffee Bean\?\*\* A coffee bean is/);
    expect(draft).toMatch(/\*\*How Does a Coffee Bean Compare With [^*]+\?\*\* A coffee bean is often weighed against/);
  });

  it("has enough to say for every section of a guide of every facet, within its word target", async () => {
    const queries = [
      "how to use coffee beans",
      "best espresso makers",
      "coffee grinder cleaning",
      "espresso machine problems",
      "vegan lunch nutrition",
      "vegan dinner ideas",
      "coffee shop near me",
      "french press vs aeropress",
      "what is kubernetes",
    ];
    for (const query of queries) {
      const brief = await briefFor(query);
      draftsOf(brief).forEach((draft, i) => {
        const target = brief.header_sections[i]!.word_count_target;
        expect(Math.abs(countWords(draft) - target), `${query} / ${brief.header_sections[i]!.heading}`).toBeLessThanOrEqual(target * 0.1);
      });
    }
  });
});
