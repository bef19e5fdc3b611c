// Runs one brand through the offline world the way the service does for a new user with no keys:
// a brief for the core topic, the brand clustering of the keywords that brief recommends at
// overlap 0.4 on the offline web, a brief for one of those keywords, and the article draft (a
// writer's skeleton for each section) of each brief. The research tree is built from discovered keywords by the research module's
// organiser, not by the offline generator, so it is not part of this world.
// bench/offline-samples.ts prints the same pieces for reading.
import { performance } from "node:perf_hooks";
import { clusterKeywords } from "../../src/modules/clustering/engine";
import { offlineBrief } from "../../src/providers/generation/offline/brief";
import { sectionSkeleton } from "../../src/providers/generation/offline/skeleton";
import type { BrandContext, BriefOutput, HeaderSection } from "../../src/providers/generation/types";
import { OfflineSerpProvider } from "../../src/providers/serp/offline";
import type { LabelledBrand } from "../../test/fixtures/offline-brands";
import type { OfflineWorldOutput } from "./offline-quality/measure";
import { present } from "../../src/platform/present";

const BRAND_CLUSTERING_OVERLAP = 0.4;

/** Drafts an outline's sections in order, each knowing the headings before and after it, as the article job passes them. */
export function draftOutline(articleTitle: string, sections: readonly HeaderSection[], brand: BrandContext): string[] {
  const headings = sections.map((s) => s.heading);
  return sections.map((section, i) =>
    sectionSkeleton({
      articleTitle,
      heading: section.heading,
      subheadings: section.subheadings,
      talkingPoints: section.talking_points,
      wordCountTarget: section.word_count_target,
      brand,
      intent: "human",
      previousHeadings: headings.slice(0, i),
      laterHeadings: headings.slice(i + 1),
    }),
  );
}

// A fixed clock: the offline web dates its pages from it, and the figures must not move by day.
const provider = new OfflineSerpProvider(() => new Date("2026-11-01T00:00:00Z"));

async function serpOf(keyword: string) {
  const [outcome] = await provider.fetchSerps([{ keyword, country: "us", language: "en" }]);
  return outcome?.ok ? outcome.data.results.map((r) => ({ title: r.title, snippet: r.snippet, url: r.url })) : [];
}

/** What the generators are told of the brand (src/modules/brands/generation-context.ts). */
function brandContext(brand: LabelledBrand): BrandContext {
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

/** The keywords a brief recommends, in its order: the query first. */
export function recommendedKeywords(brief: BriefOutput): string[] {
  const keywords = (brief.keyword_recommendations ?? []).map((k) => k.keyword).filter((k): k is string => typeof k === "string");
  return [...new Set(keywords)];
}

export async function runOfflineWorld(brand: LabelledBrand): Promise<OfflineWorldOutput> {
  const started = performance.now();
  const context = brandContext(brand);
  const first = offlineBrief({ queryText: brand.coreTopic, brand: context, serpResults: await serpOf(brand.coreTopic) });
  const keywords = recommendedKeywords(first);
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

  // The second brief is for the first question the core topic's brief recommends (a reader's
  // question is the page a user most often writes next), else its next keyword.
  const question = (first.keyword_recommendations ?? []).find((k) => k.type === "question")?.keyword;
  const second = typeof question === "string" ? question : keywords.find((k) => k !== brand.coreTopic.toLowerCase());
  const briefs = [first];
  if (second !== undefined) briefs.push(offlineBrief({ queryText: second, brand: context, serpResults: await serpOf(second) }));
  const drafts = briefs.flatMap((brief) => draftOutline(brief.title, brief.header_sections, context));
  return { mapKeywords: clusters.flat(), clusters, briefs, drafts, ms: performance.now() - started };
}
