// No advice of the wrong kind: briefs and their writers' skeletons over the offline search world
// give a drink no cooking advice, whatever the simulator's pages say of other things.
import { describe, expect, it } from "vitest";
import { offlineBrief } from "../../../src/providers/generation/offline/brief";
import { draftOutline } from "../../../bench/lib/offline-world";
import type { BrandContext } from "../../../src/providers/generation/types";
import { OfflineSerpProvider } from "../../../src/providers/serp/offline";

const provider = new OfflineSerpProvider(() => new Date("2026-11-01T00:00:00Z"));

async function serp(keyword: string) {
  const [outcome] = await provider.fetchSerps([{ keyword, country: "us", language: "en" }]);
  return outcome?.ok ? outcome.data.results.map((r) => ({ title: r.title, snippet: r.snippet, url: r.url })) : [];
}

/** The brief's headings, subheadings and points and the drafts' lines, for a topic and a buying query on it. */
async function writtenApart(topic: string, brand: BrandContext): Promise<{ briefs: string[]; drafts: string[] }> {
  const briefs: string[] = [];
  const drafts: string[] = [];
  for (const queryText of [topic, `best ${topic}`, `${topic} cost`]) {
    const brief = offlineBrief({ queryText, brand, serpResults: await serp(queryText) });
    briefs.push(...brief.header_sections.flatMap((s) => [s.heading, ...s.subheadings, ...s.talking_points]));
    drafts.push(...draftOutline(brief.title, brief.header_sections, brand).flatMap((d) => d.split("\n")));
  }
  return { briefs, drafts };
}

async function written(topic: string, brand: BrandContext): Promise<string[]> {
  const { briefs, drafts } = await writtenApart(topic, brand);
  return [...briefs, ...drafts];
}

const brand = (name: string, description: string): BrandContext => ({
  name,
  description,
  tagline: null,
  targetAudience: "small teams",
  websiteUrl: null,
  language: "en",
});

describe("advice by subject class", () => {
  it("gives a drink no cooking advice: espresso is brewed, not cooked from a recipe", async () => {
    const texts = await written("home espresso", brand("Bean There", "Coffee beans and espresso gear for the home."));
    expect(texts.filter((t) => /\b(hobs?|ovens?|pans?|leftovers?|reheat\w*|ingredients?)\b/i.test(t))).toEqual([]);
  });
});
