import { describe, expect, it } from "vitest";
import { proseFor } from "../../../src/providers/generation/offline/aspect-prose";
import { offlineBrief } from "../../../src/providers/generation/offline/brief";
import type { BriefOutput } from "../../../src/providers/generation/types";
import { OfflineSerpProvider } from "../../../src/providers/serp/offline";
import { draftEverySection } from "./fixtures";

// Briefs and their drafts (writers' skeletons) over the offline search world, as a new user meets them.
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

describe("offline briefs and their skeletons over the offline search world", () => {
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
  });
});
