// The offline provider's promises, checked as properties: the same keyword always gives the
// same answer; keywords of one entity and one facet share most of their top 10, one entity
// across facets only a few pages; keywords of disjoint entities share no URL; metrics stay in
// range and follow the facet; outcomes come back in order.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyzeKeyword, headTerms, tokenize } from "../../../src/providers/serp/offline-keywords";
import { OfflineSerpProvider } from "../../../src/providers/serp/offline";
import type { SerpData, SerpOutcome } from "../../../src/providers/serp/types";

const NOW = new Date("2025-05-26T12:00:00Z");

// The pinned answer for "running shoes" (the entity "running shoe", general facet).
const PINNED_TOP_3: Array<[string, string]> = [
  ["https://learnitfast.org/running-shoe/", "Running Shoes: Guides, Reviews and News | Learn It Fast"],
  ["https://www.shoedaily.org/guides/running-shoe", "Running Shoes: The Complete Guide | Shoe Daily"],
  // A page about the narrower entity "shoe", as every two-word entity borrows.
  ["https://practicalpicks.com/learn/shoe/", "Shoes: What You Need to Know"],
];
const PINNED_TOTAL = 564153391;
const PINNED_METRICS = { keyword: "running shoes", searchVolume: 880, cpc: 0.95, competition: 0 };
const provider = new OfflineSerpProvider(() => NOW);

// Two disjoint vocabularies of topic words (none is a stopword or modifier; each takes an "s").
const TOPICS_A = ["shoe", "coffee", "garden", "laptop", "kayak", "piano", "candle", "tent", "drone", "yoga", "wallet", "helmet"];
const TOPICS_B = ["mortgage", "tomato", "printer", "violin", "cabinet", "scooter", "puppy", "sofa", "router", "jacket", "bakery", "ladder"];
const PREFIXES = ["", "best", "how to choose", "what is a", "cheap", "top", "review of", "buy"];
const SUFFIXES = ["", "near me", "for beginners", "2025", "online", "guide", "reviews", "ideas"];

async function serp(keyword: string, depth?: number): Promise<SerpData> {
  const [outcome] = await provider.fetchSerps([{ keyword, country: "us", language: "en", depth }]);
  if (!outcome?.ok) throw new Error(`offline SERP failed for "${keyword}"`);
  return outcome.data;
}

const top10 = (data: SerpData): string[] => data.results.slice(0, 10).map((r) => r.url);

/** The clustering engine's URL form: no scheme, lowercase host, no www., no fragment or trailing slash. */
function normalizeUrl(url: string): string {
  const u = new URL(url);
  return `${u.host.toLowerCase().replace(/^www\./, "")}${u.pathname}${u.search}`.replace(/\/+$/, "");
}

function shared(a: string[], b: string[]): number {
  const set = new Set(a.map(normalizeUrl));
  return new Set(b.map(normalizeUrl).filter((u) => set.has(u))).size;
}

/** A keyword about exactly these topic words, dressed with modifiers, shuffled and maybe plural. */
const dressedKeyword = (words: string[]) =>
  fc
    .tuple(
      fc.constantFrom(...PREFIXES),
      fc.constantFrom(...SUFFIXES),
      fc.shuffledSubarray(words, { minLength: words.length }),
      fc.array(fc.boolean(), { minLength: words.length, maxLength: words.length }),
    )
    .map(([prefix, suffix, ordered, plural]) =>
      [prefix, ...ordered.map((w, i) => (plural[i] ? `${w}s` : w)), suffix].filter(Boolean).join(" "),
    );

/** Ways of asking for one facet: a prefix and a suffix, either possibly empty. */
const DRESSINGS: Record<string, Array<[string, string]>> = {
  general: [
    ["", ""],
    ["", "2025"],
    ["", "online"],
    ["the", ""],
  ],
  howto: [
    ["how to use a", ""],
    ["", "tips"],
    ["", "tutorial"],
    ["", "for beginners"],
    ["", "instructions"],
  ],
  buying: [
    ["best", ""],
    ["cheap", ""],
    ["", "reviews"],
    ["buy", ""],
    ["", "price"],
    ["top", "2025"],
  ],
  cleaning: [
    ["how to clean a", ""],
    ["", "cleaning"],
    ["", "maintenance"],
    ["", "care"],
  ],
  problems: [
    ["", "problems"],
    ["", "not working"],
    ["", "troubleshooting"],
    ["how to fix a", ""],
  ],
  local: [
    ["", "near me"],
    ["", "store near me"],
    ["local", ""],
  ],
  definitions: [
    ["what is a", ""],
    ["", "meaning"],
    ["", "definition"],
    ["", "history"],
  ],
};

