// Hand-written keyword universes shaped like what Labs keyword ideas, autocomplete and a SERP's
// People Also Ask give for a topic: volumes, intents, sources. Volumes are plausible monthly US
// searches, rounded the way keyword tools round them.
import { keywordMatchKey } from "../../../../src/platform/text/keyword";
import type { UniverseKeyword } from "../../../../src/modules/research/organiser";
import type { KeywordSource, SearchIntent } from "../../../../src/providers/serp/types";

interface Extra {
  source?: KeywordSource;
  sources?: KeywordSource[];
  intent?: SearchIntent | null;
  difficulty?: number | null;
}

/** One universe keyword; `volume` null as autocomplete and questions come. */
export function kw(keyword: string, volume: number | null, extra: Extra = {}): UniverseKeyword {
  const source = extra.source ?? (volume === null ? "autocomplete" : "ideas");
  return {
    keyword,
    key: keywordMatchKey(keyword),
    source,
    sources: extra.sources ?? [source],
    searchVolume: volume,
    cpc: volume === null ? null : 4.2,
    competition: volume === null ? null : 0.61,
    difficulty: extra.difficulty ?? null,
    intent: extra.intent ?? (volume === null ? null : "commercial"),
  };
}

const paa = (question: string, volume: number | null = null): UniverseKeyword =>
  kw(question, volume, { source: "paa", intent: "informational" });

/** A broad topic: the head term, its variants, and the modifiers people add to it (64 keywords). */
export const PET_INSURANCE: UniverseKeyword[] = [
  // The head term and its close variants.
  kw("pet insurance", 110000),
  kw("insurance for pets", 5400),
  kw("pets insurance", 2900),
  kw("pet insurances", 1300),
  kw("insurance pet", 720),
  // Dogs (Labs ideas also bring keywords without the word "pet").
  kw("dog insurance", 18100),
  kw("pet insurance for dogs", 14800),
  kw("dog health insurance", 4400),
  kw("health insurance for dogs", 1600),
  kw("cheap dog insurance", 1900, { intent: "transactional" }),
  kw("affordable dog insurance", 720, { intent: "transactional" }),
  kw("dog insurance cost", 2900),
  kw("pet insurance for older dogs", 1000),
  kw("senior dog insurance", 880),
  kw("dog insurance for large breeds", 260),
  // Cats.
  kw("cat insurance", 9900),
  kw("pet insurance for cats", 8100),
  kw("cat insurance cost", 1300),
  kw("indoor cat insurance", 390),
  kw("kitten insurance", 720),
  // Best, top.
  kw("best pet insurance", 40500),
  kw("best pet insurance for dogs", 5400),
  kw("best dog insurance", 3600),
  kw("best pet insurance companies", 2900),
  kw("best cat insurance", 1600),
  kw("best pet insurance plans", 1300),
  kw("top pet insurance", 1000),
  // Cost, price.
  kw("pet insurance cost", 14800),
  kw("average cost of pet insurance", 2400, { intent: "informational" }),
  kw("pet insurance cost per month", 1300, { intent: "informational" }),
  kw("monthly cost of pet insurance", 480, { intent: "informational" }),
  kw("pet insurance price", 880),
  // Compare.
  kw("compare pet insurance", 4400),
  kw("pet insurance compare", 590),
  kw("compare pet insurance plans", 720),
  kw("compare pet insurance quotes", 480),
  kw("pet insurance comparison", 3600),
  // Claims.
  kw("pet insurance claims", 1300),
  kw("pet insurance claim form", 590),
  kw("pet insurance claims process", 320),
  // Companies people look for by name.
  kw("lemonade pet insurance", 9900, { intent: "navigational" }),
  kw("trupanion pet insurance", 8100, { intent: "navigational" }),
  kw("healthy paws pet insurance", 6600, { intent: "navigational" }),
  kw("aspca pet insurance", 6600, { intent: "navigational" }),
  kw("trupanion reviews", 1000, { intent: "navigational" }),
  // The long tail.
  kw("pet insurance quotes", 2400, { intent: "transactional" }),
  kw("pet insurance reviews", 2900),
  kw("pet insurance that covers everything", 1900),
  kw("pet insurance wellness plans", 880),
  kw("exotic pet insurance", 1000),
  kw("pet insurance near me", 1600),
  kw("pet insurance for cats and dogs", null),
  kw("pet insurance uk", null),
  // Nobody searches these: they name nothing.
  kw("pet insurance for hamsters", 0),
  kw("pet insurance lizard", 0),
  // Questions: from Labs (with volume) and from the SERP's People Also Ask (without).
  kw("is pet insurance worth it", 9900, { intent: "informational" }),
  kw("how much is pet insurance", 12100, { intent: "informational" }),
  kw("what does pet insurance cover", 2900, { intent: "informational" }),
  paa("how does pet insurance work"),
  paa("is dog insurance worth it"),
  paa("how much does pet insurance cost per month"),
  paa("can you get pet insurance for a senior dog"),
  paa("what is the best pet insurance for cats"),
  paa("how do i file a pet insurance claim", 0),
];

/** A narrow topic: a handful of keywords around one head (8 keywords). */
export const SOURDOUGH_DISCARD: UniverseKeyword[] = [
  kw("sourdough discard recipes", 40500, { intent: "informational" }),
  kw("sourdough discard recipe", 12100, { intent: "informational" }),
  kw("recipes with sourdough discard", 6600, { intent: "informational" }),
  kw("sourdough discard crackers", 9900, { intent: "informational" }),
  kw("sourdough discard pancakes", 8100, { intent: "informational" }),
  kw("sourdough discard pancakes recipe", 1300, { intent: "informational" }),
  paa("what to do with sourdough discard"),
  paa("how long can sourdough discard last in the fridge"),
];
