// The offline world on the labelled brands (test/fixtures/offline-brands.ts: 48 brands across the
// eight subject classes, ambiguous and harmful-neighbour words on purpose, none tuned for): each
// brand through two briefs, the brand clustering of the keywords they recommend and their drafts,
// as a new user meets it, held to what a strategist could show a client. `npm run bench:offline` prints the figures.
import { describe, expect, it } from "vitest";
import { measureBrand, type BrandQuality } from "../../../bench/lib/offline-quality/measure";
import { runOfflineWorld } from "../../../bench/lib/offline-world";
import { OFFLINE_BRANDS } from "../../fixtures/offline-brands";

describe("the offline world on the labelled brands", () => {
  const measured: { name: string; quality: BrandQuality }[] = [];

  it("runs every brand through the offline world", async () => {
    for (const brand of OFFLINE_BRANDS) measured.push({ name: brand.name, quality: measureBrand(brand, await runOfflineWorld(brand)) });
    expect(measured).toHaveLength(OFFLINE_BRANDS.length);
  }, 300_000);

  it("introduces no harmful term the brand did not use", () => {
    expect(measured.flatMap((m) => m.quality.unsafe.map((finding) => `${m.name}: ${JSON.stringify(finding)}`))).toEqual([]);
  });

  it("makes the core topic, as typed, a keyword of every map", () => {
    expect(measured.filter((m) => !m.quality.coreTopicIsKeyword).map((m) => m.name)).toEqual([]);
  });
});
