// The offline simulator's answers to the discovery questions: the three Labs endpoints,
// autocomplete, People Also Ask and related searches. What is checked is that they are honest
// and harmless: a subject's class decides its searches (a condition, a person or a
// profession's work is never sold), modifiers go around the whole seed, the head term is the
// most searched keyword of its family, the same seed gives the same answer, and every keyword
// has the metrics keywordMetrics gives it.
import { describe, expect, it } from "vitest";
import { introducesHarm, ownWordsOf } from "../../../src/providers/lexicon/harmful-terms";
import { OfflineSerpProvider, offlineSerp } from "../../../src/providers/serp/offline";
import { offlineMetrics } from "../../../src/providers/serp/offline-metrics";
import { readSeed, type SeedClass } from "../../../src/providers/serp/offline-subject";
import type { DiscoveryQuery, LabsEndpoint } from "../../../src/providers/serp/types";
import { OFFLINE_BRANDS } from "../../fixtures/offline-brands";

const NOW = new Date("2025-05-26T12:00:00Z");
const provider = new OfflineSerpProvider(() => NOW);
const ENDPOINTS: readonly LabsEndpoint[] = ["ideas", "suggestions", "related"];

const query = (seed: string, limit = 100, country = "us"): DiscoveryQuery => ({ seed, country, language: "en", limit });

/** Seeds of each class, with the class the simulator must read. */
const SEEDS: ReadonlyArray<[string, SeedClass]> = [
  ["adhd", "condition"],
  ["diabetes", "condition"],
  ["anxiety", "condition"],
  ["lawyer", "person"],
  ["coach", "person"],
  ["tree surgeon", "person"],
  ["coaching", "work"],
  ["adhd coaching", "work"],
  ["visa applications", "work"],
  ["tree surgery", "work"],
  ["bath bombs", "product"],
  ["printer ink cartridges", "product"],
  ["jerk chicken", "food"],
  ["mushroom risotto", "food"],
  ["pot roast recipes", "recipes"],
  ["headless cms", "software"],
  ["email automation", "software"],
  ["isle of skye", "place"],
  ["paris", "place"],
  ["cannon beach hotels", "stay"],
  ["tree surgeon in bristol", "local service"],
  ["plumber bristol", "local service"],
  ["crane hire leeds", "local service"],
  ["bass fishing", "activity"],
  ["game theory", "idea"],
  ["pet insurance claims", "unknown"],
  ["indoor bouldering", "unknown"],
];

/** Classes that are never bought, priced, found "near me" or visited. */
const PROTECTED: ReadonlySet<SeedClass> = new Set(["condition", "person", "work", "local service", "idea", "unknown", "activity"]);

/** Buying, price and visiting words, as whole words or phrases. */
const FORBIDDEN =
  /\b(buy|buying|price|prices|pricing|cost|costs|cheap|cheapest|affordable|best|near me|24 hour|call out|call-out|things to do|where to stay|for sale|deals?|discount|coupon)\b/;

/** Every keyword the simulator finds around a seed (not its questions), through the provider's public methods. */
async function keywords(seed: string): Promise<string[]> {
  const labs = await Promise.all(ENDPOINTS.map((e) => provider.labsKeywords(e, query(seed))));
  const auto = await provider.autocomplete(query(seed));
  return [
    ...labs.flat().map((k) => k.keyword),
    ...auto,
    ...offlineSerp({ keyword: seed, country: "us", language: "en" }, NOW).relatedSearches,
  ];
}

/** Everything the simulator says about a seed, through the provider's public methods. */
async function everything(seed: string): Promise<string[]> {
  const labs = await Promise.all(ENDPOINTS.map((e) => provider.labsKeywords(e, query(seed))));
  const auto = await provider.autocomplete(query(seed));
  const [outcome] = await provider.fetchSerps([{ keyword: seed, country: "us", language: "en" }]);
  if (!outcome?.ok) throw new Error(`no SERP for ${seed}`);
  return [...labs.flat().map((k) => k.keyword), ...auto, ...outcome.data.peopleAlsoAsk, ...outcome.data.relatedSearches];
}

describe("offline discovery: the seed's class", () => {
  it.each(SEEDS)("reads %s as %s", (seed, seedClass) => {
    expect(readSeed(seed).seedClass).toBe(seedClass);
  });

  it("keeps the place of a local service and names who is hired", () => {
    expect(readSeed("tree surgeon in bristol")).toMatchObject({ service: "tree surgeon", place: "in bristol", provider: "person" });
    expect(readSeed("crane hire leeds")).toMatchObject({ service: "crane hire", place: "leeds", provider: "work" });
  });
});

