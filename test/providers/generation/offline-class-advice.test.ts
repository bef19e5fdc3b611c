// The class decides the advice: a software brand and a service brand (neither in the labelled set)
// get briefs and drafts (writers' skeletons) with no shop-shelf advice, while a physical product
// still gets its buying and care advice, and a dish, a place, an idea and an activity get their
// own, which the skeletons hand on to the writer.
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

// Shop-shelf advice, spelled out here on its own: buying sizes off a shelf, parts, care, returns.
const SHELF =
  /\b(size or quantity|sticker price|per pack|older stock|new model|spec sheet|return windows?|warrant(y|ies)|spare parts?|accessories|refills|dishwasher|cleaning|descal\w*|storage|store|cool,? dry|hinges?|seams|screws|switch \w+ off|unplug|packaging|ventilation|(?<!\.)shops?)\b|what you need for|how to store/i;

const brand = (name: string, description: string): BrandContext => ({
  name,
  description,
  tagline: null,
  targetAudience: "small teams",
  websiteUrl: null,
  language: "en",
});

describe("advice by subject class", () => {
  it("still gives a physical product its buying and care advice", async () => {
    const texts = await written("tea caddies", brand("Tea Tins", "Airtight tins for loose leaf tea."));
    expect(texts.some((t) => SHELF.test(t))).toBe(true);
  });

  it("gives a dish, a place, an idea and an activity advice of their own class", async () => {
    const cases: Array<[string, BrandContext, RegExp]> = [
      [
        "beef stew",
        brand("Stockpot", "Slow-cooked beef stew recipes for home cooks."),
        /\b(ingredients?|season\w*|leftovers?|reheat\w*|hands-on time)\b/i,
      ],
      [
        "lisbon old town",
        brand("Alfama Walks", "A visitor guide to Lisbon's old town: its trams, viewpoints and river cruises."),
        /\b(visit(ors?)?|place to stay|getting around)\b/i,
      ],
      [
        "opportunity cost",
        brand("Tradeoffs", "Essays and exercises on opportunity cost for students of economics."),
        /\b(worked example|misunderstandings?|in practice)\b/i,
      ],
      ["trail running", brand("Ridge Runners", "Guides and gear reviews for trail running in the hills."), /\b(sessions?|club|gear)\b/i],
    ];
    for (const [topic, owner, own] of cases) {
      const { briefs, drafts } = await writtenApart(topic, owner);
      const advice = [...new Set(briefs.filter((t) => own.test(t)))];
      expect(advice.length, topic).toBeGreaterThanOrEqual(1);
      // The skeletons hand each piece on to the writer: a heading in its goal, a subheading or point to cover.
      for (const line of advice)
        expect(
          drafts.some((d) => d.includes(line)),
          `${topic}: ${line}`,
        ).toBe(true);
    }
  });

  it("gives a drink no cooking advice: espresso is brewed, not cooked from a recipe", async () => {
    const texts = await written("home espresso", brand("Bean There", "Coffee beans and espresso gear for the home."));
    expect(texts.filter((t) => /\b(hobs?|ovens?|pans?|leftovers?|reheat\w*|ingredients?)\b/i.test(t))).toEqual([]);
  });
});
