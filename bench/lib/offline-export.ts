// A SERP export as `canopy cluster` reads it, made from the built-in offline web: keywords of
// an invented catalogue (two topic words and up to two modifiers, 40 x 40 x 20 x 20 choices)
// with their offline top 10 and search volume, as an export of canopy's own SERP data would be.
import { offlineSerp } from "../../src/providers/serp/offline";
import { offlineMetrics } from "../../src/providers/serp/offline-metrics";
import { present } from "../../src/platform/present";
import { seeded } from "./seeded";

const TOPICS = [
  "coffee",
  "espresso",
  "grinder",
  "tea",
  "milk",
  "latte",
  "brew",
  "press",
  "beans",
  "roast",
  "kettle",
  "mug",
  "decaf",
  "matcha",
  "barista",
  "filter",
  "aeropress",
  "moka",
  "chai",
  "cappuccino",
  "running",
  "shoes",
  "garden",
  "tools",
  "camera",
  "lens",
  "bike",
  "tent",
  "yoga",
  "mat",
  "dog",
  "food",
  "cat",
  "toy",
  "desk",
  "chair",
  "lamp",
  "rug",
  "sofa",
  "bed",
];
const MODIFIERS = [
  "best",
  "cheap",
  "how to use",
  "review",
  "vs",
  "for beginners",
  "near me",
  "buy",
  "recipe",
  "guide",
  "top",
  "electric",
  "manual",
  "small",
  "large",
  "organic",
  "2026",
  "without",
  "at home",
  "easy",
];

export interface ExportEntry {
  keyword: string;
  search_volume: number;
  urls: string[];
}

export function offlineExport(size: number, seed: number): ExportEntry[] {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]): T => present(list[Math.floor(random() * list.length)], "a pick from a non-empty list");
  const keywords = new Set<string>();
  while (keywords.size < size) {
    const words = [pick(TOPICS), pick(TOPICS)];
    for (let m = Math.floor(random() * 3); m > 0; m--) words.push(pick(MODIFIERS));
    keywords.add(words.join(" "));
  }
  const fetchedAt = new Date("2026-11-01T00:00:00Z");
  return [...keywords].map((keyword) => ({
    keyword,
    search_volume: offlineMetrics(keyword, "us").searchVolume,
    urls: offlineSerp({ keyword, country: "us", language: "en" }, fetchedAt)
      .results.slice(0, 10)
      .map((result) => result.url),
  }));
}