describe("offline discovery: what each endpoint answers", () => {
  it.each(SEEDS)("answers %s from every endpoint, most searched first, each keyword once", async (seed) => {
    for (const endpoint of ENDPOINTS) {
      const found = await provider.labsKeywords(endpoint, query(seed));
      expect(found.length).toBeGreaterThanOrEqual(5);
      expect(new Set(found.map((k) => k.keyword)).size).toBe(found.length);
      const volumes = found.map((k) => k.searchVolume ?? 0);
      expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
      for (const k of found) {
        expect(k.source).toBe(endpoint);
        expect(k.difficulty).toBeGreaterThanOrEqual(0);
        expect(k.difficulty).toBeLessThanOrEqual(100);
        expect(["informational", "commercial", "transactional"]).toContain(k.intent);
      }
    }
  });

  it("keeps to the limit", async () => {
    for (const endpoint of ENDPOINTS) expect(await provider.labsKeywords(endpoint, query("adhd", 3))).toHaveLength(3);
    expect(await provider.autocomplete(query("adhd", 3))).toHaveLength(3);
    expect(await provider.labsKeywords("ideas", query("adhd", 0))).toEqual([]);
  });

  it("suggests only phrases that hold the seed as typed; ideas reach close entities; related keywords are the page's related searches", async () => {
    const suggestions = await provider.labsKeywords("suggestions", query("coach"));
    expect(suggestions.every((k) => ` ${k.keyword} `.includes(" coach "))).toBe(true);
    // "lawyer" is a WordNet lemma: its sister terms (other professionals) are close entities.
    const ideas = (await provider.labsKeywords("ideas", query("lawyer"))).map((k) => k.keyword);
    expect(ideas.some((k) => !k.includes("lawyer"))).toBe(true);
    const related = (await provider.labsKeywords("related", query("adhd"))).map((k) => k.keyword);
    const page = offlineSerp({ keyword: "adhd", country: "us", language: "en" }, NOW);
    expect(related).toEqual(expect.arrayContaining(page.relatedSearches));
  });

  it.each(SEEDS)("completes %s after the seed itself", async (seed) => {
    const completions = await provider.autocomplete(query(seed, 10));
    const typed = readSeed(seed).seed;
    expect(completions[0]).toBe(typed);
    expect(completions.length).toBeGreaterThanOrEqual(3);
    for (const c of completions.slice(1)) expect(c.startsWith(`${typed} `)).toBe(true);
  });

  it.each(SEEDS)("shows 4 People Also Ask questions and 8 related searches on the page of %s", (seed) => {
    const page = offlineSerp({ keyword: seed, country: "us", language: "en" }, NOW);
    // As Google shows them: a capital first letter and a question mark.
    expect(page.peopleAlsoAsk).toHaveLength(4);
    for (const q of page.peopleAlsoAsk) expect(q).toMatch(/^[A-Z].*\?$/);
    expect(new Set(page.peopleAlsoAsk).size).toBe(4);
    expect(page.relatedSearches).toHaveLength(8);
    expect(new Set(page.relatedSearches).size).toBe(8);
    expect(page.relatedSearches).not.toContain(readSeed(seed).seed);
  });

  it("answers nothing for a seed with no words", async () => {
    expect(await provider.labsKeywords("ideas", query("   "))).toEqual([]);
    expect(await provider.autocomplete(query("   "))).toEqual([]);
  });

  it("stops when the caller has given up", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(provider.labsKeywords("ideas", query("adhd"), { signal: controller.signal })).rejects.toThrow();
    await expect(provider.autocomplete(query("adhd"), { signal: controller.signal })).rejects.toThrow();
  });
});

