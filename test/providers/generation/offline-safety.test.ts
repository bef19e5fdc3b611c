// Nothing unsafe by association: topics with a harmful neighbouring sense (not in the labelled
// set) go through the offline world (SERP, briefs, drafts) and meet no harmful term
// they did not bring; a brand whose own words name one does get it.
import { describe, expect, it } from "vitest";
import { harmfulTermsIn } from "../../../src/providers/lexicon/harmful-terms";
import { offlineBrief } from "../../../src/providers/generation/offline/brief";
import { draftOutline } from "../../../bench/lib/offline-world";
import type { BrandContext, BriefOutput } from "../../../src/providers/generation/types";
import { OfflineSerpProvider } from "../../../src/providers/serp/offline";

const provider = new OfflineSerpProvider(() => new Date("2026-11-01T00:00:00Z"));

async function serp(keyword: string) {
  const [outcome] = await provider.fetchSerps([{ keyword, country: "us", language: "en" }]);
  return outcome?.ok ? outcome.data.results.map((r) => ({ title: r.title, snippet: r.snippet, url: r.url })) : [];
}

/** The keyword a user would write a second brief for: the first the core topic's brief recommends beside it. */
function recommendedKeyword(brief: BriefOutput, coreTopic: string): string {
  const secondary = brief.keyword_recommendations?.find((k) => k.type === "secondary")?.keyword;
  return typeof secondary === "string" ? secondary : coreTopic;
}

function briefTexts(brief: BriefOutput): string[] {
  return [brief.title, brief.meta_description, ...brief.header_sections.flatMap((s) => [s.heading, ...s.subheadings, ...s.talking_points])];
}

/** Every text the offline world writes for a brand: SERP titles and snippets, two briefs and their drafts. */
async function worldTexts(coreTopic: string, brand: BrandContext): Promise<string[]> {
  const results = await serp(coreTopic);
  const first = offlineBrief({ queryText: coreTopic, brand, serpResults: results });
  const keyword = recommendedKeyword(first, coreTopic);
  const keywordResults = await serp(keyword);
  const second = offlineBrief({ queryText: keyword, brand, serpResults: keywordResults });
  const texts = [...results, ...keywordResults].flatMap((r) => [r.title, r.snippet]);
  for (const brief of [first, second]) texts.push(...briefTexts(brief), ...draftOutline(brief.title, brief.header_sections, brand));
  return texts;
}

// Terms the neighbouring senses lead to, spelled out here so the check does not lean on the product's list alone.
const NEIGHBOURS =
  /\b(guns?|pistols?|firearms?|weapons?|revolvers?|bombs?|explosives?|firecrackers?|grenades?|tobacco|smoking|ammunition|shots? dead|killing)\b/i;

const brand = (name: string, description: string, targetAudience: string): BrandContext => ({
  name,
  description,
  targetAudience,
  tagline: null,
  websiteUrl: null,
  language: "en",
});

const CASES: Array<[string, BrandContext]> = [
  [
    "pistol shrimp aquarium",
    brand("Snap Reef", "Pistol shrimp and goby pairs for marine aquarium keepers, with tank setup advice.", "reef aquarium hobbyists"),
  ],
  [
    "shot put coaching",
    brand(
      "Throwers Academy",
      "Shot put coaching for school athletes: glide and rotational technique, strength work and meet preparation.",
      "young track and field athletes",
    ),
  ],
  [
    "cracker recipes",
    brand(
      "Crisp Kitchen",
      "Homemade cracker recipes: seeded crispbreads, water biscuits and gluten-free crackers for cheese boards.",
      "home bakers",
    ),
  ],
  [
    "pipe fitting",
    brand(
      "Trueline Pipework",
      "Pipe fitting for homes and workshops: copper and PEX joints, compression fittings and leak repair.",
      "homeowners and small builders",
    ),
  ],
  [
    "glue gun crafts",
    brand(
      "Hot Melt Studio",
      "Glue gun crafts for kids and adults: wreaths, ornaments and simple decorations made with hot glue.",
      "parents and crafters",
    ),
  ],
];

describe("nothing unsafe by association", () => {
  for (const [coreTopic, context] of CASES) {
    it(`${coreTopic}: no harmful sense or term anywhere in SERP, brief or draft`, async () => {
      const texts = await worldTexts(coreTopic, context);
      const own = `${coreTopic} ${context.description}`.toLowerCase();
      const bad = texts.filter(
        (t) => harmfulTermsIn(t).some((term) => !own.includes(term)) || (NEIGHBOURS.test(t) && !NEIGHBOURS.test(own)),
      );
      expect(bad).toEqual([]);
    }, 30_000);
  }

  it("a brand whose own words name a harmful term does get pages on it", async () => {
    const club = brand(
      "Longbarn Shooting Ground",
      "Clay shooting lessons with shotgun hire, shotgun fitting and cartridges for sale.",
      "beginners and experienced shooters",
    );
    const brief = offlineBrief({ queryText: "shotgun", brand: club, serpResults: await serp("shotgun") });
    expect(brief.header_sections.some((s) => s.heading.toLowerCase().includes("shotgun"))).toBe(true);
  }, 30_000);
});
