// What a fault run does, drawn from one seed: how many jobs of each kind, the keyword lists of
// the standalone clusterings, and when the faults strike (worker kills, the database restart).
import { seeded } from "../../bench/lib/seeded";

export const KINDS = ["research", "clustering", "clustering_deleted", "brand_clustering", "recluster", "brand_recluster"] as const;
export type Kind = (typeof KINDS)[number];

/** What each kind is, for the printed table. */
export const KIND_LABELS: Record<Kind, string> = {
  research: "research generation",
  clustering: "standalone clustering",
  clustering_deleted: "standalone clustering, report deleted mid-run",
  brand_clustering: "brand clustering",
  recluster: "recluster (standalone report)",
  brand_recluster: "recluster (brand)",
};

export type Quotas = Record<Kind, number>;

/** N jobs split 30% research, 30% standalone clusterings, 5% deleted mid-run, 15% brand clusterings, 20% reclusters. */
export function quotas(n: number): Quotas {
  const research = Math.round(n * 0.3);
  const clustering = Math.round(n * 0.3);
  const deleted = Math.round(n * 0.05);
  const brand = Math.round(n * 0.15);
  const recluster = Math.round(n * 0.12);
  return {
    research,
    clustering,
    clustering_deleted: deleted,
    brand_clustering: brand,
    recluster,
    brand_recluster: Math.max(0, n - research - clustering - deleted - brand - recluster),
  };
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

const HEADS = ["espresso machine", "coffee grinder", "cold brew", "pour over", "french press", "moka pot", "milk frother", "decaf beans", "latte art", "coffee scale"];
const MODIFIERS = ["best", "cheap", "how to clean", "review", "for beginners", "price", "guide", "vs drip", "tips", "repair", "accessories", "recipe"];

/** `count` distinct keywords that share head terms (so their offline SERPs overlap and cluster). */
export function keywordList(rng: Rng, count: number): string[] {
  const out = new Set<string>();
  while (out.size < count) out.add(`${pick(rng, MODIFIERS)} ${pick(rng, HEADS)} ${Math.floor(rng() * 5000)}`);
  return [...out];
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
