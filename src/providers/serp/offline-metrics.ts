// Keyword metrics for the offline provider, shaped like Google Ads data: search volume in
// Google's own rounded steps with a long tail (broad entities get tens of thousands, most
// three-plus-word keywords between 10 and 500), CPC in USD and competition from 0 to 1. The
// facet moves them: buying and local searches cost more per click, troubleshooting and
// comparison searches are rarer than the bare entity.
import { facetById } from "./offline-facets";
import { analyzeKeyword, type KeywordInfo } from "./offline-keywords";
import { rngFrom } from "./prng";
import type { KeywordMetrics } from "./types";

/** The monthly volumes Google Ads reports (it rounds every keyword to one of these). */
const VOLUME_STEPS = [
  0, 10, 20, 30, 40, 50, 70, 90, 110, 140, 170, 210, 260, 320, 390, 480, 590, 720, 880, 1000, 1300, 1600, 1900, 2400, 2900, 3600, 4400,
  5400, 6600, 8100, 9900, 12100, 14800, 18100, 22200, 27100, 33100, 40500, 49500, 60500, 74000, 90500, 110000, 135000, 165000, 201000,
  246000, 301000, 368000, 450000, 550000, 673000, 823000, 1000000,
] as const;

/** Typical step for a keyword of 1, 2, 3, 4 and 5+ head terms in the United States. */
const BASE_STEP_BY_HEADS = [28, 18, 10, 5, 2] as const;

/** Smaller markets: fewer steps up the scale. */
const MARKET_SHIFT: Record<string, number> = {
  us: 0,
  gb: -5,
  de: -5,
  in: -5,
  br: -5,
  fr: -5,
  jp: -5,
  mx: -5,
  ca: -7,
  au: -7,
  es: -7,
  it: -7,
  nl: -7,
  pl: -7,
  tr: -7,
  id: -7,
};

function volumeFor(keyword: KeywordInfo, country: string): number {
  const rng = rngFrom("volume", keyword.normalized);
  const heads = keyword.heads.length;
  let step: number = BASE_STEP_BY_HEADS[Math.min(heads, BASE_STEP_BY_HEADS.length) - 1] ?? 2;
  // Every word beyond the entity's narrows the search a little; the facet says how much.
  step -= Math.min(2, Math.max(0, keyword.tokens.length - heads - 1));
  step += facetById(keyword.facet).volumeShift;
  const noise = rng.int(-2, 2) + rng.int(-2, 2) + rng.int(-2, 2);
  // A thing's own name, with nothing around it ("sea kayaking"), is what most of its searchers
  // type: it varies upwards from its typical step, never below it, so a topic's bare phrase is
  // not outsearched by its own narrowings' noise.
  const bare = keyword.facet === "general" && !keyword.question && keyword.tokens.length === heads;
  step += bare ? Math.max(0, noise) : noise;
  // The long tail's other end: a few keywords are far bigger than their length suggests.
  if (rng.chance(0.05)) step += rng.int(3, 10);
  if (keyword.question) step -= 2;
  // Own keys only: a country such as `constructor` must not read Object.prototype.
  const market = country.toLowerCase();
  step += Object.hasOwn(MARKET_SHIFT, market) ? (MARKET_SHIFT[market] ?? -9) : -9;
  const index = Math.max(0, Math.min(VOLUME_STEPS.length - 1, step));
  return VOLUME_STEPS[index] as number;
}

function cpcCentsFor(keyword: KeywordInfo): number {
  const rng = rngFrom("cpc", keyword.normalized);
  const spread = rng.next() * rng.next();
  const [low, high] = facetById(keyword.facet).cpcCents;
  let cents = low + Math.floor(spread * (high - low));
  if (keyword.question) cents = Math.floor(cents / 2);
  return Math.max(10, Math.min(1500, cents));
}

/** Metrics for one keyword; one with no letters or digits has none. */
export function offlineMetrics(keyword: string, country: string): KeywordMetrics {
  const info = analyzeKeyword(keyword);
  if (info.tokens.length === 0) return { keyword, searchVolume: 0, cpc: 0, competition: 0 };
  const cents = cpcCentsFor(info);
  const rng = rngFrom("competition", info.normalized);
  const index = Math.max(0, Math.min(100, Math.floor(cents / 12) + rng.int(-20, 25)));
  return { keyword, searchVolume: volumeFor(info, country), cpc: cents / 100, competition: index / 100 };
}
