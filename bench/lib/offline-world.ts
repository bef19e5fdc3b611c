// Runs one brand through the offline world the way the service does for a new user with no keys:
// the research task (SERP of the core topic, offline tree, stored as treeFromGenerated stores
// it), the brand clustering of the tree's keywords at overlap 0.4 on the offline web, a brief
// for the core topic and one for a keyword of the tree, and the article draft of each brief.
// bench/offline-samples.ts prints the same pieces for reading.
import { performance } from "node:perf_hooks";
import { clusterKeywords } from "../../src/modules/clustering/engine";
import { keywordsOfTree } from "../../src/modules/clustering";
import { treeFromGenerated } from "../../src/modules/research";
import type { Tree } from "../../src/modules/research/tree";
import { offlineBrief } from "../../src/providers/generation/offline/brief";
import { draftOutline } from "../../src/providers/generation/offline/draft";
import { offlineResearchTree } from "../../src/providers/generation/offline/research-tree";
import type { BrandContext } from "../../src/providers/generation/types";
import { OfflineSerpProvider } from "../../src/providers/serp/offline";
import type { LabelledBrand } from "../../test/fixtures/offline-brands";
import type { OfflineWorldOutput } from "./offline-quality/measure";
import { present } from "../../src/platform/present";

const BRAND_CLUSTERING_OVERLAP = 0.4;

// A fixed clock: the offline web dates its pages from it, and the figures must not move by day.
const provider = new OfflineSerpProvider(() => new Date("2026-11-01T00:00:00Z"));

async function serpOf(keyword: string) {
  const [outcome] = await provider.fetchSerps([{ keyword, country: "us", language: "en" }]);
  return outcome?.ok ? outcome.data.results.map((r) => ({ title: r.title, snippet: r.snippet, url: r.url })) : [];
}

/** What the generators are told of the brand (src/modules/brands/generation-context.ts). */
export function brandContext(brand: LabelledBrand): BrandContext {
  return {
    name: brand.name,
    websiteUrl: brand.websiteUrl,
    description: brand.description,
    tagline: brand.tagline,
    targetAudience: brand.targetAudience,
    brandVoice: null,
    language: "en",
  };
}

/** A keyword a user would pick from the tree for a brief: the first of the first hub. */
function treeKeyword(tree: Tree, keywords: readonly string[]): string | undefined {
  const hub = tree[0]?.children[0];
  return hub?.keywords[0] ?? hub?.name ?? keywords[0];
}

export async function runOfflineWorld(brand: LabelledBrand): Promise<OfflineWorldOutput> {
  const started = performance.now();
  const context = brandContext(brand);
  let id = 0;
  const nodes = offlineResearchTree({ coreTopic: brand.coreTopic, brand: context, serpResults: await serpOf(brand.coreTopic) });
  const tree = treeFromGenerated(nodes, () => `n${++id}`);

  const { keywords } = keywordsOfTree(tree);
  const [metrics, serps] = await Promise.all([
    provider.keywordMetrics({ keywords, country: "us", language: "en" }),
    provider.fetchSerps(keywords.map((keyword) => ({ keyword, country: "us", language: "en" }))),
  ]);
  const volumes = new Map(keywords.map((keyword, i) => [keyword, present(metrics[i], "a keyword's metrics").searchVolume]));
  const input = keywords.map((keyword, i) => {
    const outcome = present(serps[i], "a keyword's SERP");
    return {
      keyword,
      searchVolume: present(volumes.get(keyword), "a keyword's volume"),
      urls: outcome.ok ? outcome.data.results.map((r) => r.url) : [],
    };
  });
  const clusters = clusterKeywords(input, BRAND_CLUSTERING_OVERLAP).map((c) => c.keywords);

  const queries = [brand.coreTopic, treeKeyword(tree, keywords)].filter((q): q is string => q !== undefined);
  const briefs = [];
  const drafts: string[] = [];
  for (const queryText of queries) {
    const brief = offlineBrief({ queryText, brand: context, serpResults: await serpOf(queryText) });
    briefs.push(brief);
    drafts.push(...draftOutline(brief.title, brief.header_sections, context));
  }
  return { tree, volumes, mapKeywords: clusters.flat(), clusters, briefs, drafts, ms: performance.now() - started };
}