describe("offline discovery: honest and harmless", () => {
  it.each(SEEDS.filter(([, c]) => PROTECTED.has(c)))("never sells, prices or sends anyone to %s (%s)", async (seed) => {
    const said = await everything(seed);
    expect(said.filter((text) => FORBIDDEN.test(text.toLowerCase()))).toEqual([]);
  });

  it("never sells or prices the services, local services and ideas of the labelled brands", async () => {
    const brands = OFFLINE_BRANDS.filter((b) => ["service", "local service", "concept"].includes(b.subjectClass));
    expect(brands).toHaveLength(18);
    for (const brand of brands) {
      const said = await everything(brand.coreTopic);
      expect({ topic: brand.coreTopic, forbidden: said.filter((text) => FORBIDDEN.test(text.toLowerCase())) }).toEqual({
        topic: brand.coreTopic,
        forbidden: [],
      });
    }
  });

  it("gives a seed that names a condition no buying words, whatever its head", async () => {
    const said = await everything("diabetes socks");
    expect(said.filter((text) => FORBIDDEN.test(text))).toEqual([]);
  });

  it("brings no harmful term the seed did not say, for every labelled brand", async () => {
    for (const brand of OFFLINE_BRANDS) {
      const own = ownWordsOf([brand.coreTopic, ...brand.allowedUnsafe]);
      const said = await everything(brand.coreTopic);
      expect({ topic: brand.coreTopic, harmful: said.filter((text) => introducesHarm(text, own)) }).toEqual({
        topic: brand.coreTopic,
        harmful: [],
      });
    }
  });

  it("puts modifiers around the whole seed, never inside it or on one of its words", async () => {
    // Seeds WordNet has no neighbours for: every keyword is the seed and its modifiers. (A local
    // service's questions may name the service without its place, as Google's do.)
    for (const seed of ["pet insurance claims", "adhd coaching", "crane hire leeds", "indoor bouldering"]) {
      for (const keyword of await keywords(seed)) expect(keyword).toContain(seed);
    }
  });

  it("reads a multi-word seed by its last noun: adhd coaching is coaching, about adhd", async () => {
    const said = await everything("adhd coaching");
    expect(said).toContain("what is adhd coaching");
    expect(said.some((text) => /\badhd (symptoms|causes|diagnosis)\b/.test(text))).toBe(false);
  });
});

describe("offline discovery: volumes", () => {
  const allSeeds = [...SEEDS.map(([s]) => s), ...OFFLINE_BRANDS.map((b) => b.coreTopic), "pet insurance"];

  it("makes the head term the most searched keyword of its family", async () => {
    for (const country of ["us", "gb"]) {
      for (const seed of allSeeds) {
        const typed = readSeed(seed).seed;
        const own = offlineMetrics(typed, country).searchVolume;
        const family = (await Promise.all(ENDPOINTS.map((e) => provider.labsKeywords(e, query(seed, 100, country)))))
          .flat()
          .filter((k) => k.keyword !== typed && ` ${k.keyword} `.includes(` ${typed} `));
        const louder = family.filter((k) => (k.searchVolume ?? 0) >= own && own > 0);
        expect({ seed, country, own, louder: louder.map((k) => `${k.keyword}: ${k.searchVolume}`) }).toEqual({
          seed,
          country,
          own,
          louder: [],
        });
      }
    }
  });

  it("puts a narrowing below the phrase it narrows, whatever its noise", () => {
    const volume = (k: string) => offlineMetrics(k, "us").searchVolume;
    expect(volume("pet insurance setup")).toBeLessThan(volume("pet insurance"));
    expect(volume("pet insurance claims")).toBeLessThan(volume("pet insurance"));
    expect(volume("adhd symptoms in adults")).toBeLessThan(volume("adhd symptoms"));
  });

  it("gives every keyword it answers the metrics keywordMetrics gives it", async () => {
    for (const seed of ["adhd", "bath bombs", "tree surgeon in bristol", "headless cms"]) {
      for (const endpoint of ENDPOINTS) {
        const found = await provider.labsKeywords(endpoint, query(seed, 100, "gb"));
        const metrics = await provider.keywordMetrics({ keywords: found.map((k) => k.keyword), country: "gb", language: "en" });
        expect(found.map((k) => [k.keyword, k.searchVolume, k.cpc, k.competition])).toEqual(
          metrics.map((m) => [m.keyword, m.searchVolume, m.cpc, m.competition]),
        );
      }
    }
  });
});

describe("offline discovery: deterministic", () => {
  it("gives the same answers for the same seed, across calls and instances", async () => {
    const other = new OfflineSerpProvider(() => NOW);
    for (const [seed] of SEEDS) {
      for (const endpoint of ENDPOINTS) {
        expect(await other.labsKeywords(endpoint, query(seed))).toEqual(await provider.labsKeywords(endpoint, query(seed)));
      }
      expect(await other.autocomplete(query(seed))).toEqual(await provider.autocomplete(query(seed)));
      const [a] = await provider.fetchSerps([{ keyword: seed, country: "us", language: "en" }]);
      const [b] = await other.fetchSerps([{ keyword: seed, country: "us", language: "en" }]);
      expect(a).toEqual(b);
    }
  });

  it("pins the questions and searches around one seed", async () => {
    const page = offlineSerp({ keyword: "adhd", country: "us", language: "en" }, NOW);
    expect(page.peopleAlsoAsk[0]).toBe("What are the first signs of adhd?");
    expect(await provider.autocomplete(query("adhd", 4))).toEqual(["adhd", "adhd in children", "adhd in adults", "adhd support"]);
  });
});