/** A keyword about these words for one facet, in any order, maybe plural. */
const facetKeyword = (words: string[], facet: string) =>
  fc
    .tuple(
      fc.constantFrom(...DRESSINGS[facet]!),
      fc.shuffledSubarray(words, { minLength: words.length }),
      fc.array(fc.boolean(), { minLength: words.length, maxLength: words.length }),
    )
    .map(([[prefix, suffix], ordered, plural]) =>
      [prefix, ...ordered.map((w, i) => (plural[i] ? `${w}s` : w)), suffix].filter(Boolean).join(" "),
    );

const headsFrom = (vocabulary: string[], max = 3) => fc.uniqueArray(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: max });

describe("offline provider: determinism", () => {
  it("gives the same SERP and metrics for the same keyword, across calls and instances", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }), async (keyword) => {
        const q = [{ keyword, country: "us", language: "en" }];
        const first = await provider.fetchSerps(q);
        const second = await new OfflineSerpProvider(() => NOW).fetchSerps(q);
        expect(second).toEqual(first);
        const m1 = await provider.keywordMetrics({ keywords: [keyword], country: "us", language: "en" });
        const m2 = await new OfflineSerpProvider().keywordMetrics({ keywords: [keyword], country: "us", language: "en" });
        expect(m2).toEqual(m1);
      }),
      { numRuns: 60 },
    );
  });

  it("ignores case and spacing", async () => {
    expect(top10(await serp("  Running   SHOES "))).toEqual(top10(await serp("running shoes")));
  });

  it("pins a known answer, so the same keyword gives the same web on every machine", async () => {
    const data = await serp("running shoes");
    expect(data.results.slice(0, 3).map((r) => [r.url, r.title])).toEqual(PINNED_TOP_3);
    expect(data.totalResults).toBe(PINNED_TOTAL);
    expect(data.fetchedAt).toEqual(NOW);
    expect(await provider.keywordMetrics({ keywords: ["running shoes"], country: "us", language: "en" })).toEqual([PINNED_METRICS]);
  });
});

const FACET_NAMES = Object.keys(DRESSINGS);

describe("offline provider: shared URLs", () => {
  it("keywords of the same entity and facet share at least 8 of their top 10", async () => {
    await fc.assert(
      fc.asyncProperty(
        headsFrom([...TOPICS_A, ...TOPICS_B]).chain((words) =>
          fc.constantFrom(...FACET_NAMES).chain((facet) => fc.tuple(facetKeyword(words, facet), facetKeyword(words, facet))),
        ),
        async ([a, b]) => {
          const [ka, kb] = [analyzeKeyword(a), analyzeKeyword(b)];
          expect(ka.heads).toEqual(kb.heads);
          expect(ka.facet).toEqual(kb.facet);
          expect(shared(top10(await serp(a)), top10(await serp(b)))).toBeGreaterThanOrEqual(8);
        },
      ),
      { numRuns: 80 },
    );
  });

  it("keywords of the same entity and different facets share 2 or 3 pages: never the 4 a 0.4 clustering needs", async () => {
    await fc.assert(
      fc.asyncProperty(
        headsFrom([...TOPICS_A, ...TOPICS_B]).chain((words) =>
          fc
            .uniqueArray(fc.constantFrom(...FACET_NAMES), { minLength: 2, maxLength: 2 })
            .chain(([f, g]) => fc.tuple(facetKeyword(words, f!), facetKeyword(words, g!))),
        ),
        async ([a, b]) => {
          const [ka, kb] = [analyzeKeyword(a), analyzeKeyword(b)];
          expect(ka.heads).toEqual(kb.heads);
          expect(ka.facet).not.toEqual(kb.facet);
          const n = shared(top10(await serp(a)), top10(await serp(b)));
          expect(n).toBeGreaterThanOrEqual(2);
          expect(n).toBeLessThanOrEqual(3);
        },
      ),
      { numRuns: 80 },
    );
  });

  it("keywords whose head terms are disjoint share no URL", async () => {
    await fc.assert(
      fc.asyncProperty(headsFrom(TOPICS_A).chain(dressedKeyword), headsFrom(TOPICS_B).chain(dressedKeyword), async (a, b) => {
        const hb = headTerms(b);
        expect(headTerms(a).filter((t) => hb.includes(t))).toEqual([]);
        const [sa, sb] = [await serp(a, 30), await serp(b, 30)];
        expect(
          shared(
            sa.results.map((r) => r.url),
            sb.results.map((r) => r.url),
          ),
        ).toBe(0);
      }),
      { numRuns: 80 },
    );
  });

  it("arbitrary keywords with disjoint head terms share no URL", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", maxLength: 30 }), fc.string({ unit: "grapheme", maxLength: 30 }), async (a, b) => {
        fc.pre(a.trim() !== "" && b.trim() !== "");
        const hb = new Set(headTerms(b));
        fc.pre(headTerms(a).every((t) => !hb.has(t)));
        expect(shared(top10(await serp(a)), top10(await serp(b)))).toBe(0);
      }),
      { numRuns: 80 },
    );
  });

  it("a keyword with one more head term still shares some URLs", async () => {
    await fc.assert(
      fc.asyncProperty(headsFrom(TOPICS_A, 2), fc.constantFrom(...TOPICS_B), async (words, extra) => {
        const narrow = await serp(words.join(" "));
        const wider = await serp([...words, extra].join(" "));
        expect(shared(top10(narrow), top10(wider))).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 60 },
    );
  });

  it("lets a few big generic domains recur across unrelated keywords, on different URLs", async () => {
    const serps = await Promise.all([...TOPICS_A, ...TOPICS_B].map((w) => serp(w)));
    const appearances = new Map<string, number>();
    for (const s of serps) for (const d of new Set(s.results.map((r) => r.domain))) appearances.set(d, (appearances.get(d) ?? 0) + 1);
    const generic = ["en.wikipedia.org", "reddit.com", "youtube.com", "amazon.com"].filter((d) => (appearances.get(d) ?? 0) >= 3);
    expect(generic.length).toBeGreaterThanOrEqual(2);
    const urls = serps.flatMap((s) => s.results.map((r) => normalizeUrl(r.url)));
    expect(new Set(urls).size).toBe(urls.length);
  });
});

