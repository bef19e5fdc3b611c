// What a fault run does, drawn from one seed: how many jobs of each kind, the keyword lists of
// the standalone clusterings, the SERP selections of the briefs and the specialists of the
// articles, and when the faults strike (worker kills, the database restart).
import { seeded } from "../../bench/lib/seeded";

export const KINDS = [
  "research",
  "clustering",
  "clustering_deleted",
  "brand_clustering",
  "recluster",
  "brand_recluster",
  "brief",
  "brief_resumed",
  "brief_in_review",
  "brief_authority",
  "article",
  "article_specialists",
  "article_regenerated",
  "article_authority",
] as const;
export type Kind = (typeof KINDS)[number];

/** What each kind is, for the printed table. */
export const KIND_LABELS: Record<Kind, string> = {
  research: "research generation",
  clustering: "standalone clustering",
  clustering_deleted: "standalone clustering, report deleted mid-run",
  brand_clustering: "brand clustering",
  recluster: "recluster (standalone report)",
  brand_recluster: "recluster (brand)",
  brief: "standalone brief",
  brief_resumed: "standalone brief, interactive, resumed",
  brief_in_review: "standalone brief, interactive, left in review",
  brief_authority: "authority brief (node of a clustered brand)",
  article: "standalone article",
  article_specialists: "standalone article with specialists",
  article_regenerated: "article regenerated (new version)",
  article_authority: "authority article (from an authority brief)",
};

/** The kinds that start a brief: their 202 names the brief, whose first task the run looks up. */
export const BRIEF_KINDS: readonly Kind[] = ["brief", "brief_resumed", "brief_in_review", "brief_authority"];

export type Quotas = Record<Kind, number>;

/**
 * N jobs split 18% standalone clusterings, 5% deleted mid-run, 10% brand clusterings, 14%
 * reclusters, 20% briefs, 15% article draftings and the rest (about 18%) research generations
 * (one per brand: at least as many as the brand clusterings, which each need a brand's research).
 * Of the briefs, half are plain standalone, a quarter for nodes of clustered brands, a quarter
 * interactive (one in five of those left in review, never resumed: the end of a run holds briefs
 * settled but not complete). Of the articles, two in five are plain standalone, a quarter
 * standalone with specialists, one in five regenerations of an article that has ended (standalone
 * or authority), the rest from authority briefs.
 */
export function quotas(n: number): Quotas {
  const interactive = Math.round(n * 0.05);
  const inReview = Math.floor(interactive / 5);
  const rest = {
    clustering: Math.round(n * 0.18),
    clustering_deleted: Math.round(n * 0.05),
    brand_clustering: Math.round(n * 0.1),
    recluster: Math.round(n * 0.07),
    brand_recluster: Math.round(n * 0.07),
    brief: Math.round(n * 0.1),
    brief_resumed: interactive - inReview,
    brief_in_review: inReview,
    brief_authority: Math.round(n * 0.05),
    article: Math.round(n * 0.06),
    article_specialists: Math.round(n * 0.04),
    article_regenerated: Math.round(n * 0.03),
    article_authority: Math.round(n * 0.02),
  };
  // Research takes what rounding leaves, so the kinds add up to N.
  return { research: n - Object.values(rest).reduce((sum, q) => sum + q, 0), ...rest };
}

export type Rng = () => number;

export function rngOf(seed: number): Rng {
  return seeded(seed);
}

export function between(rng: Rng, min: number, max: number): number {
  return min + rng() * (max - min);
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

export function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const HEADS = [
  "espresso machine",
  "coffee grinder",
  "cold brew",
  "pour over",
  "french press",
  "moka pot",
  "milk frother",
  "decaf beans",
  "latte art",
  "coffee scale",
];
const MODIFIERS = [
  "best",
  "cheap",
  "how to clean",
  "review",
  "for beginners",
  "price",
  "guide",
  "vs drip",
  "tips",
  "repair",
  "accessories",
  "recipe",
];

const SPECIALISTS = ["web_research", "fact_check", "intro_key_takeaways", "conversion_coach"] as const;

/**
 * What an article's request asks of the specialists: each on or off at random, at least one on,
 * and the web research's mode. The service keeps those that apply to the article's type.
 */
export function specialistChoice(rng: Rng): Record<string, boolean | string> {
  const on = SPECIALISTS.filter(() => rng() < 0.5);
  const chosen = on.length > 0 ? on : [pick(rng, SPECIALISTS)];
  return { ...Object.fromEntries(chosen.map((name) => [name, true])), web_research_mode: rng() < 0.5 ? "basic" : "advanced" };
}

/** `count` distinct keywords that share head terms (so their offline SERPs overlap and cluster). */
export function keywordList(rng: Rng, count: number): string[] {
  const out = new Set<string>();
  while (out.size < count) out.add(`${pick(rng, MODIFIERS)} ${pick(rng, HEADS)} ${Math.floor(rng() * 5000)}`);
  return [...out];
}

const DOMAINS = ["brewhub", "beanschool", "cupreview", "grindlab", "roastery", "baristadaily", "kettleworks", "crema"];

/** What a brief's request selects from a SERP: 3 to 15 results about `topic`, each with a url. */
export function serpSelection(rng: Rng, topic: string): { url: string; title: string; snippet: string }[] {
  const count = 3 + Math.floor(rng() * 13);
  return Array.from({ length: count }, (_, i) => {
    const domain = pick(rng, DOMAINS);
    return {
      url: `https://${domain}.example/${topic.replace(/\W+/g, "-")}/${i}`,
      title: `${topic} (${domain}, result ${i + 1})`,
      snippet: `What ${domain} says about ${topic}: ${pick(rng, MODIFIERS)}.`,
    };
  });
}

export interface FaultPlan {
  /** Worker kills, by time from the start of the workload, and which worker slot. */
  kills: { atMs: number; worker: number }[];
  /** Database restarts, by time from the start of the workload, each with how long the server stays down. */
  pgRestarts: { atMs: number; downMs: number }[];
}

/**
 * Kill moments uniform over the window (5% to 95% of it), database restarts in its middle part
 * (20% to 70%), when the most jobs are in flight; each outage lasts 1 to 4 s.
 */
export function faultPlan(rng: Rng, options: { kills: number; workers: number; windowMs: number; pgRestarts: number }): FaultPlan {
  const { windowMs } = options;
  const kills = Array.from({ length: options.kills }, () => ({
    atMs: Math.round(between(rng, 0.05, 0.95) * windowMs),
    worker: Math.floor(rng() * options.workers),
  })).sort((a, b) => a.atMs - b.atMs);
  const pgRestarts = Array.from({ length: options.pgRestarts }, () => ({
    atMs: Math.round(between(rng, 0.2, 0.7) * windowMs),
    downMs: Math.round(between(rng, 1000, 4000)),
  })).sort((a, b) => a.atMs - b.atMs);
  return { kills, pgRestarts };
}
