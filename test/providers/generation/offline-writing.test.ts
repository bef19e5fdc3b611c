import { describe, expect, it } from "vitest";
import { offlineBrief } from "../../../src/providers/generation/offline/brief";
import type { BriefOutput } from "../../../src/providers/generation/types";
import { OfflineSerpProvider } from "../../../src/providers/serp/offline";
import { ASPECTS } from "../../../src/providers/serp/offline-text";
import { countWords } from "../../../src/providers/generation/offline/text";
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