describe("offline provider: shape of the answer", () => {
  it("answers one outcome per query, in order, with positions 1..depth and consistent domains", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.string({ maxLength: 25 }), headsFrom(TOPICS_A).chain(dressedKeyword)), { maxLength: 8 }),
        fc.integer({ min: 1, max: 30 }),
        async (keywords, depth) => {
          const outcomes = await provider.fetchSerps(keywords.map((keyword) => ({ keyword, country: "us", language: "en", depth })));
          expect(outcomes).toHaveLength(keywords.length);
          outcomes.forEach((outcome: SerpOutcome, i) => {
            if (keywords[i]?.trim() === "") {
              expect(outcome).toMatchObject({ ok: false, keyword: keywords[i], transient: false });
              return;
            }
            if (!outcome.ok) throw new Error("unexpected failure");
            const data = outcome.data;
            expect(data.keyword).toBe(keywords[i]);
            expect(data.dataSource).toBe("offline");
            expect(data.results.map((r) => r.position)).toEqual(Array.from({ length: depth }, (_, k) => k + 1));
            expect(new Set(data.results.map((r) => normalizeUrl(r.url))).size).toBe(depth);
            for (const r of data.results) {
              expect(r.domain).toBe(new URL(r.url).hostname.replace(/^www\./, ""));
              expect(r.title.length).toBeGreaterThan(0);
              expect(r.snippet.length).toBeGreaterThan(0);
            }
            expect(data.totalResults).toBeGreaterThan(0);
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it("keeps the top 10 the same at a greater depth", async () => {
    const deep = await serp("garden tools", 50);
    expect(deep.results).toHaveLength(50);
    expect(deep.results.slice(0, 10)).toEqual((await serp("garden tools")).results);
  });

  it("writes titles and snippets about the keyword", async () => {
    const data = await serp("best trail running shoes");
    const text = data.results.map((r) => `${r.title} ${r.snippet}`.toLowerCase()).join(" ");
    expect(text).toContain("trail running shoes");
  });

  it("handles keywords in any script", async () => {
    for (const keyword of ["beste mechanische toetsenborden", "café près de moi", "日本語 キーボード", "!!!"]) {
      const data = await serp(keyword);
      expect(data.results).toHaveLength(10);
      for (const r of data.results) expect(() => new URL(r.url)).not.toThrow();
    }
  });

  it("reports progress and stops when cancelled", async () => {
    const seen: number[] = [];
    await provider.fetchSerps(
      ["a b", "c d", "e f"].map((keyword) => ({ keyword, country: "us", language: "en" })),
      {
        onProgress: (done, total) => seen.push(done * 10 + total),
      },
    );
    expect(seen).toEqual([13, 23, 33]);
    const controller = new AbortController();
    controller.abort();
    await expect(provider.fetchSerps([{ keyword: "x y", country: "us", language: "en" }], { signal: controller.signal })).rejects.toThrow(
      /cancelled/,
    );
  });
});

describe("offline provider: AI presence", () => {
  it("gives an AI Overview to a deterministic share of keywords, more often for questions, citing the results", async () => {
    const questions = await Promise.all(TOPICS_A.flatMap((w) => TOPICS_B.map((v) => serp(`how to use a ${w} with a ${v}`))));
    const plain = await Promise.all(TOPICS_A.flatMap((w) => TOPICS_B.map((v) => serp(`${w} ${v}`))));
    const share = (list: SerpData[]) => list.filter((s) => s.aiOverview !== null).length / list.length;
    expect(share(questions)).toBeGreaterThan(0.45);
    expect(share(questions)).toBeLessThan(0.95);
    expect(share(plain)).toBeGreaterThan(0.05);
    expect(share(plain)).toBeLessThan(share(questions));
    expect([...questions, ...plain].some((s) => s.aiMode !== null)).toBe(true);
    for (const s of [...questions, ...plain]) {
      const urls = new Set(s.results.map((r) => r.url));
      for (const answer of [s.aiOverview, s.aiMode]) {
        if (answer === null) continue;
        expect(answer.text.length).toBeGreaterThan(20);
        expect(answer.references.length).toBeGreaterThanOrEqual(2);
        for (const ref of answer.references) expect(urls.has(ref.url)).toBe(true);
      }
    }
  });
});

describe("offline provider: keyword metrics", () => {
  it("answers every keyword in order with metrics in range", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: "grapheme", maxLength: 40 }), { maxLength: 30 }),
        fc.constantFrom("us", "gb", "nl", "zz", "constructor", "__proto__"),
        async (keywords, country) => {
          const metrics = await provider.keywordMetrics({ keywords, country, language: "en" });
          expect(metrics.map((m) => m.keyword)).toEqual(keywords);
          for (const m of metrics) {
            expect(Number.isInteger(m.searchVolume)).toBe(true);
            expect(m.searchVolume).toBeGreaterThanOrEqual(0);
            expect(m.competition).toBeGreaterThanOrEqual(0);
            expect(m.competition).toBeLessThanOrEqual(1);
            if (tokenize(m.keyword).length === 0) {
              expect(m).toEqual({ keyword: m.keyword, searchVolume: 0, cpc: 0, competition: 0 });
            } else {
              expect(m.cpc).toBeGreaterThanOrEqual(0.1);
              expect(m.cpc).toBeLessThanOrEqual(15);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("follows a long tail: broad heads are big, most longer keywords sit between 10 and 500", async () => {
    const heads = [...TOPICS_A, ...TOPICS_B];
    const longer = heads.flatMap((w, i) => heads.slice(i + 1).map((v) => `${w} ${v} ${heads[(i * 7) % heads.length]}`));
    const volumes = async (keywords: string[]) =>
      (await provider.keywordMetrics({ keywords, country: "us", language: "en" })).map((m) => m.searchVolume).sort((a, b) => a - b);
    const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)] as number;
    const broad = await volumes(heads);
    const tail = await volumes(longer);
    expect(median(broad)).toBeGreaterThan(1000);
    expect(median(tail)).toBeGreaterThanOrEqual(10);
    expect(median(tail)).toBeLessThanOrEqual(500);
    expect(tail.filter((v) => v >= 10 && v <= 500).length / tail.length).toBeGreaterThan(0.5);
    expect(Math.max(...broad)).toBeGreaterThanOrEqual(10_000);
  });
});

describe("offline provider: metrics follow the facet", () => {
  it("buying and local searches cost more per click than how-to and definition searches; questions get AI Overviews more", async () => {
    const entities = [...TOPICS_A, ...TOPICS_B];
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const cpc = async (dress: (e: string) => string) =>
      mean((await provider.keywordMetrics({ keywords: entities.map(dress), country: "us", language: "en" })).map((m) => m.cpc));
    const buying = await cpc((e) => `best ${e}`);
    const local = await cpc((e) => `${e} near me`);
    const howto = await cpc((e) => `${e} tutorial`);
    const definitions = await cpc((e) => `${e} meaning`);
    expect(Math.min(buying, local)).toBeGreaterThan(Math.max(howto, definitions) * 2);
    const aiShare = async (dress: (e: string) => string) =>
      (await Promise.all(entities.map((e) => serp(dress(e))))).filter((s) => s.aiOverview !== null).length / entities.length;
    expect(await aiShare((e) => `what is a ${e}`)).toBeGreaterThan(await aiShare((e) => `${e} near me`));
  });
});
