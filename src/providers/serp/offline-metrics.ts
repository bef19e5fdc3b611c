// Keyword metrics for the offline provider, shaped like Google Ads data: search volume in
// Google's own rounded steps with a long tail (broad entities get tens of thousands, most
// three-plus-word keywords between 10 and 500), CPC in USD and competition from 0 to 1. The
// facet moves them: buying and local searches cost more per click, troubleshooting and
// comparison searches are rarer than the bare entity. A keyword is never searched more than
// the shorter phrase it narrows: "pet insurance setup" is below "pet insurance", whatever
// its noise (see cappedStep).
import { facetById } from "./offline-facets";
import { analyzeKeyword, type KeywordInfo } from "./offline-keywords";
import { keywordMatchKey } from "../../platform/text/keyword";
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

/** The keyword's own step on the scale, before its family and its market are considered. */
function ownStep(keyword: KeywordInfo): number {
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
  return step;
}

const capped = new Map<string, number>();

/**
 * The step of a keyword in its family: at least one below each phrase it narrows by a word at
 * either end ("pet insurance setup" below "pet insurance" and "insurance setup"), so a head
 * term is searched more than any keyword made of it and a modifier, and volumes fall as a
 * phrase grows. Narrowed phrases made only of stopwords and modifiers ("how to") are no family.
 */
function cappedStep(normalized: string): number {
  const hit = capped.get(normalized);
  if (hit !== undefined) return hit;
  const info = analyzeKeyword(normalized);
  let step = ownStep(info);
  const words = normalized.split(" ");
  if (words.length > 1) {
    for (const shorter of [words.slice(1), words.slice(0, -1)]) {
      const phrase = shorter.join(" ");
      if (analyzeKeyword(phrase).named) step = Math.min(step, cappedStep(phrase) - 1);
    }
  }
  if (capped.size > 100_000) capped.clear();
  capped.set(normalized, step);
  return step;
}

function volumeFor(keyword: KeywordInfo, country: string): number {
  let step = cappedStep(keyword.normalized);
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

/**
 * Keyword difficulty (0 to 100) as research tools report it: how hard the top 10 is to enter.
 * Offline it grows with the keyword's volume and its competition for ads, with some noise of
 * its own; like every offline number it is no measurement.
 */
export function offlineDifficulty(metrics: KeywordMetrics): number {
  const step = Math.max(0, VOLUME_STEPS.indexOf(metrics.searchVolume as (typeof VOLUME_STEPS)[number]));
  const rng = rngFrom("difficulty", keywordMatchKey(metrics.keyword));
  return Math.max(0, Math.min(100, Math.floor(step * 1.5 + metrics.competition * 30) + rng.int(-8, 8)));
}
