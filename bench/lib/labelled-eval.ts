// Clusters the labelled keyword set (labelled-keywords.ts) on the offline web and scores the
// clusters against the labels, pair by pair: precision (of the pairs put together, how many
// share a label), recall (of the pairs sharing a label, how many were put together), F1, and
// the share of clusters holding a single keyword.
import { clusterKeywords, type Cluster } from "../../src/modules/clustering/engine";
import { OfflineSerpProvider } from "../../src/providers/serp/offline";
import { present } from "../../src/platform/present";
import { LABELLED_KEYWORDS, type LabelledKeyword } from "./labelled-keywords";

export interface LabelledScore {
  keywords: number;
  labels: number;
  clusters: number;
  singletons: number;
  singletonShare: number;
  precision: number;
  recall: number;
  f1: number;
  /** Clusters as keyword lists, for reading. */
  groups: string[][];
}

export function scoreClusters(clusters: readonly Cluster[], labelled: readonly LabelledKeyword[]): Omit<LabelledScore, "groups"> {
  const labelOf = new Map(labelled.map((k) => [k.keyword, `${k.entity}|${k.intent}`]));
  const clusterOf = new Map<string, string>();
  for (const c of clusters) for (const k of c.keywords) clusterOf.set(k, c.id);
  let together = 0;
  let sameLabel = 0;
  let both = 0;
  const keys = labelled.map((k) => k.keyword);
  for (const [i, a] of keys.entries()) {
    for (const b of keys.slice(i + 1)) {
      const c = clusterOf.get(a) === clusterOf.get(b);
      const l = labelOf.get(a) === labelOf.get(b);
      if (c) together += 1;
      if (l) sameLabel += 1;
      if (c && l) both += 1;
    }
  }
  const precision = together === 0 ? 1 : both / together;
  const recall = sameLabel === 0 ? 1 : both / sameLabel;
  const singletons = clusters.filter((c) => c.keywords.length === 1).length;
  return {
    keywords: keys.length,
    labels: new Set(labelOf.values()).size,
    clusters: clusters.length,
    singletons,
    singletonShare: singletons / clusters.length,
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
  };
}

/** The labelled set clustered at `overlap` on the offline web (US English, volumes from its metrics). */
export async function scoreOfflineWeb(overlap = 0.4, labelled: readonly LabelledKeyword[] = LABELLED_KEYWORDS): Promise<LabelledScore> {
  const provider = new OfflineSerpProvider(() => new Date("2026-11-01T00:00:00Z"));
  const keywords = labelled.map((k) => k.keyword);
  const [serps, metrics] = await Promise.all([
    provider.fetchSerps(keywords.map((keyword) => ({ keyword, country: "us", language: "en" }))),
    provider.keywordMetrics({ keywords, country: "us", language: "en" }),
  ]);
  const input = keywords.map((keyword, i) => {
    const outcome = present(serps[i], "a keyword's SERP");
    return {
      keyword,
      searchVolume: present(metrics[i], "a keyword's metrics").searchVolume,
      urls: outcome.ok ? outcome.data.results.map((r) => r.url) : [],
    };
  });
  const clusters = clusterKeywords(input, overlap);
  return { ...scoreClusters(clusters, labelled), groups: clusters.map((c) => c.keywords) };
}
